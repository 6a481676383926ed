import Foundation

/// What `proofsheet join` was asked to do.
public struct JoinOptions: Sendable, Equatable {
    /// The parts' folders, as given.
    public var parts: [String]
    public var output: String
    public var templates: String?

    public init(parts: [String], output: String = "Site", templates: String? = nil) {
        self.parts = parts
        self.output = output
        self.templates = templates
    }
}

/// `proofsheet join PART… --output SITE`: the parts of a sharded build (`ShardBuilder`)
/// put together into the site `build` makes of the whole library, byte for byte, without
/// decoding a photo: check (`Part.readAll`: one library, one program, one set of options,
/// one listing, every share once) → assemble (the photos of all the parts in the gallery's
/// order, their ids given among all of them, since a photo's `-2` depends on every photo
/// of the same content) → place the images (`ImagePlacer`) → write (`SiteWriter`, as
/// `build` writes: staged, renamed into place, then the clean-up) → report.
///
/// Nothing is written before every check has passed; a join that fails or is killed
/// leaves the previous site as it was (the images it placed are removed, or by the next
/// build's clean-up).
public struct SiteJoiner: Sendable {
    public var options: JoinOptions

    public init(options: JoinOptions) {
        self.options = options
    }

    public func join() async throws -> JoinReport {
        let start = ContinuousClock.now
        let builder = SiteBuilder(options: BuildOptions(library: "", output: options.output, templates: options.templates))
        let parts = try Part.readAll(options.parts)
        let (output, found) = try builder.checkedOutput(library: nil)
        let previous = found.read(cache: false).flatMap { PreviousSite(bytes: $0.manifest, cache: nil) }
        try checkOutput(output, found: found, previous: previous?.head, parts: parts)
        let templates = try builder.loadTemplates()
        let first = parts[0]
        let manifest = Self.assemble(parts, previous: previous?.manifest)
        let settings = manifest.options
        let logo = try settings.logo.map { try Logo.stored($0, in: first.path, shown: SiteBuilder.joined(first.shown, $0)) }

        var placer = ImagePlacer(output: output)
        do {
            try FileSystem.createDirectory(output)
            try SiteMarker(library: first.part.library, watermarkFont: first.part.watermarkFont).write(in: output)
            for folder in ["/thumbs", "/previews", "/assets"] { try FileSystem.createDirectory(output + folder) }
            let existing = BuildPlan.imageFiles(in: output)
            for part in parts { try placer.place(part, existing: existing) }
            var writer = SiteWriter(output: output, templates: templates)
            writer.brand.logo = logo
            writer.brand.accent = settings.accent.flatMap(AccentColor.init)
            _ = try writer.write(
                .whole(manifest, previous: previous, asBefore: false, previousPositions: []), images: existing.adding(placer.placed))
        } catch {
            // The published site is as it was: take away the images this join added.
            SiteFolder.remove(paths: placer.placed, of: output)
            throw (error as? ProofsheetError).map { builder.shown($0, output: output) } ?? error
        }
        return JoinReport(
            parts: parts.count, photos: manifest.photos.count, albums: manifest.albums.count, failed: manifest.problems.count,
            linked: placer.linked, copied: placer.copied, copiedBecause: placer.copiedBecause,
            seconds: SiteBuilder.seconds(ContinuousClock.now - start),
            indexPath: (options.output as NSString).appendingPathComponent("index.html"), gallery: manifest.gallery)
    }

    /// The site's manifest: the parts' photos in the gallery's order (ties by path, so the
    /// order of the parts does not matter), ids given among them all, the former ids of a
    /// site upgraded from version 1 carried as `build` carries them, problems by path; the
    /// gallery id the site's when there is one, else the one the shards made from where
    /// the library is and the title.
    static func assemble(_ parts: [Part], previous: Manifest?) -> Manifest {
        let head = parts[0].manifest
        var photos = PhotoOrder.sorted(parts.flatMap(\.manifest.photos), by: head.options.sort)
        PhotoIDs.assign(&photos)
        SiteBuilder.carryFormerIDs(&photos, from: previous)
        let libraryName = head.library?.name ?? ""
        return Manifest(
            generator: Proofsheet.generator, gallery: previous?.gallery ?? head.gallery, library: head.library, title: head.title,
            options: head.options, albums: PhotoOrder.albums(of: photos, libraryName: libraryName), photos: photos,
            problems: parts.flatMap(\.manifest.problems).sorted { $0.pathKey < $1.pathKey })
    }

    /// The site is new, or a site of the parts' library (a join or a build of it before);
    /// never a part, nor inside one or holding one (its images are taken from there).
    func checkOutput(_ output: String, found: SiteBuilder.FoundSite, previous: Manifest?, parts: [Part]) throws {
        if let shard = found.marker?.shard {
            throw ProofsheetError(
                options.output, "is a part of a sharded build (shard \(shard)), not a site; join the parts into a folder of their own")
        }
        if FileSystem.exists(output + "/" + PartManifest.fileName) {
            throw ProofsheetError(options.output, "is a part of a sharded build, not a site; join the parts into a folder of their own")
        }
        let here = BytePath(output)
        for part in parts where here.isInside(BytePath(part.path)) || BytePath(part.path).isInside(here) || part.path == output {
            throw ProofsheetError(options.output, "is inside the part \(part.shown), or holds it; choose a folder outside the parts")
        }
        let library = parts[0].part.library
        let theirs = previous?.library ?? found.marker?.library
        if let theirs, theirs.key != library.key {
            throw ProofsheetError(
                options.output, "is the gallery of another library ('\(theirs.name)'), not of '\(library.name)'; choose another folder")
        }
    }
}

/// What a join did, for its summary line.
public struct JoinReport: Sendable {
    public var parts: Int
    public var photos: Int
    public var albums: Int
    /// Files of the library that could not be used (the site's `problems`).
    public var failed: Int
    /// Images hard-linked from the parts, and copied (another file system).
    public var linked: Int
    public var copied: Int
    public var copiedBecause: String?
    public var seconds: Double
    public var indexPath: String
    public var gallery: String
}
