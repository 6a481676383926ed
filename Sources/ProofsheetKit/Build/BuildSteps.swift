import Foundation

/// The steps of `SiteBuilder.build` after the checks, in their order, and the values they
/// hand along: `Loaded` (the previous site and this build's settings), `Scanned` (the
/// library), `Run` (what the build has made and has to say, filled as it goes) and
/// `Written` (what the report counts).
extension SiteBuilder {
    /// The site already there, and the settings of this build.
    struct Loaded {
        var site: ExistingSite
        var settings: SiteSettings
        /// The settings given that change the stored ones, by name.
        var changes: [String]
        var logo: Logo?
        /// The image sizes, the watermark's font found and tried.
        var sizes: ImageSizes
    }

    /// The library's photos.
    struct Scanned {
        var scan: LibraryScanner.Result
        /// A stored cover whose photo has gone: said, not a failure.
        var coverGone: ProofsheetError?
    }

    /// What the build has made so far, and what it has to say.
    struct Run {
        var existingImages: ImageFiles
        var plan: BuildPlan
        var photos: [Manifest.Photo] = []
        var problems: [Manifest.Problem]
        var failures: [ProofsheetError]
        var warnings: [ProofsheetError]
        /// What makes this build fail once the photos in flight are done.
        var fatal: ProofsheetError?
        /// Images this build wrote that were not there before: removed if it fails.
        var written: [String] = []

        /// A photo the gallery showed is never dropped because it fails now: it keeps its
        /// previous version, or, when those images are gone too, the build fails.
        mutating func keepPublished(_ path: BytePath, _ reason: String, site: ExistingSite) -> Bool {
            guard let old = site.previous?.photo(at: path) else { return false }
            guard existingImages.hasImages(of: old) else {
                fatal =
                    fatal
                    ?? ProofsheetError(
                        path.readable, "\(reason); its previous images are gone too, so the gallery would lose it — nothing was changed")
                return true
            }
            photos.append(old)
            failures.append(ProofsheetError(path.readable, "\(reason); the gallery keeps its previous version"))
            return true
        }
    }

    /// What the site written holds, for the report.
    struct Written {
        var photos: Int, albums: Int, gallery: String, withRAW: Int, livePhotos: Int
        var albumsKept: Int?
    }

    // MARK: Load previous (and the first walk, beside it)

    /// The library walked with the stored settings' rules (the excludes), while the
    /// previous manifest is read.
    func walk(_ checked: Checked) throws -> (LibraryScanner, LibraryScanner.Listing) {
        let walkedWith = options.settings(replacing: options.replace ? nil : checked.found.storedSettings).settings
        let scanner = LibraryScanner(root: checked.library.readable, rules: walkedWith.rules, ignoredDirectory: checked.output)
        return (scanner, try scanner.walk())
    }

    /// The previous site (read beside the walk) and the settings of this build: the stored
    /// ones, changed by the options given, checked before anything is written.
    func loadPrevious(_ checked: Checked, previous: PreviousSite?, previousFound: Bool) throws -> Loaded {
        let site = ExistingSite(previous: previous, marker: checked.found.marker)
        if previousFound && site.previous == nil && site.marker == nil {
            throw ProofsheetError(
                options.output, "its manifest.json is not one this version of proofsheet can read; choose another folder")
        }
        // Everything of the previous manifest but its photos (read only when needed).
        let previous = site.previous?.head
        // An interrupted first build stored no settings: this build is still the first
        // (the options given apply, nothing is reported as changed).
        var stored = previous?.options
        // A version 1 site kept no settings but its title.
        if let previous, previous.version == 1, previous.title != checked.identity.name { stored?.title = previous.title }
        // The font is kept out of the published manifest, in the marker (an older site's manifest has it).
        if stored?.watermarkFont == nil { stored?.watermarkFont = site.marker?.watermarkFont }
        // A new logo is read and checked before anything is written; its name in the
        // site is the setting.
        var asked = options
        let newLogo = try options.logoFile.map { try Logo.read($0, shown: $0) }
        if let newLogo { asked.logo = newLogo.siteName }
        let (settings, changes) = asked.settings(replacing: stored)
        try checkSettings(settings, stored: stored != nil)
        if let problem = settings.problem { throw ProofsheetError(options.output, problem) }
        let logo =
            try newLogo
            ?? settings.logo.map { name in
                try Logo.stored(name, in: checked.output, shown: Self.joined(options.output, name))
            }
        // The watermark's font found and tried before anything is written.
        var sizes = settings.sizes
        sizes.watermark = try sizes.watermark?.prepared()
        return Loaded(site: site, settings: settings, changes: changes, logo: logo, sizes: sizes)
    }

    // MARK: Scan

