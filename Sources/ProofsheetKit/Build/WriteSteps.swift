import Foundation

/// The last steps of `SiteBuilder.build`: write, by the first of `SiteWriter`'s strategies
/// that can be used (nothing changed; album by album; every photo, once assembled), then
/// report.
extension SiteBuilder {
    // MARK: Write

    /// The writer of this site, its brand from the settings.
    static func writer(output: String, templates: TemplateSet, _ loaded: Loaded, pageStates: PageFileStates) -> SiteWriter {
        var writer = SiteWriter(output: output, templates: templates)
        writer.brand.logo = loaded.logo
        writer.brand.accent = loaded.settings.accent.flatMap(AccentColor.init)
        writer.pageStates = pageStates
        return writer
    }

    /// Nothing changed: the previous manifest's photos, order and ids are this build's
    /// (sorting and numbering 100,000 photos again is most of a rebuild).
    func asBefore(_ run: Run, _ checked: Checked, _ loaded: Loaded) -> Bool {
        let previous = loaded.site.previous?.head
        return run.plan.asBefore && previous?.options == loaded.settings.published && previous?.library == checked.identity
            && previous?.generator == Proofsheet.generator
    }

    /// And when the page on disk is the one of that manifest, no photo is even decoded:
    /// the cache says all the build needs, and nothing is written.
    func writeUnchanged(_ run: Run, _ checked: Checked, _ loaded: Loaded, writer: SiteWriter) throws -> Written? {
        guard asBefore(run, checked, loaded), let kept = loaded.site.previous,
            try writer.write(.keepUnchanged(kept), images: run.existingImages) != nil
        else { return nil }
        let photos = kept.cache.photos
        return Written(
            photos: photos.count, albums: kept.head.albums.count, gallery: kept.head.gallery,
            withRAW: photos.count { $0.flags.contains(.raw) }, livePhotos: photos.count { $0.flags.contains(.video) })
    }

    /// Something changed: album by album when the previous build allows it — the albums
    /// that did not change are taken from it without decoding a photo. (Problems are in
    /// path order either way.)
    func writeByAlbum(_ run: inout Run, _ checked: Checked, _ loaded: Loaded, writer: SiteWriter) throws -> Written? {
        run.problems.sort { $0.pathKey < $1.pathKey }
        let settings = loaded.settings, identity = checked.identity
        let libraryName = identity.name
        let title = settings.title ?? libraryName
        guard !asBefore(run, checked, loaded), let kept = loaded.site.previous, case let previous = kept.head,
            previous.version == Manifest.currentVersion, previous.generator == Proofsheet.generator,
            previous.options == settings.published, previous.library == identity, previous.title == title,
            let rebuild = try Self.albumRebuild(
                previous: kept, reused: run.plan.reusedIndices, changed: run.plan.changed, fresh: run.photos, sort: settings.sort,
                libraryName: libraryName)
        else { return nil }
        let manifest = Manifest(
            generator: Proofsheet.generator, gallery: previous.gallery, library: identity, title: title,
            options: settings.published, albums: rebuild.albums, photos: [], problems: run.problems)
        guard
            let cache = try writer.write(
                .byAlbum(rebuild, manifest: manifest, previous: kept), images: run.existingImages.adding(run.written))
        else { return nil }
        sayRepairs(writer, into: &run)
        return Written(
            photos: rebuild.total, albums: rebuild.segments.count, gallery: manifest.gallery,
            withRAW: cache.photos.count { $0.flags.contains(.raw) }, livePhotos: cache.photos.count { $0.flags.contains(.video) },
            albumsKept: rebuild.keptAlbums)
    }

