import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The watermark's font file, as a build takes it: named by an absolute path (resolved
/// once, where the option was given, so a rebuild from another folder finds the same file,
/// and libgd never looks a bare name up in its own font path), a regular file of a font's
/// size, opened without waiting.
public enum WatermarkFont {
    /// Bigger files are refused before a byte is read: the biggest fonts in common use (a
    /// collection of every weight of Noto Sans CJK) are under 60 MB, and a build reads the
    /// font whole to know its content.
    public static let maximumBytes = 64 << 20

    /// `path` as an absolute path, relative ones from the current folder.
    public static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (joined as NSString).standardizingPath
    }

    /// The bytes of the font file at `path`, or one line naming it and why not. Opened with
    /// `O_NONBLOCK` (a FIFO would hold a plain open forever) and checked with `fstat` on
    /// what was opened: a FIFO, a device or a folder is refused, and so is a file bigger
    /// than `maximumBytes`, before anything is read.
    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw ProofsheetError(path, "cannot read the watermark font (\(FileSystem.reason(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ProofsheetError(path, "cannot read the watermark font (\(FileSystem.reason(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ProofsheetError(path, "the watermark font is not a regular file (\(kind(info.st_mode)))")
        }
        guard info.st_size <= maximumBytes else {
            throw ProofsheetError(
                path, "the watermark font is \(info.st_size / (1 << 20)) MB; a font file is at most \(maximumBytes >> 20) MB")
        }
        switch FileSystem.readFully(fd, count: Int(info.st_size)) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw ProofsheetError(path, "cannot read the watermark font (\(failure.reason))")
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }
}
