import Foundation
import Testing

@testable import ProofsheetKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A rebuild writes its change's share and nothing else (issue 33), in a library like the
/// one the issue measured: 3,000 photos that are hard links of 40 JPEGs, so every content
/// has copies in every album. Each change — a different file at a path, a date that moves
/// a photo to its album's other page, a photo added, one removed — rewrites its album's
/// pages and no other's, a chunk or two, the index files, `manifest.json` and the cache's
/// journal (not the cache); nothing changed writes nothing. Files are compared by inode,
/// modification time and size.
@Suite("Rebuild share")
struct RebuildShareTests {
    static let albums = 3
    static let perAlbum = 1_000
    static let contents = 40

    static func relative(_ index: Int) -> String {
        "Album \(index / perAlbum + 1)/IMG_\(String(format: "%04d", index)).jpg"
    }

    static func photo(_ index: Int, date: String? = nil) throws -> [UInt8] {
        var exif = ExifWriter()
        exif.description = "photo \(index)"
        exif.dateTaken = date ?? "2026-05-0\(1 + index % 9)T10:\(10 + index % 40):00"
        return try TestPhoto.jpeg(width: 24, height: 16, exif: exif, quality: 50)
    }

    struct Change {
        var added: Set<String>
        var removed: Set<String>
        var rewritten: Set<String>
        var all: Set<String> { added.union(removed).union(rewritten) }
    }

    static func change(_ before: [String: ScopeFixtures.State], _ after: [String: ScopeFixtures.State]) -> Change {
        Change(
            added: Set(after.keys).subtracting(before.keys), removed: Set(before.keys).subtracting(after.keys),
            rewritten: Set(after.keys.filter { before[$0] != nil && before[$0] != after[$0] }))
    }

    @Test("each change rewrites its share: its album's pages, a chunk, the index files, the manifest and the cache's journal")
    func shares() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", originals = root + "/Originals"
            for content in 0..<Self.contents { try TestPhoto.write(try Self.photo(content), to: originals, "\(content).jpg") }
            for index in 0..<(Self.albums * Self.perAlbum) {
                let path = library + "/" + Self.relative(index)
                try FileSystem.createDirectory((path as NSString).deletingLastPathComponent)
                #expect(link(originals + "/\(index % Self.contents).jpg", path) == 0)
            }
            func rebuild() async throws {
                try await Task.sleep(for: .milliseconds(20))
                _ = try await build(library, into: site) {
                    $0.thumbSize = 32
                    $0.previewSize = 64
                    $0.quality = 50
                }
            }
            try await rebuild()
            let baseState = ScopeFixtures.states(site)[BuildCache.fileName]
            let baseSize = try #require(baseState?.size)

            let steps: [(String, album: Int, () throws -> Void)] = [
                // A copy of another content: the photo joins that content's copies.
                (
                    "a different file at a path", 2,
                    { try FileSystem.writeAtomically(try FileSystem.read(originals + "/7.jpg"), to: library + "/" + Self.relative(1_003)) }
                ),
                (
                    "a date that moves the photo to the album's other page", 1,
                    {
                        try TestPhoto.write(try Self.photo(90_000, date: "2026-05-09T23:59:00"), to: library, Self.relative(1))
                    }
                ),
                ("a photo added", 3, { try TestPhoto.write(try Self.photo(90_001), to: library, "Album 3/IMG_new.jpg") }),
                ("a photo removed", 1, { FileSystem.remove(library + "/" + Self.relative(500)) }),
            ]
            for (name, album, make) in steps {
                let before = ScopeFixtures.states(site)
                let manifestBefore = try readManifest(site)
                try make()
                try await rebuild()
                let after = ScopeFixtures.states(site)
                let change = Self.change(before, after)
                let manifest = try readManifest(site)
                // Every photo of another album is as it was, id and all.
                let others = { (photos: [Manifest.Photo]) in photos.filter { !$0.album.hasSuffix("Album \(album)") } }
                #expect(others(manifest.photos) == others(manifestBefore.photos), "\(name)")
                if name.hasPrefix("a date") {
                    // From the album's first page to its second.
                    func page(_ photos: [Manifest.Photo]) -> Int? {
                        photos.filter { $0.album.hasSuffix("Album 1") }.firstIndex { $0.path == Self.relative(1) }
                            .map { $0 / AlbumPageRenderer.pageSize }
                    }
                    #expect(page(manifestBefore.photos) == 0 && page(manifest.photos) == 1)
                }
                let anchor = try #require(PageData.albums(of: manifest).first { $0.path.hasSuffix("Album \(album)") }?.anchor)
                let pages = change.all.filter { $0.hasPrefix("albums/") }
                #expect(!pages.isEmpty && pages.allSatisfy { $0.hasPrefix("albums/\(anchor)") }, "\(name): \(pages.sorted())")
                let data = change.all.filter { $0.hasPrefix("data/") }
                #expect(data.filter { $0.hasPrefix("data/s-") }.count == 2, "\(name): the search index replaced")
                let chunks = data.filter { $0.hasPrefix("data/c-") }
                #expect(chunks.count >= 2 && chunks.count <= 4, "\(name): \(chunks.sorted())")
                let top = change.all.filter { !$0.contains("/") }
                #expect(top == ["index.html", "manifest.json", BuildCache.journalName], "\(name): \(top.sorted())")
                #expect(after[BuildCache.fileName] == baseState, "\(name): the cache itself is not written")
                let journal = try #require(after[BuildCache.journalName])
                #expect(journal.size * Int64(BuildCache.journalShare) <= baseSize, "\(name): the journal is \(journal.size) bytes")
                let images = change.all.filter { $0.hasPrefix("thumbs/") || $0.hasPrefix("previews/") }
                #expect(images.count <= 6, "\(name): \(images.sorted())")
                #expect(change.all.count == pages.count + data.count + top.count + images.count, "\(name): \(change.all.sorted())")

                // What a rebuild reads is the cache a whole build writes.
                let bytes = try FileSystem.read(site + "/manifest.json")
                let previous = try #require(
                    PreviousSite(
                        bytes: bytes, cache: try FileSystem.read(site + "/" + BuildCache.fileName),
                        journal: try FileSystem.read(site + "/" + BuildCache.journalName)))
                #expect(previous.cacheCurrent && previous.cacheProblem == nil, "\(name)")
                let (decoded, ranges, array) = try #require(PreviousSite.decodeManifest(bytes))
                let whole = BuildCache(
                    manifest: decoded, fingerprint: ContentFingerprint(of: bytes).hex, ranges: ranges, photosArray: array)
                #expect(CacheFixtures.canonical(previous.cache) == whole.encoded(), "\(name)")

                // Nothing changed: nothing is written.
                try await rebuild()
                #expect(ScopeFixtures.states(site) == after, "\(name): then nothing changed")
            }
        }
    }
}