    /// Every photo: the manifest assembled, then written.
    func writeWhole(_ run: inout Run, _ checked: Checked, _ loaded: inout Loaded, writer: SiteWriter) async throws -> Written {
        let manifest = try await assemble(&run, checked, &loaded)
        let site = loaded.site
        _ = try writer.write(
            .whole(
                manifest, previous: site.previous, asBefore: asBefore(run, checked, loaded),
                previousPositions: run.plan.previousPositions(of: manifest.photos, in: site.previous)),
            images: run.existingImages.adding(run.written))
        sayRepairs(writer, into: &run)
        let photos = manifest.photos
        return Written(
            photos: photos.count, albums: manifest.albums.count, gallery: manifest.gallery,
            withRAW: photos.count { $0.companions?.contains { $0.kind == .raw } == true },
            livePhotos: photos.count { $0.companions?.contains { $0.kind == .video } == true })
    }

    // MARK: Assemble

    /// The manifest of every photo: the previous one's when nothing changed, else the
    /// photos in a stable order, with their ids.
    func assemble(_ run: inout Run, _ checked: Checked, _ loaded: inout Loaded) async throws -> Manifest {
        let settings = loaded.settings
        let libraryName = checked.identity.name
        if await loaded.site.previous?.decodeAll() == false { throw UntrueCache() }
        let site = loaded.site
        let previousManifest = site.previous?.manifest
        if let previousManifest, asBefore(run, checked, loaded) {
            run.photos = previousManifest.photos
            run.problems = previousManifest.problems
        } else {
            // Assemble in a stable order: results arrived in any order. (Ids do not
            // depend on the order, nor the order on ids.) A copy keeps its number.
            run.photos = run.plan.ordered(fresh: run.photos, previous: previousManifest, by: settings.sort)
            PhotoIDs.assign(&run.photos, previous: previousManifest?.photos ?? [])
            Self.carryFormerIDs(&run.photos, from: previousManifest)
        }
        let albums = PhotoOrder.albums(of: run.photos, libraryName: libraryName)
        return Manifest(
            generator: Proofsheet.generator,
            gallery: site.previous?.head.gallery ?? Self.galleryID(checked.library, title: settings.title ?? libraryName),
            library: checked.identity,
            title: settings.title ?? libraryName,
            options: settings.published,
            albums: albums, photos: run.photos, problems: run.problems)
    }

    // MARK: Report

    /// A page file of the previous build found damaged on disk and written again: one
    /// line each, in path order among the others.
    func sayRepairs(_ writer: SiteWriter, into run: inout Run) {
        for (path, reason) in writer.repairs.written {
            run.warnings.append(ProofsheetError(Self.joined(options.output, path), "\(reason); written again"))
        }
        run.warnings.sort { ByteOrder.less($0.path, $1.path) }
    }

    /// The report of the build done; first the marker keeps the settings not published
    /// (the font), now that the manifest is this build's. (The site is complete: a marker
    /// that cannot be written is said, not a failure.)
    func report(
        _ written: Written, run: inout Run, _ checked: Checked, _ loaded: Loaded, _ scanned: Scanned,
        start: ContinuousClock.Instant
    ) -> BuildReport {
        do {
            try SiteMarker(library: checked.identity, watermarkFont: loaded.settings.watermarkFont).write(in: checked.output)
        } catch {
            run.warnings.append(
                ProofsheetError(
                    Self.joined(options.output, SiteMarker.fileName),
                    "\((error as? ProofsheetError)?.reason ?? "\(error)"); the watermark's font is not kept"))
        }
        let site = loaded.site, scan = scanned.scan
        var report = BuildReport(
            photos: written.photos, albums: written.albums, skipped: scan.nonImages.count + scan.ignored,
            failures: run.failures, warnings: run.warnings, rendered: run.plan.jobs.count, reused: run.plan.reused,
            seconds: Self.seconds(ContinuousClock.now - start),
            indexPath: (options.output as NSString).appendingPathComponent("index.html"), gallery: written.gallery,
            changes: loaded.changes, withRAW: written.withRAW, livePhotos: written.livePhotos,
            resumed: site.previous == nil && site.marker != nil && !options.replace)
        report.albumsKept = written.albumsKept
        return report
    }
}
