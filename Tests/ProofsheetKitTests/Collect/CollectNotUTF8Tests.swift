import Foundation
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A photo whose name is not UTF-8 (Latin-1 from an old camera or a zip file) is published
/// under a readable rendering, and `collect` delivers it: by the exact bytes the page
/// exports (`pathBytes`), or, from a pasted list, by the rendering when one photo has it.
@Suite("Collecting a photo whose name is not UTF-8")
struct CollectNotUTF8Tests {
    /// `Ärger/Café.jpg` in Latin-1, relative to the library.
    static let photoPath = BytePath(bytes: [0xC4] + Array("rger/Caf".utf8) + [0xE9] + Array(".jpg".utf8))
    static let rawPath = BytePath(bytes: [0xC4] + Array("rger/Caf".utf8) + [0xE9] + Array(".CR2".utf8))

    /// A library holding the Latin-1 photo, its RAW and one plain photo; the photo's bytes.
    static func makeLibrary(_ f: CollectFixture) throws -> [UInt8] {
        let photo = try CollectFixture.photo(seed: 7)
        try NameFixtures.makeFolder(BytePath(f.library).appending(BytePath(bytes: [0xC4] + Array("rger".utf8))))
        try NameFixtures.writeRaw(photo, to: BytePath(f.library).appending(photoPath))
        try NameFixtures.writeRaw(Array("not really a RAW".utf8), to: BytePath(f.library).appending(rawPath))
        try f.add("plain.jpg", seed: 8)
        return photo
    }

    /// The order file the page exports for these photos of the built site: every field
    /// from the manifest, `pathBytes` where the manifest has it (as `orderfile.js` writes).
    static func pageOrder(_ f: CollectFixture, site: String, paths: [String]) throws -> String {
        let manifest = try readManifest(site)
        var picks: [[String: Any]] = []
        for path in paths {
            let photo = try #require(manifest.photos.first { $0.path == path })
            var pick: [String: Any] = [
                "order": picks.count + 1, "id": photo.id, "path": photo.path, "name": photo.name, "bytes": photo.bytes,
            ]
            if let bytes = photo.pathBytes { pick["pathBytes"] = bytes.base64EncodedString() }
            picks.append(pick)
        }
        let file: [String: Any] = [
            "format": "proofsheet-order", "version": 1, "gallery": manifest.gallery, "title": manifest.title, "limit": 0,
            "exported": "2026-12-01T17:00:00Z", "picks": picks,
        ]
        let data = try JSONSerialization.data(withJSONObject: file, options: [.prettyPrinted, .sortedKeys])
        try FileSystem.writeAtomically(Array(data), to: f.root + "/order.json")
        return f.root + "/order.json"
    }

