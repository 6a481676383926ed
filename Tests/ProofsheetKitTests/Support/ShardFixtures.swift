import Foundation
import ProofsheetKit

/// A library for the sharded builds: several albums of real JPEGs, identical copies in
/// another album (their ids get `-2`, which depends on photos of other shares), a sidecar,
/// a file that is not an image and a JPEG cut short (a problem the site keeps).
enum ShardFixtures {
    static func makeLibrary(at library: String, count: Int) throws {
        for index in 0..<count {
            try TestPhoto.write(
                try LibraryFixtures.photo(index, width: 160, height: 120), to: library, "Album \(index % 4)/IMG_\(index).jpg")
        }
        for index in stride(from: 0, to: count, by: max(1, count / 6)) {
            try TestPhoto.write(try LibraryFixtures.photo(index, width: 160, height: 120), to: library, "Copies/copy_\(index).jpg")
        }
        let xmp = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"></x:xmpmeta>\n"
        try TestPhoto.write(Array(xmp.utf8), to: library, "Album 0/IMG_0.xmp")
        try TestPhoto.write(Array("not a photo".utf8), to: library, "Album 1/notes.txt")
        try TestPhoto.write(Array(try LibraryFixtures.photo(9_999).prefix(300)), to: library, "Album 2/cut short.jpg")
        // Latin-1 `Café.jpg`: its record carries `pathBytes`.
        let latin1 = BytePath(bytes: Array((library + "/Album 3/Caf").utf8) + [0xE9] + Array(".jpg".utf8))
        try NameFixtures.writeRaw(try LibraryFixtures.photo(8_888, width: 160, height: 120), to: latin1)
    }

    static func options(_ library: String, output: String) -> BuildOptions {
        var options = BuildOptions(library: library, output: output, jobs: 2, templates: templatesDirectory)
        options.thumbSize = 64
        options.previewSize = 128
        options.limit = 5
        return options
    }

    /// Builds every share of `count` into `root/parts-count/K`; their folders.
    static func buildShares(_ library: String, count: Int, in root: String) async throws -> [String] {
        var parts: [String] = []
        for index in 1...count {
            let part = root + "/parts-\(count)/\(index)"
            _ = try await ShardBuilder(options: options(library, output: part), shard: Shard(index: index, count: count)!).build()
            parts.append(part)
        }
        return parts
    }

    static func join(_ parts: [String], into site: String) async throws -> JoinReport {
        try await SiteJoiner(options: JoinOptions(parts: parts, output: site, templates: templatesDirectory)).join()
    }

    /// The error a throwing call gave, as the user reads it.
    static func message(_ body: () async throws -> some Any) async -> String? {
        do {
            _ = try await body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