    /// The library's photos, walked again when the settings' rules are not those it was
    /// walked with; refused when there are none, or when the site is another library's.
    /// `alsoKnown`: what else is known of the library's files besides the previous site's
    /// photos (a part's record of the other shares' photos), so their heads are not read.
    func scan(
        _ checked: Checked, _ loaded: Loaded, scanner: inout LibraryScanner, listing: LibraryScanner.Listing,
        alsoKnown: (BytePath) -> LibraryScanner.Known? = { _ in nil }
    ) throws -> Scanned {
        var listing = listing
        let site = loaded.site, settings = loaded.settings
        if settings.rules != scanner.rules {
            scanner.rules = settings.rules
            listing = try scanner.walk()
        }
        let scan = scanner.classify(listing) { site.previous?.known($0) ?? alsoKnown($0) }
        guard !scan.files.isEmpty || !scan.problems.isEmpty else {
            let others = scan.nonImages.count + scan.ignored
            throw ProofsheetError(
                options.library, others == 0 ? "the library is empty" : "no photos in the library (\(others) other files)")
        }
        if !options.replace { try checkSameLibrary(checked.identity, scan: scan, site: site) }
        // A cover given must be a photo of the library; one stored whose photo has gone
        // gives way to the first photo, and the build says so.
        var coverGone: ProofsheetError?
        if let cover = settings.cover, !scan.files.contains(where: { $0.path.string == cover }) {
            let error = ProofsheetError("--cover '\(cover)'", "no such photo in \(options.library)")
            guard !options.given.contains("cover") else { throw error }
            coverGone = ProofsheetError(error.path, "no longer in the library; the page opens on its first photo")
        }
        return Scanned(scan: scan, coverGone: coverGone)
    }

    // MARK: Plan

    /// The output folder made a site (its marker first), and the plan: what is reused,
    /// what is rendered, what is said.
    func plan(
        _ checked: Checked, _ loaded: Loaded, _ scanned: Scanned, existingImages: ImageFiles, readingCache: Bool
    ) throws -> Run {
        let output = checked.output, site = loaded.site, scan = scanned.scan
        // The marker first: from here on the folder is a site, even before its manifest.
        try FileSystem.createDirectory(output)
        try SiteMarker(library: checked.identity, watermarkFont: site.marker?.watermarkFont, shard: shard).write(in: output)
        for folder in ["/thumbs", "/previews", "/assets"] {
            try FileSystem.createDirectory(output + folder)
        }

        let plan = BuildPlan(
            scan: scan, settings: loaded.settings, sizes: loaded.sizes, previous: site.previous, existingImages: existingImages)
        var run = Run(
            existingImages: existingImages, plan: plan, problems: plan.reusedProblems,
            failures: plan.reusedProblems.map { ProofsheetError($0.path, $0.reason) },
            warnings: plan.warnings + scan.warnings + (scanned.coverGone.map { [$0] } ?? []))
        if let problem = site.previous?.cacheProblem
            ?? (readingCache || checked.found.cachePath == nil ? nil : "not true of the photos of manifest.json")
        {
            run.warnings.append(
                ProofsheetError(
                    Self.joined(options.output, BuildCache.fileName), "\(problem); read manifest.json instead, and written anew"))
        }
        for problem in scan.problems where !run.keepPublished(problem.path, problem.reason, site: site) {
            run.failures.append(problem.error)
        }
        return run
    }

    // MARK: Render

    /// The plan's photos read and rendered, concurrently; each as it comes.
    func render(
        _ run: inout Run, _ checked: Checked, _ loaded: Loaded, start: ContinuousClock.Instant, progress: (BuildProgress) -> Void
    ) async {
        let total = run.plan.jobs.count
        if total > 0 { Thumbnailer.keepFreedMemoryBetweenPhotos() }
        let settings = loaded.settings, site = loaded.site
        let context = RenderContext(library: checked.library, output: checked.output, sizes: loaded.sizes, includeGPS: settings.includeGPS)
        await context.render(run.plan.jobs, concurrency: options.jobs) { outcome, done in
            switch outcome {
            case .photo(let photo, let warning):
                run.photos.append(photo)
                run.written += [photo.thumb.src, photo.thumb2x.src, photo.preview.src]
                if let warning { run.warnings.append(warning) }
            case .problem(let problem), .unreadable(let problem):
                if !run.keepPublished(problem.pathKey, problem.reason, site: site) {
                    if case .problem = outcome { run.problems.append(problem) }
                    run.failures.append(ProofsheetError(problem.path, problem.reason))
                }
            case .writeFailed(let error, let wrote):
                run.written += wrote
                run.fatal = run.fatal ?? error
            }
            progress(BuildProgress(done: done, total: total, elapsed: Self.seconds(ContinuousClock.now - start)))
        }
        run.written.removeAll { run.existingImages.contains($0) }
    }
}
