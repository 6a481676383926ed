#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file open for reading, owned by one value: closed in `deinit`. Reads at any offset
/// (`pread`), so what reads a header asks only for the bytes it needs.
public struct OpenFile: ~Copyable {
    private let fd: Int32
    /// Its size when it was opened.
    public let size: Int

    /// Opens a regular file; throws `PATH: cannot read (reason)` naming it as `display`.
    public init(_ path: BytePath, display: String? = nil) throws {
        let shown = display ?? path.readable
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw ProofsheetError(shown, "cannot read (\(FileSystem.errnoText()))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = FileSystem.errnoText()
            close(fd)
            throw ProofsheetError(shown, "cannot read (\(reason))")
        }
        self.fd = fd
        size = Int(info.st_size)
    }

    deinit {
        close(fd)
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file), or nil if it cannot be read.
    public func read(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0 else { return nil }
        return try? FileSystem.readFully(fd, count: count, at: offset).get()
    }

    /// The whole file (its size when opened, or less if it shrank), read in order from the
    /// start; or why it cannot be read.
    func readAll() -> Result<[UInt8], FileSystem.Failure> {
        FileSystem.readFully(fd, count: size)
    }
}

extension FileSystem {
    /// Lends `body` the file at `path`, open; closed when `body` returns.
    public static func withOpenFile<Result>(_ path: BytePath, _ body: (borrowing OpenFile) throws -> Result) throws -> Result {
        let file = try OpenFile(path)
        return try body(file)
    }
}
