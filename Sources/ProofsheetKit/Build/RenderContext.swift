import Foundation

/// The render step: every photo the plan lists is read, decoded, rendered and its images
/// written, at most `concurrency` photos at a time and within one memory budget.

struct Job: Sendable {
    var file: LibraryFile
    /// `BuildPlan.imageKey`.
    var key: String
    var companions: [Manifest.Companion]
}

enum Outcome: Sendable {
    /// Rendered; its id is given once every photo's fingerprint is known.
    case photo(Manifest.Photo, warning: ProofsheetError?)
    /// The photo cannot be used as it is; kept in the manifest until the file changes.
    case problem(Manifest.Problem)
    /// It could not be read (permissions can change without touching the file's time):
    /// the next build tries again.
    case unreadable(Manifest.Problem)
    /// An image could not be written into the site (a full disk, a read-only folder):
    /// the build fails. `written` lists what this photo wrote before that.
    case writeFailed(ProofsheetError, written: [String])
}

/// What a child task needs to render one photo: plain values, no shared state.
struct RenderContext: Sendable {
    var library: BytePath
    var output: String
    var sizes: ImageSizes
    var includeGPS: Bool

    /// Renders the jobs with `concurrency` worker tasks, each taking the next photo not yet
    /// started until none is left. Outcomes arrive in any order; `each` gets each one with
    /// the count done so far, and the caller sorts before anything depends on their order.
    /// After a failed write no new photo is started: the build is failing.
    ///
    /// Each worker's photos are read, decoded, rendered and written on a thread of its own
    /// (`RenderThread`: a photo's files block, and the cooperative pool has a thread a
    /// core), which owns the colour transforms they need (`ColorTransforms`, made once a
    /// profile and a worker rather than once a photo: 47 ms for a CMYK profile): C objects
    /// do not cross threads, and need no lock.
    ///
    /// However many run at once, the photos' bytes and decoded pixels in flight stay within
    /// `budget` (a 100 MP PNG holds 200-odd MB of file and, interlaced, 400 MB of pixels):
    /// each worker reads its photo's header, then waits for its cost to fit.
    func render(_ jobs: [Job], concurrency: Int, budget: MemoryBudget = MemoryBudget(), each: (Outcome, Int) -> Void) async {
        let queue = JobQueue(jobs)
        let contents = RenderedContents()
        let (outcomes, sink) = AsyncStream.makeStream(of: Outcome.self)
        let workers = max(1, min(concurrency, jobs.count))
        async let finished: Void = withTaskGroup(of: Void.self) { group in
            for _ in 0..<workers {
                group.addTask {
                    let thread = RenderThread()
                    defer { thread.close() }
                    while let job = await queue.next() {
                        let outcome = await self.process(job, budget: budget, contents: contents, on: thread)
                        if case .writeFailed = outcome { await queue.stop() }
                        sink.yield(outcome)
                    }
                }
            }
            await group.waitForAll()
            sink.finish()
        }
        var done = 0
        for await outcome in outcomes {
            done += 1
            each(outcome, done)
        }
        await finished
    }

    /// Reads the photo's header, waits for its memory, then reads, decodes, renders and
    /// writes it, on the worker's thread (unless `contents` has its bytes' images already).
    /// Synchronous C work between the two waits; every libgd image is created and freed
    /// inside it, and its colour transform taken from the thread's.
    func process(
        _ job: Job, budget: MemoryBudget, contents: RenderedContents, on thread: RenderThread
    ) async -> Outcome {
        let path = library.appending(job.file.path)
        // The header first, read on its own: a hostile or oversized file is refused
        // before it is read whole, and the memory it needs is known before it is taken.
        let raw = job.file.format == .raw
        let header = await thread.run { _ in Result { try Self.header(of: path, raw: raw) } }
        let info: ImageInfo
        let size: Int
        switch header {
        case .success(let found): (info, size) = found
        case .failure(let error as ImagingError): return .problem(Self.problem(job, error.description))
        case .failure(let error):
            return .unreadable(Self.problem(job, (error as? ProofsheetError)?.reason ?? String(describing: error)))
        }
        let cost = size + info.workingBytes + Self.outputBytes(info, sizes: sizes)
        await budget.reserve(cost)
        let outcome = await thread.run { colors in self.render(job, path: path, contents: contents, colors: &colors) }
        await budget.release(cost)
        return outcome
    }

    static func problem(_ job: Job, _ reason: String) -> Manifest.Problem {
        let file = job.file
        let (path, pathBytes) = Manifest.stored(file.path)
        return Manifest.Problem(path: path, pathBytes: pathBytes, bytes: file.bytes, modified: file.modified, key: job.key, reason: reason)
    }

