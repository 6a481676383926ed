import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small file-system helpers that say what went wrong, with the path.
public enum FileSystem {
    /// Writes `bytes` to `path` atomically: a temporary file beside it, flushed, then
    /// renamed over the destination, so a reader sees the old file or the new one,
    /// never a partial one.
    public static func writeAtomically(_ bytes: some Collection<UInt8>, to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        var template = Array("\(directory.isEmpty ? "." : directory)/.\(base).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ProofsheetError(path, "cannot create a file here (\(errnoText()))") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            try writeAll(fd: fd, bytes, path: path)
            guard fchmod(fd, 0o644) == 0 else { throw ProofsheetError(path, "cannot set permissions (\(errnoText()))") }
        }
        guard rename(temporary, path) == 0 else {
            throw ProofsheetError(path, "cannot write (\(errnoText()))")
        }
        ok = true
    }

    /// Writes atomically, but leaves a file alone (and its time) when it already holds
    /// these bytes.
    public static func writeIfChanged(_ bytes: [UInt8], to path: String) throws {
        if let status = fileStatus(path), status.size == Int64(bytes.count), let existing = try? read(path), existing == bytes {
            return
        }
        try writeAtomically(bytes, to: path)
    }

    /// Writes `text` as UTF-8, atomically.
    public static func writeAtomically(_ text: String, to path: String) throws {
        try writeAtomically(Array(text.utf8), to: path)
    }

    private static func writeAll(fd: Int32, _ bytes: some Collection<UInt8>, path: String) throws {
        let result: Int? = bytes.withContiguousStorageIfAvailable { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return -Int(errno)
                }
                offset += written
            }
            return 0
        }
        if let result {
            if result < 0 { throw ProofsheetError(path, "cannot write (\(String(cString: strerror(Int32(-result)))))") }
        } else {
            try writeAll(fd: fd, Array(bytes), path: path)
        }
    }

    /// Reads a whole file into memory.
    public static func read(_ path: String, displayPath: String? = nil) throws -> [UInt8] {
        let shown = displayPath ?? path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ProofsheetError(shown, "cannot read (\(errnoText()))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ProofsheetError(shown, "cannot read (\(errnoText()))") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var offset = 0
        while offset < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, $0.count - offset) }
            if got < 0 {
                if errno == EINTR { continue }
                throw ProofsheetError(shown, "cannot read (\(errnoText()))")
            }
            if got == 0 { break }  // the file shrank while we read it
            offset += got
        }
        if offset < bytes.count { bytes.removeSubrange(offset...) }
        return bytes
    }

    /// Reads at most `count` bytes from the start of a file.
    public static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, count) }
        guard got >= 0 else { return nil }
        bytes.removeSubrange(got...)
        return bytes
    }

    public enum Kind: Sendable { case file, directory, symlink, other }

    /// What is at `path`, without following a final symlink; nil when nothing is.
    public static func kind(of path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Creates a directory and its parents.
    public static func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ProofsheetError(path, "cannot create the folder (\(describe(error)))")
        }
    }

    /// The canonical absolute path, symlinks resolved; nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Size and modification time (nanoseconds since 1970) of a file, following symlinks.
    public static func fileStatus(_ path: String) -> (size: Int64, mtime: Int64)? {
        status(path).map { ($0.size, $0.mtime) }
    }

    /// Size, modification time (nanoseconds since 1970), identity and mode of a file,
    /// following symlinks.
    static func status(_ path: String) -> (size: Int64, mtime: Int64, device: UInt64, inode: UInt64, mode: mode_t)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return (
            Int64(info.st_size), Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec), UInt64(info.st_dev),
            UInt64(info.st_ino), info.st_mode
        )
    }

    /// Sets a file's modification (and access) time, in nanoseconds since 1970.
    public static func setModificationTime(_ path: String, nanoseconds: Int64) throws {
        var times = [timespec](repeating: timespec(), count: 2)
        let seconds = nanoseconds / 1_000_000_000
        let rest = nanoseconds % 1_000_000_000
        times[0] = timespec(tv_sec: Int(seconds), tv_nsec: Int(rest))
        times[1] = times[0]
        guard utimensat(AT_FDCWD, path, times, 0) == 0 else {
            throw ProofsheetError(path, "cannot set the modification time (\(errnoText()))")
        }
    }

    /// Removes a file or a folder tree; a missing one is not an error.
    public static func remove(_ path: String) {
        if kind(of: path) == .directory {
            try? FileManager.default.removeItem(atPath: path)
        } else {
            unlink(path)
        }
    }

    /// The names in a directory, unsorted; empty when it cannot be read.
    public static func contents(of directory: String) -> [String] {
        entryNames(of: directory).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in a directory as their exact bytes, unsorted, without `.` and `..`;
    /// empty when it cannot be read.
    ///
    /// `readdir` returns records only as long as their name: `d_name` is declared as
    /// 256 bytes, but copying the whole field reads past the end of a short record, and
    /// at the end of readdir's buffer that crosses into an unmapped page (a SIGSEGV on
    /// folders of a few thousand entries). So the name is read through a pointer into
    /// the record, up to its terminating NUL, and never copied as the field.
    public static func entryNames(of directory: String) -> [[UInt8]] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let length = strlen(name)
            let bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(name), count: length))
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            names.append(bytes)
        }
        return names
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// Foundation's errors are long; the user wants the reason.
    static func describe(_ error: any Error) -> String {
        if let error = error as? ProofsheetError { return error.reason }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}

extension FileSystem {
    /// Whether the current user may list a folder.
    static func canRead(_ path: String) -> Bool {
        access(path, R_OK | X_OK) == 0
    }
}