    @Test("built, picked on the page, collected by the CLI: the exact bytes are delivered under the readable name, with its RAW")
    func endToEnd() async throws {
        try await withCollectFixture { f in
            let photo = try Self.makeLibrary(f)
            let built = try CommandRunner.run(["build", "Library", "--output", "Site"], directory: f.root)
            #expect(built.status == 0, "\(built.stderr)")
            let manifest = try readManifest(f.root + "/Site")
            let published = try #require(manifest.photos.first { $0.pathBytes != nil })
            #expect(published.path == "\\xc4rger/Caf\\xe9.jpg")
            _ = try Self.pageOrder(f, site: f.root + "/Site", paths: [published.path, "plain.jpg"])
            #expect(try readText(f.root + "/order.json").contains(#""pathBytes" : "xHJnZXIvQ2Fm6S5qcGc=""#))

            let run = try CommandRunner.run(["collect", "order.json", "--library", "Library", "--output", "Picks"], directory: f.root)
            #expect(run.status == 0, "\(run.stderr)")
            // Nothing raw reaches the terminal: the name is shown as the page showed it.
            #expect(String(validating: run.output, as: UTF8.self) != nil)
            #expect(!run.output.contains(0xE9))
            #expect(try FileSystem.read(f.root + "/Picks/1-Caf_xe9.jpg") == photo)
            #expect(try FileSystem.read(f.root + "/Picks/1-Caf_xe9.CR2") == Array("not really a RAW".utf8))
            #expect(try FileSystem.read(f.root + "/Picks/2-plain.jpg") == FileSystem.read(f.library + "/plain.jpg"))
            // The copy of the order file keeps the exact bytes; the list names it readably.
            #expect(try readText(f.root + "/Picks/order.json").contains("xHJnZXIvQ2Fm6S5qcGc="))
            #expect(try readText(f.root + "/Picks/picks.csv").contains("\\xc4rger/Caf\\xe9.jpg"))

            // Run again: nothing to do (the record names it by the same rendering).
            let again = try CommandRunner.run(["collect", "order.json", "--library", "Library", "--output", "Picks"], directory: f.root)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(
                f.names(f.root + "/Picks").filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".CR2") } == [
                    "1-Caf_xe9.CR2", "1-Caf_xe9.jpg", "2-plain.jpg",
                ])
        }
    }

    @Test("the bytes decide, not the rendering: a UTF-8 file named like the rendering is not taken instead")
    func bytesDecide() async throws {
        try await withCollectFixture { f in
            let photo = try Self.makeLibrary(f)
            _ = try await build(f.library, into: f.root + "/Site")
            _ = try Self.pageOrder(f, site: f.root + "/Site", paths: ["\\xc4rger/Caf\\xe9.jpg"])
            // Added after the build: a real UTF-8 name that reads exactly like the rendering.
            try f.add("\\xc4rger/Caf\\xe9.jpg", seed: 9)
            _ = try f.collector().run()
            #expect(try FileSystem.read(f.root + "/Picks/1-Caf_xe9.jpg") == photo)
        }
    }

    @Test("an order file without pathBytes (an older page) still finds the photo its path renders, when only one does")
    func renderingWithoutBytes() async throws {
        try await withCollectFixture { f in
            let photo = try Self.makeLibrary(f)
            try f.order(["\\xc4rger/Caf\\xe9.jpg"], sizes: ["\\xc4rger/Caf\\xe9.jpg": Int64(photo.count)])
            _ = try f.collector().run()
            #expect(try FileSystem.read(f.root + "/Picks/1-Caf_xe9.jpg") == photo)
        }
    }

    @Test("a pasted list naming the photo as the page showed it, with its folder or bare, collects it")
    func pastedList() async throws {
        for line in ["1. \\xc4rger/Caf\\xe9.jpg", "> Caf\\xe9.jpg"] {
            try await withCollectFixture { f in
                let photo = try Self.makeLibrary(f)
                try f.textOrder(["# Anna & Ben — 1 pick — gallery abc123", line, "Thanks!"])
                let report = try f.collector(order: "order.txt").run()
                #expect(report.plan.photos.map(\.path) == ["\\xc4rger/Caf\\xe9.jpg"])
                #expect(report.plan.photos.first?.source == BytePath(f.library).appending(Self.photoPath))
                #expect(try FileSystem.read(f.root + "/Picks/1-Caf_xe9.jpg") == photo)
            }
        }
    }

    @Test("two photos rendering alike in a pasted list: the line is refused naming both, nothing is guessed")
    func pastedAmbiguous() async throws {
        try await withCollectFixture { f in
            _ = try Self.makeLibrary(f)
            // Another Latin-1 Café.jpg in another folder: the bare rendered name is two photos.
            try NameFixtures.makeFolder(BytePath(f.library + "/Other"))
            try NameFixtures.writeRaw(
                try CollectFixture.photo(seed: 3),
                to: BytePath(f.library).appending(BytePath(bytes: Array("Other/Caf".utf8) + [0xE9] + Array(".jpg".utf8))))
            try f.textOrder(["Caf\\xe9.jpg"])
            let problems = f.problems(f.collector(order: "order.txt"))
            #expect(problems.count == 1)
            #expect(problems.first?.contains("2 photos have this name") == true)
        }
    }

    @Test(
        "a bad pathBytes is refused with one clear line naming the pick and the field",
        arguments: [
            ("not base64!", "#1: pathBytes: not base64: \"not base64!\" (the exact bytes of the path, as the manifest keeps them)"),
            // base64 of "plain.jpg": another file than the path says.
            ("cGxhaW4uanBn", "#1: pathBytes: names \"plain.jpg\", not its path \"\\\\xc4rger/Caf\\\\xe9.jpg\""),
            // base64 of "../\xe9.jpg"
            ("Li4v6S5qcGc=", "#1: pathBytes: leads out of the library ('..' in \"../\\\\xe9.jpg\")"),
        ])
    func badPathBytes(value: String, expected: String) async throws {
        try await withCollectFixture { f in
            _ = try Self.makeLibrary(f)
            let text =
                #"{"format": "proofsheet-order", "version": 1, "picks": [{"order": 1, "path": "\\xc4rger/Caf\\xe9.jpg", "pathBytes": "\#(value)", "bytes": 1}]}"#
            try FileSystem.writeAtomically(text, to: f.root + "/order.json")
            #expect(f.problems(f.collector()) == ["order.json: " + expected])
            #expect(f.names(f.root) == ["Library", "order.json"])
        }
    }

    @Test("merge keeps a pick's exact bytes: two people's picks of it are one photo, and the merged file collects it")
    func merged() async throws {
        try await withCollectFixture { f in
            let photo = try Self.makeLibrary(f)
            _ = try await build(f.library, into: f.root + "/Site")
            let bytes = try OrderFileParser.read(
                try Self.pageOrder(f, site: f.root + "/Site", paths: ["\\xc4rger/Caf\\xe9.jpg", "plain.jpg"]), displayPath: "a.json"
            ).bytes
            guard case .json(let anna) = try OrderFileParser.parse(bytes, displayPath: "a.json") else {
                throw ProofsheetError("a.json", "not JSON")
            }
            var ben = anna
            ben.picks = [anna.picks[0]]
            ben.picks[0].order = 1
            let result = try OrderMerger.merge(
                [.init(name: "Anna", order: anna), .init(name: "Ben", order: ben)], mode: .ranked, limit: nil)
            #expect(result.order.picks.map(\.pathBytes) == [Self.photoPath, nil])
            try FileSystem.writeAtomically(OrderFileWriter.json(result.order), to: f.root + "/order.json")
            _ = try f.collector().run()
            #expect(try FileSystem.read(f.root + "/Picks/1-Caf_xe9.jpg") == photo)
        }
    }

    @Test("pathBytes of a number is refused by name")
    func pathBytesNotText() throws {
        let text = #"{"format": "proofsheet-order", "version": 1, "picks": [{"order": 1, "path": "a.jpg", "pathBytes": 7, "bytes": 1}]}"#
        #expect(throws: CollectRefusal.self) { try OrderFileParser.parseJSON(Array(text.utf8), displayPath: "order.json") }
        do {
            _ = try OrderFileParser.parseJSON(Array(text.utf8), displayPath: "order.json")
        } catch {
            #expect(error.problems.map(\.description) == ["order.json: #1: pathBytes: must be text (base64), not a number"])
        }
    }
}
