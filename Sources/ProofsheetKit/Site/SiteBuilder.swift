import Foundation

/// Builds the gallery site, one step after the other, each in the file named for it:
/// check the library and the output → plan (`BuildPlan`: reuse what the previous build
/// made, list the photos to render) → render (`RenderContext`: read, decode and render,
/// concurrently) → assemble the manifest in a stable order (`PhotoOrder`) → write
/// (`SiteWriter`: the page, the manifest, then the cleanup).
///
/// The previous site stays whole until the new one is complete: images are written under
/// new names (they carry a key of the original and the options), `manifest.json` and
/// `index.html` are replaced atomically at the end, and only then are the files nothing
/// refers to any more deleted. A killed build leaves the old page working; the next build
/// starts from the last complete one, and deletes what the killed one left behind.
///
/// `manifest.json` is also the cache: a photo whose file (size and time), id and image
/// options are unchanged, and whose images exist, is not decoded again. When nothing at
/// all changed, the page is not even rendered again (see `SiteWriter.pageMark`).
public struct SiteBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    public func build(progress: (BuildProgress) -> Void = { _ in }) async throws -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        // The watermark's font found and tried before anything is written.
        var options = self.options
        options.sizes.watermark = try options.sizes.watermark?.prepared()
        let library = try checkedLibrary()
        let (output, previousSite) = try checkedOutput(library: library)
        let previous = previousSite?.manifest
        let templates = try loadTemplates()

        let scan = try LibraryScanner(root: library, excludes: options.excludes, ignoredDirectory: output).scan()
        guard !scan.files.isEmpty || !scan.problems.isEmpty else {
            let others = scan.nonImages.count + scan.ignored
            throw ProofsheetError(
                options.library, others == 0 ? "the library is empty" : "no photos in the library (\(others) other files)")
        }
        let libraryName = (library as NSString).lastPathComponent

        let plan = BuildPlan(scan: scan, options: options, previous: previous, existingImages: BuildPlan.imageFiles(in: output))
        var photos = plan.reusedPhotos
        var problems = plan.reusedProblems
        // Problems of this run only, not kept in the manifest: the next build tries again.
        var transientProblems: [Manifest.Problem] = []
        var warnings = plan.warnings

        for folder in ["", "/thumbs", "/previews", "/assets"] {
            try FileSystem.createDirectory(output + folder)
        }

        let total = plan.jobs.count
        if total > 0 { Thumbnailer.keepFreedMemoryBetweenPhotos() }
        let context = RenderContext(library: library, output: output, sizes: options.sizes, includeGPS: options.includeGPS)
        await context.render(plan.jobs, concurrency: options.jobs) { outcome, done in
            switch outcome {
            case .photo(let photo, let warning):
                photos.append(photo)
                if let warning { warnings.append(warning) }
            case .problem(let problem):
                problems.append(problem)
            case .transientProblem(let problem):
                transientProblems.append(problem)
            }
            progress(BuildProgress(done: done, total: total, elapsed: Self.seconds(clock.now - start)))
        }

        // Assemble in a stable order: results arrived in any order.
        photos = PhotoOrder.sorted(photos, by: options.sort)
        problems.sort { ByteOrder.less($0.path, $1.path) }
        warnings.sort { ByteOrder.less($0.path, $1.path) }
        let albums = PhotoOrder.albums(of: photos, libraryName: libraryName)
        let title = options.title ?? libraryName
        let manifest = Manifest(
            generator: Proofsheet.generator,
            gallery: previous?.gallery
                ?? BuildPlan.galleryID(libraryName: libraryName, title: title, paths: scan.files.map(\.path)),
            title: title,
            options: Manifest.Options(
                limit: options.limit, sort: options.sort, thumbSize: options.sizes.thumbnail,
                previewSize: options.sizes.preview, quality: options.sizes.quality, includeGPS: options.includeGPS),
            albums: albums, photos: photos, problems: problems)

        try SiteWriter(output: output, templates: templates).write(manifest, previous: previousSite)

        let failures = (problems + transientProblems).map { ProofsheetError($0.path, $0.reason) } + scan.problems
        return BuildReport(
            photos: photos.count, albums: albums.count, skipped: scan.nonImages.count + scan.ignored,
            failures: failures.sorted { ByteOrder.less($0.path, $1.path) },
            warnings: warnings, rendered: total, reused: plan.reused, seconds: Self.seconds(clock.now - start),
            indexPath: (options.output as NSString).appendingPathComponent("index.html"), gallery: manifest.gallery)
    }

    // MARK: Checks before anything is written

    private func checkedLibrary() throws -> String {
        guard FileSystem.exists(options.library) else { throw ProofsheetError(options.library, "no such folder") }
        guard FileSystem.isDirectory(options.library), let real = FileSystem.realPath(options.library) else {
            throw ProofsheetError(options.library, "not a folder")
        }
        return real
    }

    /// The output folder as an absolute path, after checking it is safe to write, and the
    /// manifest of the site already there, if any (read once: it is the build cache).
    private func checkedOutput(library: String) throws -> (String, PreviousSite?) {
        let output = Self.resolved(options.output)
        if output == library || output.hasPrefix(library + "/") {
            throw ProofsheetError(options.output, "the output folder is inside the library; choose one outside it")
        }
        if library.hasPrefix(output + "/") {
            throw ProofsheetError(options.output, "the output folder contains the library; choose another one")
        }
        switch FileSystem.kind(of: output) {
        case nil: return (output, nil)
        case .directory?:
            let names = FileSystem.contents(of: output)
            let previous = names.contains("manifest.json") ? PreviousSite.load(from: output) : nil
            let isSite = previous != nil
            // A fresh folder may hold a README or dotfiles (the repository's Site/ does).
            let onlyNotes = names.allSatisfy { $0.hasPrefix(".") || $0.lowercased().hasPrefix("readme") }
            guard isSite || onlyNotes else {
                throw ProofsheetError(
                    options.output, "the folder is not empty and is not a proofsheet site; choose an empty or new folder")
            }
            guard access(output, W_OK) == 0 else { throw ProofsheetError(options.output, "the folder is not writable") }
            return (output, previous)
        default:
            throw ProofsheetError(options.output, "is a file, not a folder")
        }
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

    // MARK: Helpers

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
