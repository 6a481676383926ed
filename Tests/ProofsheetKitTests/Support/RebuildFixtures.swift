import Foundation
import Testing

@testable import ProofsheetKit

/// A library of many albums, rebuilt album by album and held to a fresh build.
enum AlbumFixtures {
    static let albums = 8

    static let perAlbum = 75

    static func photo(_ index: Int) throws -> [UInt8] {
        var exif = ExifWriter()
        exif.description = "photo \(index)"
        exif.dateTaken = "2026-05-0\(1 + index * 7 % 9)T10:\(10 + index % 50):00"
        if index % 3 == 0 {
            exif.make = "Maker"
            exif.model = index % 2 == 0 ? "Camera A" : "Camera <B>"
        }
        if index == 1_003 {
            exif.make = "Maker"
            exif.model = "Camera C"
        }
        return try TestPhoto.jpeg(width: 24, height: 16, exif: exif, quality: 50)
    }

    static func relative(_ index: Int) -> String {
        "Album \(index / perAlbum)/IMG_\(index).jpg"
    }

    static func makeLibrary(_ library: String) throws {
        for index in 0..<(albums * perAlbum) { try TestPhoto.write(try photo(index), to: library, relative(index)) }
    }

    static func rebuild(_ library: String, _ site: String, sort: PhotoSort) async throws -> BuildReport {
        try await build(library, into: site) {
            $0.sort = sort
            $0.thumbSize = 32
            $0.previewSize = 64
            $0.quality = 50
        }
    }

    /// A copy of a site, to be rebuilt beside it.
    static func copySite(_ site: String, to copy: String) throws {
        try FileManager.default.copyItem(atPath: site, toPath: copy)
    }

    /// A rebuild of every photo (`SiteWriter.Strategy.whole`): without the previous search
    /// index, the rebuild cannot be album by album.
    static func rebuildWhole(_ library: String, _ site: String, sort: PhotoSort) async throws {
        for name in FileSystem.contents(of: site + "/data") where name.hasPrefix("s-") { FileSystem.remove(site + "/data/" + name) }
        _ = try await rebuild(library, site, sort: sort)
    }

    /// The same site, file for file; the cache the same records (written whole, or as
    /// a base and a journal).
    static func expectSame(_ site: String, _ fresh: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var incremental = try snapshot(site), whole = try snapshot(fresh)
        for name in [BuildCache.fileName, BuildCache.journalName] {
            incremental[name] = nil
            whole[name] = nil
        }
        #expect(Set(incremental.keys) == Set(whole.keys), sourceLocation: sourceLocation)
        for (path, bytes) in whole { #expect(incremental[path] == bytes, "\(path) differs", sourceLocation: sourceLocation) }
        #expect(try CacheFixtures.read(site) == CacheFixtures.read(fresh), "the caches differ", sourceLocation: sourceLocation)
    }
}

/// The cache of a site as a rebuild reads it.
enum CacheFixtures {
    /// Its records as a whole file spells them (keys and pool in the records' order).
    static func canonical(_ cache: BuildCache) -> [UInt8] {
        cache.compacted().encoded()
    }

    /// The cache the site's files make (base and journal), canonical; nil when it is not
    /// the cache of the manifest.
    static func read(_ site: String) throws -> [UInt8]? {
        let journal = site + "/" + BuildCache.journalName
        guard
            let previous = PreviousSite(
                bytes: try FileSystem.read(site + "/manifest.json"), cache: try FileSystem.read(site + "/" + BuildCache.fileName),
                journal: FileSystem.exists(journal) ? try FileSystem.read(journal) : nil), previous.cacheCurrent
        else { return nil }
        return canonical(previous.cache)
    }
}

/// What a rebuild found of each file of a site.
enum ScopeFixtures {
    struct State: Equatable {
        var inode: UInt64
        var modified: Int64
        var size: Int64
    }

    /// Every regular file under `site`, by relative path.
    static func states(_ site: String) -> [String: State] {
        var states: [String: State] = [:]
        let enumerator = FileManager.default.enumerator(atPath: site)
        while let relative = enumerator?.nextObject() as? String {
            var info = stat()
            guard lstat(site + "/" + relative, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            states[relative] = State(inode: UInt64(info.st_ino), modified: modified, size: Int64(info.st_size))
        }
        return states
    }
}
