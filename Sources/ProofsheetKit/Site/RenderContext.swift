import Foundation

/// The render step: every photo the plan lists is read, decoded, rendered and its images
/// written, at most `concurrency` photos at a time and within one memory budget.

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
    ///
    /// However many run at once, the photos' bytes and decoded pixels in flight stay within
    /// `budget` (a 100 MP PNG holds 200-odd MB of file and, interlaced, 400 MB of pixels):
    /// each task reads its photo's header, then waits for its cost to fit.
    func render(_ jobs: [Job], concurrency: Int, budget: MemoryBudget = MemoryBudget(), each: (Outcome, Int) -> Void) async {
        await withTaskGroup(of: Outcome.self) { group in
            var next = 0
            func addNext() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask { await self.process(job, budget: budget) }
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

    /// Reads the photo's header, waits for its memory, then reads, decodes, renders and
    /// writes it. Synchronous C work between the two waits; every libgd image is created
    /// and freed inside it.
    func process(_ job: Job, budget: MemoryBudget) async -> Outcome {
        let path = library + "/" + job.file.path
        func problem(_ reason: String, transient: Bool = false) -> Outcome {
            Self.problem(job, reason, transient: transient)
        }
        // The header first, read on its own: a hostile or oversized file is refused
        // before it is read whole, and the memory it needs is known before it is taken.
        let info: ImageInfo
        let size: Int
        do {
            (info, size) = try Self.header(of: path)
        } catch let error as ImagingError {
            return problem(error.description)
        } catch {
            // Permissions can change without touching the file's time: try again next build.
            return problem((error as? ProofsheetError)?.reason ?? String(describing: error), transient: true)
        }
        let cost = size + info.workingBytes + Self.outputBytes(info, sizes: sizes)
        await budget.reserve(cost)
        let outcome = render(job, path: path)
        await budget.release(cost)
        return outcome
    }

    static func problem(_ job: Job, _ reason: String, transient: Bool = false) -> Outcome {
        let file = job.file
        let problem = Manifest.Problem(path: file.path, bytes: file.bytes, modified: file.modified, key: job.key, reason: reason)
        return transient ? .transientProblem(problem) : .problem(problem)
    }

    private func render(_ job: Job, path: String) -> Outcome {
        let file = job.file
        func problem(_ reason: String, transient: Bool = false) -> Outcome {
            Self.problem(job, reason, transient: transient)
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, displayPath: file.path)
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
        var photo = Manifest.Photo(
            id: job.id, path: file.path, name: file.name, album: file.album, format: rendered.format,
            bytes: file.bytes, modified: file.modified, width: rendered.width, height: rendered.height,
            date: m.dateTaken ?? UTC.isoDate(nanoseconds: file.modified),
            dateSource: m.dateTaken == nil ? "file" : "exif",
            camera: m.camera, lens: m.lens, exposure: m.exposure, aperture: m.aperture, iso: m.iso,
            focalLength: m.focalLength, description: m.description, gps: includeGPS ? m.gps : nil,
            key: job.key, thumb: thumb, thumb2x: thumb2x, preview: preview, exifWarning: m.malformed ? true : nil)
        // One line for everything worth saying about a photo that is shown all the same.
        photo.warning = rendered.warnings.isEmpty ? nil : rendered.warnings.joined(separator: "; ")
        return .photo(photo, warning: photo.warning.map { ProofsheetError(file.path, $0) })
    }

    /// The header of the file at `path` and the file's size, reading only what the header
    /// takes. An empty file has no header and is refused here.
    static func header(of path: String) throws -> (ImageInfo, Int) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ProofsheetError(path, "cannot read (\(String(cString: strerror(errno))))")
        }
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        guard size > 0 else { throw ImagingError.corrupt("empty file") }
        let info = try ImageHeader.read(fileSize: size) { offset, count in
            guard (try? handle.seek(toOffset: UInt64(offset))) != nil, let data = try? handle.read(upToCount: count) ?? Data() else {
                return nil
            }
            return [UInt8](data)
        }
        return (info, size)
    }

    /// The images made from a photo: the preview (decoded, then turned) and the thumbnails.
    static func outputBytes(_ info: ImageInfo, sizes: ImageSizes) -> Int {
        let preview = ImageSizes.fit(width: info.width, height: info.height, longEdge: sizes.preview)
        return 3 * 4 * preview.width * preview.height
    }
}
