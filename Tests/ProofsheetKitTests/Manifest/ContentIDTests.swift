import Foundation
import ProofsheetKit
import Testing

/// A photo's id is its content.
@Suite("Content ids")
struct ContentIDTests {
    @Test("the id is the first 12 hex digits of the fingerprint, which is xxhsum -H2 of the file")
    func idFromFingerprint() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            for photo in try readManifest(site).photos {
                let fingerprint = try FingerprintFixtures.xxhsum(library + "/" + photo.path)
                #expect(photo.fingerprint == fingerprint)
                #expect(photo.id == String(fingerprint.prefix(12)))
                // The images are named by the fingerprint and the image options.
                #expect(photo.thumb.src == "thumbs/\(fingerprint)-\(photo.key).jpg")
            }
        }
    }

    @Test("a renamed or moved photo keeps its id; nothing else changes")
    func renamed() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 3)
            _ = try await build(library, into: site)
            let before = try readManifest(site)
            let old = try #require(before.photos.first { $0.path == "Album/IMG_1.jpg" })
            try FileSystem.createDirectory(library + "/Party")
            try FileManager.default.moveItem(atPath: library + "/Album/IMG_1.jpg", toPath: library + "/Party/Renamed.jpg")
            _ = try await build(library, into: site)
            let after = try readManifest(site)
            let moved = try #require(after.photos.first { $0.path == "Party/Renamed.jpg" })
            #expect(moved.id == old.id && moved.fingerprint == old.fingerprint)
            #expect(Set(after.photos.map(\.id)) == Set(before.photos.map(\.id)))
        }
    }

    @Test("identical files are told apart by path in byte order: the first keeps the digits, the next get -2, -3")
    func identicalFiles() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            let bytes = try LibraryFixtures.photo(1)
            // Byte order: "B/x.jpg" < "a/x.jpg" < "a/y.jpg" (uppercase first).
            for path in ["a/y.jpg", "B/x.jpg", "a/x.jpg"] { try TestPhoto.write(bytes, to: library, path) }
            try TestPhoto.write(try LibraryFixtures.photo(2), to: library, "a/other.jpg")
            _ = try await build(library, into: site)
            let manifest = try readManifest(site)
            let digits = String(ContentFingerprint(of: bytes).hex.prefix(12))
            let ids = Dictionary(uniqueKeysWithValues: manifest.photos.map { ($0.path, $0.id) })
            #expect(ids["B/x.jpg"] == digits)
            #expect(ids["a/x.jpg"] == digits + "-2")
            #expect(ids["a/y.jpg"] == digits + "-3")
            #expect(ids["a/other.jpg"]?.count == 12)
            // Identical content shares its images.
            #expect(Set(manifest.photos.filter { $0.id.hasPrefix(digits) }.map(\.thumb.src)).count == 1)
        }
    }

    @Test("a 12-digit clash of different content is settled the same way")
    func clash() {
        let ids = PhotoIDs.ids(for: [
            ("z.jpg", "0123456789ab" + String(repeating: "0", count: 20)),
            ("a.jpg", "0123456789ab" + String(repeating: "f", count: 20)),
            ("m.jpg", "ffffffffffff" + String(repeating: "0", count: 20)),
            ("A.jpg", "0123456789ab" + String(repeating: "1", count: 20)),
        ])
        #expect(ids == ["0123456789ab-3", "0123456789ab-2", "ffffffffffff", "0123456789ab"])
    }

    @Test("an unchanged file is never read again: its fingerprint and format come from the manifest by size and time")
    func notReadAgain() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 2)
            _ = try await build(library, into: site)
            let before = try readManifest(site)
            // Other bytes of the same length, with the same time: a build that read the
            // file would see a new fingerprint (or no image at all).
            let path = library + "/Album/IMG_0.jpg"
            let status = try #require(FileSystem.fileStatus(path))
            try FileSystem.writeAtomically([UInt8](repeating: 0x55, count: Int(status.size)), to: path)
            try FileSystem.setModificationTime(path, nanoseconds: status.mtime)
            let report = try await build(library, into: site)
            #expect(report.rendered == 0 && report.failures.isEmpty)
            #expect(try readManifest(site) == before)
            // Once the time says it changed, it is read: not an image any more.
            try FileSystem.setModificationTime(path, nanoseconds: status.mtime + 1_000_000_000)
            let changed = try await build(library, into: site)
            #expect(changed.failures.map(\.path) == ["Album/IMG_0.jpg"])
        }
    }

    @Test("a site of version 1 is upgraded: its gallery id and title kept, each photo listing its former id")
    func fromVersion1() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try LibraryFixtures.makeLibrary(at: library, count: 2)
            _ = try await build(library, into: site) { $0.title = "Anna & Ben" }
            let oldIDs = ["Album/IMG_0.jpg": "aaaaaaaaaaa0", "Album/IMG_1.jpg": "aaaaaaaaaaa1"]
            try VersionOneFixtures.makeVersion1(site, ids: oldIDs)

            let report = try await build(library, into: site)
            #expect(report.changes.isEmpty)
            let manifest = try readManifest(site)
            #expect(manifest.version == 2 && manifest.gallery == "0ld9a11e2y00" && manifest.title == "Anna & Ben")
            for photo in manifest.photos {
                #expect(photo.formerIds == [oldIDs[photo.path]!])
                #expect(photo.id == String(try #require(photo.fingerprint).prefix(12)))
            }
            // Carried on from build to build, also when a photo is renamed.
            try FileManager.default.moveItem(atPath: library + "/Album/IMG_1.jpg", toPath: library + "/Album/Moved.jpg")
            _ = try await build(library, into: site)
            let later = try readManifest(site)
            #expect(later.photos.first { $0.path == "Album/Moved.jpg" }?.formerIds == ["aaaaaaaaaaa1"])
            #expect(later.photos.first { $0.path == "Album/IMG_0.jpg" }?.formerIds == ["aaaaaaaaaaa0"])
        }
    }

    @Test("each former id stays with one photo: two identical photos moved keep one each, a copy of one still there gets none")
    func formerIDsOnePhotoEach() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            let twin = try LibraryFixtures.photo(1)
            try TestPhoto.write(twin, to: library, "Album/A.jpg")
            try TestPhoto.write(twin, to: library, "Album/B.jpg")
            try TestPhoto.write(try LibraryFixtures.photo(2), to: library, "Album/C.jpg")
            _ = try await build(library, into: site)
            try VersionOneFixtures.makeVersion1(
                site, ids: ["Album/A.jpg": "aaaaaaaaaaaa", "Album/B.jpg": "bbbbbbbbbbbb", "Album/C.jpg": "cccccccccccc"])
            _ = try await build(library, into: site)
            // Both twins move; C is copied, and stays.
            try FileSystem.createDirectory(library + "/Party")
            try FileManager.default.moveItem(atPath: library + "/Album/A.jpg", toPath: library + "/Party/A moved.jpg")
            try FileManager.default.moveItem(atPath: library + "/Album/B.jpg", toPath: library + "/Party/B moved.jpg")
            try FileManager.default.copyItem(atPath: library + "/Album/C.jpg", toPath: library + "/Party/C copy.jpg")
            _ = try await build(library, into: site)
            let former = Dictionary(uniqueKeysWithValues: try readManifest(site).photos.map { ($0.path, $0.formerIds) })
            #expect(former["Party/A moved.jpg"] == ["aaaaaaaaaaaa"])
            #expect(former["Party/B moved.jpg"] == ["bbbbbbbbbbbb"])
            #expect(former["Album/C.jpg"] == ["cccccccccccc"])
            #expect(former["Party/C copy.jpg"] == .some(nil))
        }
    }
}
