import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

@Suite("collect of an order with named selections")
struct CollectSelectionsTests {
    func fixture(_ f: CollectFixture) throws {
        for n in 1...4 { try f.add("Wedding/IMG_\(n).jpg", seed: n) }
        try f.orderV2(
            selections: [
                ("Album", 3, ["Wedding/IMG_3.jpg", "Wedding/IMG_1.jpg", "Wedding/IMG_2.jpg"]), ("Cover", 1, ["Wedding/IMG_1.jpg"]),
                ("Parents", 2, []),
            ],
            marks: [("Wedding/IMG_1.jpg", 5, "red", false), ("Wedding/IMG_4.jpg", 0, nil, true)])
    }

    @Test("one folder per selection, each numbered in its own order; an empty one is said and not made")
    func folders() async throws {
        try await withCollectFixture { f in
            try fixture(f)
            let recorder = RecordingConsole()
            #expect(
                await CLI.run(
                    arguments: ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"], console: recorder.console)
                    == 0)
            #expect(f.names(f.root + "/P") == ["Album", "Cover"])
            #expect(f.picked(f.root + "/P/Album") == ["1-IMG_3.jpg", "2-IMG_1.jpg", "2-IMG_1.xmp", "3-IMG_2.jpg", "order.json"])
            #expect(f.picked(f.root + "/P/Cover") == ["1-IMG_1.jpg", "1-IMG_1.xmp", "order.json"])
            #expect(try FileSystem.read(f.root + "/P/Cover/1-IMG_1.jpg") == FileSystem.read(f.library + "/Wedding/IMG_1.jpg"))
            #expect(try exiftoolTag(f.root + "/P/Album/2-IMG_1.xmp", "XMP-xmp:Rating") == "5")
            #expect(recorder.out.contains("Parents: nothing picked; no folder made\n"))
            #expect(recorder.out.contains("collected 3 photos into \(f.root)/P/Album/\n"))
        }
    }

    @Test("--selection collects one; a name the order lacks is refused with the names it has")
    func one() async throws {
        try await withCollectFixture { f in
            try fixture(f)
            let base = ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"]
            let good = RecordingConsole()
            #expect(await CLI.run(arguments: base + ["--selection", "cover"], console: good.console) == 0)
            #expect(f.names(f.root + "/P") == ["Cover"])
            let bad = RecordingConsole()
            #expect(await CLI.run(arguments: base + ["--selection", "Prints"], console: bad.console) == 2)
            #expect(
                bad.err.contains(
                    #"error: --selection: "# + f.root + #"/order.json has no selection "Prints" (it has "Album", "Cover", "Parents")"#))
        }
    }

    @Test("a dry run plans every folder and writes nothing")
    func dryRun() async throws {
        try await withCollectFixture { f in
            try fixture(f)
            let recorder = RecordingConsole()
            #expect(
                await CLI.run(
                    arguments: ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P", "-n"], console: recorder.console)
                    == 0)
            #expect(!FileSystem.exists(f.root + "/P"))
            #expect(recorder.out.contains("dry run: would collect 3 photos into \(f.root)/P/Album/ (nothing written)"))
            #expect(recorder.out.contains("#2's marks in a new XMP sidecar → \(f.root)/P/Album/2-IMG_1.xmp"))
        }
    }

    @Test("--list with --label, --stars, --rejected lists the marked photos; with selections, --selection names the list")
    func lists() async throws {
        try await withCollectFixture { f in
            try fixture(f)
            func list(_ extra: [String]) async -> (Int32, String) {
                let recorder = RecordingConsole()
                let status = await CLI.run(
                    arguments: ["collect", f.root + "/order.json", "--list", "lightroom"] + extra, console: recorder.console)
                return (status, recorder.out + recorder.err)
            }
            #expect(await list(["--label", "red"]) == (0, "IMG_1\n"))
            #expect(await list(["--stars", "4"]) == (0, "IMG_1\n"))
            #expect(await list(["--rejected"]) == (0, "IMG_4\n"))
            #expect(await list(["--selection", "Album"]) == (0, "IMG_3, IMG_1, IMG_2\n"))
            #expect(await list([]).0 == 2)
        }
    }
}
