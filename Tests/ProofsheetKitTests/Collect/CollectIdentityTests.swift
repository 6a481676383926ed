import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Collecting what the gallery published")
struct CollectPublishedTests {
    @Test("hidden files and folders are refused as not in the gallery, even when they exist")
    func hidden() async throws {
        try await withCollectFixture { f in
            try f.add(".hidden.jpg", seed: 1)
            try f.add(".Private/x.jpg", seed: 2)
            try f.add("Album/.y.jpg", seed: 3)
            try f.add("ok.jpg", seed: 4)
            try f.order(["ok.jpg", ".hidden.jpg", ".Private/x.jpg", "Album/.y.jpg"])
            #expect(
                f.problems(f.collector()) == [
                    "#2 .hidden.jpg: not in the gallery (hidden files and folders are not published)",
                    "#3 x.jpg: not in the gallery (hidden files and folders are not published)",
                    "#4 .y.jpg: not in the gallery (hidden files and folders are not published)",
                ])
            #expect(f.names(f.root) == ["Library", "order.json"])
        }
    }

    @Test("with --site, what the site does not show is refused: an excluded folder, a photo added since")
    func excludedBySite() async throws {
        try await withCollectFixture { f in
            let shown = try f.add("Album/shown.jpg", seed: 1)
            try f.add("Drafts/draft.jpg", seed: 2)
            _ = try await build(f.library, into: f.root + "/Site") { $0.excludes = ["Drafts"] }
            try f.add("Album/new.jpg", seed: 3)
            try f.order(["Album/shown.jpg", "Drafts/draft.jpg", "Album/new.jpg"])
            #expect(
                f.problems(f.collector(site: "Site")) == [
                    "#2 draft.jpg: not in the gallery (left out by --exclude \"Drafts\")",
                    "#3 new.jpg: not in the gallery (the gallery does not show it)",
                ])
            try f.order(["Album/shown.jpg"])
            _ = try f.collector(site: "Site").run()
            #expect(try FileSystem.read(f.root + "/Picks/1-shown.jpg") == shown)
            #expect(
                f.problems(f.collector(output: "Other", site: "Nope")) == ["Nope: no such folder"])
            #expect(
                f.problems(f.collector(output: "Other", site: "Library")) == [
                    "Library: no manifest.json: not a proofsheet site (--site is the folder `build` wrote)"
                ])
        }
    }

    @Test("without --site, Site/ in the working folder is used when it is a site of this library, and the dry run says so")
    func defaultSite() async throws {
        try await withCollectFixture { f in
            try f.add("Album/shown.jpg", seed: 1)
            try f.add("Drafts/draft.jpg", seed: 2)
            _ = try await build(f.library, into: f.root + "/Site") { $0.excludes = ["Drafts"] }
            let gallery = try readManifest(f.root + "/Site").gallery
            func order(_ gallery: String) throws {
                try FileSystem.writeAtomically(
                    #"{"format": "proofsheet-order", "version": 1, "gallery": "\#(gallery)", "picks": [{"order": 1, "path": "Drafts/draft.jpg", "bytes": \#(FileSystem.fileStatus(f.library + "/Drafts/draft.jpg")!.size)}]}"#,
                    to: f.root + "/order.json")
            }
            try order(gallery)
            #expect(f.problems(f.collector()) == ["#1 draft.jpg: not in the gallery (left out by --exclude \"Drafts\")"])
            // An order naming another gallery is still held to the rules of this library's site.
            try order("0123456789ab")
            #expect(f.problems(f.collector()) == ["#1 draft.jpg: not in the gallery (left out by --exclude \"Drafts\")"])
            try f.add("Album/b.jpg", seed: 3)
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-order", "version": 1, "gallery": "\#(gallery)", "picks": [{"order": 1, "path": "Album/shown.jpg", "bytes": \#(FileSystem.fileStatus(f.library + "/Album/shown.jpg")!.size)}]}"#,
                to: f.root + "/order.json")
            #expect(try f.collector().plan().site == "Site")
            let recorder = RecordingConsole()
            #expect(
                await CLI.run(
                    arguments: ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P", "-n", "--site", f.root + "/Site"],
                    console: recorder.console) == 0)
            #expect(recorder.out.hasPrefix("what the gallery published: as \(f.root)/Site/manifest.json says\n"))
        }
    }

    @Test("a photo reached through a folder symlink was never published (the scanner does not follow them)")
    func folderSymlink() async throws {
        try await withCollectFixture { f in
            try f.add("Album/a.jpg", seed: 1)
            #expect(symlink("Album", f.library + "/Link") == 0)
            try f.order(["Link/a.jpg"])
            #expect(f.problems(f.collector()) == ["#1 a.jpg: not in the gallery (the gallery does not follow folder symlinks)"])
        }
    }

    @Test("a picked photo renamed or moved since is found by its content id, and said so")
    func renamed() async throws {
        try await withCollectFixture { f in
            let first = try f.add("Ceremony/IMG_0041.jpg", seed: 1)
            let moved = try f.add("Ceremony/IMG_0042.jpg", seed: 2)
            let ids = [try f.contentID("Ceremony/IMG_0041.jpg"), try f.contentID("Ceremony/IMG_0042.jpg")]
            try f.order(withIDs: [("Ceremony/IMG_0041.jpg", ids[0]), ("Ceremony/IMG_0042.jpg", ids[1])])
            try FileSystem.createDirectory(f.library + "/Party")
            #expect(rename(f.library + "/Ceremony/IMG_0042.jpg", f.library + "/Party/IMG_0042-2.jpg") == 0)

            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/Picks"], console: recorder.console)
            #expect(status == 0)
            #expect(recorder.out == "#2 IMG_0042.jpg: now at Party/IMG_0042-2.jpg\ncollected 2 photos into \(f.root)/Picks/\n")
            #expect(try FileSystem.read(f.root + "/Picks/1-IMG_0041.jpg") == first)
            #expect(try FileSystem.read(f.root + "/Picks/2-IMG_0042-2.jpg") == moved)
            #expect(try readText(f.root + "/Picks/picks.csv").contains("2,IMG_0042-2.jpg,Party/IMG_0042-2.jpg,Party,,"))
        }
    }

    @Test("two photos that swapped names are each found by content: the wrong photo is never delivered")
    func swapped() async throws {
        try await withCollectFixture { f in
            let a = try f.add("a.jpg", seed: 1)
            let b = try f.add("b.jpg", seed: 2)
            #expect(a.count != b.count)
            try f.order(withIDs: [("a.jpg", try f.contentID("a.jpg")), ("b.jpg", try f.contentID("b.jpg"))])
            #expect(rename(f.library + "/a.jpg", f.library + "/t.jpg") == 0)
            #expect(rename(f.library + "/b.jpg", f.library + "/a.jpg") == 0)
            #expect(rename(f.library + "/t.jpg", f.library + "/b.jpg") == 0)
            let report = try f.collector().run()
            #expect(report.plan.notices == ["#1 a.jpg: now at b.jpg", "#2 b.jpg: now at a.jpg"])
            #expect(try FileSystem.read(f.root + "/Picks/1-b.jpg") == a)
            #expect(try FileSystem.read(f.root + "/Picks/2-a.jpg") == b)
        }
    }

    @Test("the same size but other content at the path, found nowhere else: changed, refused without --accept-changed")
    func otherContent() async throws {
        try await withCollectFixture { f in
            let original = try f.add("a.jpg", seed: 1)
            try f.order(withIDs: [("a.jpg", try f.contentID("a.jpg"))])
            var edited = original
            edited[edited.count - 3] ^= 0xFF
            try FileSystem.writeAtomically(edited, to: f.library + "/a.jpg")
            #expect(
                f.problems(f.collector()) == [
                    "#1 a.jpg: changed since the gallery was built (the same size, other content); --accept-changed takes it as it is now"
                ])
            _ = try f.collector(acceptChanged: true).run()
            #expect(try FileSystem.read(f.root + "/Picks/1-a.jpg") == edited)
        }
    }

    @Test("an id from an older proofsheet (made from the path) says nothing about the content and is not checked")
    func legacyID() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.order(withIDs: [("a.jpg", StableHash.hex(of: "photo", "a.jpg", digits: 12))])
            _ = try f.collector().run()
            #expect(f.picked(f.root + "/Picks") == ["1-a.jpg", "order.json"])
        }
    }

    @Test("when none or almost none of the picks are in --library, one line asks whether it is the right folder")
    func wrongLibrary() async throws {
        try await withCollectFixture { f in
            let paths = (1...12).map { "Album/IMG_\($0).jpg" }
            try f.order(paths, sizes: Dictionary(uniqueKeysWithValues: paths.map { ($0, 100) }))
            #expect(
                f.problems(f.collector()) == [
                    "Library: none of the 12 picks is in this folder; is it the library the gallery was built from?"
                ])
            try f.add("Album/IMG_3.jpg", seed: 1)
            try f.order(paths, sizes: Dictionary(uniqueKeysWithValues: paths.filter { $0 != "Album/IMG_3.jpg" }.map { ($0, 100) }))
            #expect(
                f.problems(f.collector()) == [
                    "Library: only 1 of the 12 picks is in this folder; is it the library the gallery was built from?"
                ])
            // A few missing ones are each named.
            for path in paths.dropFirst(3) { try f.add(path, seed: 3) }
            try f.order(paths, sizes: ["Album/IMG_1.jpg": 1, "Album/IMG_2.jpg": 1])
            #expect(
                f.problems(f.collector()) == [
                    "#1 IMG_1.jpg: missing from the library (Library/Album/IMG_1.jpg)",
                    "#2 IMG_2.jpg: missing from the library (Library/Album/IMG_2.jpg)",
                ])
        }
    }
}

