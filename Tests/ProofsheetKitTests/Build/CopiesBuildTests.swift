import Foundation
import ProofsheetKit
import Testing

/// Copies of a photo (the same bytes at other paths: a copy, a hard link) are rendered
/// once a build (`RenderedContents`): what each copy's record says must be what a build
/// of that copy alone says, down to what comes from the file and not from its bytes.
@Suite("Copies of a photo")
struct CopiesBuildTests {
    /// `A/dated.jpg` (an EXIF date) and `A/undated.jpg` (none: dated by its file), their
    /// copies in `B` with other times, and a hard link to the undated one in `C`.
    func writeLibrary(_ library: String) throws {
        var exif = ExifWriter()
        exif.description = "the dated one"
        exif.dateTaken = "2026-05-01T10:00:00"
        let dated = try TestPhoto.jpeg(width: 640, height: 480, exif: exif)
        let undated = try TestPhoto.jpeg(width: 300, height: 500)
        try TestPhoto.write(dated, to: library, "A/dated.jpg")
        try TestPhoto.write(undated, to: library, "A/undated.jpg")
        try TestPhoto.write(dated, to: library, "B/dated copy.jpg")
        try TestPhoto.write(undated, to: library, "B/undated copy.jpg")
        try FileSystem.createDirectory(library + "/C")
        try FileManager.default.linkItem(atPath: library + "/A/undated.jpg", toPath: library + "/C/undated link.jpg")
        try setModified(library + "/A/dated.jpg", "2024-01-02T03:04:05Z")
        try setModified(library + "/A/undated.jpg", "2024-01-02T03:04:05Z")
        try setModified(library + "/B/dated copy.jpg", "2025-06-07T08:09:10Z")
        try setModified(library + "/B/undated copy.jpg", "2025-06-07T08:09:10Z")
    }

    func setModified(_ path: String, _ date: String) throws {
        let when = try #require(ISO8601DateFormatter().date(from: date))
        try FileManager.default.setAttributes([.modificationDate: when], ofItemAtPath: path)
    }

    /// A record with what names it (its id, path, album) taken away.
    func unnamed(_ photo: Manifest.Photo) -> Manifest.Photo {
        var photo = photo
        photo.id = ""
        photo.path = ""
        photo.pathBytes = nil
        photo.name = ""
        photo.album = ""
        return photo
    }

    @Test("each copy's record is the one a build of it alone makes; they share one set of images")
    func recordsAsAlone() async throws {
        try await withTemporaryDirectory { base in
            try writeLibrary(base + "/Library")
            let report = try await build(base + "/Library", into: base + "/Site") { $0.jobs = 1 }
            #expect(report.photos == 5 && report.failures.isEmpty)
            let photos = try readManifest(base + "/Site").photos
            for copy in ["B/dated copy.jpg", "B/undated copy.jpg", "C/undated link.jpg"] {
                let alone = base + "/Alone-" + copy.replacingOccurrences(of: "/", with: "-")
                let stats = try FileManager.default.attributesOfItem(atPath: base + "/Library/" + copy)
                try TestPhoto.write(try FileSystem.read(base + "/Library/" + copy), to: alone, "Album/photo.jpg")
                try FileManager.default.setAttributes(
                    [.modificationDate: try #require(stats[.modificationDate] as? Date)], ofItemAtPath: alone + "/Album/photo.jpg")
                _ = try await build(alone, into: alone + "-Site")
                let expected = try #require(try readManifest(alone + "-Site").photos.first)
                let built = try #require(photos.first { $0.path == copy })
                #expect(unnamed(built) == unnamed(expected), "\(copy)")
            }
            let byPath = Dictionary(uniqueKeysWithValues: photos.map { ($0.path, $0) })
            // Dated by its own file, not by the file it is a copy of.
            #expect(byPath["B/undated copy.jpg"]?.date != byPath["A/undated.jpg"]?.date)
            #expect(byPath["B/undated copy.jpg"]?.dateSource == "file")
            #expect(byPath["B/dated copy.jpg"]?.thumb == byPath["A/dated.jpg"]?.thumb)
            #expect(byPath["C/undated link.jpg"]?.preview == byPath["A/undated.jpg"]?.preview)
            #expect(FileSystem.contents(of: base + "/Site/thumbs").count == 4)
            #expect(FileSystem.contents(of: base + "/Site/previews").count == 2)
        }
    }

    @Test("a library of many copies gives byte-identical sites at --jobs 1 and 4")
    func deterministic() async throws {
        try await withTemporaryDirectory { base in
            try writeLibrary(base + "/Library")
            let dated = try FileSystem.read(base + "/Library/A/dated.jpg")
            for index in 0..<24 { try TestPhoto.write(dated, to: base + "/Library", "D/copy \(index).jpg") }
            _ = try await build(base + "/Library", into: base + "/One") { $0.jobs = 1 }
            _ = try await build(base + "/Library", into: base + "/Four") { $0.jobs = 4 }
            let one = try snapshot(base + "/One"), four = try snapshot(base + "/Four")
            #expect(one.keys.sorted() == four.keys.sorted())
            for (path, bytes) in one { #expect(four[path] == bytes, "\(path) differs") }
        }
    }
}
