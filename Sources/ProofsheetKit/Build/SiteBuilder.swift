import Foundation

/// Builds the gallery site, one step after the other, each in the file named for it:
/// check the library and the output → plan (`BuildPlan`: reuse what the previous build
/// made, list the photos to render) → render (`RenderContext`: read, fingerprint, decode
/// and render, concurrently) → assemble the manifest in a stable order (`PhotoOrder`,
/// `PhotoIDs`) → write (`SiteWriter`: the page, the manifest, then the cleanup).
///
/// The previous site stays exactly as it was until the new one is complete: images are
/// written under new names (their content's fingerprint and the image options), the
/// manifest and the page are staged in full and only then renamed into place, and only
/// after that are the files nothing refers to any more deleted. A killed build leaves the
/// old page working; a build that cannot write (a full disk, a read-only folder) fails
/// with one line and removes what it wrote. The next build starts from the last complete
/// one, and deletes what a killed one left behind.
///
/// `manifest.json` is also the cache: a photo whose file (size and time) and image
/// options are unchanged, and whose images exist, is not read again. `.proofsheet-cache`
/// (`BuildCache`) says what the build must know of each photo to tell that, so the
/// manifest's photos are decoded only when something changed; when nothing at all changed,
/// no photo is decoded and the page is not rendered again (see `SiteWriter.pageMark`).
public struct SiteBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    public func build(progress: (BuildProgress) -> Void = { _ in }) async throws -> BuildReport {
        do {
            return try await build(progress: progress, readingCache: true)
        } catch is UntrueCache {
            // Found when the photos were decoded, after the plan was made from the cache:
            // done again without it, which costs the time and one warning, never a wrong site.
            return try await build(progress: progress, readingCache: false)
        }
    }

    /// `.proofsheet-cache` whole (its checksum holds) but not true of the manifest's photos.
    private struct UntrueCache: Error {}

    /// `AlbumRebuild`, a record found untrue thrown as `UntrueCache`.
    private static func albumRebuild(
        previous: PreviousSite, reused: [Int], changed: [Int: Manifest.Photo], fresh: [Manifest.Photo], sort: PhotoSort,
        libraryName: String
    ) throws -> AlbumRebuild? {
        do throws(AlbumRebuild.Untrue) {
            return try AlbumRebuild(
                previous: previous, reused: reused, changed: changed, fresh: fresh, sort: sort, libraryName: libraryName)
        } catch {
            throw UntrueCache()
        }
    }

    private func build(progress: (BuildProgress) -> Void, readingCache: Bool) async throws -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        let library = try checkedLibrary()
        let identity = Self.identity(of: library)
        let (output, found) = try checkedOutput(library: library)
        do {
            let templates = try loadTemplates()
            // The previous manifest (tens of MB for a big library) is read while the library
            // is walked, and the site's images listed: jobs that need not wait for each other.
            // The walk needs only the stored settings (the excludes), read from the manifest's
            // first bytes. With --replace, nothing of the site there is kept but what the
            // cleanup removes.
            let previousFound = !options.replace && found.manifestPath != nil
            async let loading =
                previousFound ? found.read(cache: readingCache).flatMap { PreviousSite(bytes: $0.manifest, cache: $0.cache) } : nil
            async let listingImages = BuildPlan.imageFiles(in: output)
            // And the page files the previous build wrote are read and checked (a rebuild
            // keeps only whole ones), beside the walk rather than after it.
            async let checkingPages = previousFound ? PageFileStates(checking: output) : PageFileStates()
            let walkedWith = options.settings(replacing: options.replace ? nil : found.storedSettings).settings
            var scanner = LibraryScanner(root: library.readable, rules: walkedWith.rules, ignoredDirectory: output)
            var listing = try scanner.walk()
            var site = ExistingSite(previous: await loading, marker: found.marker)
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
            if let previous, previous.version == 1, previous.title != identity.name { stored?.title = previous.title }
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
                    try Logo.stored(name, in: output, shown: Self.joined(options.output, name))
                }
            // The watermark's font found and tried before anything is written.
            var sizes = settings.sizes
            sizes.watermark = try sizes.watermark?.prepared()
            if settings.rules != scanner.rules {
                scanner.rules = settings.rules
                listing = try scanner.walk()
            }
            let scan = scanner.classify(listing) { site.previous?.known($0) }
            guard !scan.files.isEmpty || !scan.problems.isEmpty else {
                let others = scan.nonImages.count + scan.ignored
                throw ProofsheetError(
                    options.library, others == 0 ? "the library is empty" : "no photos in the library (\(others) other files)")
            }
            if !options.replace { try checkSameLibrary(identity, scan: scan, site: site) }
            // A cover given must be a photo of the library; one stored whose photo has gone
            // gives way to the first photo, and the build says so.
            var coverGone: ProofsheetError?
            if let cover = settings.cover, !scan.files.contains(where: { $0.path.string == cover }) {
                let error = ProofsheetError("--cover '\(cover)'", "no such photo in \(options.library)")
                guard !options.given.contains("cover") else { throw error }
                coverGone = ProofsheetError(error.path, "no longer in the library; the page opens on its first photo")
            }

            // The marker first: from here on the folder is a site, even before its manifest.
            try FileSystem.createDirectory(output)
            try SiteMarker(library: identity, watermarkFont: site.marker?.watermarkFont).write(in: output)
            for folder in ["/thumbs", "/previews", "/assets"] {
                try FileSystem.createDirectory(output + folder)
            }

            let existingImages = await listingImages
            let plan = BuildPlan(
                scan: scan, settings: settings, sizes: sizes, previous: site.previous, existingImages: existingImages)
            var photos: [Manifest.Photo] = []
            var problems = plan.reusedProblems
            var failures = plan.reusedProblems.map { ProofsheetError($0.path, $0.reason) }
            var warnings = plan.warnings + scan.warnings + (coverGone.map { [$0] } ?? [])
            if let problem = site.previous?.cacheProblem
                ?? (readingCache || found.cachePath == nil ? nil : "not true of the photos of manifest.json")
            {
                warnings.append(
                    ProofsheetError(
                        Self.joined(options.output, BuildCache.fileName), "\(problem); read manifest.json instead, and written anew"))
            }
            // What makes this build fail once the photos in flight are done.
            var fatal: ProofsheetError?
            /// A photo the gallery showed is never dropped because it fails now: it keeps its
            /// previous version, or, when those images are gone too, the build fails.
            func keepPublished(_ path: BytePath, _ reason: String) -> Bool {
                guard let old = site.previous?.photo(at: path) else { return false }
                guard BuildPlan.imagesExist(old, in: existingImages) else {
                    fatal =
                        fatal
                        ?? ProofsheetError(
                            path.readable, "\(reason); its previous images are gone too, so the gallery would lose it — nothing was changed"
                        )
                    return true
                }
                photos.append(old)
                failures.append(ProofsheetError(path.readable, "\(reason); the gallery keeps its previous version"))
                return true
            }
            for problem in scan.problems where !keepPublished(problem.path, problem.reason) {
                failures.append(problem.error)
            }
            // Images this build wrote that were not there before: removed if it fails.
            var written: [String] = []

            let total = plan.jobs.count
            if total > 0 { Thumbnailer.keepFreedMemoryBetweenPhotos() }
            let context = RenderContext(library: library, output: output, sizes: sizes, includeGPS: settings.includeGPS)
            await context.render(plan.jobs, concurrency: options.jobs) { outcome, done in
                switch outcome {
                case .photo(let photo, let warning):
                    photos.append(photo)
                    written += [photo.thumb.src, photo.thumb2x.src, photo.preview.src]
                    if let warning { warnings.append(warning) }
                case .problem(let problem), .unreadable(let problem):
                    if !keepPublished(problem.pathKey, problem.reason) {
                        if case .problem = outcome { problems.append(problem) }
                        failures.append(ProofsheetError(problem.path, problem.reason))
                    }
                case .writeFailed(let error, let wrote):
                    written += wrote
                    fatal = fatal ?? error
                }
                progress(BuildProgress(done: done, total: total, elapsed: Self.seconds(clock.now - start)))
            }
            written.removeAll { existingImages.contains($0) }
            do {
                if let fatal { throw fatal }
                warnings.sort { ByteOrder.less($0.path, $1.path) }
                failures.sort { ByteOrder.less($0.path, $1.path) }
                var writer = SiteWriter(output: output, templates: templates)
                writer.brand.logo = logo
                writer.brand.accent = settings.accent.flatMap(AccentColor.init)
                writer.pageStates = await checkingPages
                let libraryName = identity.name
                // A page file of the previous build found damaged on disk and written again:
                // one line each, in path order among the others.
                func sayRepairs() {
                    for (path, reason) in writer.repairs.written {
                        warnings.append(ProofsheetError(Self.joined(options.output, path), "\(reason); written again"))
                    }
                    warnings.sort { ByteOrder.less($0.path, $1.path) }
                }
                /// The report of the build done; first the marker keeps the settings not
                /// published (the font), now that the manifest is this build's. (The site is
                /// complete: a marker that cannot be written is said, not a failure.)
                func report(photos: Int, albums: Int, gallery: String, withRAW: Int, livePhotos: Int) -> BuildReport {
                    do {
                        try SiteMarker(library: identity, watermarkFont: settings.watermarkFont).write(in: output)
                    } catch {
                        warnings.append(
                            ProofsheetError(
                                Self.joined(options.output, SiteMarker.fileName),
                                "\((error as? ProofsheetError)?.reason ?? "\(error)"); the watermark's font is not kept"))
                    }
                    return BuildReport(
                        photos: photos, albums: albums, skipped: scan.nonImages.count + scan.ignored,
                        failures: failures, warnings: warnings, rendered: total, reused: plan.reused,
                        seconds: Self.seconds(clock.now - start),
                        indexPath: (options.output as NSString).appendingPathComponent("index.html"), gallery: gallery,
                        changes: changes, withRAW: withRAW, livePhotos: livePhotos,
                        resumed: site.previous == nil && site.marker != nil && !options.replace)
                }

                // Nothing changed: the previous manifest's photos, order and ids are this
                // build's (sorting and numbering 100,000 photos again is most of a rebuild).
                let asBefore =
                    plan.asBefore && previous?.options == settings.published && previous?.library == identity
                    && previous?.generator == Proofsheet.generator
                // And when the page on disk is the one of that manifest, no photo is even
                // decoded: the cache says all the build needs, and nothing is written.
                if asBefore, let kept = site.previous, let previous, try writer.write(.keepUnchanged(kept), images: existingImages) != nil {
                    let photos = kept.cache.photos
                    return report(
                        photos: photos.count, albums: previous.albums.count, gallery: previous.gallery,
                        withRAW: photos.count { $0.flags.contains(.raw) }, livePhotos: photos.count { $0.flags.contains(.video) })
                }
                // Something changed: album by album when the previous build allows it —
                // the albums that did not change are taken from it without decoding a photo.
                // (Problems are in path order either way.)
                problems.sort { $0.pathKey < $1.pathKey }
                let title = settings.title ?? libraryName
                if !asBefore, let kept = site.previous, let previous, previous.version == Manifest.currentVersion,
                    previous.generator == Proofsheet.generator, previous.options == settings.published, previous.library == identity,
                    previous.title == title,
                    let rebuild = try Self.albumRebuild(
                        previous: kept, reused: plan.reusedIndices, changed: plan.changed, fresh: photos, sort: settings.sort,
                        libraryName: libraryName)
                {
                    let manifest = Manifest(
                        generator: Proofsheet.generator, gallery: previous.gallery, library: identity, title: title,
                        options: settings.published, albums: rebuild.albums, photos: [], problems: problems)
                    if let cache = try writer.write(
                        .byAlbum(rebuild, manifest: manifest, previous: kept), images: existingImages.adding(written))
                    {
                        sayRepairs()
                        var done = report(
                            photos: rebuild.total, albums: rebuild.segments.count, gallery: manifest.gallery,
                            withRAW: cache.photos.count { $0.flags.contains(.raw) },
                            livePhotos: cache.photos.count { $0.flags.contains(.video) })
                        done.albumsKept = rebuild.keptAlbums
                        return done
                    }
                }
                if await site.previous?.decodeAll() == false { throw UntrueCache() }
                let previousManifest = site.previous?.manifest
                if let previousManifest, asBefore {
                    photos = previousManifest.photos
                    problems = previousManifest.problems
                } else {
                    // Assemble in a stable order: results arrived in any order. (Ids do not
                    // depend on the order, nor the order on ids.)
                    photos = plan.ordered(fresh: photos, previous: previousManifest, by: settings.sort)
                    PhotoIDs.assign(&photos)
                    Self.carryFormerIDs(&photos, from: previousManifest)
                }
                let albums = PhotoOrder.albums(of: photos, libraryName: libraryName)
                let manifest = Manifest(
                    generator: Proofsheet.generator,
                    gallery: previous?.gallery ?? Self.galleryID(library, title: settings.title ?? libraryName),
                    library: identity,
                    title: settings.title ?? libraryName,
                    options: settings.published,
                    albums: albums, photos: photos, problems: problems)

                _ = try writer.write(
                    .whole(
                        manifest, previous: site.previous, asBefore: asBefore,
                        previousPositions: plan.previousPositions(of: photos, in: site.previous)),
                    images: existingImages.adding(written))
                sayRepairs()

                return report(
                    photos: photos.count, albums: albums.count, gallery: manifest.gallery,
                    withRAW: photos.count { $0.companions?.contains { $0.kind == .raw } == true },
                    livePhotos: photos.count { $0.companions?.contains { $0.kind == .video } == true })
            } catch {
                // The published site is as it was: take away what this build added.
                SiteFolder.remove(paths: written, of: output)
                throw error
            }
        } catch let error as ProofsheetError {
            throw shown(error, output: output)
        }
    }

    // MARK: Checks before anything is written

    private func checkedLibrary() throws -> BytePath {
        guard FileSystem.exists(options.library) else { throw ProofsheetError(options.library, "no such folder") }
        guard FileSystem.isDirectory(options.library), let real = FileSystem.realPath(BytePath(options.library)) else {
            throw ProofsheetError(options.library, "not a folder")
        }
        return real
    }

    /// What is in the output folder already.
    struct ExistingSite {
        /// A complete site: its manifest is the build cache.
        var previous: PreviousSite?
        /// Written first by every build (absent in sites of older versions).
        var marker: SiteMarker?

    }

    /// What the output folder holds before the build: a manifest (the build cache) and its
    /// settings, a `.proofsheet-cache`, and its marker.
    struct FoundSite {
        /// The settings stored in the manifest (read from its first bytes, without its
        /// photos), when there is a manifest this version reads; none after an interrupted
        /// first build, which is carried on as a first build.
        var storedSettings: SiteSettings?
        /// `manifest.json` (when `storedSettings` were found in it), and `.proofsheet-cache`
        /// when there is one: read whole by `read`.
        var manifestPath: String?
        var cachePath: String?
        /// The manifest's bytes when its first read took them all.
        var manifestBytes: [UInt8]?
        var marker: SiteMarker?

        /// The first bytes of `manifest.json` read: its settings are there, before its photos.
        static let settingsPrefix = 64 * 1024

        /// The manifest's bytes (read once: tens of MB for a big gallery, read beside the
        /// walk), and the cache's when `cache`; nil when there is no manifest or it cannot
        /// be read.
        func read(cache: Bool) -> (manifest: [UInt8], cache: [UInt8]?)? {
            guard let manifestPath, let bytes = manifestBytes ?? (try? ManifestFile.read(manifestPath)) else { return nil }
            // A cache that cannot be read (a FIFO, one larger than its manifest) is none
            // (no bytes), so the rebuild says so in one line and writes it anew.
            return (bytes, cache ? cachePath.map { (try? ManifestFile.readCache($0, manifestLength: bytes.count)) ?? [] } : nil)
        }
    }

    /// The output folder as an absolute path, after checking it is safe to write, and the
    /// site already there, if any.
    private func checkedOutput(library: BytePath) throws -> (String, FoundSite) {
        let output = Self.resolved(options.output)
        let outputPath = BytePath(output)
        if outputPath.isInside(library) {
            throw ProofsheetError(options.output, "the output folder is inside the library; choose one outside it")
        }
        if library.isInside(outputPath) {
            throw ProofsheetError(options.output, "the output folder contains the library; choose another one")
        }
        switch FileSystem.kind(of: output) {
        case nil: return (output, FoundSite())
        case .directory?:
            // Before a file of it is read: a FIFO named manifest.json would hold the read.
            try SiteFolder.check(output, shown: options.output)
            let names = FileSystem.contents(of: output)
            var site = FoundSite(marker: names.contains(SiteMarker.fileName) ? SiteMarker.read(in: output) : nil)
            let manifestPath = output + "/manifest.json"
            if names.contains("manifest.json"), let head = try? ManifestFile.readPrefix(manifestPath, count: FoundSite.settingsPrefix) {
                var bytes = head.count < FoundSite.settingsPrefix ? head : nil
                var settings = ManifestJSON.settings(in: head)
                // Settings beyond the first bytes (a gallery of thousands of albums): read whole.
                if settings == nil, bytes == nil, let all = try? ManifestFile.read(manifestPath) {
                    bytes = all
                    settings = ManifestJSON.settings(in: all)
                }
                if let settings {
                    site.storedSettings = settings
                    site.manifestPath = manifestPath
                    site.manifestBytes = bytes
                    if names.contains(BuildCache.fileName) { site.cachePath = output + "/" + BuildCache.fileName }
                }
            }
            // A fresh folder may hold a README or dotfiles (the repository's Site/ does).
            let onlyNotes = names.allSatisfy { $0.hasPrefix(".") || $0.lowercased().hasPrefix("readme") }
            guard site.manifestPath != nil || site.marker != nil || onlyNotes else {
                throw ProofsheetError(
                    options.output, "the folder is not empty and is not a proofsheet site; choose an empty or new folder")
            }
            guard access(output, W_OK) == 0 else { throw ProofsheetError(options.output, "the folder is not writable") }
            return (output, site)
        default:
            throw ProofsheetError(options.output, "is a file, not a folder")
        }
    }

    /// Refuses to build one library into the site of another (a moved library is the
    /// same: most of the site's photos are in it, at the same paths and sizes).
    private func checkSameLibrary(_ identity: Manifest.LibraryIdentity, scan: LibraryScanner.Result, site: ExistingSite) throws {
        let theirs = site.previous?.head.library ?? site.marker?.library
        if theirs?.key == identity.key { return }
        if let previous = site.previous {
            let manifest = previous.head, cached = previous.cache
            let here = Dictionary(scan.files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
            let found = cached.photos.count { here[cached.path($0)] == $0.bytes }
            if !cached.photos.isEmpty && found * 2 > cached.photos.count { return }
            let count = cached.photos.count == 1 ? "1 photo" : "\(cached.photos.count) photos"
            let name = theirs?.name ?? manifest.title
            throw ProofsheetError(
                options.output,
                "this is the gallery \"\(manifest.title)\" of another library ('\(name)', \(count), gallery \(manifest.gallery)); "
                    + "pass --replace to build '\(identity.name)' here instead")
        }
        if let theirs {
            throw ProofsheetError(
                options.output,
                "an interrupted first build of another library ('\(theirs.name)') is here; "
                    + "pass --replace to build '\(identity.name)' here instead")
        }
    }

    /// Refuses settings that fail their option's check (`SettingCheck`), in one line: one
    /// the site stored (a hand-edited or hostile manifest) names the field and the file,
    /// and the option that sets it anew; one given names the option.
    private func checkSettings(_ settings: SiteSettings, stored: Bool) throws {
        guard let (key, option, reason) = settings.problem() else { return }
        if !stored || options.given.contains(key) { throw ProofsheetError(options.output, "--\(option) \(reason)") }
        throw ProofsheetError(
            Self.joined(options.output, "manifest.json"),
            "its setting \"\(key)\" \(reason); give --\(option) to set it anew, or fix the file")
    }

    private func loadTemplates() throws -> TemplateSet {
        guard let directory = options.templates ?? TemplateSet.locateDefault() else {
            throw ProofsheetError("Templates", "cannot find the page templates; pass --templates DIR")
        }
        guard FileSystem.isDirectory(directory) else { throw ProofsheetError(directory, "no such templates folder") }
        let templates = try TemplateSet(directory: directory)
        try PageRenderer.checkPlaceholders(templates)
        return templates
    }

    // MARK: Identity

    /// The library's folder name, and a hash of its real path: enough to tell libraries
    /// apart without putting a path of this machine into the site.
    static func identity(of library: BytePath) -> Manifest.LibraryIdentity {
        let hash = ContentFingerprint(of: Array("proofsheet library\0".utf8) + library.bytes)
        return Manifest.LibraryIdentity(name: library.lastComponent.readable, key: String(hash.hex.prefix(16)))
    }

    /// A new site's gallery id: from where the library is and the gallery's title, so it
    /// does not change as photos are added, and a fresh build of the same library under
    /// the same title gets the same id (two galleries of one library with different titles
    /// are two galleries, with picks kept apart). A site keeps the id it has.
    static func galleryID(_ library: BytePath, title: String) -> String {
        let input = Array("proofsheet gallery\0".utf8) + library.bytes + [0] + Array(title.utf8)
        return String(ContentFingerprint(of: input).hex.prefix(12))
    }

    /// The ids of a version 1 site (from paths), kept beside the new ones so the page can
    /// carry picks stored under them over; once there, carried from build to build: to the
    /// photo at the same path, else to a photo with the same content whose old path is
    /// gone (it moved). Each photo's former ids go to one photo only — two identical photos
    /// that moved get one each, in order, and a copy of a photo still there gets none — so
    /// a pick under a former id finds one photo, and two picks never become one.
    static func carryFormerIDs(_ photos: inout [Manifest.Photo], from previous: Manifest?) {
        guard let previous else { return }
        let fromVersion1 = previous.version == 1
        let old = previous.photos
        guard fromVersion1 || old.indices.contains(where: { old[$0].formerIds != nil }) else { return }
        let here = Set(photos.map(\.pathKey))
        var byPath: [BytePath: [String]] = [:]
        // Of the photos whose path is gone, by content, in the previous build's order.
        var moved: [String: [[String]]] = [:]
        for index in old.indices {
            guard let former = fromVersion1 ? [old[index].id] : old[index].formerIds else { continue }
            let path = old[index].pathKey
            if here.contains(path) {
                byPath[path] = former
            } else if let fingerprint = old[index].fingerprint {
                moved[fingerprint, default: []].append(former)
            }
        }
        for index in photos.indices where photos[index].formerIds == nil {
            if let former = byPath[photos[index].pathKey] {
                photos[index].formerIds = former
            } else if let fingerprint = photos[index].fingerprint, let former = moved[fingerprint]?.first {
                photos[index].formerIds = former
                moved[fingerprint]?.removeFirst()
            }
        }
    }

    // MARK: Helpers

    /// An error about a file of the site, named as the user named the output folder
    /// (`Site/thumbs: no space left on device`).
    private func shown(_ error: ProofsheetError, output: String) -> ProofsheetError {
        guard BytePath(error.path).isInside(BytePath(output)) else { return error }
        let rest = error.path.dropFirst(output.count).drop { $0 == "/" }
        let base = options.output.hasSuffix("/") ? String(options.output.dropLast()) : options.output
        return ProofsheetError(rest.isEmpty ? options.output : base + "/" + rest, error.reason)
    }

    /// `folder/name`, `folder` as the user gave it.
    static func joined(_ folder: String, _ name: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + name
    }

    static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let standard = (absolute as NSString).standardizingPath
        // Resolve symlinks in the part that exists, so "inside the library" is judged truly.
        var existing = standard
        var rest: [String] = []
        while !FileSystem.exists(existing) && existing != "/" {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        let base = FileSystem.realPath(existing) ?? existing
        return rest.reduce(base) { ($0 as NSString).appendingPathComponent($1) }
    }

    static func exifWarning(_ path: String) -> ProofsheetError {
        ProofsheetError(path, "damaged EXIF data; showing what could be read")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
