/// A photo found in the library.
public struct LibraryFile: Sendable, Equatable {
    /// Relative to the library, with `/` separators, as the exact bytes of the names.
    public var path: BytePath
    public var format: ImageFormat
    public var bytes: Int64
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64
    /// The files that belong to it (RAW, sidecars, Live Photo video), by path.
    public var companions: [Companion]
    /// Where the previous build has it (`LibraryScanner.Known.position`), when the scan
    /// was told: the build's plan then need not look its path up again.
    var previous: Int?

    public init(path: BytePath, format: ImageFormat, bytes: Int64, modified: Int64, companions: [Companion] = []) {
        self.path = path
        self.format = format
        self.bytes = bytes
        self.modified = modified
        self.companions = companions
    }

    /// The file's name, the last path component.
    public var name: BytePath { path.lastComponent }

    /// The album: the folder path relative to the library ("" at the top level).
    public var album: BytePath { path.parent }
}
