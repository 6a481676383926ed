/// The plan step: which photos the previous build already made (reused as they are) and
/// which must be rendered, with their ids and image keys.
struct BuildPlan {
    /// Bumped when the way images are made changes, so old images are remade.
    static let renderVersion = "4"

    var reusedPhotos: [Manifest.Photo] = []
    /// Files that could not be used last time and have not changed since.
    var reusedProblems: [Manifest.Problem] = []
    /// Warnings of reused photos, said again on every build.
    var warnings: [ProofsheetError] = []
    var jobs: [Job] = []

    var reused: Int { reusedPhotos.count + reusedProblems.count }

    /// `existingImages` is what `imageFiles(in:)` lists: two directory listings instead of
    /// three lstat calls a photo.
    init(scan: LibraryScanner.Result, options: BuildOptions, previous: Manifest?, existingImages: Set<String>) {
        let ids = Self.assignIDs(scan.files.map(\.path))
        let previousPhotos = Dictionary(previous?.photos.map { ($0.path, $0) } ?? [], uniquingKeysWith: { a, _ in a })
        let previousProblems = Dictionary(previous?.problems.map { ($0.path, $0) } ?? [], uniquingKeysWith: { a, _ in a })
        let gpsWasRead = previous?.options.includeGPS ?? false
        for file in scan.files {
            let key = Self.renderKey(file, sizes: options.sizes)
            let id = ids[file.path]!
            if var old = previousPhotos[file.path], old.key == key, old.bytes == file.bytes,
                old.modified == file.modified, old.id == id, Self.imagesExist(old, in: existingImages),
                !(options.includeGPS && !gpsWasRead)
            {
                if !options.includeGPS { old.gps = nil }
                reusedPhotos.append(old)
                if let warning = old.warning {
                    warnings.append(ProofsheetError(old.path, warning))
                } else if old.exifWarning == true {
                    warnings.append(SiteBuilder.exifWarning(old.path))
                }
            } else if let old = previousProblems[file.path], old.key == key, old.bytes == file.bytes,
                old.modified == file.modified
            {
                reusedProblems.append(old)
            } else {
                jobs.append(Job(file: file, id: id, key: key))
            }
        }
    }

    static func renderKey(_ file: LibraryFile, sizes: ImageSizes) -> String {
        // The image options' part (`sizes.key`) names the watermark, when there is one.
        var hash = StableHash()
        for part in ["render", renderVersion, String(file.bytes), String(file.modified)] + sizes.key { hash.combine(part) }
        return hash.hex(digits: 8)
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
}
