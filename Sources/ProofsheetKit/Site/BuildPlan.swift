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
    /// The previous build: what is reused, and what a photo that fails now falls back to.
    private let previous: PreviousSite?
    /// The previous photos reused, by index (copying 100,000 photos when nothing changed
    /// costs), and those reused with a change (companions, GPS left out).
    private var reusedIndices: [Int] = []
    private var changed: [Int: Manifest.Photo] = [:]

    /// The previous build's photo at this path.
    func published(_ path: BytePath) -> Manifest.Photo? {
        previous?.photo(at: path)
    }

    /// The reused photos, in the order of the library.
    var reusedPhotos: [Manifest.Photo] {
        guard let photos = previous?.manifest.photos else { return [] }
        return reusedIndices.map { changed[$0] ?? photos[$0] }
    }

    var reused: Int { reusedIndices.count + reusedProblems.count }

    /// For each of `photos` (this build's, in their order), its position in the previous
    /// manifest when it is that photo exactly — reused as it was, with the same id — so what
    /// the previous build wrote for it (its bytes in `manifest.json`, the chunk it was in)
    /// can be kept instead of made again.
    func previousPositions(of photos: [Manifest.Photo]) -> [Int?] {
        guard let previous else { return [] }
        var asItWas = [Bool](repeating: false, count: previous.manifest.photos.count)
        for index in reusedIndices where changed[index] == nil { asItWas[index] = true }
        let old = previous.manifest.photos
        return photos.indices.map { at in
            guard let position = previous.index[photos[at].pathKey], asItWas[position], old[position].id == photos[at].id,
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
    init(
        scan: LibraryScanner.Result, settings: SiteSettings, sizes: ImageSizes, previous site: PreviousSite?,
        existingImages: Set<String>
    ) {
        previous = site
        let key = Self.imageKey(sizes)
        let previous = site?.manifest
        let previousPhotos = previous?.photos ?? []
        reusedIndices.reserveCapacity(previousPhotos.count)
        var previousProblems: [BytePath: Manifest.Problem] = [:]
        for problem in previous?.problems ?? [] { previousProblems[problem.pathKey] = problem }
        // A version 1 site has no fingerprints (its ids came from paths): all is redone once.
        let hasFingerprints = previous?.version == Manifest.currentVersion
        let gpsWasRead = previous?.options.includeGPS ?? false
        for file in scan.files {
            let companions = file.companions.map(Self.stored)
            if hasFingerprints, let index = site?.index[file.path], Self.reusable(previousPhotos[index], file, key, existingImages),
                !(settings.includeGPS && !gpsWasRead)
            {
                reusedIndices.append(index)
                // Read in place; copied (30 fields) only when it changes.
                let dropGPS = !settings.includeGPS && previousPhotos[index].gps != nil
                let newCompanions = previousPhotos[index].companions ?? [] != companions
                if dropGPS || newCompanions {
                    var photo = previousPhotos[index]
                    if dropGPS { photo.gps = nil }
                    if newCompanions { photo.companions = companions.isEmpty ? nil : companions }
                    changed[index] = photo
                }
                if let warning = previousPhotos[index].warning {
                    warnings.append(ProofsheetError(previousPhotos[index].path, warning))
                } else if previousPhotos[index].exifWarning == true {
                    warnings.append(SiteBuilder.exifWarning(previousPhotos[index].path))
                }
            } else if let old = previousProblems[file.path], old.key == key, old.bytes == file.bytes,
                old.modified == file.modified
            {
                reusedProblems.append(old)
            } else {
                jobs.append(Job(file: file, key: key, companions: companions))
            }
        }
        asBefore =
            hasFingerprints && jobs.isEmpty && scan.problems.isEmpty && changed.isEmpty
            && reusedIndices.count == previousPhotos.count && reusedProblems.count == previous?.problems.count
    }

    static func reusable(_ old: Manifest.Photo, _ file: LibraryFile, _ key: String, _ existingImages: Set<String>) -> Bool {
        old.key == key && old.bytes == file.bytes && old.modified == file.modified && imagesExist(old, in: existingImages)
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
}
