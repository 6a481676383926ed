import Foundation

/// `proofsheet build LIBRARY --shard K/N --output PART`: the build's own steps
/// (`SiteBuilder`: check → load previous → scan → plan → render), with the scan cut down to
/// the photos of share K (`Shard`), and a part written instead of a site (`PartWriter`):
/// the share's images, its manifest and build cache, and `part.json`. The whole library is
/// walked and its files told apart (which is an image, which RAW goes with which photo need
/// whole folders), but only the share's photos are decoded.
///
/// A part is built again as a site is: its manifest and `.proofsheet-cache` say which
/// photos are unchanged, and only the others are decoded. `join` puts the parts together.
public struct ShardBuilder: Sendable {
    public var options: BuildOptions
    public var shard: Shard

    public init(options: BuildOptions, shard: Shard) {
        self.options = options
        self.shard = shard
    }

    public func build(progress: (BuildProgress) -> Void = { _ in }) async throws -> ShardReport {
        do {
            return try await build(progress: progress, readingCache: true)
        } catch is SiteBuilder.UntrueCache {
            // As `SiteBuilder.build`: a cache found untrue costs the time, never a wrong part.
            return try await build(progress: progress, readingCache: false)
        }
    }

    private func build(progress: (BuildProgress) -> Void, readingCache: Bool) async throws -> ShardReport {
        let start = ContinuousClock.now
        var builder = SiteBuilder(options: options)
        builder.shard = shard.description
        let checked = try builder.check()
        let output = checked.output
        do {
            try Self.checkNotSite(output, marker: checked.found.marker, shown: options.output)
            let found = checked.found
            let previousFound = !options.replace && found.manifestPath != nil
            let previous =
                previousFound ? found.read(cache: readingCache).flatMap { PreviousSite(bytes: $0.manifest, cache: $0.cache) } : nil
            var (scanner, listing) = try builder.walk(checked)
            var loaded = try builder.loadPrevious(checked, previous: previous, previousFound: previousFound)
            let walked = previousFound ? PartWalk.read(in: output) : PartWalk([])
            var scanned = try builder.scan(checked, loaded, scanner: &scanner, listing: listing) { walked.known[$0] }
            let whole = PartManifest.Listing(scanned.scan.files, count: shard.count)
            let walk = PartWalk(scanned.scan.files.lazy.filter { !shard.holds($0.path) })
            cut(&scanned.scan)
            var run = try builder.plan(
                checked, loaded, scanned, existingImages: BuildPlan.imageFiles(in: output), readingCache: readingCache)
            await builder.render(&run, checked, loaded, start: start, progress: progress)
            do {
                if let fatal = run.fatal { throw fatal }
                run.warnings.sort { ByteOrder.less($0.path, $1.path) }
                run.failures.sort { ByteOrder.less($0.path, $1.path) }
                run.problems.sort { $0.pathKey < $1.pathKey }
                let manifest = try await assemble(&run, checked, &loaded)
                let part = PartManifest(
                    generator: Proofsheet.generator, shard: shard.index, of: shard.count, library: checked.identity,
                    watermarkFont: loaded.settings.watermarkFont, listing: whole, manifest: "")
                let positions = run.plan.previousPositions(of: manifest.photos, in: loaded.site.previous)
                try PartWriter(output: output).write(
                    manifest, part: part, walk: walk, logo: loaded.logo, previous: loaded.site.previous, previousPositions: positions,
                    images: run.existingImages.adding(run.written))
            } catch {
                // The part there is as it was: take away what this build added.
                SiteFolder.remove(paths: run.written, of: output)
                throw error
            }
            return ShardReport(
                shard: shard, photos: whole.shares[shard.index - 1], total: whole.photos, rendered: run.plan.jobs.count,
                reused: run.plan.reused,
                failures: run.failures, warnings: run.warnings, seconds: SiteBuilder.seconds(ContinuousClock.now - start),
                partPath: options.output)
        } catch let error as ProofsheetError {
            throw builder.shown(error, output: output)
        }
    }

    /// The scan cut down to this share: its photos, and its files that cannot be used (each
    /// said by the shard whose share it is, once). A companion left out is said by the
    /// shard of its photo.
    func cut(_ scan: inout LibraryScanner.Result) {
        let left = scan.companionsLeftOut
        if left.count == scan.warnings.count {
            let keep = left.map { shard.holds(scan.files[$0.photo].path) }
            scan.warnings = zip(scan.warnings, keep).filter(\.1).map(\.0)
        }
        scan.companionsLeftOut = []
        scan.files.removeAll { !shard.holds($0.path) }
        scan.problems.removeAll { !shard.holds($0.path) }
    }

    /// The share's photos in the gallery's order, with ids among themselves (`join` gives
    /// the ids again among all the photos), and the manifest of the part.
    func assemble(_ run: inout SiteBuilder.Run, _ checked: SiteBuilder.Checked, _ loaded: inout SiteBuilder.Loaded) async throws
        -> Manifest
    {
        if await loaded.site.previous?.decodeAll() == false { throw SiteBuilder.UntrueCache() }
        let settings = loaded.settings, libraryName = checked.identity.name
        run.photos = run.plan.ordered(fresh: run.photos, previous: loaded.site.previous?.manifest, by: settings.sort)
        PhotoIDs.assign(&run.photos)
        let title = settings.title ?? libraryName
        return Manifest(
            generator: Proofsheet.generator, gallery: SiteBuilder.galleryID(checked.library, title: title), library: checked.identity,
            title: title, options: settings.published, albums: PhotoOrder.albums(of: run.photos, libraryName: libraryName),
            photos: run.photos, problems: run.problems)
    }

    /// A part is never written over a gallery site (a plain build's or a join's, its page
    /// there or not yet): its clean-up would delete every image of the other shares. A
    /// folder is a part when its marker says so, or, made before markers did, by its
    /// `part.json`.
    static func checkNotSite(_ output: String, marker: SiteMarker?, shown: String) throws {
        let part = marker?.shard != nil || FileSystem.exists(output + "/" + PartManifest.fileName)
        guard FileSystem.exists(output + "/index.html") || (marker != nil && !part) else { return }
        throw ProofsheetError(shown, "is a gallery site, not a part; give each shard a folder of its own")
    }
}

/// What a shard did, for its summary line.
public struct ShardReport: Sendable {
    public var shard: Shard
    /// The share's photos (those that failed too), and the photos of the whole library.
    public var photos: Int
    public var total: Int
    public var rendered: Int
    public var reused: Int
    public var failures: [ProofsheetError]
    public var warnings: [ProofsheetError]
    public var seconds: Double
    /// The part's folder, as the user named it.
    public var partPath: String
}
