import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Companions: RAW, sidecars, Live Photo videos, edits")
struct CollectCompanionTests {
    /// Any bytes will do for a RAW or a video: collect copies them, it does not read them.
    func other(_ f: CollectFixture, _ relative: String, _ fill: UInt8, count: Int = 500) throws -> [UInt8] {
        let bytes = Array(repeating: fill, count: count)
        try TestPhoto.write(bytes, to: f.library, relative)
        return bytes
    }

    @Test("each pick brings its RAW, XMP sidecars, video and AAE, named with its order prefix, counted in the summary")
    func collected() async throws {
        try await withCollectFixture { f in
            try f.add("Wedding/IMG_1.jpg", seed: 1)
            let raw = try other(f, "Wedding/IMG_1.CR3", 1)
            let xmp = try other(f, "Wedding/IMG_1.xmp", 2)
            let rawXMP = try other(f, "Wedding/IMG_1.CR3.xmp", 3)
            try f.add("Wedding/img_2.JPG", seed: 2)
            let nef = try other(f, "Wedding/IMG_2.nef", 4)
            try f.add("Phone/IMG_7.jpg", seed: 3)
            let mov = try other(f, "Phone/IMG_7.MOV", 5)
            let aae = try other(f, "Phone/IMG_7.AAE", 6)
            // Not companions: another stem, a hidden file, a lone RAW.
            _ = try other(f, "Wedding/IMG_10.CR3", 7)
            _ = try other(f, "Wedding/.IMG_1.CR3", 8)
            _ = try other(f, "Wedding/IMG_3.CR3", 9)
            try f.order(["Wedding/IMG_1.jpg", "Wedding/img_2.JPG", "Phone/IMG_7.jpg"])

            let dry = RecordingConsole()
            let arguments = ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"]
            #expect(await CLI.run(arguments: arguments + ["--dry-run"], console: dry.console) == 0)
            #expect(
                dry.out == """
                    what the gallery published: unknown, no site used (no --site, no Site/ of this library here or beside the order file)
                    1. Wedding/IMG_1.jpg → \(f.root)/P/1-IMG_1.jpg
                       + Wedding/IMG_1.CR3 → \(f.root)/P/1-IMG_1.CR3 (RAW)
                       + Wedding/IMG_1.CR3.xmp → \(f.root)/P/1-IMG_1.CR3.xmp (XMP)
                       + Wedding/IMG_1.xmp → \(f.root)/P/1-IMG_1.xmp (XMP)
                    2. Wedding/img_2.JPG → \(f.root)/P/2-img_2.JPG
                       + Wedding/IMG_2.nef → \(f.root)/P/2-IMG_2.nef (RAW)
                    3. Phone/IMG_7.jpg → \(f.root)/P/3-IMG_7.jpg
                       + Phone/IMG_7.MOV → \(f.root)/P/3-IMG_7.MOV (Live Photo video)
                       + Phone/IMG_7.AAE → \(f.root)/P/3-IMG_7.AAE (AAE)
                       order.json (the order file) → \(f.root)/P/order.json
                       the list as CSV → \(f.root)/P/picks.csv
                    dry run: would collect 3 photos and 6 companions (2 RAW, 2 XMP, 1 Live Photo video, 1 AAE) into \(f.root)/P/ (nothing written)

                    """)
            let recorder = RecordingConsole()
            #expect(await CLI.run(arguments: arguments, console: recorder.console) == 0)
            #expect(
                recorder.out == "collected 3 photos and 6 companions (2 RAW, 2 XMP, 1 Live Photo video, 1 AAE) into \(f.root)/P/\n")
            for (name, bytes) in [
                ("1-IMG_1.CR3", raw), ("1-IMG_1.xmp", xmp), ("1-IMG_1.CR3.xmp", rawXMP), ("2-IMG_2.nef", nef), ("3-IMG_7.MOV", mov),
                ("3-IMG_7.AAE", aae),
            ] {
                #expect(try FileSystem.read(f.root + "/P/" + name) == bytes, "\(name)")
            }
            // Collected like the photos: the next run has nothing to do.
            #expect(try f.collector(output: "P").run().plan.isNothingToDo)
        }
    }

    @Test("--no-companions leaves them; a revision without them removes the ones collected before")
    func withoutCompanions() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            _ = try other(f, "IMG_1.ARW", 1)
            try f.order(["IMG_1.jpg"])
            _ = try f.collector().run()
            #expect(f.picked(f.root + "/Picks") == ["1-IMG_1.ARW", "1-IMG_1.jpg", "order.json"])
            let report = try f.collector(companions: false).run()
            #expect(report.plan.companions.isEmpty)
            #expect(report.plan.removals == ["1-IMG_1.ARW"])
            #expect(f.picked(f.root + "/Picks") == ["1-IMG_1.jpg", "order.json"])
        }
    }

    @Test("a companion that is a folder, a symlink out of the library or to nothing is left out with a warning")
    func badCompanions() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            try FileSystem.createDirectory(f.library + "/IMG_1.CR3")
            try TestPhoto.write(Array(repeating: 1, count: 10), to: f.root, "elsewhere.xmp")
            #expect(symlink(f.root + "/elsewhere.xmp", f.library + "/IMG_1.xmp") == 0)
            #expect(symlink(f.library + "/nothing", f.library + "/IMG_1.MOV") == 0)
            let aae = try other(f, "Sidecars/a.AAE", 3)
            #expect(symlink("Sidecars/a.AAE", f.library + "/IMG_1.AAE") == 0)
            try f.order(["IMG_1.jpg"])
            let report = try f.collector().run()
            #expect(
                report.warnings.map(\.description) == [
                    "#1 IMG_1.jpg: companion IMG_1.CR3 is a folder, not a file; left out",
                    "#1 IMG_1.jpg: companion IMG_1.MOV is a symlink to nothing; left out",
                    "#1 IMG_1.jpg: companion IMG_1.xmp is a symlink that leads outside the library; left out",
                ])
            // A symlink inside the library is followed.
            #expect(f.picked(f.root + "/Picks") == ["1-IMG_1.AAE", "1-IMG_1.jpg", "order.json"])
            #expect(try FileSystem.read(f.root + "/Picks/1-IMG_1.AAE") == aae)
        }
    }

    @Test("an unreadable companion is left out with a warning (the real binary, as an unprivileged user when run as root)")
    func unreadable() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            _ = try other(f, "IMG_1.DNG", 1)
            #expect(chmod(f.library + "/IMG_1.DNG", 0) == 0)
            try f.order(["IMG_1.jpg"])
            try FileSystem.createDirectory(f.root + "/out")
            #expect(chmod(f.root + "/out", 0o777) == 0)
            // Root reads every file; as nobody the permission counts.
            let command = getuid() == 0 ? "/usr/bin/setpriv" : KilledBinary.binary
            let prefix = getuid() == 0 ? ["--reuid=65534", "--regid=65534", "--clear-groups", KilledBinary.binary] : []
            let result = KilledBinary.run(
                command, prefix + ["collect", "order.json", "-l", "Library", "-o", "out/P"], in: f.root, environment: [:])
            #expect(result.status == 0, "\(result.err)")
            #expect(result.err == "warning: #1 IMG_1.jpg: companion IMG_1.DNG cannot be read (Permission denied); left out\n")
            #expect(f.picked(f.root + "/out/P") == ["1-IMG_1.jpg", "order.json"])
        }
    }

    @Test("a companion whose name clashes with another pick's file is numbered like any clash")
    func clash() async throws {
        try await withCollectFixture { f in
            try f.add("A/x.jpg", seed: 1)
            _ = try other(f, "A/x.CR2", 1)
            try f.add("B/x.jpg", seed: 2)
            _ = try other(f, "B/x.CR2", 2)
            try f.order(["A/x.jpg", "B/x.jpg"])
            let report = try f.collector(pattern: "{name}").run()
            #expect(report.plan.items.map(\.name) == ["x.jpg", "x.CR2", "x (2).jpg", "x (2).CR2"])
        }
    }
}
