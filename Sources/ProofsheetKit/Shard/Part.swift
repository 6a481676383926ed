import Foundation

/// One part given to `join`, read: its `part.json`, its manifest (photos and all) and the
/// images in its folders. Nothing of a part is written or moved.
struct Part {
    /// Absolute, symlinks resolved; `shown` as the user named it.
    var path: String
    var shown: String
    var part: PartManifest
    var manifest: Manifest
    var images: ImageFiles

    var shard: String { "\(part.shard)/\(part.of)" }

    /// Reads the part at `shown`; refuses, in one line naming it, a folder that is not a
    /// whole part.
    init(_ shown: String) throws {
        self.shown = shown
        guard FileSystem.exists(shown) else { throw ProofsheetError(shown, "no such folder") }
        guard FileSystem.isDirectory(shown), let real = FileSystem.realPath(shown) else { throw ProofsheetError(shown, "not a folder") }
        path = real
        try SiteFolder.check(real, shown: shown)
        part = try PartManifest.read(in: real, shown: shown)
        let manifestShown = SiteBuilder.joined(shown, "manifest.json")
        let bytes: [UInt8]
        do { bytes = try ManifestFile.read(real + "/manifest.json") } catch { throw ProofsheetError(manifestShown, error.reason) }
        guard ContentFingerprint(of: bytes).hex == part.manifest else {
            throw ProofsheetError(
                shown, "its manifest.json is not the one its part.json names (a shard stopped while writing?); build the shard again")
        }
        guard let read = try? ManifestJSON.read(bytes), read.format == Manifest.formatName, read.version == Manifest.currentVersion
        else { throw ProofsheetError(manifestShown, "is not a manifest this proofsheet reads; build the shard again") }
        manifest = read
        images = BuildPlan.imageFiles(in: real)
    }

    /// Refuses a part whose photos are not all of its share, with their images, and whose
    /// manifest is not of its library and program.
    func checkWhole() throws {
        guard manifest.library == part.library, manifest.generator == part.generator else {
            throw ProofsheetError(shown, "its manifest.json is of another library or program than its part.json; build the shard again")
        }
        for photo in manifest.photos {
            let share = Shard.share(of: photo.pathKey, count: part.of)
            guard share == part.shard else {
                throw ProofsheetError(shown, "holds \(photo.path), a photo of share \(share)/\(part.of), not \(shard)")
            }
            for src in [photo.thumb.src, photo.thumb2x.src, photo.preview.src] where !images.contains(src) {
                throw ProofsheetError(SiteBuilder.joined(shown, src), "missing; build the shard again")
            }
        }
        for problem in manifest.problems where Shard.share(of: problem.pathKey, count: part.of) != part.shard {
            throw ProofsheetError(shown, "holds \(problem.path), a file of another share than \(shard)")
        }
    }

    /// Why `other` cannot be joined to this part (the first part given), naming it; nil
    /// when the two are of one library, one program, one set of options and one listing.
    func mismatch(_ other: Part) -> ProofsheetError? {
        let (a, b) = (part, other.part)
        let say = { (reason: String) in ProofsheetError(other.shown, reason) }
        if b.library.key != a.library.key {
            return say("a part of another library ('\(b.library.name)'), not of '\(a.library.name)' as \(shown)")
        }
        if b.generator != a.generator {
            return say("made by \(b.generator), \(shown) by \(a.generator); build every shard with one proofsheet")
        }
        if b.of != a.of { return say("is shard \(other.shard), of \(b.of) shares; \(shown) is of \(a.of)") }
        let options =
            Self.differences(manifest.options, other.manifest.options)
            + (b.watermarkFont == a.watermarkFont ? [] : ["--watermark-font"])
            + (other.manifest.title == manifest.title ? [] : ["the title \"\(other.manifest.title)\", not \"\(manifest.title)\""])
        if let first = options.first { return say("built with other options than \(shown) (\(first)); build every shard with the same") }
        if b.listing != a.listing {
            let counts = b.listing.photos == a.listing.photos ? "" : " (\(b.listing.photos) photos, not \(a.listing.photos))"
            return say("walked another listing of the library than \(shown)\(counts): it changed between shards; build every shard again")
        }
        return nil
    }

    /// The settings that differ, as `--option value, not value`.
    static func differences(_ a: SiteSettings, _ b: SiteSettings) -> [String] {
        SiteSettings.fields.filter { $0.differs(a, b) }.map { "--\($0.option) \($0.show(b)), not \($0.show(a))" }
    }
}

extension Part {
    /// The parts, read and checked to make one whole: each whole, all of one library,
    /// program, set of options and listing, each share once, none missing. The first
    /// problem found refuses them all, in one line naming the part.
    static func readAll(_ shown: [String]) throws -> [Part] {
        let parts = try shown.map(Part.init)
        guard let first = parts.first else { throw ProofsheetError("join", "no parts given") }
        if first.part.generator != Proofsheet.generator {
            throw ProofsheetError(first.shown, "made by \(first.part.generator); this is \(Proofsheet.generator): build the shards with it")
        }
        var byShare: [Int: Part] = [:]
        for part in parts {
            try part.checkWhole()
            if let mismatch = first.mismatch(part) { throw mismatch }
            if let twice = byShare[part.part.shard] {
                throw ProofsheetError(part.shown, "is shard \(part.shard) again (so is \(twice.shown)); give each share once")
            }
            byShare[part.part.shard] = part
        }
        let count = first.part.of
        if let missing = (1...count).first(where: { byShare[$0] == nil }) {
            let given = byShare.keys.sorted().map { "\($0)/\(count)" }.joined(separator: ", ")
            throw ProofsheetError("shard \(missing)/\(count)", "missing: no part given is that share (given: \(given))")
        }
        return (1...count).map { byShare[$0]! }
    }
}
