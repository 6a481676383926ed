#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way a site's `manifest.json` (and its `.proofsheet-cache`) is read, by a
/// rebuild and by `collect --site`.
///
/// A site folder may be one someone else made or edited, so its manifest is untrusted: it
/// is opened without blocking (a FIFO of that name would hang a plain open), must be a
/// regular file no larger than a site of a million photos needs, and must start as a
/// JSON object — all checked before a byte past the first few is read. Reading a 1 GB
/// file whole and only then finding it is not a manifest took 2 GB for `collect --site`.
public enum ManifestFile {
    /// What a site of 1,000,000 photos needs. The demo's photo records are 598 to 836
    /// bytes (782 on average); a million of them is 782 MB, and 1 GiB leaves a third more
    /// for longer paths, descriptions and GPS.
    public static let maximumBytes = 1 << 30

    /// Why `manifest.json` was not read.
    public struct Refusal: Error, Equatable {
        public var reason: String
    }

    /// The whole file.
    public static func read(_ path: String) throws(Refusal) -> [UInt8] {
        try read(path, prefix: nil)
    }

    /// At most the first `count` bytes (a rebuild finds the settings there).
    public static func readPrefix(_ path: String, count: Int) throws(Refusal) -> [UInt8] {
        try read(path, prefix: count)
    }

    /// The site's `.proofsheet-cache` (binary), read with the same care, and no larger
    /// than twice the manifest it describes and a megabyte: its records are 68 bytes a
    /// photo against the manifest's 600 and more, and its paths are the manifest's.
    static func readCache(_ path: String, manifestLength: Int) throws(Refusal) -> [UInt8] {
        let (fd, size) = try openRegular(path, atMost: 2 * manifestLength + (1 << 20), tooLarge: "larger than the manifest it describes")
        defer { close(fd) }
        switch FileSystem.readFully(fd, count: size, at: 0) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw Refusal(reason: "cannot read (\(failure.reason))")
        }
    }

    /// A binary record of the build's own beside the manifest (a part's walk), read with
    /// the same care: a regular file, opened without blocking, of at most 1 GiB.
    static func readRecord(_ path: String) throws(Refusal) -> [UInt8] {
        let (fd, size) = try openRegular(path, atMost: maximumBytes, tooLarge: "larger than 1 GB")
        defer { close(fd) }
        switch FileSystem.readFully(fd, count: size, at: 0) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw Refusal(reason: "cannot read (\(failure.reason))")
        }
    }

    /// `path` opened without blocking, after checking that it is a regular file of at most
    /// `maximum` bytes; the caller closes it.
    private static func openRegular(_ path: String, atMost maximum: Int, tooLarge: String) throws(Refusal) -> (fd: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Refusal(reason: "cannot read (\(FileSystem.errnoText()))") }
        var info = stat()
        let problem: String?
        if fstat(fd, &info) != 0 {
            problem = "cannot read (\(FileSystem.errnoText()))"
        } else if info.st_mode & S_IFMT != S_IFREG {
            problem = "is not a regular file"
        } else if info.st_size > off_t(maximum) {
            problem = tooLarge
        } else {
            problem = nil
        }
        if let problem {
            close(fd)
            throw Refusal(reason: problem)
        }
        return (fd, Int(info.st_size))
    }

    private static func read(_ path: String, prefix: Int?) throws(Refusal) -> [UInt8] {
        let (fd, size) = try openRegular(
            path, atMost: maximumBytes,
            tooLarge: "too large for a site's manifest (more than 1 GB, the most a site of a million photos needs)")
        defer { close(fd) }
        let head: [UInt8]
        switch FileSystem.readFully(fd, count: min(size, 64)) {
        case .success(let bytes): head = bytes
        case .failure(let failure): throw Refusal(reason: "cannot read (\(failure.reason))")
        }
        let body = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        guard body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else {
            throw Refusal(reason: "not a proofsheet manifest (it does not start as a JSON object)")
        }
        let wanted = min(size, prefix ?? Int.max)
        guard wanted > head.count else { return Array(head.prefix(wanted)) }
        // From the start again, into one buffer: joining two would hold the file twice.
        switch FileSystem.readFully(fd, count: wanted, at: 0) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw Refusal(reason: "cannot read (\(failure.reason))")
        }
    }
}
