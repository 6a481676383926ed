import Foundation

/// `PART/part.json`: what `join` needs of a part besides its photos' records (which are in
/// the part's `manifest.json`, a manifest like a site's, of this share's photos only, with
/// its `.proofsheet-cache` — so a part built again takes what is unchanged from there, as
/// a site does): which share it is, the program that made it, the unpublished setting (the
/// watermark's font, as `.proofsheet-site` keeps it), the walk's listing, and the
/// fingerprint of the manifest it goes with.
///
/// Written last, after the manifest and the cache, so a shard killed while writing leaves a
/// `part.json` that names the previous manifest: `join` sees the two do not go together.
struct PartManifest: Codable, Equatable {
    static let fileName = "part.json"
    static let formatName = "proofsheet-part"
    static let currentVersion = 1

    var format = PartManifest.formatName
    var version = PartManifest.currentVersion
    var generator: String
    var shard: Int
    var of: Int
    var library: Manifest.LibraryIdentity
    var watermarkFont: String?
    var listing: Listing
    /// XXH3-128 of this part's `manifest.json`, as `xxhsum -H2` prints it.
    var manifest: String

    /// The photos the whole walk found, as every shard saw them: how many, how many of each
    /// share, and a fingerprint of their paths (each path's bytes and a NUL, in byte
    /// order). Paths only, not sizes or times: a photo changed in place is its share's
    /// business, so only that shard is built again; a photo added, removed or renamed
    /// changes every part's listing, and `join` asks for every shard again.
    struct Listing: Codable, Equatable {
        var photos: Int
        var shares: [Int]
        var digest: String

        init(_ files: [LibraryFile], count: Int) {
            var shares = [Int](repeating: 0, count: count)
            var hasher = ContentHasher()
            for file in files {
                shares[Shard.share(of: file.path, count: count) - 1] += 1
                hasher.update(file.path.bytes + [0])
            }
            photos = files.count
            self.shares = shares
            digest = hasher.finish().hex
        }
    }

    var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        // Encoding these plain fields cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    /// The part's `part.json`; `shown` names the part in messages.
    static func read(in part: String, shown: String) throws -> PartManifest {
        let path = part + "/" + fileName
        guard FileSystem.exists(path) else {
            throw ProofsheetError(shown, "not a part of a sharded build (no \(fileName)); build it with --shard K/N")
        }
        let bytes: [UInt8]
        do { bytes = try ManifestFile.read(path) } catch { throw ProofsheetError(SiteBuilder.joined(shown, fileName), error.reason) }
        guard let read = try? JSONDecoder().decode(PartManifest.self, from: Data(bytes)), read.format == formatName else {
            throw ProofsheetError(SiteBuilder.joined(shown, fileName), "is not a part manifest proofsheet can read")
        }
        guard read.version == currentVersion else {
            throw ProofsheetError(
                SiteBuilder.joined(shown, fileName),
                "is a part manifest of version \(read.version); this proofsheet reads \(currentVersion)")
        }
        guard Shard(index: read.shard, count: read.of) != nil, read.listing.shares.count == read.of else {
            throw ProofsheetError(SiteBuilder.joined(shown, fileName), "names no share (\(read.shard)/\(read.of))")
        }
        return read
    }
}
