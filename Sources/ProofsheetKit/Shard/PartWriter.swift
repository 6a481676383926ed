import Foundation

/// Writes a part (`ShardBuilder`) as `SiteWriter` writes a site, but only what `join`
/// reads: the logo (when the settings name one), `manifest.json` and `.proofsheet-cache`
/// (the build's own formats, through their own writers), then `part.json`, each staged in
/// full and renamed into place in that order; only then are the images nothing refers to
/// any more deleted. A shard killed or failing midway leaves the previous part as it was,
/// or a `part.json` naming the previous manifest, which `join` refuses.
struct PartWriter {
    var output: String

    func write(
        _ manifest: Manifest, part: PartManifest, walk: PartWalk, logo: Logo?, previous: PreviousSite?, previousPositions: [Int?],
        images: ImageFiles
    ) throws {
        if let logo { try FileSystem.writeIfChanged(logo.bytes, to: output + "/" + logo.siteName) }
        // A photo exactly as it was keeps its bytes in the manifest and its record in the
        // cache (`BuildPlan.previousPositions`), as in a site.
        let kept = previousPositions.count == manifest.photos.count ? previous : nil
        var layout = ManifestJSON.Layout()
        var bytes = try ManifestJSON.encode(
            manifest, copying: { position in kept.flatMap { site in previousPositions[position].flatMap { site.photoBytes($0) } } },
            layout: &layout)
        bytes.append(UInt8(ascii: "\n"))
        let fingerprint = ContentFingerprint(of: bytes).hex
        let cache = BuildCache(
            manifest: manifest, fingerprint: fingerprint, ranges: layout.photos, photosArray: layout.photosArray,
            reusing: kept.map { ($0.cache, previousPositions) })
        var part = part
        part.manifest = fingerprint

        let stagedManifest = try SiteWriter.stageIfChanged(bytes, to: output + "/manifest.json")
        let stagedCache = try SiteWriter.stageIfChanged(cache.encoded(), to: output + "/" + BuildCache.fileName)
        let stagedWalk = try SiteWriter.stageIfChanged(walk.encoded, to: output + "/" + PartWalk.fileName)
        let stagedPart = try SiteWriter.stageIfChanged(part.encoded, to: output + "/" + PartManifest.fileName)
        try stagedManifest?.commit()
        try stagedCache?.commit()
        try stagedWalk?.commit()
        try stagedPart?.commit()

        let photos = manifest.photos
        guard let referenced = SiteWriter.referencedImages(cache, photo: { photos[$0] }) else { return }
        SiteFolder.remove(paths: images.names.filter { !referenced($0) }, of: output)
        let keptLogo = logo.map { [$0.siteName] } ?? []
        SiteFolder.remove(
            FileSystem.contents(of: output + "/assets").filter { !keptLogo.contains("assets/" + $0) }, in: "assets", of: output)
        SiteFolder.removeTemporaryFiles(of: output)
        SiteFolder.remove(FileSystem.contents(of: output).filter(Self.isTemporary), in: "", of: output)
    }

    /// `.NAME.tmp-XXXXXX` of a file only a part has (`FileSystem.writeTemporary`), left by a
    /// killed shard.
    static func isTemporary(_ name: String) -> Bool {
        [PartManifest.fileName, PartWalk.fileName].contains { file in
            let prefix = "." + file + ".tmp-"
            return name.hasPrefix(prefix) && name.utf8.count == prefix.utf8.count + 6
                && name.utf8.suffix(6).allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        }
    }
}
