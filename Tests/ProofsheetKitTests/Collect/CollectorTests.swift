import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Collecting picks")
struct CollectorTests {
    @Test("the picked originals are copied in order, bit for bit, with their modification times, beside the order file")
    func collects() async throws {
        try await withCollectFixture { f in
            let a = try f.add("Ceremony/IMG_0042.jpg", seed: 1, modified: 1_700_000_000_123_456_789)
            let b = try f.add("Party/Straße am Abend.jpg", seed: 2)
            let c = try f.add("top.jpg", seed: 3)
            try f.add("Party/not picked.jpg", seed: 4)
            let orderPath = try f.order(["Party/Straße am Abend.jpg", "top.jpg", "Ceremony/IMG_0042.jpg"])
            let report = try f.collector().run()
            #expect(report.plan.items.map(\.name) == ["1-Straße am Abend.jpg", "2-top.jpg", "3-IMG_0042.jpg"])
            #expect(report.copied == 3 && report.linked == 0 && !report.dryRun)
            #expect(f.names(f.root) == ["Library", "Picks", "order.json"])
            #expect(
                f.names(f.root + "/Picks") == [
                    ".proofsheet-collect.json", "1-Straße am Abend.jpg", "2-top.jpg", "3-IMG_0042.jpg", "order.json", "picks.csv",
                ])
            #expect(try FileSystem.read(f.root + "/Picks/1-Straße am Abend.jpg") == b)
            #expect(try FileSystem.read(f.root + "/Picks/2-top.jpg") == c)
            #expect(try FileSystem.read(f.root + "/Picks/3-IMG_0042.jpg") == a)
            #expect(try FileSystem.read(f.root + "/Picks/order.json") == FileSystem.read(orderPath))
            #expect(FileSystem.fileStatus(f.root + "/Picks/3-IMG_0042.jpg")?.mtime == 1_700_000_000_123_456_789)
            #expect(FileSystem.fileStatus(f.root + "/Picks/2-top.jpg")?.mtime == 1_780_000_000_000_000_000)
            // An ordinary folder, not the private temporary one it was staged in.
            var info = stat()
            #expect(stat(f.root + "/Picks", &info) == 0 && info.st_mode & 0o777 == 0o755)
        }
    }

    @Test("without --output the folder is named after the gallery title, or the order file for plain text")
    func defaultOutput() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.order(["a.jpg"], title: "Anna & Ben: \"Best\"")
            _ = try f.collector(output: nil).run()
            #expect(FileSystem.isDirectory(f.root + "/Anna & Ben_ _Best_ picks"))

            try f.order(["a.jpg"], title: nil, name: "wedding.json")
            _ = try f.collector(order: "wedding.json", output: nil).run()
            #expect(FileSystem.isDirectory(f.root + "/wedding picks"))

            try f.textOrder(["a.jpg"], name: "trip.txt")
            _ = try f.collector(order: "trip.txt", output: nil).run()
            #expect(f.picked(f.root + "/trip picks") == ["1-a.jpg", "trip.txt"])

            try f.textOrder(["# proofsheet order: Summer", "# gallery: abc123", "a.jpg"], name: "x.txt")
            _ = try f.collector(order: "x.txt", output: nil).run()
            #expect(f.picked(f.root + "/Summer picks") == ["1-a.jpg", "x.txt"])

            try f.textOrder(["# Autumn — 1 pick — gallery abc123", "a.jpg"], name: "y.txt")
            _ = try f.collector(order: "y.txt", output: nil).run()
            #expect(f.picked(f.root + "/Autumn picks") == ["1-a.jpg", "y.txt"])
        }
    }

    @Test("from ten picks on, the order is zero-padded")
    func padding() async throws {
        try await withCollectFixture { f in
            let paths = (1...10).map { "p\($0).jpg" }
            for (i, path) in paths.enumerated() { try f.add(path, seed: i) }
            try f.order(paths)
            let report = try f.collector().run()
            #expect(report.plan.items.map(\.name) == (1...10).map { String(format: "%02d-p%d.jpg", $0, $0) })
        }
    }

    @Test("name clashes are settled in pick order, ignoring case, the files collect writes included")
    func clashes() async throws {
        try await withCollectFixture { f in
            try f.add("A/x.jpg", seed: 1)
            try f.add("B/x.jpg", seed: 2)
            try f.add("C/X.JPG", seed: 3)
            try f.add("D/order.json", seed: 4)
            try f.add("E/x (2).jpg", seed: 5)
            try f.add("F/Picks.CSV", seed: 6)
            try f.order(["A/x.jpg", "B/x.jpg", "C/X.JPG", "D/order.json", "E/x (2).jpg", "F/Picks.CSV"])
            let report = try f.collector(pattern: "{name}").run()
            #expect(
                report.plan.items.map(\.name) == ["x.jpg", "x (2).jpg", "X (3).JPG", "order (2).json", "x (2) (2).jpg", "Picks (2).CSV"])
            #expect(f.names(f.root + "/Picks").count == 9)
            // The same run again gives the same names.
            #expect(try f.collector(output: "Other", dryRun: true).plan().items == f.collector(output: "Other", dryRun: true).plan().items)
        }
    }

    @Test("{album} is the folder (the library's name at its top), {date} the EXIF date or else the file's time")
    func albumAndDate() async throws {
        try await withCollectFixture { f in
            try f.add("Trips/Rome/a.jpg", seed: 1, date: "2026-06-01T14:03:22")
            try f.add("b.jpg", seed: 2, modified: 1_780_000_000_000_000_000)
            try TestPhoto.write(try TestPhoto.png(), to: f.library, "c.png")
            try FileSystem.setModificationTime(f.library + "/c.png", nanoseconds: 1_700_000_000_000_000_000)
            try f.order(["Trips/Rome/a.jpg", "b.jpg", "c.png"])
            let report = try f.collector(pattern: "{album} {date} {stem}.{ext}").run()
            #expect(
                report.plan.items.map(\.name) == [
                    "Trips_Rome 2026-06-01_14-03-22 a.jpg", "Library 2026-05-28_20-26-40 b.jpg", "Library 2023-11-14_22-13-20 c.png",
                ])
        }
    }

    @Test("every missing or changed original is listed, and nothing is written")
    func missingAndChanged() async throws {
        try await withCollectFixture { f in
            try f.add("ok.jpg", seed: 1)
            try f.add("changed.jpg", seed: 2)
            try f.order(
                ["ok.jpg", "gone.jpg", "changed.jpg", "Album/also gone.jpg"],
                sizes: ["changed.jpg": 5, "gone.jpg": 9, "Album/also gone.jpg": 9])
            let size = FileSystem.fileStatus(f.library + "/changed.jpg")!.size
            #expect(
                f.problems(f.collector()) == [
                    "#2 gone.jpg: missing from the library (Library/gone.jpg)",
                    "#3 changed.jpg: changed since the gallery was built (5 bytes then, \(size) now); --accept-changed takes it as it is now",
                    "#4 also gone.jpg: missing from the library (Library/Album/also gone.jpg)",
                ])
            #expect(f.names(f.root) == ["Library", "order.json"])
        }
    }

    @Test("--accept-changed collects an original that changed since the build, with a warning")
    func acceptChanged() async throws {
        try await withCollectFixture { f in
            let bytes = try f.add("changed.jpg", seed: 2)
            try f.order(["changed.jpg"], sizes: ["changed.jpg": 5])
            let report = try f.collector(acceptChanged: true).run()
            #expect(
                report.warnings.map(\.description) == [
                    "#1 changed.jpg: changed since the gallery was built (5 bytes then, \(bytes.count) now); taken as it is now (--accept-changed)"
                ])
            #expect(try FileSystem.read(f.root + "/Picks/1-changed.jpg") == bytes)
        }
    }

    @Test("plain-text order files have no sizes to check; their problems point at lines")
    func plainText() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.textOrder(["# my picks", "a.jpg", "", "missing.jpg"])
            #expect(
                f.problems(f.collector(order: "order.txt")) == [
                    "#2 missing.jpg: missing from the library (Library/missing.jpg, line 4 of order.txt)"
                ])
            try f.textOrder(["a.jpg"])
            _ = try f.collector(order: "order.txt").run()
            #expect(f.picked(f.root + "/Picks") == ["1-a.jpg", "order.txt"])
        }
    }

    @Test(
        "paths that escape the library are refused, and nothing is written",
        arguments: [
            ("../outside.jpg", "order.json: #1: path: leads out of the library ('..' in \"../outside.jpg\")"),
            ("Album/../../outside.jpg", "order.json: #1: path: leads out of the library ('..' in \"Album/../../outside.jpg\")"),
            ("/etc/hostname", "order.json: #1: path: not a relative path (\"/etc/hostname\"); paths are relative to the library"),
            ("link-to-outside.jpg", "#1 link-to-outside.jpg: leads outside the library (through a symlink); refused"),
            ("folder-link/outside.jpg", "#1 outside.jpg: leads outside the library (through a symlink); refused"),
            ("dangling.jpg", "#1 dangling.jpg: is a symlink to nothing"),
            ("Album", "#1 Album: is a folder, not a photo"),
            ("Album/notes.txt", "#1 notes.txt: is not an image; a gallery only offers images"),
        ])
    func traversal(path: String, message: String) async throws {
        try await withCollectFixture { f in
            try f.add("Album/in.jpg", seed: 1)
            try TestPhoto.write(Array("private notes".utf8), to: f.library, "Album/notes.txt")
            try TestPhoto.write(try CollectFixture.photo(seed: 9), to: f.root, "outside.jpg")
            #expect(symlink(f.root + "/outside.jpg", f.library + "/link-to-outside.jpg") == 0)
            #expect(symlink(f.root, f.library + "/folder-link") == 0)
            #expect(symlink(f.library + "/nothing.jpg", f.library + "/dangling.jpg") == 0)
            try f.order([path], sizes: [path: 100])
            #expect(f.problems(f.collector()) == [message])
            #expect(f.names(f.root) == ["Library", "order.json", "outside.jpg"])
        }
    }

    @Test("a symlink that stays inside the library is followed; the same file picked twice through one is refused")
    func symlinkInside() async throws {
        try await withCollectFixture { f in
            let bytes = try f.add("Album/in.jpg", seed: 1)
            #expect(symlink("Album/in.jpg", f.library + "/alias.jpg") == 0)
            try f.order(["alias.jpg"])
            _ = try f.collector().run()
            #expect(try FileSystem.read(f.root + "/Picks/1-alias.jpg") == bytes)

            try f.order(["Album/in.jpg", "alias.jpg"])
            #expect(
                f.problems(f.collector(output: "Other")) == [
                    "#2 alias.jpg: is the same photo as #1 in.jpg (Library/Album/in.jpg); picked twice"
                ])
        }
    }

    @Test("refusals from the order file itself reach the caller unchanged: empty, over the limit, duplicates")
    func orderFileRefusals() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.add("b.jpg", seed: 2)
            try f.order([])
            #expect(f.problems(f.collector()) == ["order.json: picks: nothing was picked (the list is empty)"])
            try f.order(["a.jpg", "b.jpg"], limit: 1)
            #expect(f.problems(f.collector()) == ["order.json: picks: 2 photos picked, but the gallery allows at most 1"])
            try f.order(["a.jpg", "a.jpg"])
            #expect(f.problems(f.collector()) == [#"order.json: #2: path: "a.jpg" is picked twice (first as #1)"#])
            #expect(f.problems(f.collector(order: "nope.json")) == ["nope.json: no such file"])
            #expect(f.names(f.root) == ["Library", "order.json"])
        }
    }

    @Test("a bad library or output folder is refused before anything is read from the library")
    func badFolders() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.order(["a.jpg"])
            try FileSystem.writeAtomically("x", to: f.root + "/file")
            func problems(library: String = "Library", output: String?) -> [String] {
                f.problems(
                    Collector(options: CollectOptions(orderFile: "order.json", library: library, output: output), workingDirectory: f.root))
            }
            #expect(problems(library: "Nope", output: "P") == ["Nope: no such folder (the library the gallery was built from)"])
            #expect(problems(library: "file", output: "P") == ["file: not a folder (the library the gallery was built from)"])
            #expect(problems(output: "file") == ["file: is a file, not a folder; choose another --output"])
            #expect(problems(output: "Library/Picks") == ["Library/Picks: is inside the library; choose an output folder outside it"])
            #expect(problems(output: "Library") == ["Library: is inside the library; choose an output folder outside it"])
            #expect(problems(output: ".") == [".: contains the library; choose another output folder"])
            #expect(problems(output: "a/b/Picks") == ["a/b/Picks: the folder it goes in does not exist; create it first"])
            #expect(f.names(f.root) == ["Library", "file", "order.json"])
        }
    }

    @Test("an existing file is never overwritten without --overwrite; every clash is listed and the folder is left alone")
    func noOverwrite() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            let b = try f.add("b.jpg", seed: 2)
            try f.order(["a.jpg", "b.jpg"])
            try FileSystem.createDirectory(f.root + "/Picks")
            try FileSystem.writeAtomically("old a", to: f.root + "/Picks/1-a.jpg")
            try FileSystem.writeAtomically("mine", to: f.root + "/Picks/notes.txt")
            try FileSystem.writeAtomically("old order", to: f.root + "/Picks/order.json")
            let before = try snapshot(f.root + "/Picks")
            #expect(
                f.problems(f.collector()) == [
                    "Picks/1-a.jpg: already exists; --overwrite replaces it", "Picks/order.json: already exists; --overwrite replaces it",
                ])
            #expect(try snapshot(f.root + "/Picks") == before)
            #expect(f.names(f.root) == ["Library", "Picks", "order.json"])

            // New files go into an existing folder beside what is there.
            FileSystem.remove(f.root + "/Picks/1-a.jpg")
            FileSystem.remove(f.root + "/Picks/order.json")
            _ = try f.collector().run()
            #expect(f.picked(f.root + "/Picks") == ["1-a.jpg", "2-b.jpg", "notes.txt", "order.json"])
            #expect(try FileSystem.read(f.root + "/Picks/2-b.jpg") == b)

            // A folder in the way is never replaced, even with --overwrite.
            FileSystem.remove(f.root + "/Picks/2-b.jpg")
            try FileSystem.createDirectory(f.root + "/Picks/2-b.jpg")
            #expect(
                f.problems(f.collector(overwrite: true)) == ["Picks/2-b.jpg: is a folder in the way; move it or choose another --output"])
        }
    }

    @Test("--overwrite replaces existing files and leaves the others in the folder alone")
    func overwrites() async throws {
        try await withCollectFixture { f in
            let a = try f.add("a.jpg", seed: 1)
            try f.order(["a.jpg"])
            try FileSystem.createDirectory(f.root + "/Picks")
            try FileSystem.writeAtomically("old a", to: f.root + "/Picks/1-a.jpg")
            try FileSystem.writeAtomically("mine", to: f.root + "/Picks/notes.txt")
            let report = try f.collector(overwrite: true).run()
            #expect(report.plan.items.map(\.action) == [.replace])
            #expect(try FileSystem.read(f.root + "/Picks/1-a.jpg") == a)
            #expect(try readText(f.root + "/Picks/notes.txt") == "mine")
            #expect(f.picked(f.root + "/Picks") == ["1-a.jpg", "notes.txt", "order.json"])
            #expect(f.names(f.root) == ["Library", "Picks", "order.json"])
        }
    }

    @Test("--dry-run plans every file and writes nothing")
    func dryRun() async throws {
        try await withCollectFixture { f in
            try f.add("A/a.jpg", seed: 1)
            try f.add("b.jpg", seed: 2)
            try f.order(["b.jpg", "A/a.jpg"])
            let before = try snapshot(f.root)
            let report = try f.collector(dryRun: true).run()
            #expect(report.dryRun)
            #expect(report.plan.items.map(\.path) == ["b.jpg", "A/a.jpg"])
            #expect(report.plan.items.map(\.name) == ["1-b.jpg", "2-a.jpg"])
            #expect(try snapshot(f.root) == before)
            #expect(f.names(f.root) == ["Library", "order.json"])
            // A dry run still refuses what a real run would.
            try f.order(["b.jpg", "gone.jpg"])
            #expect(f.problems(f.collector(dryRun: true)).count == 1)
        }
    }

    @Test("an original that vanishes part way: nothing is left behind")
    func vanishingOriginal() async throws {
        try await withCollectFixture { f in
            for name in ["a", "b", "c", "d"] { try f.add("\(name).jpg", seed: name.count + Int(name.unicodeScalars.first!.value)) }
            try f.order(["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
            let collector = f.collector()
            let plan = try collector.plan()
            FileSystem.remove(f.library + "/c.jpg")
            #expect(throws: CollectRefusal("Library/c.jpg", "cannot read (No such file or directory)")) {
                _ = try collector.execute(plan)
            }
            #expect(f.names(f.root) == ["Library", "order.json"])
        }
    }

    @Test("an original that changes size between the check and the copy: nothing is collected")
    func changingOriginal() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.add("b.jpg", seed: 2)
            try f.order(["a.jpg", "b.jpg"])
            let collector = f.collector()
            let plan = try collector.plan()
            try FileSystem.writeAtomically(Array("shorter".utf8), to: f.library + "/b.jpg")
            #expect(throws: CollectRefusal("Library/b.jpg", "changed while being collected; nothing was collected, try again")) {
                _ = try collector.execute(plan)
            }
            #expect(f.names(f.root) == ["Library", "order.json"])
        }
    }

    @Test("a failure while moving into an existing folder puts everything back as it was")
    func rollback() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.add("b.jpg", seed: 2)
            try f.add("c.jpg", seed: 3)
            try f.order(["a.jpg", "b.jpg", "c.jpg"])
            try FileSystem.createDirectory(f.root + "/Picks")
            try FileSystem.writeAtomically("old b", to: f.root + "/Picks/2-b.jpg")
            try FileSystem.writeAtomically("mine", to: f.root + "/Picks/notes.txt")
            let before = try snapshot(f.root + "/Picks")
            let collector = f.collector(overwrite: true)
            let plan = try collector.plan()
            #expect(plan.items.map(\.action) == [.add, .replace, .add])
            // Something takes the third name after the plan was made: the move fails there,
            // after the first two files are in place.
            try FileSystem.createDirectory(f.root + "/Picks/3-c.jpg")
            #expect(throws: CollectRefusal.self) { _ = try collector.execute(plan) }
            #expect(try snapshot(f.root + "/Picks") == before)
            #expect(f.names(f.root + "/Picks") == ["2-b.jpg", "3-c.jpg", "notes.txt"])
            #expect(f.names(f.root) == ["Library", "Picks", "order.json"])
        }
    }

    @Test("an output folder that appears after the plan is not replaced")
    func outputAppears() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.order(["a.jpg"])
            let collector = f.collector()
            let plan = try collector.plan()
            try FileSystem.createDirectory(f.root + "/Picks")
            try FileSystem.writeAtomically("mine", to: f.root + "/Picks/notes.txt")
            #expect(throws: CollectRefusal("Picks", "appeared while collecting; nothing was collected, try again")) {
                _ = try collector.execute(plan)
            }
            #expect(f.names(f.root + "/Picks") == ["notes.txt"])
            #expect(f.names(f.root) == ["Library", "Picks", "order.json"])
        }
    }

    @Test("--link makes hard links to the originals")
    func link() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.add("b.jpg", seed: 2)
            try f.order(["b.jpg", "a.jpg"])
            let report = try f.collector(link: true).run()
            #expect(report.linked == 2 && report.copied == 0)
            #expect(report.warnings.isEmpty)
            for (copy, original) in [("1-b.jpg", "b.jpg"), ("2-a.jpg", "a.jpg")] {
                var x = stat(), y = stat()
                #expect(stat(f.root + "/Picks/" + copy, &x) == 0 && stat(f.library + "/" + original, &y) == 0)
                #expect(x.st_ino == y.st_ino && x.st_dev == y.st_dev)
            }
            // The order file's copy is a copy, not a link to the file given.
            var x = stat(), y = stat()
            #expect(stat(f.root + "/Picks/order.json", &x) == 0 && stat(f.root + "/order.json", &y) == 0)
            #expect(x.st_ino != y.st_ino)
        }
    }

    /// /dev/shm is a separate file system on Linux; where it is not, the test is skipped.
    static var otherFileSystem: Bool {
        var shm = stat(), tmp = stat()
        return stat("/dev/shm", &shm) == 0 && stat(NSTemporaryDirectory(), &tmp) == 0 && shm.st_dev != tmp.st_dev
            && access("/dev/shm", W_OK) == 0
    }

    @Test("--link across file systems copies instead and says so", .enabled(if: otherFileSystem, "needs /dev/shm on another file system"))
    func linkAcrossDevices() async throws {
        try await withCollectFixture { f in
            let library = "/dev/shm/proofsheet-collect-\(UUID().uuidString)"
            try FileSystem.createDirectory(library)
            defer { FileSystem.remove(library) }
            let bytes = try CollectFixture.photo(seed: 1)
            try FileSystem.writeAtomically(bytes, to: library + "/a.jpg")
            try f.textOrder(["a.jpg"])
            let collector = Collector(
                options: CollectOptions(orderFile: "order.txt", library: library, output: "Picks", link: true), workingDirectory: f.root)
            let report = try collector.run()
            #expect(report.linked == 0 && report.copied == 1)
            #expect(
                report.warnings.map(\.description) == [
                    "Picks: some files were copied, not hard-linked: the library and the output folder are on different file systems"
                ])
            #expect(try FileSystem.read(f.root + "/Picks/1-a.jpg") == bytes)
        }
    }

    @Test("round trip: build a site, pick from its manifest, collect byte-identical originals in the picked order")
    func roundTrip() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Wedding"
            var originals: [String: [UInt8]] = [:]
            for (index, path) in ["Ceremony/IMG_0042.jpg", "Ceremony/IMG_0043.jpg", "Party/Dance.jpg", "Party/Cake.png", "Portrait.jpg"]
                .enumerated()
            {
                let bytes = path.hasSuffix(".png") ? try TestPhoto.png() : try TestPhoto.jpeg(width: 300 + index * 10, height: 200)
                try TestPhoto.write(bytes, to: library, path)
                originals[path] = bytes
            }
            _ = try await build(library, into: root + "/Site") {
                $0.title = "Anna & Ben"; $0.limit = 3
            }
            let manifest = try readManifest(root + "/Site")
            // Pick three, not in display order, as a viewer might.
            let chosen = ["Party/Cake.png", "Portrait.jpg", "Ceremony/IMG_0042.jpg"].map { path in
                manifest.photos.first { $0.path == path }!
            }
            let picks: [[String: Any]] = chosen.enumerated().map { index, photo in
                ["order": index + 1, "id": photo.id, "path": photo.path, "name": photo.name, "bytes": photo.bytes]
            }
            let order: [String: Any] = [
                "format": "proofsheet-order", "version": 1, "gallery": manifest.gallery, "title": manifest.title,
                "limit": manifest.options.limit, "exported": "2026-11-30T10:04:05Z", "picks": picks,
            ]
            let data = try JSONSerialization.data(withJSONObject: order, options: [.prettyPrinted, .sortedKeys])
            try FileSystem.writeAtomically(Array(data), to: root + "/order.json")

            let report = try Collector(options: CollectOptions(orderFile: "order.json", library: "Wedding"), workingDirectory: root).run()
            #expect(report.plan.outputDisplay == "Anna & Ben picks")
            let folder = root + "/Anna & Ben picks"
            #expect(
                FileSystem.contents(of: folder).sorted() == [
                    ".proofsheet-collect.json", "1-Cake.png", "2-Portrait.jpg", "3-IMG_0042.jpg", "order.json", "picks.csv",
                ])
            #expect(try FileSystem.read(folder + "/1-Cake.png") == originals["Party/Cake.png"])
            #expect(try FileSystem.read(folder + "/2-Portrait.jpg") == originals["Portrait.jpg"])
            #expect(try FileSystem.read(folder + "/3-IMG_0042.jpg") == originals["Ceremony/IMG_0042.jpg"])
            #expect(try FileSystem.read(folder + "/order.json") == Array(data))
        }
    }
}
