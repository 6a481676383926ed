import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

@Suite("proofsheet mark writes the marks into the library's sidecars")
struct MarkCommandTests {
    /// IMG_1 with a Lightroom-like sidecar and its RAW, IMG_2 with none, IMG_3 unmarked.
    func fixture(_ f: CollectFixture) throws -> (photos: [String: [UInt8]], sidecar: [UInt8]) {
        var photos: [String: [UInt8]] = [:]
        for n in 1...3 { photos["Wedding/IMG_\(n).jpg"] = try f.add("Wedding/IMG_\(n).jpg", seed: n) }
        try TestPhoto.write(Array(repeating: 9, count: 200), to: f.library, "Wedding/IMG_1.CR3")
        let sidecar = try f.librarySidecar("Wedding/IMG_1.xmp")
        try f.orderV2(
            picks: ["Wedding/IMG_1.jpg"], marks: [("Wedding/IMG_1.jpg", 4, "blue", false), ("Wedding/IMG_2.jpg", 0, "red", true)])
        return (photos, sidecar)
    }

    func mark(_ f: CollectFixture, _ extra: [String] = []) async -> (status: Int32, out: String, err: String) {
        let recorder = RecordingConsole()
        let status = await CLI.run(arguments: ["mark", f.root + "/order.json", "--library", f.library] + extra, console: recorder.console)
        return (status, recorder.out, recorder.err)
    }

    @Test(
        "marks merged into the photo's sidecar with all else kept, a new one where none was, no photo touched; a second run changes nothing"
    )
    func marks() async throws {
        try await withCollectFixture { f in
            let (photos, _) = try fixture(f)
            let first = await mark(f)
            #expect(first.status == 0)
            #expect(
                first.out == """
                    update Wedding/IMG_1.xmp: 4 stars, blue label (Wedding/IMG_1.jpg)
                    create Wedding/IMG_2.xmp: rejected, red label (Wedding/IMG_2.jpg)
                    marked 2 sidecars in \(f.library); the same command with --undo puts them back

                    """)
            let one = f.library + "/Wedding/IMG_1.xmp"
            #expect(try exiftoolTag(one, "XMP-xmp:Rating") == "4")
            #expect(try exiftoolTag(one, "XMP-xmp:Label") == "Blue")
            #expect(try exiftoolTag(one, "XMP-dc:Subject") == "Anna,Ben")
            #expect(try exiftoolTag(one, "XMP-crs:Exposure2012") == "+0.50")
            #expect(try exiftoolTag(f.library + "/Wedding/IMG_2.xmp", "XMP-xmp:Rating") == "-1")
            let read = try SidecarMarks.read(try FileSystem.read(f.library + "/Wedding/IMG_2.xmp"))
            #expect(read.rating == "-1" && read.label == "Red")
            #expect(!FileSystem.exists(f.library + "/Wedding/IMG_3.xmp"))
            for (path, bytes) in photos { #expect(try FileSystem.read(f.library + "/" + path) == bytes) }

            let sidecars = try ["IMG_1.xmp", "IMG_2.xmp"].map { try FileSystem.read(f.library + "/Wedding/" + $0) }
            let second = await mark(f)
            #expect(second.status == 0)
            #expect(second.out == "nothing to do: the sidecars of \(f.library) hold these marks already\n")
            #expect(try ["IMG_1.xmp", "IMG_2.xmp"].map { try FileSystem.read(f.library + "/Wedding/" + $0) } == sidecars)
        }
    }

    @Test("--dry-run lists what it would do and writes nothing")
    func dryRun() async throws {
        try await withCollectFixture { f in
            let (_, sidecar) = try fixture(f)
            let before = f.names(f.library + "/Wedding") + f.names(f.library)
            let run = await mark(f, ["--dry-run"])
            #expect(run.status == 0)
            #expect(run.out.contains("would create Wedding/IMG_2.xmp: rejected, red label (Wedding/IMG_2.jpg)\n"))
            #expect(run.out.hasSuffix("dry run: would write 2 sidecars in \(f.library) (nothing written)\n"))
            #expect(f.names(f.library + "/Wedding") + f.names(f.library) == before)
            #expect(try FileSystem.read(f.library + "/Wedding/IMG_1.xmp") == sidecar)
        }
    }

