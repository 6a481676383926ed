import Foundation
import Testing

@testable import ProofsheetKit

/// A rebuild repairs a site damaged on disk: a page file the previous build wrote whose name
/// is still current (a chunk, an album page, the search index, `index.html`) but whose bytes
/// are not what it wrote — truncated, zeroed, edited — or that is gone, is written again and
/// named in one line, and the site is byte for byte a fresh build's. With nothing changed
/// (the quick path that decodes no photo) and with one photo changed in another album (album
/// by album, the damaged file's album kept).
@Suite("A rebuild repairs damaged page files")
struct SiteRepairTests {
    enum File: CaseIterable {
        case chunk, albumPage, search, index
    }

    enum Damage: CaseIterable {
        case truncated, zeroed, edited, missing
    }

    /// The relative path of the file of this kind that the rebuild keeps: Album 0's first
    /// chunk and first page (Album 1 is the one changed).
    static func path(_ file: File, in site: String) throws -> String {
        let data = try PageFixtures.pageData(site)
        switch file {
        case .chunk:
            let chunks = try #require(data["chunks"] as? [[Any]])
            return "data/\(try #require(chunks.first?.first as? String)).js"
        case .search: return "data/\(try #require(data["search"] as? String)).js"
        case .albumPage: return try #require(FileSystem.contents(of: site + "/albums").sorted().first.map { "albums/" + $0 })
        case .index: return "index.html"
        }
    }

    static func damage(_ path: String, _ damage: Damage) throws {
        var bytes = try FileSystem.read(path)
        switch damage {
        case .truncated: bytes.removeLast(bytes.count / 2)
        case .zeroed: bytes = [UInt8](repeating: 0, count: bytes.count)
        case .edited:
            let at = bytes.count / 2
            bytes[at] = bytes[at] == UInt8(ascii: "7") ? UInt8(ascii: "8") : UInt8(ascii: "7")
        case .missing:
            FileSystem.remove(path)
            return
        }
        // In place, as a failing disk would leave it (same name, no new file).
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
    }

    static func copy(_ from: String, to: String) throws {
        FileSystem.remove(to)
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }

    @Test(
        "each kind of page file damaged each way, then rebuilt: written again, said in one line, the site a fresh build's",
        arguments: [false, true])
    func damagedFileIsRewritten(_ photoChanged: Bool) async throws {
        // Two albums of more than half a chunk each: each has a chunk of its own, and Album 0
        // is kept whole when a photo of Album 1 changes.
        let perAlbum = PageData.chunkSize / 2 + 20
        func relative(_ index: Int) -> String { "Album \(index / perAlbum)/IMG_\(index).jpg" }
        try await withTemporaryDirectory { root in
            let library = root + "/Library", built = root + "/Built", fresh = root + "/Fresh", site = root + "/Site"
            for index in 0..<(2 * perAlbum) { try TestPhoto.write(try AlbumFixtures.photo(index), to: library, relative(index)) }
            _ = try await AlbumFixtures.rebuild(library, built, sort: .date)
            if photoChanged {
                try TestPhoto.write(try AlbumFixtures.photo(2_000), to: library, relative(perAlbum + 3))
                try await Task.sleep(for: .milliseconds(20))
            }
            _ = try await AlbumFixtures.rebuild(library, fresh, sort: .date)
            // The cache is compared by its records: a rebuild may write it as a base and a
            // journal where a first build writes it whole.
            let caches = [BuildCache.fileName, BuildCache.journalName]
            let whole = try snapshot(fresh).filter { !caches.contains($0.key) }

            for file in File.allCases {
                for damage in Damage.allCases where !(file == .index && damage == .missing) {
                    let name = "\(file), \(damage)\(photoChanged ? ", a photo of Album 1 changed" : ", nothing changed")"
                    try Self.copy(built, to: site)
                    let relative = try Self.path(file, in: site)
                    try Self.damage(site + "/" + relative, damage)
                    let report = try await AlbumFixtures.rebuild(library, site, sort: .date)
                    let rebuilt = try snapshot(site).filter { !caches.contains($0.key) }
                    let differing = Set(rebuilt.keys).union(whole.keys).filter { rebuilt[$0] != whole[$0] }.sorted()
                    #expect(differing.isEmpty, "\(name): the site differs from a fresh build's")
                    #expect(try CacheFixtures.read(site) == CacheFixtures.read(fresh), "\(name): the caches differ")
                    // The search index is named by every photo: when one changed, the damaged
                    // one is not written again but replaced (and deleted).
                    let said = damage == .missing ? "missing" : "damaged"
                    let expected = photoChanged && file == .search ? [] : ["\(site)/\(relative): \(said); written again"]
                    #expect(report.warnings.map(\.description) == expected, "\(name)")
                    if !photoChanged { #expect(report.rendered == 0, "\(name): no photo rendered") }
                    if damage == .edited {
                        let again = try await AlbumFixtures.rebuild(library, site, sort: .date)
                        #expect(again.warnings.isEmpty, "\(name): said once")
                    }
                }
            }
        }
    }
}
