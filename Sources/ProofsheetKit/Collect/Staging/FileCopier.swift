import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the flushing threads share: the next file to take, and what failed.
@available(macOS 15, *)
private final class FlushState: Sendable {
    let next = Atomic<Int>(0)
    let failures = Mutex<[ProofsheetError]>([])
}

/// The low-level file operations of `collect`: copy bit for bit, hard-link, move without
/// replacing. C return codes become `ProofsheetError`s here, naming the file concerned.
enum FileCopier {
    /// How a file was placed.
    enum Placement: Equatable {
        case copied
        case linked
        /// A hard link was asked for and refused by the file system (`reason`); copied.
        case copiedInstead(reason: String)
    }

    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// Copies `source` to `destination` (which must not exist) bit for bit, keeping the
    /// modification time and the permission bits. The data is not flushed here: `flush`
    /// does all the files of a run together (one at a time, 20,000 small photos spent 44 s
    /// waiting in fsync; sixteen at once, the file system commits them together).
    /// Returns the fingerprint of the bytes copied (computed on the way, at no extra read).
    ///
    /// `buffer` is reused from one file to the next (a fresh megabyte per file costs more
    /// than copying a small one).
    @discardableResult
    static func copy(
        _ source: BytePath, to destination: String, display: String, buffer: inout [UInt8]
    ) throws(ProofsheetError) -> ContentFingerprint {
        let input = source.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        guard input >= 0 else { throw ProofsheetError(display, "cannot read (\(errorText()))") }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw ProofsheetError(display, "cannot read (\(errorText()))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ProofsheetError(display, "is no longer a regular file") }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
        guard output >= 0 else { throw ProofsheetError(destination, "cannot create (\(errorText()))") }
        var closed = false
        defer { if !closed { close(output) } }

        if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: 1 << 20) }
        let chunk = buffer.count
        var hasher = ContentHasher()
        while true {
            let got = FileSystem.uninterrupted { buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, chunk) } }
            if got < 0 { throw ProofsheetError(display, "cannot read (\(errorText()))") }
            if got == 0 { break }
            hasher.update(buffer[0..<got])
            var offset = 0
            while offset < got {
                let written = FileSystem.uninterrupted { buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, got - offset) } }
                if written < 0 { throw ProofsheetError(destination, "cannot write (\(errorText()))") }
                offset += written
            }
        }
        #if canImport(Darwin)
            let times = [info.st_atimespec, info.st_mtimespec]
        #else
            let times = [info.st_atim, info.st_mtim]
        #endif
        guard fchmod(output, info.st_mode & 0o777) == 0 else {
            throw ProofsheetError(destination, "cannot set permissions (\(errorText()))")
        }
        guard futimens(output, times) == 0 else {
            throw ProofsheetError(destination, "cannot set the modification time (\(errorText()))")
        }
        closed = true
        guard close(output) == 0 else { throw ProofsheetError(destination, "cannot write (\(errorText()))") }
        return hasher.finish()
    }

    /// Flushes files (and folders) to the disk, sixteen at a time; the paths that could not
    /// be flushed, with the reason.
    static func flush(_ paths: [String]) -> [ProofsheetError] {
        guard !paths.isEmpty else { return [] }
        if #available(macOS 15, *) {
            let state = FlushState()
            let group = DispatchGroup()
            for _ in 0..<min(16, paths.count) {
                group.enter()
                let worker = Thread {
                    while true {
                        let index = state.next.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard index < paths.count else { break }
                        if let failure = flushOne(paths[index]) { state.failures.withLock { $0.append(failure) } }
                    }
                    group.leave()
                }
                worker.start()
            }
            group.wait()
            return state.failures.withLock { $0 }.sorted { ByteOrder.less($0.path, $1.path) }
        } else {
            return paths.compactMap(flushOne)
        }
    }

    private static func flushOne(_ path: String) -> ProofsheetError? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return ProofsheetError(path, "cannot write (\(errorText()))") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { return ProofsheetError(path, "cannot write (\(errorText()))") }
        return nil
    }

    /// A hard link when the file system allows one, else a copy (saying why).
    static func linkOrCopy(_ source: BytePath, to destination: String, display: String) throws(ProofsheetError) -> Placement {
        if source.withCString({ link($0, destination) }) == 0 { return .linked }
        let code = errno
        switch code {
        case EXDEV:
            var buffer: [UInt8] = []
            try copy(source, to: destination, display: display, buffer: &buffer)
            return .copiedInstead(reason: "the library and the output folder are on different file systems")
        case EPERM, EACCES, EMLINK, ENOTSUP, EOPNOTSUPP:
            var buffer: [UInt8] = []
            try copy(source, to: destination, display: display, buffer: &buffer)
            return .copiedInstead(reason: "the file system refused a hard link (\(errorText(code)))")
        default:
            throw ProofsheetError(destination, "cannot create a hard link (\(errorText(code)))")
        }
    }

    /// Moves a file to a name that must not exist yet. `link` + `unlink` refuses an
    /// existing name atomically (rename would silently replace it); where the file system
    /// has no hard links, the name is checked and the file renamed.
    static func moveWithoutReplacing(_ source: String, to destination: String) throws(ProofsheetError) {
        if link(source, destination) == 0 {
            unlink(source)
            return
        }
        let code = errno
        if code == EEXIST { throw ProofsheetError(destination, "appeared while collecting; not replaced") }
        guard [EPERM, EMLINK, ENOTSUP, EOPNOTSUPP].contains(code) else {
            throw ProofsheetError(destination, "cannot move into place (\(errorText(code)))")
        }
        guard !FileSystem.exists(destination) else { throw ProofsheetError(destination, "appeared while collecting; not replaced") }
        guard rename(source, destination) == 0 else {
            throw ProofsheetError(destination, "cannot move into place (\(errorText()))")
        }
    }

    /// Renames, replacing nothing that matters: for moving the staged folder (the name was
    /// checked free) and for putting files back.
    static func move(_ source: String, to destination: String) throws(ProofsheetError) {
        guard rename(source, destination) == 0 else {
            throw ProofsheetError(destination, "cannot move into place (\(errorText()))")
        }
    }

    /// A new, empty, private folder in `parent`, named `prefix` and six random characters.
    static func makeTemporaryDirectory(in parent: String, prefix: String) throws(ProofsheetError) -> String {
        var template = Array("\(parent == "/" ? "" : parent)/\(prefix)XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw ProofsheetError(parent, "cannot create a temporary folder here (\(errorText()))")
        }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
