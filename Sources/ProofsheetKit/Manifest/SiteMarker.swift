import Foundation

/// `.proofsheet-site`, the first file a build writes into a new output folder: it says the
/// folder is a proofsheet site, and of which library, before there is a manifest. A first
/// build that is killed, runs out of space or crashes leaves it, and the next build
/// recognises the folder and carries on. It also keeps what of the site's settings is not
/// published: the watermark's font file. A build split in shares marks each share's folder
/// as a part (`shard`), from its first write on, so that neither a plain build nor a join
/// is ever written into it.
struct SiteMarker: Codable, Equatable {
    static let fileName = ".proofsheet-site"
    static let formatName = "proofsheet-site"

    var format = SiteMarker.formatName
    var library: Manifest.LibraryIdentity
    /// The watermark's font file (an absolute path): a setting of the site, kept here, in a
    /// file of the build's own, because `manifest.json` goes to the client and a path of this
    /// machine must not (`SiteSettings.published`).
    var watermarkFont: String?
    /// `K/N` when the folder is a part of a build split in N shares, the share K; nil for
    /// a site (and left out of the file, so a joined site's marker is a whole build's).
    var shard: String?

    static func read(in output: String) -> SiteMarker? {
        guard let bytes = try? FileSystem.read(output + "/" + fileName),
            let marker = try? JSONDecoder().decode(SiteMarker.self, from: Data(bytes)), marker.format == formatName
        else { return nil }
        return marker
    }

    func write(in output: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try FileSystem.writeIfChanged(Array(try encoder.encode(self)) + [0x0A], to: output + "/" + Self.fileName)
    }
}