    @Test("--undo puts back exactly the bytes that were there and removes the sidecars mark made")
    func undo() async throws {
        try await withCollectFixture { f in
            let (_, sidecar) = try fixture(f)
            let listing = f.names(f.library) + f.names(f.library + "/Wedding")
            _ = await mark(f)
            let undone = await mark(f, ["--undo"])
            #expect(undone.status == 0)
            #expect(
                undone.out == """
                    restore Wedding/IMG_1.xmp
                    remove Wedding/IMG_2.xmp (mark made it)
                    put back 2 sidecars as they were before marking \(f.root)/order.json

                    """)
            #expect(try FileSystem.read(f.library + "/Wedding/IMG_1.xmp") == sidecar)
            #expect(f.names(f.library) + f.names(f.library + "/Wedding") == listing)
            #expect(await mark(f, ["--undo"]).out == "nothing to undo: mark has not changed \(f.library)\n")
        }
    }

    @Test("a sidecar changed since mark wrote it is not undone, and is named")
    func undoChanged() async throws {
        try await withCollectFixture { f in
            _ = try fixture(f)
            _ = await mark(f)
            let edited = Array(try FileSystem.read(f.library + "/Wedding/IMG_2.xmp")) + Array("\n".utf8)
            try FileSystem.writeAtomically(edited, to: f.library + "/Wedding/IMG_2.xmp")
            let undone = await mark(f, ["--undo"])
            #expect(undone.status == 2)
            #expect(undone.err == "error: Wedding/IMG_2.xmp: changed since mark wrote it; left as it is\n")
            #expect(try FileSystem.read(f.library + "/Wedding/IMG_2.xmp") == edited)
        }
    }

    @Test("a sidecar that is not valid XMP is refused by name and left as it was; the others are marked")
    func broken() async throws {
        try await withCollectFixture { f in
            _ = try fixture(f)
            let broken = Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF".utf8)
            try FileSystem.writeAtomically(broken, to: f.library + "/Wedding/IMG_1.xmp")
            let run = await mark(f)
            #expect(run.status == 2)
            #expect(run.err == "error: Wedding/IMG_1.xmp: not valid XMP (not well-formed XML); left as it was\n")
            #expect(try FileSystem.read(f.library + "/Wedding/IMG_1.xmp") == broken)
            #expect(try exiftoolTag(f.library + "/Wedding/IMG_2.xmp", "XMP-xmp:Rating") == "-1")
        }
    }

    @Test("a sidecar of no properties is XMP and is marked; XML that is not RDF is refused")
    func emptyPacket() async throws {
        try await withCollectFixture { f in
            _ = try fixture(f)
            let empty = "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'/></x:xmpmeta>"
            try FileSystem.writeAtomically(empty, to: f.library + "/Wedding/IMG_1.xmp")
            #expect(await mark(f).status == 0)
            #expect(try exiftoolTag(f.library + "/Wedding/IMG_1.xmp", "XMP-xmp:Rating") == "4")
            #expect(SidecarMarks.problem(Array("<html><body/></html>".utf8)) == "not valid XMP (XML without RDF)")
        }
    }

    @Test("a sidecar's name taken by a symlink is refused by name, and what it points to is left alone")
    func symlinkedSidecar() async throws {
        try await withCollectFixture { f in
            _ = try fixture(f)
            let outside = f.root + "/outside.xmp"
            let bytes = try f.librarySidecar("../outside.xmp")
            try FileManager.default.createSymbolicLink(atPath: f.library + "/Wedding/IMG_2.xmp", withDestinationPath: outside)
            let run = await mark(f)
            #expect(run.status == 2)
            #expect(run.err.contains("error: Wedding/IMG_2.xmp: is not a regular file (a symlink or a folder); left as it was\n"))
            #expect(try FileSystem.read(outside) == bytes)
            #expect(FileSystem.kind(of: f.library + "/Wedding/IMG_2.xmp") == .symlink)
        }
    }

    @Test("an order without marks is refused")
    func noMarks() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            try f.order(["IMG_1.jpg"])
            let run = await mark(f)
            #expect(run.status == 2)
            #expect(run.err.hasPrefix("error: \(f.root)/order.json: holds no marks"))
        }
    }
}
