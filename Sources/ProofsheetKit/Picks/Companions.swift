/// Files that belong to a photo and go with it when it is collected: a RAW of the same
/// stem, XMP sidecars, a Live Photo's video, an iPhone edit (`.AAE`). They are found in
/// the photo's folder at collect time, names compared ignoring case; the order file does
/// not name them.
public enum CompanionKind: String, Sendable, CaseIterable, Comparable {
    case raw, xmp, video, edit

    /// How summaries count them: "30 RAW", "12 XMP", "5 Live Photo videos", "2 AAE".
    public func counted(_ count: Int) -> String {
        switch self {
        case .raw: "\(count) RAW"
        case .xmp: "\(count) XMP"
        case .video: count == 1 ? "1 Live Photo video" : "\(count) Live Photo videos"
        case .edit: "\(count) AAE"
        }
    }

    /// One of them, in a plan line: "RAW", "Live Photo video".
    public var label: String {
        switch self {
        case .raw: "RAW"
        case .xmp: "XMP"
        case .video: "Live Photo video"
        case .edit: "AAE"
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

enum Companions {
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

    /// The companions of the photo at `relative` in the library at `root` (real path), in
    /// a fixed order (RAW, XMP, video, AAE; then by name); and a warning for each that is
    /// left out — a folder, a symlink out of the library or to nothing, unreadable.
    static func find(for relative: String, in root: String) -> (found: [Found], leftOut: [(path: String, reason: String)]) {
        let slash = relative.lastIndex(of: "/")
        let folder = slash.map { String(relative[..<$0]) } ?? ""
        let name = slash.map { String(relative[relative.index(after: $0)...]) } ?? relative
        let stem = SafeFileName.split(name).stem.lowercased()
        let lowerName = name.lowercased()
        let directory = folder.isEmpty ? root : root + "/" + folder

        func kind(of entry: String) -> CompanionKind? {
            let lower = entry.lowercased()
            guard lower != lowerName, !entry.hasPrefix(".") else { return nil }
            for ext in rawExtensions where lower == stem + "." + ext { return .raw }
            if lower == stem + ".xmp" || lower == lowerName + ".xmp" { return .xmp }
            for ext in rawExtensions where lower == stem + "." + ext + ".xmp" { return .xmp }
            if lower == stem + ".mov" || lower == stem + ".mp4" { return .video }
            if lower == stem + ".aae" { return .edit }
            return nil
        }

        var found: [Found] = []
        var leftOut: [(String, String)] = []
        for bytes in FileSystem.entryNames(of: directory) {
            guard let entry = String(validating: bytes, as: UTF8.self), let kind = kind(of: entry) else { continue }
            let path = folder.isEmpty ? entry : folder + "/" + entry
            let absolute = directory + "/" + entry
            var source = absolute
            switch FileSystem.kind(of: absolute) {
            case .file?: break
            case .directory?:
                leftOut.append((path, "is a folder; left out"))
                continue
            case .symlink?:
                guard let target = FileSystem.realPath(absolute) else {
                    leftOut.append((path, "is a symlink to nothing; left out"))
                    continue
                }
                guard target.utf8.starts(with: (root + "/").utf8) else {
                    leftOut.append((path, "leads outside the library (through a symlink); left out"))
                    continue
                }
                guard FileSystem.kind(of: target) == .file else {
                    leftOut.append((path, "is not a regular file; left out"))
                    continue
                }
                source = target
            default:
                leftOut.append((path, "is not a regular file; left out"))
                continue
            }
            guard FileSystem.canOpen(source), let status = FileSystem.status(source) else {
                leftOut.append((path, "cannot be read (\(FileCopier.errorText())); left out"))
                continue
            }
            found.append(Found(kind: kind, path: path, source: source, bytes: status.size, modified: status.mtime))
        }
        found.sort { $0.kind != $1.kind ? $0.kind < $1.kind : ByteOrder.less($0.path, $1.path) }
        leftOut.sort { ByteOrder.less($0.0, $1.0) }
        return (found, leftOut)
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
