import Foundation

/// What the previous build left: its manifest, and a digest of the file's bytes.
struct PreviousSite: Sendable {
    var manifest: Manifest
    var digest: String
    /// Where each photo's path is in `manifest.photos`.
    var index: [BytePath: Int]
    /// The bytes of `manifest.json`, and where each photo is in them (nil when it was not
    /// read by the quick reader): what `SiteWriter` copies for a photo that is unchanged.
    var bytes: [UInt8]
    var photoRanges: [Range<Int>]?

    /// From the bytes of `manifest.json`; nil when they are not a manifest this version reads.
    init?(bytes: [UInt8]) {
        guard let (manifest, ranges) = Self.decodeManifest(bytes) else { return nil }
        self.manifest = manifest
        self.bytes = bytes
        photoRanges = ranges
        digest = Self.digest(bytes)
        index = [:]
        index.reserveCapacity(manifest.photos.count)
        for position in manifest.photos.indices { index[manifest.photos[position].pathKey] = position }
    }

    /// The photo at this path.
    func photo(at path: BytePath) -> Manifest.Photo? {
        index[path].map { manifest.photos[$0] }
    }

    /// What it knew to be an image, so the scanner need not read it again.
    func known(_ path: BytePath) -> LibraryScanner.Known? {
        guard let position = index[path] else { return nil }
        let photo = manifest.photos[position]
        return LibraryScanner.Known(bytes: photo.bytes, modified: photo.modified, format: photo.format)
    }

    static func decodeManifest(_ bytes: [UInt8]) -> (Manifest, [Range<Int>]?)? {
        guard let (manifest, ranges) = ManifestJSON.decodeWithPhotoRanges(bytes), manifest.format == Manifest.formatName,
            Manifest.readableVersions.contains(manifest.version)
        else { return nil }
        return (manifest, ranges)
    }

    /// The bytes the previous manifest holds for its photo at `position`.
    func photoBytes(_ position: Int) -> ArraySlice<UInt8>? {
        photoRanges.map { bytes[$0[position]] }
    }

    static func digest(_ bytes: [UInt8]) -> String {
        String(ContentFingerprint(of: bytes).hex.prefix(16))
    }
}
