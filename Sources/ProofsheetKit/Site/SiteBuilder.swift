import Foundation

/// Builds the gallery site: scan → read metadata and render images (concurrently) →
/// write the page and manifest.
///
/// The previous site stays whole until the new one is complete: images are written under
/// new names (they carry a key of the original and the options), `manifest.json` and
/// `index.html` are replaced atomically at the end, and only then are the files nothing
/// refers to any more deleted. A killed build leaves the old page working; the next build
/// starts from the last complete one, and deletes what the killed one left behind.
///
/// `manifest.json` is also the cache: a photo whose file (size and time), id and image
/// options are unchanged, and whose images exist, is not decoded again. When nothing at
/// all changed, the page is not even rendered again (see `pageMark`).
public struct SiteBuilder: Sendable {
    public var options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Bumped when the way images are made changes, so old images are remade.
    static let renderVersion = "3"

    public func build(progress: (BuildProgress) -> Void = { _ in }) async throws -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        let library = try checkedLibrary()
        let (output, previousSite) = try checkedOutput(library: library)
        let previous = previousSite?.manifest
        let templates = try loadTemplates()
        let pageKey = Self.pageKey(templates: templates)

        let scan = try LibraryScanner(root: library, excludes: options.excludes, ignoredDirectory: output).scan()
        guard !scan.files.isEmpty || !scan.problems.isEmpty else {
            let others = scan.nonImages.count + scan.ignored
            throw ProofsheetError(
                options.library, others == 0 ? "the library is empty" : "no photos in the library (\(others) other files)")
        }
        let libraryName = (library as NSString).lastPathComponent
        let ids = Self.assignIDs(scan.files.map(\.path))

        // Plan: reuse what the previous build made, render the rest.
        var photos: [Manifest.Photo] = []
        var problems: [Manifest.Problem] = []
        // Problems of this run only, not kept in the manifest: the next build tries again.
        var transientProblems: [Manifest.Problem] = []
        var warnings: [ProofsheetError] = []
        var jobs: [Job] = []
        let previousPhotos = Dictionary(previous?.photos.map { ($0.path, $0) } ?? [], uniquingKeysWith: { a, _ in a })
        let previousProblems = Dictionary(previous?.problems.map { ($0.path, $0) } ?? [], uniquingKeysWith: { a, _ in a })
        let gpsWasRead = previous?.options.includeGPS ?? false
        // Two directory listings instead of three lstat calls a photo.
        let existingImages = Self.imageFiles(in: output)
        for file in scan.files {
            let key = renderKey(file)
            let id = ids[file.path]!
            if var old = previousPhotos[file.path], old.key == key, old.bytes == file.bytes,
                old.modified == file.modified, old.id == id, Self.imagesExist(old, in: existingImages),
                !(options.includeGPS && !gpsWasRead)
            {
                if !options.includeGPS { old.gps = nil }
                photos.append(old)
                if old.exifWarning == true { warnings.append(Self.exifWarning(old.path)) }
            } else if let old = previousProblems[file.path], old.key == key, old.bytes == file.bytes,
                old.modified == file.modified
            {
                problems.append(old)
            } else {
                jobs.append(Job(file: file, id: id, key: key))
            }
        }
        let reused = photos.count + problems.count

        for folder in ["", "/thumbs", "/previews", "/assets"] {
            try FileSystem.createDirectory(output + folder)
        }

