import Foundation
import Testing

@testable import ProofsheetKit

/// The real binary killed with SIGKILL between any two of its file operations
/// (`KilledBinary`): a join leaves the site it would have replaced working, a shard its
/// part; the next run finishes the job.
@Suite("Sharded builds: killed")
struct ShardKillTests {
    static func options(_ library: String, output: String, quality: Int = 82) -> BuildOptions {
        var options = ShardFixtures.options(library, output: output)
        options.quality = quality
        return options
    }

    /// The folders and files a site's page needs, besides the page: none may be missing
    /// or differ from those of the site the page is (`old` or `new`). `manifest.json`, the
    /// cache and the album pages (written in place before the page, as `build` does) may
    /// be either's; every image the manifest there names is there.
    static func expectWhole(_ site: String, old: [String: [UInt8]], new: [String: [UInt8]], point: Int) throws {
        let files = try snapshot(site)
        let page = files["index.html"]
        try #require(page == old["index.html"] || page == new["index.html"], "killed at \(point): index.html is neither site's")
        let shown = page == new["index.html"] ? new : old
        for (path, bytes) in shown where path != "manifest.json" && path != BuildCache.fileName && !path.hasPrefix("albums/") {
            #expect(files[path] == bytes, "killed at \(point): \(path) is missing or changed")
        }
        for path in ["manifest.json", BuildCache.fileName] + shown.keys.filter({ $0.hasPrefix("albums/") }) {
            #expect(files[path] == old[path] || files[path] == new[path], "killed at \(point): \(path) is neither site's")
        }
        for photo in try readManifest(site).photos {
            for src in [photo.thumb.src, photo.thumb2x.src, photo.preview.src] {
                #expect(files[src] != nil && (files[src] == old[src] || files[src] == new[src]), "killed at \(point): \(src)")
            }
        }
    }

    @Test("a join killed at every point leaves the previous site whole, its page working; the next join is the whole build")
    func killedJoin() async throws {
        #expect(FileSystem.exists(KilledBinary.shim), "could not compile Tests/fixtures/kill_at.c with clang, cc or gcc")
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", before = root + "/Before"
            try ShardFixtures.makeLibrary(at: library, count: 6)
            let parts = try await ShardFixtures.buildShares(library, count: 2, in: root)
            _ = try await ShardFixtures.join(parts, into: site)
            let old = try snapshot(site)
            KilledBinary.copyTree(site, before)
            // The parts built again at another quality: every image of the site is new.
            for (index, part) in parts.enumerated() {
                _ = try await ShardBuilder(
                    options: Self.options(library, output: part, quality: 55), shard: Shard(index: index + 1, count: 2)!
                )
                .build()
            }
            _ = try await SiteBuilder(options: Self.options(library, output: root + "/Whole", quality: 55)).build()
            let new = try snapshot(root + "/Whole")

            let join = ["join"] + parts + ["--output", site, "--templates", templatesDirectory]
            var kills = 0
            for point in 1...10_000 {
                FileSystem.remove(site)
                KilledBinary.copyTree(before, site)
                let killed = KilledBinary.proofsheet(join, in: root, killAt: point)
                guard killed.killed else {
                    #expect(killed.status == 0, "\(killed.err)")
                    break
                }
                kills += 1
                try Self.expectWhole(site, old: old, new: new, point: point)
                let next = KilledBinary.proofsheet(join, in: root)
                #expect(next.status == 0, "after a kill at \(point): \(next.err)")
                #expect(try snapshot(site) == new, "after a kill at \(point), the next join is not the whole build")
            }
            #expect(kills >= 40)
        }
    }

    @Test(
        "a shard killed at every point leaves its part as it was, or one join refuses in one line; the next run finishes it"
    )
    func killedShard() async throws {
        #expect(FileSystem.exists(KilledBinary.shim), "could not compile Tests/fixtures/kill_at.c with clang, cc or gcc")
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            try ShardFixtures.makeLibrary(at: library, count: 12)
            let parts = try await ShardFixtures.buildShares(library, count: 2, in: root)
            _ = try await SiteBuilder(options: Self.options(library, output: root + "/Old")).build()
            let old = try snapshot(root + "/Old")
            // Two photos of share 2 changed, one of share 1 left as it was.
            let changed = ["Album 0/IMG_0.jpg", "Album 1/IMG_1.jpg", "Album 2/IMG_2.jpg", "Album 3/IMG_3.jpg"]
                .filter { Shard.share(of: BytePath($0), count: 2) == 2 }.prefix(2)
            try #require(changed.count == 2)
            for (index, path) in changed.enumerated() {
                try TestPhoto.write(try LibraryFixtures.photo(7_000 + index, width: 160, height: 120), to: library, path)
            }
            _ = try await SiteBuilder(options: Self.options(library, output: root + "/New")).build()
            let new = try snapshot(root + "/New")
            KilledBinary.copyTree(parts[1], root + "/part-before")

            let shard = [
                "build", library, "--shard", "2/2", "--output", parts[1], "--thumb-size", "64", "--preview-size", "128",
                "--limit", "5", "--jobs", "2", "--quiet", "--templates", templatesDirectory,
            ]
            let refusal =
                "\(parts[1]): its manifest.json is not the one its part.json names (a shard stopped while writing?); "
                + "build the shard again"
            var outcomes: [String: Int] = [:]
            for point in 1...10_000 {
                FileSystem.remove(parts[1])
                KilledBinary.copyTree(root + "/part-before", parts[1])
                let killed = KilledBinary.proofsheet(shard, in: root, killAt: point)
                guard killed.killed else {
                    #expect(killed.status == 0, "\(killed.err)")
                    break
                }
                let site = root + "/Joined"
                FileSystem.remove(site)
                if let message = await ShardFixtures.message({ try await ShardFixtures.join(parts, into: site) }) {
                    #expect(message == refusal, "killed at \(point)")
                    outcomes["refused", default: 0] += 1
                } else {
                    let joined = try snapshot(site)
                    let outcome = joined == old ? "the previous part" : joined == new ? "the new part" : "another site"
                    #expect(outcome != "another site", "killed at \(point): the join is neither the old nor the new site")
                    outcomes[outcome, default: 0] += 1
                }
                let next = KilledBinary.proofsheet(shard, in: root)
                #expect(next.status == 0, "after a kill at \(point): \(next.err)")
                FileSystem.remove(site)
                _ = try await ShardFixtures.join(parts, into: site)
                #expect(try snapshot(site) == new, "after a kill at \(point), the next shard and join are not the whole build")
            }
            // Killed while rendering or staging, the part is the previous one; after, the new
            // one. Only between the manifest's rename and part.json's (at the renames of the
            // cache, the walk's record, part.json) does the join refuse: a manifest written
            // in place would be refused at every one of its writes.
            #expect((outcomes["the previous part"] ?? 0) >= 10, "\(outcomes)")
            #expect((1...3).contains(outcomes["refused"] ?? 0), "\(outcomes)")
            #expect((outcomes["the new part"] ?? 0) >= 1, "\(outcomes)")
        }
    }
}
