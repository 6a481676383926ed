/// The plan step: which photos the previous build already made (reused as they are) and
/// which must be rendered.
struct BuildPlan {
    /// Bumped when the way images are made changes, so old images are remade.
    static let renderVersion = "5"

    /// Files that could not be used last time and have not changed since.
    var reusedProblems: [Manifest.Problem] = []
    /// Warnings of reused photos, said again on every build.
    var warnings: [ProofsheetError] = []
    var jobs: [Job] = []
    /// The previous photos reused, by index (copying 100,000 photos when nothing changed
    /// costs), and those reused with a change (companions, GPS left out).
    private(set) var reusedIndices: [Int] = []
    private(set) var changed: [Int: Manifest.Photo] = [:]

    /// The reused photos, in the order of the library; `previous` are the previous
    /// build's photos (`PreviousSite.decodeAll`).
    func reusedPhotos(from previous: [Manifest.Photo]) -> [Manifest.Photo] {
        reusedIndices.map { changed[$0] ?? previous[$0] }
    }

    /// The photos of the gallery in its order: the previous build's order kept where it
    /// holds (`PhotoOrder.merged`), else all of them sorted.
    func ordered(fresh: [Manifest.Photo], previous: Manifest?, by sort: PhotoSort) -> [Manifest.Photo] {
        if let previous, previous.options.sort == sort, previous.generator == Proofsheet.generator,
            let photos = PhotoOrder.merged(
                fresh: fresh, previous: previous.photos, albums: previous.albums, reused: reusedIndices, changed: changed, by: sort)
        {
            return photos
        }
        return PhotoOrder.sorted(fresh + reusedPhotos(from: previous?.photos ?? []), by: sort)
    }

    var reused: Int { reusedIndices.count + reusedProblems.count }

    /// For each of `photos` (this build's, in their order), its position in the previous
    /// manifest when it is that photo exactly — reused as it was, with the same id — so what
    /// the previous build wrote for it (its bytes in `manifest.json`, the chunk it was in)
    /// can be kept instead of made again.
    func previousPositions(of photos: [Manifest.Photo], in site: PreviousSite?) -> [Int?] {
        guard let site else { return [] }
        let old = site.manifest.photos
        var asItWas = [Bool](repeating: false, count: old.count)
        for index in reusedIndices where changed[index] == nil { asItWas[index] = true }
        return photos.indices.map { at in
            guard let position = site.index[photos[at].pathKey], asItWas[position], old[position].id == photos[at].id,
                old[position].formerIds == photos[at].formerIds
            else { return nil }
            return position
        }
    }

    /// Every photo and problem of the previous build is here as it was, and nothing else:
    /// its manifest, in its order, with its ids, is this build's.
    private(set) var asBefore = false

