import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small file-system helpers that say what went wrong, with the path.
public enum FileSystem {
    /// Writes `bytes` to `path` atomically: a temporary file beside it, written and
    /// closed, then renamed over the destination, so a reader sees the old file or the new
    /// one, never a partial one.
    ///
    /// A failure to create or fill the temporary file is a property of the folder (full,
    /// read-only, not writable), so the error names the folder and the reason as the
    /// system gives it: `Site/thumbs: no space left on device`. Nothing is left behind.
    public static func writeAtomically(_ bytes: some Collection<UInt8>, to path: String) throws {
        let temporary = try writeTemporary(bytes, beside: path)
        guard rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw ProofsheetError(path, "cannot write (\(reason(failure)))")
        }
    }

    /// Writes `bytes` to a new hidden file beside `path` (`.NAME.tmp-XXXXXX`), closed and
    /// readable by all, and returns its path; on failure nothing is left behind.
    static func writeTemporary(_ bytes: some Collection<UInt8>, beside path: String) throws -> String {
        let directory = (path as NSString).deletingLastPathComponent
        let folder = directory.isEmpty ? "." : directory
        let base = (path as NSString).lastPathComponent
        var template = Array("\(folder)/.\(base).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ProofsheetError(folder, reason(errno)) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure = writeAll(fd: fd, bytes)
        if failure == 0 && fchmod(fd, 0o644) != 0 { failure = errno }
        // A full disk may be reported only when the file is closed (NFS, some FUSE).
        if close(fd) != 0 && failure == 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw ProofsheetError(folder, reason(failure))
        }
        return temporary
    }

    /// Writes atomically, but leaves a file alone (and its time) when it already holds
    /// these bytes.
    public static func writeIfChanged(_ bytes: [UInt8], to path: String) throws {
        if holds(bytes, at: path) { return }
        try writeAtomically(bytes, to: path)
    }

    /// The file at `path` holds exactly these bytes (its size looked at first, so a file
    /// of another size is not read).
    public static func holds(_ bytes: [UInt8], at path: String) -> Bool {
        guard let status = fileStatus(path), status.size == Int64(bytes.count), let existing = try? read(path) else { return false }
        return existing == bytes
    }

    /// Writes `text` as UTF-8, atomically.
    public static func writeAtomically(_ text: String, to path: String) throws {
        try writeAtomically(Array(text.utf8), to: path)
    }

    /// Writes everything; 0, or the errno of the failure.
    private static func writeAll(fd: Int32, _ bytes: some Collection<UInt8>) -> Int32 {
        let result: Int32? = bytes.withContiguousStorageIfAvailable { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = uninterrupted { write(fd, buffer.baseAddress! + offset, buffer.count - offset) }
                if written < 0 { return errno }
                offset += written
            }
            return 0
        }
        return result ?? writeAll(fd: fd, Array(bytes))
    }

    /// Reads a whole file into memory.
    public static func read(_ path: String, displayPath: String? = nil) throws -> [UInt8] {
        try read(BytePath(path), displayPath: displayPath)
    }

    public static func read(_ path: BytePath, displayPath: String? = nil) throws -> [UInt8] {
        let shown = displayPath ?? path.readable
        let file = try OpenFile(path, display: shown)
        switch file.readAll() {
        case .success(let bytes): return bytes
        case .failure(let failure): throw ProofsheetError(shown, "cannot read (\(String(cString: strerror(failure.code))))")
        }
    }

    /// Reads at most `count` bytes from the start of a file.
    public static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        readPrefix(BytePath(path), count: count)
    }

    public static func readPrefix(_ path: BytePath, count: Int) -> [UInt8]? {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try? readFully(fd, count: count).get()
    }

    /// A `read` or `write` (any call that returns -1 and sets `errno` when it fails), made
    /// again while a signal interrupts it (EINTR): the one place that retry is written. A
    /// failure is still -1, with `errno` as the call left it.
    public static func uninterrupted(_ call: () -> Int) -> Int {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    /// Up to `count` bytes of an open file (fewer where it ends): at `offset` (`pread`), or
    /// from where the file is (`read`). The one read loop of `read`, `readPrefix` and
    /// `OpenFile`.
    static func readFully(_ fd: Int32, count: Int, at offset: Int? = nil) -> Result<[UInt8], Failure> {
        // Not zeroed first: for the 60 MB manifest of a big gallery that was a tenth of a
        // rebuild's reading.
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var got = 0
            while got < count {
                let start = buffer.baseAddress! + got
                let n = uninterrupted {
                    offset.map { pread(fd, start, count - got, off_t($0 + got)) } ?? Glibc.read(fd, start, count - got)
                }
                if n < 0 {
                    failure = errno
                    break
                }
                if n == 0 { break }  // the end of the file (it may have shrunk while being read)
                got += n
            }
            initialized = got
        }
        return failure == 0 ? .success(bytes) : .failure(Failure(code: failure))
    }

    /// The last `count` bytes of a file (all of it when shorter), read without reading the rest.
    public static func readSuffix(_ path: String, count: Int) -> [UInt8]? {
        guard let file = try? OpenFile(BytePath(path)) else { return nil }
        let length = min(count, file.size)
        guard let bytes = file.read(at: file.size - length, count: length), bytes.count == length else { return nil }
        return bytes
    }

    public enum Kind: Sendable { case file, directory, symlink, other }

    /// What is at `path`, without following a final symlink; nil when nothing is.
    public static func kind(of path: String) -> Kind? {
        kind(of: BytePath(path))
    }

    public static func kind(of path: BytePath) -> Kind? {
        if case .success(let status) = linkStatus(path) { return status.kind }
        return nil
    }

    public static func isDirectory(_ path: String) -> Bool {
        isDirectory(BytePath(path))
    }

    public static func isDirectory(_ path: BytePath) -> Bool {
        var info = stat()
        return path.withCString { stat($0, &info) } == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    public static func exists(_ path: String) -> Bool {
        exists(BytePath(path))
    }

    public static func exists(_ path: BytePath) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0
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

    /// The canonical absolute path as bytes (a name that is not UTF-8 stays as it is).
    public static func realPath(_ path: BytePath) -> BytePath? {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return BytePath(bytes: Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved))))
    }

    /// Size and modification time (nanoseconds since 1970) of a file, following symlinks.
    public static func fileStatus(_ path: String) -> (size: Int64, mtime: Int64)? {
        status(path).map { ($0.size, $0.mtime) }
    }

    /// Size, modification time (nanoseconds since 1970), identity and mode of a file,
    /// following symlinks.
    static func status(_ path: String) -> (size: Int64, mtime: Int64, device: UInt64, inode: UInt64, mode: mode_t)? {
        guard case .success(let status) = status(BytePath(path)) else { return nil }
        return (status.size, status.mtime, status.device, status.inode, status.mode)
    }

    /// What `stat` or `lstat` says about a file, in one call.
    public struct Status: Sendable, Equatable {
        public var kind: Kind
        public var size: Int64
        /// Nanoseconds since 1970.
        public var mtime: Int64
        public var device: UInt64
        public var inode: UInt64
        public var mode: mode_t
    }

    /// Why a system call failed: its errno and the reason in words.
    public struct Failure: Error, Sendable, Equatable {
        public var code: Int32
        public var reason: String { FileSystem.reason(code) }
    }

    /// The status of the file `path` names, following symlinks.
    public static func status(_ path: BytePath) -> Result<Status, Failure> {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return .failure(Failure(code: errno)) }
        return .success(Status(info))
    }

    /// The status of `path` itself: a symlink is reported as one.
    public static func linkStatus(_ path: BytePath) -> Result<Status, Failure> {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return .failure(Failure(code: errno)) }
        return .success(Status(info))
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

    /// `count` bytes of the file at `path` from `offset` (fewer where it ends); nil when it
    /// cannot be opened or read.
    static func readRange(_ path: String, at offset: Int, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try? readFully(fd, count: count, at: offset).get()
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
    public static func entryNames(of directory: String) -> [[UInt8]] {
        (try? listing(BytePath(directory)).get())?.map(\.bytes) ?? []
    }

    /// The names in a directory as their exact bytes, unsorted, without `.` and `..`, or
    /// why it cannot be read.
    ///
    /// `readdir` returns records only as long as their name: `d_name` is declared as
    /// 256 bytes, but copying the whole field reads past the end of a short record, and
    /// at the end of readdir's buffer that crosses into an unmapped page (a SIGSEGV on
    /// folders of a few thousand entries). So the name is read through a pointer into
    /// the record, up to its terminating NUL, and never copied as the field.
    public static func listing(_ directory: BytePath) -> Result<[BytePath], Failure> {
        listing(directory, withStatus: false).map { $0.map(\.name) }
    }

    /// The names in a directory with what `lstat` says of each, taken relative to the open
    /// directory (`fstatat`): the kernel looks up one name, not the whole path, a file.
    public static func listingWithStatus(_ directory: BytePath) -> Result<[(name: BytePath, status: Result<Status, Failure>)], Failure> {
        listing(directory, withStatus: true)
    }

    private static func listing(
        _ directory: BytePath, withStatus: Bool
    ) -> Result<[(name: BytePath, status: Result<Status, Failure>)], Failure> {
        guard let dir = directory.withCString({ opendir($0) }) else { return .failure(Failure(code: errno)) }
        defer { closedir(dir) }
        let fd = dirfd(dir)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var entries: [(name: BytePath, status: Result<Status, Failure>)] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else { break }
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
            let length = strlen(name)
            if length == 1 && name[0] == 0x2E || length == 2 && name[0] == 0x2E && name[1] == 0x2E { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(name), count: length))
            var status: Result<Status, Failure> = .failure(Failure(code: 0))
            if withStatus {
                var info = stat()
                status = fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? .success(Status(info)) : .failure(Failure(code: errno))
            }
            entries.append((BytePath(bytes: bytes), status))
        }
        if errno != 0 { return .failure(Failure(code: errno)) }
        return .success(entries)
    }

    /// strerror's text, with a lowercase first letter, as it reads inside a sentence
    /// (`no space left on device`).
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first, first.isUppercase, !text.dropFirst().prefix(1).allSatisfy(\.isUppercase) else {
            return text
        }
        return first.lowercased() + text.dropFirst()
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// A size as messages give it: `40 MB`, `1.5 MB`.
    static func megabytes(_ count: Int) -> String {
        let mb = Double(count) / (1024 * 1024)
        return mb >= 10 ? "\(Int(mb.rounded())) MB" : "\((mb * 10).rounded() / 10) MB"
    }

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

    /// Whether the file can be opened for reading now (never waiting on a FIFO); when it
    /// cannot, `errno` says why.
    static func canOpen(_ path: BytePath) -> Bool {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }
}

extension FileSystem.Status {
    init(_ info: stat) {
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        let kind: FileSystem.Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        self.init(
            kind: kind, size: Int64(info.st_size), mtime: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec),
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), mode: info.st_mode)
    }
}
