/// The render step: every photo the plan lists is read, decoded, rendered and its images
/// written, at most `concurrency` photos at a time.

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

    /// Renders the jobs, seeding `concurrency` child tasks and adding one per completion.
    /// Outcomes arrive in any order; `each` gets each one with the count done so far, and
    /// the caller sorts before anything depends on their order.
    func render(_ jobs: [Job], concurrency: Int, each: (Outcome, Int) -> Void) async {
        await withTaskGroup(of: Outcome.self) { group in
            var next = 0
            func addNext() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask { self.process(job) }
            }
            for _ in 0..<max(1, concurrency) { addNext() }
            var done = 0
            for await outcome in group {
                done += 1
                each(outcome, done)
                addNext()
            }
        }
    }

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