    /// `existingImages` is what `imageFiles(in:)` lists: two directory listings instead of
    /// three lstat calls a photo.
    /// `sizes` are the settings' image options with the watermark's font prepared.
    ///
    /// A previous photo is judged by its line in the cache (`PreviousSite.cache`); it is
    /// decoded only when it must be (it has a warning to say again, or changed companions).
    init(
        scan: LibraryScanner.Result, settings: SiteSettings, sizes: ImageSizes, previous site: PreviousSite?,
        existingImages: ImageFiles
    ) {
        let key = Self.imageKey(sizes)
        let head = site?.head
        let cached = site?.cache.photos ?? []
        reusedIndices.reserveCapacity(cached.count)
        var previousProblems: [BytePath: Manifest.Problem] = [:]
        for problem in head?.problems ?? [] { previousProblems[problem.pathKey] = problem }
        // A version 1 site has no fingerprints (its ids came from paths): all is redone once.
        let hasFingerprints = head?.version == Manifest.currentVersion
        let gpsWasRead = head?.options.includeGPS ?? false
        let keyIndex = site?.cache.keys.firstIndex(of: key)
        // The previous photo a file is, when it is reused: `site` unwrapped once (an `if let
        // site` for each of 100,000 files copied the whole previous site each time).
        typealias Outcome = (changed: Manifest.Photo?, warning: ProofsheetError?)
        let reusable: ((LibraryFile) -> (index: Int, outcome: Outcome)?)?
        if hasFingerprints, let site, let keyIndex, !(settings.includeGPS && !gpsWasRead) {
            reusable = { file in
                guard let index = file.previous ?? site.index[file.path], cached[index].key == keyIndex,
                    cached[index].bytes == file.bytes, cached[index].modified == file.modified,
                    site.imagesExist(index, in: existingImages),
                    let outcome = Self.reuse(index, of: site, file, includeGPS: settings.includeGPS)
                else { return nil }
                return (index, outcome)
            }
        } else {
            reusable = nil
        }
        for file in scan.files {
            if case (let index, let outcome)? = reusable?(file) {
                reusedIndices.append(index)
                if let photo = outcome.changed { changed[index] = photo }
                if let warning = outcome.warning { warnings.append(warning) }
            } else if let old = previousProblems[file.path], old.key == key, old.bytes == file.bytes,
                old.modified == file.modified
            {
                reusedProblems.append(old)
            } else {
                jobs.append(Job(file: file, key: key, companions: file.companions.map(Self.stored)))
            }
        }
        asBefore =
            hasFingerprints && jobs.isEmpty && scan.problems.isEmpty && changed.isEmpty
            && reusedIndices.count == cached.count && reusedProblems.count == head?.problems.count
    }

    /// A previous photo reused for `file`: as it was (`changed` nil) or with new companions
    /// or without its GPS, and its warning; nil when it must be rendered again after all
    /// (its record in the manifest cannot be read).
    private static func reuse(_ index: Int, of site: PreviousSite, _ file: LibraryFile, includeGPS: Bool) -> (
        changed: Manifest.Photo?, warning: ProofsheetError?
    )? {
        let cached = site.cache.photos[index]
        let dropGPS = !includeGPS && cached.flags.contains(.gps)
        let newCompanions =
            !(file.companions.isEmpty && cached.companions.isEmpty)
            && site.cache.pool[cached.companions].elementsEqual(BuildCache.encodedCompanions(file.companions)) == false
        guard dropGPS || newCompanions || cached.flags.contains(.warns) else { return (nil, nil) }
        // Read in place; copied (30 fields) only when it changes.
        guard var photo = site.photo(at: index) else { return nil }
        let warning =
            photo.warning.map { ProofsheetError(photo.path, $0) }
            ?? (photo.exifWarning == true ? SiteBuilder.exifWarning(photo.path) : nil)
        guard dropGPS || newCompanions else { return (nil, warning) }
        if dropGPS { photo.gps = nil }
        if newCompanions {
            let companions = file.companions.map(Self.stored)
            photo.companions = companions.isEmpty ? nil : companions
        }
        return (photo, warning)
    }

    /// What of the options shapes the images (`sizes.key` names the watermark, when there
    /// is one); with the fingerprint it names them.
    static func imageKey(_ sizes: ImageSizes) -> String {
        var hash = StableHash()
        for part in ["render", renderVersion] + sizes.key { hash.combine(part) }
        return hash.hex(digits: 8)
    }

    static func stored(_ companion: Companion) -> Manifest.Companion {
        let (path, bytes) = Manifest.stored(companion.path)
        return Manifest.Companion(kind: companion.kind, path: path, pathBytes: bytes, bytes: companion.bytes)
    }

    /// The image files of a site, as `thumbs/NAME` and `previews/NAME`.
    static func imageFiles(in output: String) -> ImageFiles {
        var files = Set<String>()
        for folder in ["thumbs", "previews"] {
            for name in FileSystem.contents(of: output + "/" + folder) { files.insert(folder + "/" + name) }
        }
        return ImageFiles(files)
    }
}
