/// Files that belong to a photo (kinds: `CompanionKind`) go with it when it is collected:
/// they are found in the photo's folder at collect time, names compared ignoring case;
/// the order file does not name them.
///
/// Finds companions; each folder is listed once however many of its photos are picked.
struct Companions {
    /// Camera RAW formats, by extension.
    static let rawExtensions = ["cr2", "cr3", "nef", "nrw", "arw", "sr2", "raf", "orf", "rw2", "dng", "pef", "srw", "3fr", "iiq", "x3f"]

    struct Found: Equatable {
        var kind: CompanionKind
        /// Relative to the library.
        var path: String
        /// Absolute, symlinks resolved.
        var source: String
        var bytes: Int64
        var modified: Int64
    }

    /// The library, a real path.
    let root: String
    /// Folder (relative) → lowercased name → the names with it (there may be two on a
    /// file system that tells case apart).
    private var listings: [String: [String: [String]]] = [:]

    init(root: String) {
        self.root = root
    }

    /// The names a companion of `name` may have, lowercased, and what it would be.
    static func wanted(for name: String) -> [(String, CompanionKind)] {
        let stem = SafeFileName.split(name).stem.lowercased()
        var names: [(String, CompanionKind)] = rawExtensions.map { (stem + "." + $0, .raw) }
        names.append((stem + ".xmp", .xmp))
        names.append((name.lowercased() + ".xmp", .xmp))
        names += rawExtensions.map { (stem + "." + $0 + ".xmp", .xmp) }
        names += [(stem + ".mov", .video), (stem + ".mp4", .video), (stem + ".aae", .edit)]
        var seen = Set<String>()
        return names.filter { $0.0 != name.lowercased() && seen.insert($0.0).inserted }
    }

    /// The companions of the photo at `relative`, in a fixed order (RAW, XMP, video, AAE;
    /// then by name); and a reason for each that is left out — a folder, a symlink out of
    /// the library or to nothing, unreadable.
    mutating func find(for relative: String) -> (found: [Found], leftOut: [(path: String, reason: String)]) {
        let slash = relative.lastIndex(of: "/")
        let folder = slash.map { String(relative[..<$0]) } ?? ""
        let name = slash.map { String(relative[relative.index(after: $0)...]) } ?? relative
        let directory = folder.isEmpty ? root : root + "/" + folder
        if listings[folder] == nil {
            var listing: [String: [String]] = [:]
            for bytes in FileSystem.entryNames(of: directory) {
                guard let entry = String(validating: bytes, as: UTF8.self), !entry.hasPrefix(".") else { continue }
                listing[entry.lowercased(), default: []].append(entry)
            }
            listings[folder] = listing
        }
        let listing = listings[folder] ?? [:]

        var found: [Found] = []
        var leftOut: [(String, String)] = []
        for (wanted, kind) in Self.wanted(for: name) {
            for entry in listing[wanted] ?? [] {
                let path = folder.isEmpty ? entry : folder + "/" + entry
                switch Self.check(directory + "/" + entry, root: root) {
                case .success(let source):
                    guard let status = FileSystem.status(source) else { continue }
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
        case success(String)
        case failure(String)
    }

    /// The file to copy (a symlink inside the library followed), or why it is left out.
    private static func check(_ absolute: String, root: String) -> Check {
        var source = absolute
        switch FileSystem.kind(of: absolute) {
        case .file?: break
        case .directory?: return .failure("is a folder; left out")
        case .symlink?:
            guard let target = FileSystem.realPath(absolute) else { return .failure("is a symlink to nothing; left out") }
            guard target.utf8.starts(with: (root + "/").utf8) else {
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Whether the file can be opened for reading now.
    static func canOpen(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }
}
