import Foundation
import Testing

@testable import ProofsheetKit

/// A rebuild album by album (`AlbumRebuild`): the albums that did not change are taken
/// from the previous build without decoding their photos, and the site is still byte for
/// byte the one a rebuild of every photo makes (and, where no copy of a photo came or went,
/// a fresh build) — with photos changed, added and removed, a new album, copies of photos
/// (which keep their numbers), and when the previous search index on disk was altered.
@Suite("Rebuild album by album")
struct AlbumRebuildTests {
    @Test(
        "photos changed, came and went, a new album, copies: kept albums are taken as they were, the site is a whole rebuild's",
        arguments: [PhotoSort.date, .name])
    func rebuildIsFresh(_ sort: PhotoSort) async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", fresh = root + "/Fresh", whole = root + "/Whole"
            try AlbumFixtures.makeLibrary(library)
            _ = try await AlbumFixtures.rebuild(library, site, sort: sort)
            try TestPhoto.write(try AlbumFixtures.photo(1_000), to: library, AlbumFixtures.relative(80))  // changed, Album 1
            try TestPhoto.write(try AlbumFixtures.photo(1_001), to: library, "Album 2/IMG_new.jpg")  // added
            FileSystem.remove(library + "/" + AlbumFixtures.relative(4 * AlbumFixtures.perAlbum + 3))  // removed, Album 4
            try TestPhoto.write(try AlbumFixtures.photo(1_002), to: library, "Album 10/IMG_a.jpg")  // a new album
            // The same content as Album 3's photo, at a path before it: that photo keeps its
            // id (a copy keeps its number), the copy gets `…-2`, and Album 3 is kept.
            try TestPhoto.write(try AlbumFixtures.photo(3 * AlbumFixtures.perAlbum + 5), to: library, "Album 0/IMG_copy.jpg")
            // A copy of one of Album 5's photos at the top level, after it in byte order:
            // Album 5 keeps its ids, and is kept.
            try TestPhoto.write(try AlbumFixtures.photo(5 * AlbumFixtures.perAlbum + 1), to: library, "IMG_top.jpg")
            // A camera first seen at the top level: every camera's number in the search index moves.
            try TestPhoto.write(try AlbumFixtures.photo(1_003), to: library, "IMG_zz.jpg")
            try await Task.sleep(for: .milliseconds(20))
            try AlbumFixtures.copySite(site, to: whole)
            let report = try await AlbumFixtures.rebuild(library, site, sort: sort)
            #expect(report.rendered == 6)
            #expect(report.albumsKept == 4, "Albums 3, 5, 6 and 7 kept")
            try await AlbumFixtures.rebuildWhole(library, whole, sort: sort)
            try AlbumFixtures.expectSame(site, whole)

