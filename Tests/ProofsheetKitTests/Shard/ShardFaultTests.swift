import Foundation
import Testing

@testable import ProofsheetKit

/// A join that cannot finish leaves the site it would have replaced as it was.
@Suite("Sharded builds: faults")
struct ShardFaultTests {
    /// Photos of noise (they do not compress), big enough that a 2 MB disk cannot hold
    /// their full-size previews.
    static func noisyLibrary(at library: String, count: Int) throws {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 56)
        }
        for index in 0..<count {
            let canvas = try Canvas(width: 1200, height: 800)
            for y in stride(from: 0, to: 800, by: 4) {
                for x in stride(from: 0, to: 1200, by: 4) {
                    canvas.fillRectangle(x: x, y: y, width: 4, height: 4, color: RGB(red: next(), green: next(), blue: next()))
                }
            }
            try TestPhoto.write(try canvas.jpegData(quality: 90), to: library, "Album \(index % 2)/IMG_\(index).jpg")
        }
    }

    static func options(_ library: String, output: String, big: Bool) -> BuildOptions {
        var options = BuildOptions(library: library, output: output, jobs: 2, templates: templatesDirectory)
        options.thumbSize = big ? 400 : 64
        options.previewSize = big ? 1200 : 200
        options.quality = big ? 100 : 82
        return options
    }

    @Test(
        "a join onto a full disk fails in one line and leaves the previous site exactly as it was; with room it completes",
        .enabled(if: CommandRunner.isRoot, "needs root (mount)"))
    func fullDisk() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", disk = root + "/disk", site = disk + "/Site"
            try Self.noisyLibrary(at: library, count: 6)
            try FileSystem.createDirectory(disk)
            try CommandRunner.system("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk])
            defer { _ = try? CommandRunner.system("/bin/umount", [disk]) }
            func shards(big: Bool) async throws -> [String] {
                try await (1...2).asyncMap { index in
                    let part = root + "/parts/\(index)"
                    _ = try await ShardBuilder(
                        options: Self.options(library, output: part, big: big), shard: Shard(index: index, count: 2)!
                    )
                    .build()
                    return part
                }
            }
            let small = try await shards(big: false)
            _ = try await ShardFixtures.join(small, into: site)
            let before = try snapshot(site)

            let big = try await shards(big: true)
            let message = await ShardFixtures.message { try await ShardFixtures.join(big, into: site) }
            #expect(["thumbs", "previews"].contains { message == "\(site)/\($0): no space left on device" }, "\(message ?? "no error")")
            #expect(try snapshot(site) == before, "the failed join changed the published site")
            // The images copied before the disk filled were taken back (and their temporary files).
            #expect(FileSystem.contents(of: site + "/previews").count == 6)

            try CommandRunner.system("/bin/mount", ["-o", "remount,size=64m", disk])
            _ = try await ShardFixtures.join(big, into: site)
            _ = try await SiteBuilder(options: Self.options(library, output: root + "/Whole", big: true)).build()
            #expect(try snapshot(site) == snapshot(root + "/Whole"))
        }
    }
}

extension ClosedRange where Bound == Int {
    fileprivate func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
