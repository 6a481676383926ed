import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

@Suite("collect writes the client's marks as XMP sidecars")
struct CollectMarksTests {
    @Test("a sidecar beside each marked photo: stars, label, −1 for reject, read back by exiftool and Exempi")
    func newSidecars() async throws {
        try await withCollectFixture { f in
            try f.add("Wedding/IMG_1.jpg", seed: 1)
            try f.add("Wedding/IMG_2.jpg", seed: 2)
            try f.add("Wedding/IMG_3.jpg", seed: 3)
            try f.add("Wedding/IMG_4.jpg", seed: 4)
            try f.orderV2(
                picks: ["Wedding/IMG_1.jpg", "Wedding/IMG_2.jpg", "Wedding/IMG_3.jpg", "Wedding/IMG_4.jpg"],
                marks: [
                    ("Wedding/IMG_1.jpg", 4, "red", false), ("Wedding/IMG_2.jpg", 0, nil, true),
                    ("Wedding/IMG_3.jpg", 5, "purple", false),
                ])
            _ = try f.collector().run()
            #expect(
                f.picked(f.root + "/Picks") == [
                    "1-IMG_1.jpg", "1-IMG_1.xmp", "2-IMG_2.jpg", "2-IMG_2.xmp", "3-IMG_3.jpg", "3-IMG_3.xmp", "4-IMG_4.jpg", "order.json",
                ])
            let p = f.root + "/Picks/"
            #expect(try exiftoolTag(p + "1-IMG_1.xmp", "XMP-xmp:Rating") == "4")
            #expect(try exiftoolTag(p + "1-IMG_1.xmp", "XMP-xmp:Label") == "Red")
            #expect(try exiftoolTag(p + "2-IMG_2.xmp", "XMP-xmp:Rating") == "-1")
            #expect(try exiftoolTag(p + "2-IMG_2.xmp", "XMP-xmp:Label") == "")
            #expect(try exiftoolTag(p + "3-IMG_3.xmp", "XMP-xmp:Label") == "Purple")
            let read = try SidecarMarks.read(try FileSystem.read(p + "3-IMG_3.xmp"))
            #expect(read.rating == "5" && read.label == "Purple")
        }
    }

    @Test("the library's sidecar is collected with the marks merged in, keywords and develop settings kept, the library's own untouched")
    func mergedSidecar() async throws {
        try await withCollectFixture { f in
            try f.add("Wedding/IMG_1.jpg", seed: 1)
            let raw = Array(repeating: UInt8(7), count: 300)
            try TestPhoto.write(raw, to: f.library, "Wedding/IMG_1.CR3")
            let original = try f.librarySidecar("Wedding/IMG_1.xmp")
            try f.orderV2(picks: ["Wedding/IMG_1.jpg"], marks: [("Wedding/IMG_1.jpg", 5, "yellow", false)])
            let report = try f.collector().run()
            #expect(report.plan.generated.contains { $0.role == .sidecar && $0.source == "Wedding/IMG_1.xmp" })
            let collected = f.root + "/Picks/1-IMG_1.xmp"
            #expect(try exiftoolTag(collected, "XMP-xmp:Rating") == "5")
            #expect(try exiftoolTag(collected, "XMP-xmp:Label") == "Yellow")
            #expect(try exiftoolTag(collected, "XMP-dc:Subject") == "Anna,Ben")
            #expect(try exiftoolTag(collected, "XMP-crs:Exposure2012") == "+0.50")
            let read = try SidecarMarks.read(try FileSystem.read(collected), cameraRaw: ["WhiteBalance"])
            #expect(read.keywords == ["Anna", "Ben"] && read.cameraRaw == ["WhiteBalance": "Custom"])
            #expect(try FileSystem.read(f.library + "/Wedding/IMG_1.xmp") == original)
            #expect(try FileSystem.read(f.root + "/Picks/1-IMG_1.CR3") == raw)
        }
    }

    @Test("a library sidecar that is not XMP is collected as it is, and said so by name")
    func brokenLibrarySidecar() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            let broken = Array("<x:xmpmeta><rdf:RDF>".utf8)
            try TestPhoto.write(broken, to: f.library, "IMG_1.xmp")
            try f.orderV2(picks: ["IMG_1.jpg"], marks: [("IMG_1.jpg", 3, nil, false)])
            let report = try f.collector().run()
            #expect(report.warnings.map(\.description).contains { $0.hasPrefix("IMG_1.xmp: not valid XMP") })
            #expect(try FileSystem.read(f.root + "/Picks/1-IMG_1.xmp") == broken)
        }
    }

    @Test("a second collect of the same order has nothing to do")
    func rerun() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            try f.librarySidecar("IMG_1.xmp")
            try f.add("IMG_2.jpg", seed: 2)
            try f.orderV2(picks: ["IMG_1.jpg", "IMG_2.jpg"], marks: [("IMG_1.jpg", 3, nil, false), ("IMG_2.jpg", 1, "blue", false)])
            _ = try f.collector().run()
            #expect(try f.collector().plan().isNothingToDo)
        }
    }

    @Test("a version 1 order collects as before: no sidecar made")
    func versionOne() async throws {
        try await withCollectFixture { f in
            try f.add("IMG_1.jpg", seed: 1)
            try f.order(["IMG_1.jpg"])
            _ = try f.collector().run()
            #expect(f.picked(f.root + "/Picks") == ["1-IMG_1.jpg", "order.json"])
            let list = RecordingConsole()
            #expect(
                await CLI.run(
                    arguments: ["collect", f.root + "/order.json", "--list", "csv", "--selection", "Album"], console: list.console) == 2)
            #expect(list.err == "error: --selection: \"Album\": \(f.root)/order.json has no named selections\n")
        }
    }
}