            let manifest = try readManifest(site)
            let copied = try #require(manifest.photos.first { $0.path == AlbumFixtures.relative(3 * AlbumFixtures.perAlbum + 5) })
            #expect(!copied.id.contains("-"))
            #expect(manifest.photos.first { $0.path == "Album 0/IMG_copy.jpg" }?.id == copied.id + "-2")
            let top = try #require(manifest.photos.first { $0.path == "IMG_top.jpg" })
            #expect(top.id.hasSuffix("-2"))
            #expect(
                !(manifest.photos.first { $0.path == AlbumFixtures.relative(5 * AlbumFixtures.perAlbum + 1) }?.id.contains("-") ?? true))
            // A first build numbers the copies by path.
            _ = try await AlbumFixtures.rebuild(library, fresh, sort: sort)
            #expect(try readManifest(fresh).photos.first { $0.path == "Album 0/IMG_copy.jpg" }?.id == copied.id)

            // And again with nothing changed: nothing is written, and again with one photo
            // changed in the last album: every other album is kept.
            try TestPhoto.write(
                try AlbumFixtures.photo(2_000), to: library, AlbumFixtures.relative(AlbumFixtures.albums * AlbumFixtures.perAlbum - 1))
            try await Task.sleep(for: .milliseconds(20))
            FileSystem.remove(whole)
            try AlbumFixtures.copySite(site, to: whole)
            let once = try await AlbumFixtures.rebuild(library, site, sort: sort)
            #expect(once.albumsKept == 9, "all but Album 7 of the 10 albums (the top level, Albums 0-7 and 10)")
            try await AlbumFixtures.rebuildWhole(library, whole, sort: sort)
            try AlbumFixtures.expectSame(site, whole)
        }
    }

    // A cache whose checksum holds (anyone can make one; a bug can write one) and that
    // describes this manifest.json, but whose records of an album that did not change are
    // not true: the album is taken from the previous build as its records say, without
    // decoding a photo, so each of them must be found to be that album's photo whole.
    static let forged: [(String, hidesAChange: Bool, @Sendable (inout BuildCache, [UInt8], Manifest, Manifest.Photo) -> Void)] = [
        // Still one run, the records adjacent and a comma between each and the next: copied
        // as it is, the run starts mid-object and the next manifest.json is not one.
        (
            "a kept album's run starts mid-object", false,
            { cache, bytes, _, _ in
                let first = cache.photos[0].json
                let comma = bytes[first].firstIndex(of: UInt8(ascii: ","))!
                cache.photos[0].json = (comma + 1)..<first.upperBound
            }
        ),
        // A photo of Album 0 changed on disk, and its record says the new file's size and
        // time: the album is judged unchanged and its old photo kept.
        (
            "a kept album's record has a changed file's size and time", true,
            { cache, _, previous, changed in
                let position = previous.photos.firstIndex { $0.path == changed.path }!
                cache.photos[position].bytes = changed.bytes
                cache.photos[position].modified = changed.modified
            }
        ),
    ]

    @Test(
        "a forged cache (checksum right) whose records of a kept album are not its photos whole: one warning, the manifest read whole, the site a fresh build's",
        arguments: 0..<2)
    func forgedKeptRun(_ which: Int) async throws {
        let (name, hidesAChange, forge) = Self.forged[which]
        // Two albums of more than half a chunk each, so that each has a chunk of its own and
        // nothing of Album 0 is decoded when only Album 1 changed.
        let perAlbum = PageData.chunkSize / 2 + 20
        func relative(_ index: Int) -> String { "Album \(index / perAlbum)/IMG_\(index).jpg" }
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", fresh = root + "/Fresh"
            for index in 0..<(2 * perAlbum) {
                try TestPhoto.write(try AlbumFixtures.photo(index), to: library, AlbumFixtures.relative(index))
            }
            _ = try await AlbumFixtures.rebuild(library, site, sort: .date)
            let previous = try readManifest(site)
            // One photo changed in Album 1, so that the rebuild is album by album and Album 0
            // is one it keeps; and one in Album 0 when the forgery hides it.
            try TestPhoto.write(try AlbumFixtures.photo(2_000), to: library, AlbumFixtures.relative(perAlbum + 3))
            if hidesAChange { try TestPhoto.write(try AlbumFixtures.photo(2_001), to: library, AlbumFixtures.relative(5)) }
            try await Task.sleep(for: .milliseconds(20))
            _ = try await AlbumFixtures.rebuild(library, fresh, sort: .date)
            let changed = try #require(try readManifest(fresh).photos.first { $0.path == AlbumFixtures.relative(5) })
            let bytes = try FileSystem.read(site + "/manifest.json")
            let cachePath = site + "/" + BuildCache.fileName
            var cache = try BuildCache(decoding: try FileSystem.read(cachePath), manifestLength: bytes.count)
            forge(&cache, bytes, previous, changed)
            // Its checksum made right, so that only its records are untrue.
            try FileSystem.writeAtomically(cache.encoded(), to: cachePath)

            let report = try await AlbumFixtures.rebuild(library, site, sort: .date)
            #expect(
                report.warnings.map(\.description)
                    == ["\(site)/.proofsheet-cache: not true of the photos of manifest.json; read manifest.json instead, and written anew"],
                "\(name)")
            try AlbumFixtures.expectSame(site, fresh)
            #expect(try await AlbumFixtures.rebuild(library, site, sort: .date).warnings.isEmpty, "\(name): said once")
        }
    }

    @Test("a previous search index altered on disk is not spliced: the manifest is read whole, and the site is a fresh build's")
    func alteredSearchIndex() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", fresh = root + "/Fresh"
            try AlbumFixtures.makeLibrary(library)
            _ = try await AlbumFixtures.rebuild(library, site, sort: .date)
            let data = try #require(PageFixtures.pageData(site)["search"] as? String)
            let path = site + "/data/\(data).js"
            var bytes = try FileSystem.read(path)
            let at = try #require(bytes.firstRange(of: Array("photo".utf8)) ?? bytes.firstRange(of: Array("IMG_".utf8)))
            bytes[at.lowerBound] = UInt8(ascii: "X")
            try FileSystem.writeAtomically(bytes, to: path)
            try TestPhoto.write(try AlbumFixtures.photo(3_000), to: library, AlbumFixtures.relative(10))
            try await Task.sleep(for: .milliseconds(20))
            let report = try await AlbumFixtures.rebuild(library, site, sort: .date)
            #expect(report.albumsKept == nil)
            _ = try await AlbumFixtures.rebuild(library, fresh, sort: .date)
            try AlbumFixtures.expectSame(site, fresh)
        }
    }

    @Test(
        "names with quotes, backslashes, control characters, non-ASCII and emoji: kept as bytes or made again, the search index is a fresh build's"
    )
    func awkwardNames() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", fresh = root + "/Fresh"
            let odd = "Odd \"names\" \u{E9}"
            try AlbumFixtures.makeLibrary(library)
            try PageFixtures.writeAwkward(library, folder: odd, first: 5_000)
            _ = try await AlbumFixtures.rebuild(library, site, sort: .name)
            // One photo changed elsewhere: the odd album's part of the index is copied.
            try await Self.rebuildChanged(library, site, fresh, "every album but Album 1") {
                try TestPhoto.write(try AlbumFixtures.photo(1_000), to: library, AlbumFixtures.relative(80))
            }
            let photos = try readManifest(site).photos
            let names = try PageFixtures.searchColumns(site).names
            #expect(names.map { Array($0.utf8) } == photos.map { Array($0.name.utf8) })

            // One of the odd album's photos changed: its values written again, the others copied.
            let first = PageFixtures.awkwardNames[0]
            try await Self.rebuildChanged(library, site, fresh, "every album but the odd one") {
                try NameFixtures.writeRaw(
                    try PageFixtures.photo(6_000), to: BytePath(bytes: Array((library + "/" + odd + "/").utf8) + first))
            }
        }
    }

    /// Changes one photo (`change`), rebuilds `site` by name, expects every album but one kept
    /// (`which` says which), and the site to be a fresh build's (made anew in `fresh`).
    static func rebuildChanged(
        _ library: String, _ site: String, _ fresh: String, _ which: Comment,
        sourceLocation: SourceLocation = #_sourceLocation, change: () throws -> Void
    ) async throws {
        try change()
        try await Task.sleep(for: .milliseconds(20))
        let report = try await AlbumFixtures.rebuild(library, site, sort: .name)
        #expect(report.albumsKept == AlbumFixtures.albums, which, sourceLocation: sourceLocation)
        FileSystem.remove(fresh)
        _ = try await AlbumFixtures.rebuild(library, fresh, sort: .name)
        try AlbumFixtures.expectSame(site, fresh, sourceLocation: sourceLocation)
    }

    @Test(
        "a search index in the old form (ids and names as arrays) is not read: no warning, the manifest read whole, the site a fresh build's"
    )
    func oldFormSearchIndex() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", fresh = root + "/Fresh"
            try AlbumFixtures.makeLibrary(library)
            _ = try await AlbumFixtures.rebuild(library, site, sort: .date)
            let total = AlbumFixtures.albums * AlbumFixtures.perAlbum
            // Under this program's mark, so that only the index's form can turn the rebuild away.
            try PageFixtures.rewriteData(site) { function, json in
                function == "search" ? try PageFixtures.inOldForm(json, count: total) : json
            }
            let search = try #require(PageFixtures.pageData(site)["search"] as? String)
            #expect(try PageFixtures.searchIndex(site).json["ids"] is [String])
            #expect(PreviousSearchIndex(script: try FileSystem.read(site + "/data/\(search).js"), name: search, count: total) == nil)
            try TestPhoto.write(try AlbumFixtures.photo(3_000), to: library, AlbumFixtures.relative(10))
            try await Task.sleep(for: .milliseconds(20))
            let report = try await AlbumFixtures.rebuild(library, site, sort: .date)
            #expect(report.albumsKept == nil && report.warnings.isEmpty)
            _ = try await AlbumFixtures.rebuild(library, fresh, sort: .date)
            try AlbumFixtures.expectSame(site, fresh)
            #expect(try PageFixtures.searchIndex(site).json["ids"] is String)
        }
    }

    @Test(
        "a site an earlier proofsheet wrote, its search index in the old form, is a fresh build's after the next build, even with nothing changed"
    )
    func earlierProgramsSite() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try AlbumFixtures.makeLibrary(library)
            _ = try await AlbumFixtures.rebuild(library, site, sort: .date)
            let current = try snapshot(site)
            // The page key the proofsheet before `PageData.format` gave these templates: had
            // this one the same, the page would be current and the old index kept.
            let templates = try TemplateSet(directory: templatesDirectory)
            var hash = StableHash()
            hash.combine(Proofsheet.generator)
            for text in [
                templates.index.source, templates.album.source, templates.photo.source, templates.albumPage.source, templates.css,
                templates.javascript,
            ] {
                hash.combine(text)
            }
            let earlierKey = hash.hex(digits: 16)
            #expect(earlierKey != SiteWriter.pageKey(templates: templates))
            try PageFixtures.rewriteData(site, pageKey: earlierKey) { function, json in
                function == "search" ? try PageFixtures.inOldForm(json, count: AlbumFixtures.albums * AlbumFixtures.perAlbum) : json
            }
            #expect(try snapshot(site) != current)
            let report = try await AlbumFixtures.rebuild(library, site, sort: .date)
            #expect(report.rendered == 0 && report.warnings.isEmpty)
            #expect(try snapshot(site) == current)
        }
    }
}
