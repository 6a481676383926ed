/// Walks a photo library: folders are albums, images are told by their content.
///
/// Hidden files and folders and excluded paths are skipped; so are files that are not
/// images. Symlinks to files inside the library are followed; a symlink that leads
/// outside it is refused with a warning. Folder symlinks are not followed: one inside the
/// library would show its photos twice, and not following them rules out cycles.
public struct LibraryScanner: Sendable {
    public var root: String
    public var excludes: [ExcludePattern]
    /// A folder inside the library to leave out entirely (the output site, say).
    public var ignoredDirectory: String?

    public init(root: String, excludes: [ExcludePattern] = [], ignoredDirectory: String? = nil) {
        self.root = root
        self.excludes = excludes
        self.ignoredDirectory = ignoredDirectory
    }

    public struct Result: Sendable {
        /// The photos, sorted by path.
        public var files: [LibraryFile] = []
        /// Files that are not images, by relative path.
        public var nonImages: [String] = []
        /// Hidden or excluded entries left out on purpose.
        public var ignored = 0
        /// Things that could not be read or were refused, one line each.
        public var problems: [ProofsheetError] = []
    }

    public func scan() throws -> Result {
        guard let rootReal = FileSystem.realPath(root), FileSystem.isDirectory(rootReal) else {
            throw ProofsheetError(root, FileSystem.exists(root) ? "not a folder" : "no such folder")
        }
        let ignoredReal = ignoredDirectory.flatMap(FileSystem.realPath)
        var result = Result()
        var pending: [String] = [""]  // relative folder paths still to read
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? rootReal : rootReal + "/" + relative
            let names = FileSystem.contents(of: absolute).sorted(by: >)  // popped in ascending order
            if names.isEmpty && !FileSystem.canRead(absolute) {
                result.problems.append(ProofsheetError(relative.isEmpty ? "." : relative, "cannot read this folder; skipped"))
                continue
            }
            for name in names {
                let childRelative = relative.isEmpty ? name : relative + "/" + name
                let childAbsolute = absolute + "/" + name
                if name.hasPrefix(".") || excludes.contains(where: { $0.matches(relativePath: childRelative) }) {
                    result.ignored += 1
                    continue
                }
                switch FileSystem.kind(of: childAbsolute) {
                case .directory:
                    if let ignoredReal, childAbsolute == ignoredReal { continue }
                    pending.append(childRelative)
                case .file:
                    classify(childAbsolute, relative: childRelative, into: &result)
                case .symlink:
                    guard let target = FileSystem.realPath(childAbsolute) else {
                        result.problems.append(ProofsheetError(childRelative, "broken symlink; skipped"))
                        continue
                    }
                    guard target == rootReal || target.hasPrefix(rootReal + "/") else {
                        result.problems.append(ProofsheetError(childRelative, "symlink leads outside the library; skipped"))
                        continue
                    }
                    // Folders inside the library are walked by their own path already.
                    if FileSystem.kind(of: target) == .file {
                        classify(target, relative: childRelative, into: &result)
                    }
                case .other, nil:
                    continue
                }
            }
        }
        result.files.sort { ByteOrder.less($0.path, $1.path) }
        return result
    }

    /// Extensions that promise an image: a file with one whose content is not an image is
    /// reported, not silently passed over.
    static let imageExtensions: [String: String] = [
        "jpg": "JPEG", "jpeg": "JPEG", "jpe": "JPEG", "png": "PNG", "gif": "GIF", "webp": "WebP",
        "tif": "TIFF", "tiff": "TIFF", "bmp": "BMP", "heic": "HEIF", "heif": "HEIF", "avif": "AVIF",
    ]

    private func classify(_ absolute: String, relative: String, into result: inout Result) {
        guard let head = FileSystem.readPrefix(absolute, count: ImageFormat.sniffLength),
            let status = FileSystem.fileStatus(absolute)
        else {
            result.problems.append(ProofsheetError(relative, "cannot read (permission denied?); skipped"))
            return
        }
        guard let format = ImageFormat.sniff(head) else {
            let ext = relative.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if let claimed = Self.imageExtensions[ext], relative.contains(".") {
                result.problems.append(ProofsheetError(relative, "named like a \(claimed) file but its content is not an image; skipped"))
            } else {
                result.nonImages.append(relative)
            }
            return
        }
        result.files.append(LibraryFile(path: relative, format: format, bytes: status.size, modified: status.mtime))
    }
}
