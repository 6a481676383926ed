import Foundation
import Testing

@testable import ProofsheetKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a rebuild touches (issue 11): with one photo changed in 3,000 (chunks of 1,000),
/// only that photo's images, one chunk, the search index, its album's static page,
/// `index.html`, `manifest.json` and the journal of its `.proofsheet-cache` are written; with nothing changed, nothing is. Every
/// file of the site is compared by inode, modification time and size, so a file rewritten
/// with the same bytes counts as rewritten.
@Suite("Rebuild scope")
struct RebuildScopeTests {
    static let albums = 6
    static let perAlbum = 500

    static func photo(_ index: Int) throws -> [UInt8] {
        var exif = ExifWriter()
        exif.description = "photo \(index)"
        exif.dateTaken = "2026-05-0\(1 + index % 9)T10:\(10 + index % 50):\(10 + index % 40)"
        return try TestPhoto.jpeg(width: 24, height: 16, exif: exif, quality: 50)
    }

    static func relative(_ index: Int) -> String {
        "Album \(index / perAlbum + 1)/IMG_\(String(format: "%04d", index)).jpg"
    }

    static func buildSmall(_ library: String, _ site: String) async throws {
        _ = try await build(library, into: site) {
            $0.thumbSize = 32
            $0.previewSize = 64
            $0.quality = 50
        }
    }

    static func images(_ photo: Manifest.Photo) -> Set<String> {
        [photo.thumb.src, photo.thumb2x.src, photo.preview.src]
    }

    @Test("one photo changed in 3,000 rewrites its images, one chunk and the index files; nothing changed rewrites nothing")
    func oneOfThreeThousand() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            let count = Self.albums * Self.perAlbum
            for index in 0..<count { try TestPhoto.write(try Self.photo(index), to: library, Self.relative(index)) }
            try await Self.buildSmall(library, site)
            let manifestBefore = try readManifest(site)
            let chunkCount = try #require(PageFixtures.pageData(site)["chunks"] as? [[Any]]).count
            #expect(chunkCount >= 3, "3,000 photos in chunks of at most 1,000")

            // Nothing changed: not one file of the site is written.
            let first = ScopeFixtures.states(site)
            try await Task.sleep(for: .milliseconds(20))
            try await Self.buildSmall(library, site)
            #expect(ScopeFixtures.states(site) == first)

            // One photo, in the middle of the fourth album, gets new content.
            let changed = Self.relative(3 * Self.perAlbum + 200)
            try TestPhoto.write(try Self.photo(99_999), to: library, changed)
            try await Task.sleep(for: .milliseconds(20))
            try await Self.buildSmall(library, site)
            let second = ScopeFixtures.states(site)
            let manifest = try readManifest(site)

            let old = try #require(manifestBefore.photos.first { $0.path == changed })
            let new = try #require(manifest.photos.first { $0.path == changed })
            #expect(old.fingerprint != new.fingerprint)
            // Every other photo is as it was, id and all.
            #expect(manifest.photos.filter { $0.path != changed } == manifestBefore.photos.filter { $0.path != changed })

            let added = Set(second.keys).subtracting(first.keys)
            let removed = Set(first.keys).subtracting(second.keys)
            let rewritten = Set(second.keys.filter { first[$0] != nil && first[$0] != second[$0] })
            #expect(added.filter { !$0.hasPrefix("data/") && $0.contains("/") } == Self.images(new))
            #expect(removed.filter { !$0.hasPrefix("data/") } == Self.images(old))
            // One chunk and the search index replaced (named by their bytes).
            let newData = added.filter { $0.hasPrefix("data/") }, oldData = removed.filter { $0.hasPrefix("data/") }
            #expect(newData.filter { $0.hasPrefix("data/c-") }.count == 1)
            #expect(newData.filter { $0.hasPrefix("data/s-") }.count == 1)
            #expect(newData.count == 2)
            #expect(oldData.filter { $0.hasPrefix("data/c-") }.count == 1)
            #expect(oldData.filter { $0.hasPrefix("data/s-") }.count == 1)
            #expect(oldData.count == 2)
            let newChunk = try #require(newData.first { $0.hasPrefix("data/c-") })
            #expect(try readText(site + "/" + newChunk).contains("\"\(new.id)\""))
            let oldChunk = try #require(oldData.first { $0.hasPrefix("data/c-") })
            #expect(!FileSystem.exists(site + "/" + oldChunk))
            // The index files, and the one static page that shows the photo.
            let pages = rewritten.filter { $0.hasPrefix("albums/") }
            #expect(pages.count == 1)
            if let page = pages.first { #expect(try readText(site + "/" + page).contains(new.thumb.src)) }
            // The cache's journal is new: the cache is not written (issue 33).
            #expect(rewritten.subtracting(pages) == ["index.html", "manifest.json"])
            #expect(added.filter { !$0.contains("/") } == [BuildCache.journalName])

            // What the rebuild kept (the other photos' bytes in the manifest, the chunks of
            // unchanged photos) is what encoding everything afresh writes, byte for byte.
            let manifestBytes = try FileSystem.read(site + "/manifest.json")
            #expect(manifestBytes == (try ManifestJSON.encode(manifest)) + [UInt8(ascii: "\n")])
            let (decoded, ranges, array) = try #require(PreviousSite.decodeManifest(manifestBytes))
            let madeAfresh = BuildCache(
                manifest: decoded, fingerprint: ContentFingerprint(of: manifestBytes).hex, ranges: ranges, photosArray: array)
            #expect(try CacheFixtures.read(site) == madeAfresh.encoded())
            let fresh = PageData(manifest)
            for chunk in fresh.chunks { #expect(try FileSystem.read(site + "/" + chunk.src) == chunk.script, "\(chunk.src)") }
            #expect(try FileSystem.read(site + "/" + fresh.searchSrc) == fresh.searchScript)
            let named = Set(fresh.chunks.map(\.src) + [fresh.searchSrc])
            #expect(Set(second.keys.filter { $0.hasPrefix("data/") }) == named)
        }
    }
}
