import Foundation

/// What the previous build left: its manifest, and a digest of the file's bytes.
struct PreviousSite {
    var manifest: Manifest
    var digest: String

    static func load(from output: String) -> PreviousSite? {
        guard let bytes = try? FileSystem.read(output + "/manifest.json"), let manifest = decodeManifest(bytes) else {
            return nil
        }
        return PreviousSite(manifest: manifest, digest: digest(bytes))
    }

    static func decodeManifest(_ bytes: [UInt8]) -> Manifest? {
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes)),
            manifest.format == Manifest.formatName, manifest.version == Manifest.currentVersion
        else { return nil }
        return manifest
    }

    static func digest(_ bytes: [UInt8]) -> String {
        var hash = StableHash()
        hash.combine(bytes: bytes)
        return hash.hex(digits: 16)
    }
}