@Suite("Collecting names as bytes")
struct CollectNameBytesTests {
    @Test("Café in NFC and in NFD are two photos: both are collected, each its own file")
    func normalization() async throws {
        try await withCollectFixture { f in
            let nfc = "Caf\u{E9}.jpg", nfd = "Cafe\u{301}.jpg"
            #expect(nfc == nfd && Array(nfc.utf8) != Array(nfd.utf8))
            let first = try f.add(nfc, seed: 1)
            let second = try f.add(nfd, seed: 2)
            #expect(FileSystem.contents(of: f.library).count == 2)
            try f.order([nfc, nfd])
            let report = try f.collector(pattern: "{name}").run()
            // An output folder may be copied to a file system that does not tell them
            // apart, so the second gets a number.
            #expect(report.plan.items.map { Array($0.name.utf8) } == [Array(nfc.utf8), Array("Cafe\u{301} (2).jpg".utf8)])
            #expect(try FileSystem.read(f.root + "/Picks/" + nfc) == first)
            #expect(try FileSystem.read(f.root + "/Picks/Cafe\u{301} (2).jpg") == second)
        }
    }

    @Test("'inside the library' is decided on bytes: a symlink into a folder named like it in NFD is outside")
    func insideByBytes() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/caf\u{E9}"
            let lookalike = root + "/cafe\u{301}"
            try FileSystem.createDirectory(library)
            try TestPhoto.write(try CollectFixture.photo(seed: 1), to: lookalike, "secret.jpg")
            #expect(symlink(lookalike + "/secret.jpg", library + "/x.jpg") == 0)
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-order", "version": 1, "picks": [{"order": 1, "path": "x.jpg", "bytes": 1}]}"#,
                to: root + "/order.json")
            let collector = Collector(
                options: CollectOptions(orderFile: "order.json", library: library, output: "P"), workingDirectory: root)
            #expect(throws: CollectRefusal("#1 x.jpg", "leads outside the library (through a symlink); refused")) {
                _ = try collector.run()
            }
        }
    }

    @Test("names with a tab, a newline or an escape character are collected; what is printed shows them escaped")
    func controlCharacters() async throws {
        try await withCollectFixture { f in
            let names = ["tab\there.jpg", "new\nline.jpg", "esc\u{1B}[31mred.jpg"]
            var originals: [[UInt8]] = []
            for (i, name) in names.enumerated() { originals.append(try f.add(name, seed: i + 1)) }
            try f.order(names)
            let recorder = RecordingConsole()
            let arguments = ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"]
            #expect(await CLI.run(arguments: arguments + ["-n"], console: recorder.console) == 0)
            #expect(recorder.out.contains("1. tab\\there.jpg → \(f.root)/P/1-tab_here.jpg\n"))
            #expect(recorder.out.contains("2. new\\nline.jpg → \(f.root)/P/2-new_line.jpg\n"))
            #expect(recorder.out.contains("3. esc\\x1b[31mred.jpg → \(f.root)/P/3-esc_[31mred.jpg\n"))
            #expect(!recorder.out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            let collected = RecordingConsole()
            #expect(await CLI.run(arguments: arguments, console: collected.console) == 0)
            for (index, name) in ["1-tab_here.jpg", "2-new_line.jpg", "3-esc_[31mred.jpg"].enumerated() {
                #expect(try FileSystem.read(f.root + "/P/" + name) == originals[index])
            }
            // A refusal naming a hostile file is escaped too.
            try f.order(["gone\u{1B}]0;owned\u{7}.jpg"], sizes: ["gone\u{1B}]0;owned\u{7}.jpg": 1])
            let refused = RecordingConsole()
            #expect(await CLI.run(arguments: arguments, console: refused.console) == 2)
            #expect(refused.err.hasPrefix("error: #1 gone\\x1b]0;owned\\x07.jpg: missing from the library"))
            #expect(!refused.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
    }
}