        // Render, at most `jobs` photos at a time. Results arrive in any order; they are
        // sorted before anything depends on their order.
        let total = jobs.count
        if total > 0 { Thumbnailer.keepFreedMemoryBetweenPhotos() }
        let context = RenderContext(library: library, output: output, sizes: options.sizes, includeGPS: options.includeGPS)
        await withTaskGroup(of: Outcome.self) { group in
            var next = 0
            func addNext() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask { context.process(job) }
            }
            for _ in 0..<max(1, options.jobs) { addNext() }
            var done = 0
            for await outcome in group {
                switch outcome {
                case .photo(let photo, let warning):
                    photos.append(photo)
                    if let warning { warnings.append(warning) }
                case .problem(let problem):
                    problems.append(problem)
                case .transientProblem(let problem):
                    transientProblems.append(problem)
                }
                done += 1
                progress(BuildProgress(done: done, total: total, elapsed: Self.seconds(clock.now - start)))
                addNext()
            }
        }

        // Assemble in a stable order.
        photos = Self.sorted(photos, by: options.sort)
        problems.sort { ByteOrder.less($0.path, $1.path) }
        warnings.sort { ByteOrder.less($0.path, $1.path) }
        let albums = Self.albums(of: photos, libraryName: libraryName)
        let title = options.title ?? libraryName
        let manifest = Manifest(
            generator: Proofsheet.generator,
            gallery: previous?.gallery ?? Self.galleryID(libraryName: libraryName, title: title, paths: scan.files.map(\.path)),
            title: title,
            options: Manifest.Options(
                limit: options.limit, sort: options.sort, thumbSize: options.sizes.thumbnail,
                previewSize: options.sizes.preview, quality: options.sizes.quality, includeGPS: options.includeGPS),
            albums: albums, photos: photos, problems: problems)

        try write(manifest, previous: previousSite, templates: templates, pageKey: pageKey, to: output)

        let failures = (problems + transientProblems).map { ProofsheetError($0.path, $0.reason) } + scan.problems
        return BuildReport(
            photos: photos.count, albums: albums.count, skipped: scan.nonImages.count + scan.ignored,
            failures: failures.sorted { ByteOrder.less($0.path, $1.path) },
            warnings: warnings, rendered: total, reused: reused, seconds: Self.seconds(clock.now - start),
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
            let previous = names.contains("manifest.json") ? Self.loadPreviousSite(in: output) : nil
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

    // MARK: Planning

    private func renderKey(_ file: LibraryFile) -> String {
        StableHash.hex(
            of: "render", Self.renderVersion, String(file.bytes), String(file.modified),
            String(options.sizes.thumbnail), String(options.sizes.preview), String(options.sizes.quality),
            digits: 8)
    }

    /// Ids come from the relative path, so they survive rebuilds and moves of the library.
    /// A collision (astronomically rare) is settled by path order.
    static func assignIDs(_ paths: [String]) -> [String: String] {
        var ids: [String: String] = [:]
        var taken = Set<String>()
        for path in paths {
            var salt = 0
            var id = StableHash.hex(of: "photo", path, digits: 12)
            while taken.contains(id) {
                salt += 1
                id = StableHash.hex(of: "photo", path, String(salt), digits: 12)
            }
            taken.insert(id)
            ids[path] = id
        }
        return ids
    }

    static func galleryID(libraryName: String, title: String, paths: [String]) -> String {
        var hash = StableHash()
        hash.combine("gallery")
        hash.combine(libraryName)
        hash.combine(title)
        for path in paths { hash.combine(path) }
        return hash.hex(digits: 12)
    }

    /// The image files of a site, as `thumbs/NAME` and `previews/NAME`.
    static func imageFiles(in output: String) -> Set<String> {
        var files = Set<String>()
        for folder in ["thumbs", "previews"] {
            for name in FileSystem.contents(of: output + "/" + folder) { files.insert(folder + "/" + name) }
        }
        return files
    }

    static func imagesExist(_ photo: Manifest.Photo, in files: Set<String>) -> Bool {
        files.contains(photo.thumb.src) && files.contains(photo.thumb2x.src) && files.contains(photo.preview.src)
    }

    static func decodeManifest(_ bytes: [UInt8]) -> Manifest? {
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes)),
            manifest.format == Manifest.formatName, manifest.version == Manifest.currentVersion
        else { return nil }
        return manifest
    }

    /// What the previous build left: its manifest, and a digest of the file's bytes.
    struct PreviousSite {
        var manifest: Manifest
        var digest: String
    }

    static func loadPreviousSite(in output: String) -> PreviousSite? {
        guard let bytes = try? FileSystem.read(output + "/manifest.json"), let manifest = decodeManifest(bytes) else {
            return nil
        }
        return PreviousSite(manifest: manifest, digest: digest(bytes))
    }

    static func digest(_ bytes: [UInt8]) -> String {
        var hash = StableHash()
        hash.combine(bytes: bytes)
        return hash.hex(digits: 16)
    }

    // MARK: Ordering

    static func sorted(_ photos: [Manifest.Photo], by order: PhotoSort) -> [Manifest.Photo] {
        photos.sorted { a, b in
            if a.album != b.album { return albumLess(a.album, b.album) }
            switch order {
            case .date:
                if a.date != b.date { return a.date < b.date }
                if a.name != b.name { return NaturalOrder.less(a.name, b.name) }
            case .name:
                if a.name != b.name { return NaturalOrder.less(a.name, b.name) }
                if a.date != b.date { return a.date < b.date }
            }
            return ByteOrder.less(a.path, b.path)
        }
    }

    /// The top level first, then albums by path.
    static func albumLess(_ a: String, _ b: String) -> Bool {
        if a.isEmpty != b.isEmpty { return a.isEmpty }
        return NaturalOrder.less(a, b)
    }

    static func albums(of photos: [Manifest.Photo], libraryName: String) -> [Manifest.Album] {
        var albums: [Manifest.Album] = []
        for photo in photos {
            if albums.last?.path == photo.album {
                albums[albums.count - 1].count += 1
            } else {
                let name = photo.album.isEmpty ? libraryName : String(photo.album.split(separator: "/").last!)
                albums.append(Manifest.Album(path: photo.album, name: name, count: 1))
            }
        }
        return albums
    }

    // MARK: Writing

    private func write(
        _ manifest: Manifest, previous: PreviousSite?, templates: TemplateSet, pageKey: String, to output: String
    ) throws {
        let stylesheet = try Self.writeAsset(templates.css, name: "proofsheet", ext: "css", in: output)
        let script = try Self.writeAsset(templates.javascript, name: "proofsheet", ext: "js", in: output)

        // Nothing changed: the manifest is the one on disk, and the page ends with the mark
        // of that manifest and these templates (a build killed between writing the two
        // leaves the old mark). Encoding and rendering 10,000 photos is most of a
        // rebuild's time, so both are skipped.
        if let previous, manifest == previous.manifest,
            let page = try? FileSystem.read(output + "/index.html"),
            page.reversed().starts(with: Self.pageMark(pageKey: pageKey, manifestDigest: previous.digest).utf8.reversed())
        {
            // The page is current.
        } else {
            // One encoding serves both: the page embeds it, manifest.json is it plus a
            // newline (compact: pretty-printing 10,000 photos doubled the encoding time).
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let json = try encoder.encode(manifest)
            let manifestBytes = Array(json) + [UInt8(ascii: "\n")]
            let page = try PageRenderer(templates: templates, stylesheet: stylesheet, script: script)
                .render(manifest, manifestJSON: String(decoding: json, as: UTF8.self))
                + Self.pageMark(pageKey: pageKey, manifestDigest: Self.digest(manifestBytes))

            // The manifest first, then the page: a build killed between the two leaves the
            // old page, whose images are all still there, and a manifest the next build can use.
            try Self.writeIfChanged(manifestBytes, to: output + "/manifest.json")
            try Self.writeIfChanged(Array(page.utf8), to: output + "/index.html")
        }

        // Only now that nothing refers to them: delete images of removed or changed photos,
        // old assets, and temporary files of interrupted builds.
        var referenced = Set([stylesheet, script])
        for photo in manifest.photos {
            referenced.formUnion([photo.thumb.src, photo.thumb2x.src, photo.preview.src])
        }
        for folder in ["thumbs", "previews", "assets"] {
            for name in FileSystem.contents(of: output + "/" + folder) where !referenced.contains(folder + "/" + name) {
                FileSystem.remove(output + "/" + folder + "/" + name)
            }
        }
        for name in FileSystem.contents(of: output) where name.hasPrefix(".") && name.contains(".tmp-") {
            FileSystem.remove(output + "/" + name)
        }
    }

    /// The templates (as loaded, so the key matches what renders the page) and the
    /// program that render the page.
    static func pageKey(templates: TemplateSet) -> String {
        var hash = StableHash()
        hash.combine(Proofsheet.generator)
        for text in [templates.index.source, templates.album.source, templates.photo.source, templates.css, templates.javascript] {
            hash.combine(text)
        }
        return hash.hex(digits: 16)
    }

    /// The last line of `index.html`: which templates and which manifest (by digest) it
    /// was rendered from. Content only, so the same inputs still give the same bytes.
    static func pageMark(pageKey: String, manifestDigest: String) -> String {
        "<!-- proofsheet page \(pageKey) manifest \(manifestDigest) -->\n"
    }

    /// Assets are named by their content, so a new page never loads an old script.
    static func writeAsset(_ text: String, name: String, ext: String, in output: String) throws -> String {
        let relative = "assets/\(name)-\(StableHash.hex(of: text, digits: 8)).\(ext)"
        try writeIfChanged(Array(text.utf8), to: output + "/" + relative)
        return relative
    }

    /// Leaves a file alone (and its time) when it already holds these bytes.
    static func writeIfChanged(_ bytes: [UInt8], to path: String) throws {
        if let status = FileSystem.fileStatus(path), status.size == Int64(bytes.count),
            let existing = try? FileSystem.read(path), existing == bytes
        {
            return
        }
        try FileSystem.writeAtomically(bytes, to: path)
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

// MARK: - Rendering one photo

struct Job: Sendable {
    var file: LibraryFile
    var id: String
    var key: String
}

enum Outcome: Sendable {
    case photo(Manifest.Photo, warning: ProofsheetError?)
    /// The photo cannot be used as it is; kept in the manifest until the file changes.
    case problem(Manifest.Problem)
    /// Its images could not be written (disk full, say): the next build tries again.
    case transientProblem(Manifest.Problem)
}

/// What a child task needs to render one photo: plain values, no shared state.
struct RenderContext: Sendable {
    var library: String
    var output: String
    var sizes: ImageSizes
    var includeGPS: Bool

    /// Reads, decodes, renders and writes one photo. Synchronous C work; every libgd
    /// image is created and freed inside this call.
    func process(_ job: Job) -> Outcome {
        let file = job.file
        func problem(_ reason: String, transient: Bool = false) -> Outcome {
            let problem = Manifest.Problem(path: file.path, bytes: file.bytes, modified: file.modified, key: job.key, reason: reason)
            return transient ? .transientProblem(problem) : .problem(problem)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(library + "/" + file.path, displayPath: file.path)
        } catch {
            // Permissions can change without touching the file's time: try again next build.
            return problem((error as? ProofsheetError)?.reason ?? String(describing: error), transient: true)
        }
        guard !bytes.isEmpty else { return problem("empty file") }
        let rendered: RenderedPhoto
        do {
            rendered = try Thumbnailer.render(bytes, sizes: sizes)
        } catch {
            return problem(error.description)
        }
        let base = "\(job.id)-\(job.key)"
        let thumb = Manifest.Image(src: "thumbs/\(base).jpg", width: rendered.thumbnail.width, height: rendered.thumbnail.height)
        let thumb2x = Manifest.Image(
            src: "thumbs/\(base)@2x.jpg", width: rendered.thumbnail2x.width, height: rendered.thumbnail2x.height)
        let preview = Manifest.Image(
            src: "previews/\(base).jpg", width: rendered.preview.width, height: rendered.preview.height)
        do {
            try FileSystem.writeAtomically(rendered.thumbnail.jpeg, to: output + "/" + thumb.src)
            try FileSystem.writeAtomically(rendered.thumbnail2x.jpeg, to: output + "/" + thumb2x.src)
            try FileSystem.writeAtomically(rendered.preview.jpeg, to: output + "/" + preview.src)
        } catch {
            return problem("cannot write its images: \(error)", transient: true)
        }
        let m = rendered.metadata
        let photo = Manifest.Photo(
            id: job.id, path: file.path, name: file.name, album: file.album, format: rendered.format,
            bytes: file.bytes, modified: file.modified, width: rendered.width, height: rendered.height,
            date: m.dateTaken ?? UTC.isoDate(nanoseconds: file.modified),
            dateSource: m.dateTaken == nil ? "file" : "exif",
            camera: m.camera, lens: m.lens, exposure: m.exposure, aperture: m.aperture, iso: m.iso,
            focalLength: m.focalLength, description: m.description, gps: includeGPS ? m.gps : nil,
            key: job.key, thumb: thumb, thumb2x: thumb2x, preview: preview, exifWarning: m.malformed ? true : nil)
        let warning = m.malformed ? SiteBuilder.exifWarning(file.path) : nil
        return .photo(photo, warning: warning)
    }
}