    /// The fingerprint is taken from the bytes read for decoding: the file is read once.
    /// Bytes already rendered by this build are not decoded again (`RenderedContents`).
    private func render(_ job: Job, path absolute: BytePath, contents: RenderedContents, colors: inout ColorTransforms) -> Outcome {
        let file = job.file
        let (path, pathBytes) = Manifest.stored(file.path)
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(absolute, displayPath: path)
        } catch {
            return .unreadable(Self.problem(job, (error as? ProofsheetError)?.reason ?? String(describing: error)))
        }
        guard !bytes.isEmpty else { return .problem(Self.problem(job, "empty file")) }
        let fingerprint = ContentFingerprint(of: bytes)
        // Named by content and options: identical files share their images.
        let key = RenderedContents.Key(base: "\(fingerprint.hex)-\(job.key)", raw: job.file.format == .raw)
        let rendered: RenderedContents.Made
        if let made = contents.made(key) {
            rendered = made
        } else {
            switch renderAndWrite(bytes, base: key.base, raw: key.raw, colors: &colors) {
            case .success(let made):
                contents.record(key, made)
                rendered = made
            case .failure(.photo(let reason)): return .problem(Self.problem(job, reason))
            case .failure(.write(let error, let written)): return .writeFailed(error, written: written)
            }
        }
        let m = rendered.metadata
        var photo = Manifest.Photo(
            id: "", formerIds: nil, fingerprint: fingerprint.hex, path: path, pathBytes: pathBytes, name: file.name.readable,
            album: file.album.readable, format: rendered.format, bytes: file.bytes, modified: file.modified,
            width: rendered.width, height: rendered.height,
            date: m.dateTaken ?? UTC.isoDate(nanoseconds: file.modified),
            dateSource: m.dateTaken == nil ? "file" : "exif",
            camera: m.camera, lens: m.lens, exposure: m.exposure, aperture: m.aperture, iso: m.iso,
            focalLength: m.focalLength, description: m.description, gps: includeGPS ? m.gps : nil,
            key: job.key, thumb: rendered.thumb, thumb2x: rendered.thumb2x, preview: rendered.preview,
            exifWarning: m.malformed ? true : nil,
            companions: job.companions.isEmpty ? nil : job.companions)
        // One line for everything worth saying about a photo that is shown all the same.
        photo.warning = rendered.warnings.isEmpty ? nil : rendered.warnings.joined(separator: "; ")
        return .photo(photo, warning: photo.warning.map { ProofsheetError(path, $0) })
    }

    /// Why a photo's bytes gave no images: the photo cannot be used, or the site cannot be
    /// written (`written`: what was, before that).
    private enum RenderFailure: Error {
        case photo(String)
        case write(ProofsheetError, written: [String])
    }

    /// The photo's three images made and written under `base`, and what its bytes gave.
    private func renderAndWrite(
        _ bytes: [UInt8], base: String, raw: Bool, colors: inout ColorTransforms
    ) -> Result<RenderedContents.Made, RenderFailure> {
        let rendered: RenderedPhoto
        do {
            rendered = try Thumbnailer.render(bytes, sizes: sizes, colors: &colors, raw: raw)
        } catch {
            return .failure(.photo(error.description))
        }
        let thumb = Manifest.Image(src: "thumbs/\(base).jpg", width: rendered.thumbnail.width, height: rendered.thumbnail.height)
        let thumb2x = Manifest.Image(
            src: "thumbs/\(base)@2x.jpg", width: rendered.thumbnail2x.width, height: rendered.thumbnail2x.height)
        let preview = Manifest.Image(
            src: "previews/\(base).jpg", width: rendered.preview.width, height: rendered.preview.height)
        var written: [String] = []
        for (image, jpeg) in [(thumb, rendered.thumbnail.jpeg), (thumb2x, rendered.thumbnail2x.jpeg), (preview, rendered.preview.jpeg)] {
            do {
                try FileSystem.writeAtomically(jpeg, to: output + "/" + image.src)
                written.append(image.src)
            } catch {
                return .failure(.write((error as? ProofsheetError) ?? ProofsheetError(output, "\(error)"), written: written))
            }
        }
        return .success(
            RenderedContents.Made(
                format: rendered.format, metadata: rendered.metadata, width: rendered.width, height: rendered.height,
                thumb: thumb, thumb2x: thumb2x, preview: preview, warnings: rendered.warnings))
    }

    /// The header of the file at `path` and the file's size, reading only what the header
    /// takes. An empty file has no header and is refused here. A RAW's structure is read by
    /// LibRaw from the whole file, once it is read: until then its cost is counted as the
    /// preview LibRaw copies out of it (at most its size) and the largest preview made.
    static func header(of path: BytePath, raw: Bool = false) throws -> (ImageInfo, Int) {
        try FileSystem.withOpenFile(path) { file in
            guard file.size > 0 else { throw ImagingError.corrupt("empty file") }
            if raw { return (ImageInfo(format: .raw, width: 8192, height: 8192, workingBytes: file.size), file.size) }
            let info = try ImageHeader.read(fileSize: file.size) { offset, count in file.read(at: offset, count: count) }
            return (info, file.size)
        }
    }

    /// The images made from a photo: the preview (decoded, then turned) and the thumbnails.
    static func outputBytes(_ info: ImageInfo, sizes: ImageSizes) -> Int {
        let preview = ImageSizes.fit(width: info.width, height: info.height, longEdge: sizes.preview)
        return 3 * 4 * preview.width * preview.height
    }
}

/// The photos not yet started, handed to the render workers in order; none after `stop()`.
private actor JobQueue {
    private let jobs: [Job]
    private var position = 0
    private var stopped = false

    init(_ jobs: [Job]) {
        self.jobs = jobs
    }

    func next() -> Job? {
        guard !stopped, position < jobs.count else { return nil }
        position += 1
        return jobs[position - 1]
    }

    func stop() {
        stopped = true
    }
}
