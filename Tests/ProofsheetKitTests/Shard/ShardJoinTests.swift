import Foundation
import Testing

@testable import ProofsheetKit

/// A library built in shares and joined is the site `build` makes of it, file for file.
@Suite("Sharded builds joined")
struct ShardJoinTests {
    @Test("a library built whole, and as 2 and as 3 shards joined, are the same files, byte for byte")
    func joinedIsWhole() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            try ShardFixtures.makeLibrary(at: library, count: 240)
            let whole = try await SiteBuilder(options: ShardFixtures.options(library, output: root + "/Whole")).build()
            #expect(whole.photos == 247)
            let expected = try snapshot(root + "/Whole")
            #expect(try readManifest(root + "/Whole").photos.contains { $0.id.hasSuffix("-2") })
            #expect(try readManifest(root + "/Whole").problems.count == 1)
            for count in [2, 3] {
                let parts = try await ShardFixtures.buildShares(library, count: count, in: root)
                let shares = try parts.map { try readManifest($0).photos.count }
                #expect(shares.reduce(0, +) == 247)
                #expect(shares.allSatisfy { $0 > 247 / count / 2 }, "shares balance: \(shares)")
                let report = try await ShardFixtures.join(parts.reversed(), into: root + "/Joined-\(count)")
                // Identical photos share their images: each distinct image linked once, none copied.
                #expect(report.photos == 247)
                #expect(report.linked == 241 * 3)
                #expect(report.copied == 0)
                let joined = try snapshot(root + "/Joined-\(count)")
                let oneSided = Set(joined.keys).symmetricDifference(expected.keys).sorted()
                #expect(oneSided.isEmpty, "files in one site only: \(oneSided)")
                for (path, bytes) in expected where joined[path] != bytes { Issue.record("\(path) differs after joining \(count) shares") }
            }
        }
    }

    @Test("a part built again after one photo changed redoes that photo only; the join is a whole rebuild; build keeps it all")
    func rebuiltShare() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            try ShardFixtures.makeLibrary(at: library, count: 60)
            var parts = try await ShardFixtures.buildShares(library, count: 3, in: root)
            _ = try await ShardFixtures.join(parts, into: root + "/Joined")
            let changed = "Album 1/IMG_5.jpg"
            try TestPhoto.write(try LibraryFixtures.photo(5_000, width: 160, height: 120), to: library, changed)
            let share = Shard.share(of: BytePath(changed), count: 3)
            let others = try parts.indices.filter { $0 != share - 1 }.map { try snapshot(parts[$0]) }
            let before = try snapshot(parts[share - 1])

            let again = try await ShardBuilder(
                options: ShardFixtures.options(library, output: parts[share - 1]), shard: Shard(index: share, count: 3)!
            ).build()
            #expect(again.rendered == 1 && again.reused == again.photos - 1)
            #expect(try snapshot(parts[share - 1]) != before)
            #expect(try parts.indices.filter { $0 != share - 1 }.map { try snapshot(parts[$0]) } == others)

            _ = try await ShardFixtures.join(parts, into: root + "/Joined")
            _ = try await SiteBuilder(options: ShardFixtures.options(library, output: root + "/Whole")).build()
            #expect(try snapshot(root + "/Joined") == snapshot(root + "/Whole"))

            // A plain build of the joined site decodes nothing and changes nothing.
            let joined = try snapshot(root + "/Joined")
            var bare = BuildOptions(library: library, output: root + "/Joined", jobs: 2, templates: templatesDirectory)
            bare.limit = 5
            let build = try await SiteBuilder(options: bare).build()
            #expect(build.rendered == 0)
            #expect(build.reused == 68)
            #expect(try snapshot(root + "/Joined") == joined)
            parts.removeAll()
        }
    }

    @Test("parts built again as N+1 shares into the same folders keep their images, say the new share, and join to the whole site")
    func reshardedIntoTheSameFolders() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            try ShardFixtures.makeLibrary(at: library, count: 60)
            _ = try await SiteBuilder(options: ShardFixtures.options(library, output: root + "/Whole")).build()
            let whole = try snapshot(root + "/Whole")
            var parts = try await ShardFixtures.buildShares(library, count: 3, in: root)
            parts.append(root + "/parts-3/4")

            func reshard(_ count: Int) async throws -> [ShardReport] {
                var reports: [ShardReport] = []
                for index in 1...count {
                    let options = ShardFixtures.options(library, output: parts[index - 1])
                    reports.append(try await ShardBuilder(options: options, shard: Shard(index: index, count: count)!).build())
                }
                return reports
            }
            // Three shares to four: photos move only into the new share, so the three parts
            // decode nothing, and drop the images of the photos that left them.
            let four = try await reshard(4)
            #expect(four.prefix(3).map(\.rendered) == [0, 0, 0])
            #expect(four[3].rendered > 0 && four[3].reused == 0)
            for (index, part) in parts.enumerated() {
                let manifest = try PartManifest.read(in: part, shown: part)
                #expect(manifest.shard == index + 1 && manifest.of == 4 && manifest.listing.shares.count == 4)
                #expect(SiteMarker.read(in: part)?.shard == "\(index + 1)/4")
                let named = Set(try readManifest(part).photos.flatMap { [$0.thumb.src, $0.thumb2x.src, $0.preview.src] })
                let held = Set(
                    ["thumbs", "previews"].flatMap { folder in FileSystem.contents(of: part + "/" + folder).map { folder + "/" + $0 } })
                #expect(held == named, "\(part) holds images its manifest does not name, or lacks some")
            }
            _ = try await ShardFixtures.join(parts, into: root + "/Joined-4")
            #expect(try snapshot(root + "/Joined-4") == whole)
            // The four of them as three shares again: the fourth, stale part is refused.
            let three = try await reshard(3)
            // Only the photos that come back from the fourth share are decoded.
            #expect(three.map(\.rendered).reduce(0, +) <= four[3].photos)
            #expect(three.map(\.rendered).reduce(0, +) > 0)
            #expect(
                await ShardFixtures.message { try await ShardFixtures.join(parts, into: root + "/Mixed") }
                    == "\(parts[3]): is shard 4/4, of 4 shares; \(parts[0]) is of 3")
            _ = try await ShardFixtures.join(Array(parts.prefix(3)), into: root + "/Joined-3")
            #expect(try snapshot(root + "/Joined-3") == whole)
        }
    }

    @Test("a shard built again reads the head of no unchanged photo of another share: its part keeps what its walk learnt")
    func walkRemembered() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            try ShardFixtures.makeLibrary(at: library, count: 24)
            let parts = try await ShardFixtures.buildShares(library, count: 2, in: root)
            let before = try snapshot(parts[0])
            let total = try PartManifest.read(in: parts[0], shown: parts[0]).listing.photos
            // Every photo of share 2 made zeros, its size and time kept: read, none is an image.
            let others = (FileManager.default.subpaths(atPath: library) ?? []).filter { path in
                ["IMG_", "copy_"].contains { path.contains("/" + $0) } && Shard.share(of: BytePath(path), count: 2) == 2
            }
            try #require(others.count > 5)
            for path in others {
                let (size, time) = try #require(FileSystem.fileStatus(library + "/" + path))
                try FileSystem.writeAtomically([UInt8](repeating: 0, count: Int(size)), to: library + "/" + path)
                try FileSystem.setModificationTime(library + "/" + path, nanoseconds: time)
            }
            let options = ShardFixtures.options(library, output: parts[0])
            let again = try await ShardBuilder(options: options, shard: Shard(index: 1, count: 2)!).build()
            #expect(again.rendered == 0 && again.total == total)
            #expect(try snapshot(parts[0]) == before, "the shard read photos of the other share")
            // Without the record, the shard reads them, and its listing is of fewer photos.
            FileSystem.remove(parts[0] + "/" + PartWalk.fileName)
            let unremembered = try await ShardBuilder(options: options, shard: Shard(index: 1, count: 2)!).build()
            #expect(unremembered.total == total - others.count)
            #expect(try PartManifest.read(in: parts[0], shown: parts[0]).listing.photos == total - others.count)
        }
    }

    @Test("join refuses, in one line naming the part, parts that do not make one whole; nothing is written")
    func refusals() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", other = root + "/Other"
            try ShardFixtures.makeLibrary(at: library, count: 24)
            try ShardFixtures.makeLibrary(at: other, count: 24)
            let parts = try await ShardFixtures.buildShares(library, count: 2, in: root)
            var options = ShardFixtures.options(library, output: root + "/quality")
            options.quality = 50
            _ = try await ShardBuilder(options: options, shard: Shard(index: 2, count: 2)!).build()
            _ = try await ShardBuilder(options: ShardFixtures.options(other, output: root + "/other"), shard: Shard(index: 2, count: 2)!)
                .build()
            _ = try await ShardBuilder(options: ShardFixtures.options(library, output: root + "/of3"), shard: Shard(index: 2, count: 3)!)
                .build()
            let site = root + "/Site"
            let cases: [([String], String)] = [
                (
                    [parts[0], root + "/quality"],
                    "\(root)/quality: built with other options than \(parts[0]) (--quality 50, not 82); build every shard with the same"
                ),
                ([parts[0], root + "/other"], "\(root)/other: a part of another library ('Other'), not of 'Library' as \(parts[0])"),
                ([parts[0]], "shard 2/2: missing: no part given is that share (given: 1/2)"),
                ([parts[0], parts[0]], "\(parts[0]): is shard 1/2 again (so is \(parts[0])); give each share once"),
                ([parts[0], root + "/of3"], "\(root)/of3: is shard 2/3, of 3 shares; \(parts[0]) is of 2"),
                ([parts[0], library], "\(library): not a part of a sharded build (no part.json); build it with --shard K/N"),
            ]
            for (given, expected) in cases {
                let message = await ShardFixtures.message { try await ShardFixtures.join(given, into: site) }
                #expect(message == expected)
                #expect(!FileSystem.exists(site))
            }
            // The library changed between shards: another listing.
            try TestPhoto.write(try LibraryFixtures.photo(77, width: 160, height: 120), to: library, "Album 0/new.jpg")
            _ = try await ShardBuilder(options: ShardFixtures.options(library, output: parts[1]), shard: Shard(index: 2, count: 2)!).build()
            let listing = await ShardFixtures.message { try await ShardFixtures.join(parts, into: site) }
            #expect(
                listing == "\(parts[1]): walked another listing of the library than \(parts[0]) (33 photos, not 32): it changed "
                    + "between shards; build every shard again")
            #expect(!FileSystem.exists(site))
        }
    }

    @Test("a part whose manifest is not the one its part.json names, or that lacks an image, is refused")
    func damagedPart() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            try ShardFixtures.makeLibrary(at: library, count: 24)
            let parts = try await ShardFixtures.buildShares(library, count: 2, in: root)
            let site = root + "/Site"
            _ = try await ShardFixtures.join(parts, into: site)
            let published = try snapshot(site)
            let preview = try #require(FileSystem.contents(of: parts[1] + "/previews").first)
            FileSystem.remove(parts[1] + "/previews/" + preview)
            #expect(
                await ShardFixtures.message { try await ShardFixtures.join(parts, into: site) }
                    == "\(parts[1])/previews/\(preview): missing; build the shard again")
            var manifest = try FileSystem.read(parts[0] + "/manifest.json")
            manifest.append(0x0A)
            try FileSystem.writeAtomically(manifest, to: parts[0] + "/manifest.json")
            #expect(
                await ShardFixtures.message { try await ShardFixtures.join(parts, into: site) }
                    == "\(parts[0]): its manifest.json is not the one its part.json names (a shard stopped while writing?); build the shard again"
            )
            #expect(try snapshot(site) == published)
        }
    }

    @Test(
        "parts on another file system are copied into the site, not linked, and it is the same site",
        .enabled(if: FileSystem.isDirectory("/dev/shm"), "needs /dev/shm (a tmpfs)"))
    func copiedAcrossFileSystems() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", shm = "/dev/shm/proofsheet-shard-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: shm) }
            try ShardFixtures.makeLibrary(at: library, count: 24)
            _ = try await SiteBuilder(options: ShardFixtures.options(library, output: root + "/Whole")).build()
            let parts = try await ShardFixtures.buildShares(library, count: 2, in: shm)
            let report = try await ShardFixtures.join(parts, into: root + "/Joined")
            #expect(report.linked == 0)
            #expect(report.copied == 25 * 3)
            #expect(report.copiedBecause == "the parts and the site are on different file systems")
            #expect(try snapshot(root + "/Joined") == snapshot(root + "/Whole"))
            #expect(FileSystem.contents(of: root + "/Joined/previews").allSatisfy { !$0.hasPrefix(".") })
        }
    }

    @Test("a shard is not written over a site, joined or not, nor a site built or joined into a part; nothing is written")
    func foldersKeptApart() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", joined = root + "/Joined"
            try ShardFixtures.makeLibrary(at: library, count: 12)
            _ = try await SiteBuilder(options: ShardFixtures.options(library, output: site)).build()
            let parts = try await ShardFixtures.buildShares(library, count: 2, in: root)
            _ = try await ShardFixtures.join(parts, into: joined)
            // A share's first build stopped before it wrote anything but its marker: a part already.
            let started = root + "/started"
            try FileSystem.createDirectory(started)
            try FileSystem.writeAtomically(
                try FileSystem.read(parts[1] + "/" + SiteMarker.fileName), to: started + "/" + SiteMarker.fileName)
            let folders = [site, joined, started] + parts
            let before = try folders.map(snapshot)

            func shard(into output: String) async -> String? {
                await ShardFixtures.message {
                    try await ShardBuilder(options: ShardFixtures.options(library, output: output), shard: Shard(index: 1, count: 2)!)
                        .build()
                }
            }
            func build(into output: String) async -> String? {
                await ShardFixtures.message { try await SiteBuilder(options: ShardFixtures.options(library, output: output)).build() }
            }
            let gallery = "is a gallery site, not a part; give each shard a folder of its own"
            #expect(await shard(into: site) == "\(site): \(gallery)")
            #expect(await shard(into: joined) == "\(joined): \(gallery)")
            let notBuilt = "not a site; join the parts with proofsheet join, or build into another folder"
            #expect(await build(into: parts[0]) == "\(parts[0]): is a part of a sharded build (shard 1/2), \(notBuilt)")
            #expect(await build(into: started) == "\(started): is a part of a sharded build (shard 2/2), \(notBuilt)")
            var replacing = ShardFixtures.options(library, output: parts[1])
            replacing.replace = true
            #expect(
                await ShardFixtures.message { try await SiteBuilder(options: replacing).build() }
                    == "\(parts[1]): is a part of a sharded build (shard 2/2), \(notBuilt)")
            let notJoined = "not a site; join the parts into a folder of their own"
            #expect(
                await ShardFixtures.message { try await ShardFixtures.join(parts, into: parts[0]) }
                    == "\(parts[0]): is a part of a sharded build (shard 1/2), \(notJoined)")
            #expect(
                await ShardFixtures.message { try await ShardFixtures.join(parts, into: started) }
                    == "\(started): is a part of a sharded build (shard 2/2), \(notJoined)")
            #expect(try folders.map(snapshot) == before, "a refused build or join wrote into a folder")

            // The parts are still whole, and the site joined from them is the whole build.
            _ = try await ShardFixtures.join(parts, into: root + "/Again")
            #expect(try snapshot(root + "/Again") == snapshot(site))
        }
    }
}
