/// Files that belong to a photo (kinds: `CompanionKind`) go with it when it is collected:
/// those the build gives it, by `Companion`'s rule, found again in its folder at collect
/// time (the order file does not name them).
///
/// Each folder is scanned once however many of its photos are picked.
struct Companions {
    struct Found: Equatable {
        var kind: CompanionKind
        /// Relative to the library, readable (`\xHH` for bytes that are not UTF-8).
        var path: String
        /// Absolute, symlinks resolved: the exact bytes.
        var source: BytePath
        var bytes: Int64
        var modified: Int64
    }

    /// The library, a real path; scanned with the site's excludes, as the build was.
    let scanner: LibraryScanner
    /// Folder (relative, bytes) → its scan.
    private var folders: [[UInt8]: LibraryScanner.Result] = [:]

    init(root: String, excludes: [ExcludePattern]) {
        scanner = LibraryScanner(root: root, excludes: excludes)
    }

    /// The companions of the photo at `relative`, in a fixed order (RAW, XMP, video, AAE;
    /// then by name); and a reason for each that is left out — a folder, a symlink out of
    /// the library or to nothing, unreadable.
    mutating func find(for relative: BytePath) -> (found: [Found], leftOut: [(path: String, reason: String)]) {
        let folder = relative.parent
        let scan = folders[folder.bytes] ?? scanner.folder(folder)
        folders[folder.bytes] = scan
        guard let photo = scan.files.firstIndex(where: { $0.path == relative }) else { return ([], []) }
        let root = BytePath(scanner.root)
        var found: [Found] = []
        for companion in scan.files[photo].companions {
            let absolute = root.appending(companion.path)
            let source = FileSystem.realPath(absolute) ?? absolute
            guard case .success(let status) = FileSystem.status(source) else { continue }
            found.append(
                Found(kind: companion.kind, path: companion.path.readable, source: source, bytes: status.size, modified: status.mtime))
        }
        found.sort { $0.kind != $1.kind ? $0.kind < $1.kind : ByteOrder.less($0.path, $1.path) }
        let leftOut: [(path: String, reason: String)] = scan.companionsLeftOut.filter { $0.photo == photo }
            .map { (path: $0.path.readable, reason: $0.reason + "; left out") }
        return (found, leftOut.sorted { ByteOrder.less($0.path, $1.path) })
    }
}
