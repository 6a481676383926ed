/// Files that belong to a photo (kinds: `CompanionKind`) go with it when it is collected:
/// they are found in the photo's folder at collect time, names compared ignoring case;
/// the order file does not name them.
///
/// Finds companions; each folder is listed once however many of its photos are picked.
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

    /// The library, a real path.
    let root: String
    /// Folder (relative, bytes) → lowercased readable name → the names with it (there may
    /// be two on a file system that tells case apart).
    private var listings: [[UInt8]: [String: [BytePath]]] = [:]

    init(root: String) {
        self.root = root
    }

    /// The names a companion of `name` may have, lowercased, and what it would be (the
    /// extensions are `Companion`'s, the build's).
    static func wanted(for name: String) -> [(String, CompanionKind)] {
        let stem = SafeFileName.split(name).stem.lowercased()
        let xmp = "." + Companion.xmpName
        var names: [(String, CompanionKind)] = Companion.rawNames.map { (stem + "." + $0, .raw) }
        names.append((stem + xmp, .xmp))
        names.append((name.lowercased() + xmp, .xmp))
        names += Companion.rawNames.map { (stem + "." + $0 + xmp, .xmp) }
        names += Companion.videoNames.map { (stem + "." + $0, .video) }
        names.append((stem + "." + Companion.editName, .edit))
        var seen = Set<String>()
        return names.filter { $0.0 != name.lowercased() && seen.insert($0.0).inserted }
    }

    /// The companions of the photo at `relative`, in a fixed order (RAW, XMP, video, AAE;
    /// then by name); and a reason for each that is left out — a folder, a symlink out of
    /// the library or to nothing, unreadable.
    /// Names are matched on their readable rendering, so a photo whose name is not UTF-8
    /// (`Caf\xe9.jpg`) finds `Caf\xe9.CR2` beside it.
    mutating func find(for relative: BytePath) -> (found: [Found], leftOut: [(path: String, reason: String)]) {
        let folder = relative.parent
        let name = relative.lastComponent.readable
        let root = BytePath(self.root)
        let directory = root.appending(folder)
        if listings[folder.bytes] == nil {
            var listing: [String: [BytePath]] = [:]
            for entry in (try? FileSystem.listing(directory).get()) ?? [] where entry.bytes.first != UInt8(ascii: ".") {
                listing[entry.readable.lowercased(), default: []].append(entry)
            }
            listings[folder.bytes] = listing
        }
        let listing = listings[folder.bytes] ?? [:]

        var found: [Found] = []
        var leftOut: [(String, String)] = []
        for (wanted, kind) in Self.wanted(for: name) {
            for entry in listing[wanted] ?? [] {
                let path = folder.appending(entry).readable
                switch Self.check(directory.appending(entry), root: root) {
                case .success(let source):
                    guard case .success(let status) = FileSystem.status(source) else { continue }
                    found.append(Found(kind: kind, path: path, source: source, bytes: status.size, modified: status.mtime))
                case .failure(let reason):
                    leftOut.append((path, reason))
                }
            }
        }
        found.sort { $0.kind != $1.kind ? $0.kind < $1.kind : ByteOrder.less($0.path, $1.path) }
        leftOut.sort { ByteOrder.less($0.0, $1.0) }
        return (found, leftOut)
    }

    private enum Check {
        case success(BytePath)
        case failure(String)
    }

    /// The file to copy (a symlink inside the library followed), or why it is left out.
    private static func check(_ absolute: BytePath, root: BytePath) -> Check {
        var source = absolute
        switch FileSystem.kind(of: absolute) {
        case .file?: break
        case .directory?: return .failure("is a folder; left out")
        case .symlink?:
            guard let target = FileSystem.realPath(absolute) else { return .failure("is a symlink to nothing; left out") }
            guard target.isBelow(root) else {
                return .failure("leads outside the library (through a symlink); left out")
            }
            guard FileSystem.kind(of: target) == .file else { return .failure("is not a regular file; left out") }
            source = target
        default: return .failure("is not a regular file; left out")
        }
        guard FileSystem.canOpen(source) else { return .failure("cannot be read (\(FileCopier.errorText())); left out") }
        return .success(source)
    }
}
