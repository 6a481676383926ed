/// A photo found in the library.
public struct LibraryFile: Sendable, Equatable {
    /// Relative to the library, with `/` separators.
    public var path: String
    public var format: ImageFormat
    public var bytes: Int64
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64

    public init(path: String, format: ImageFormat, bytes: Int64, modified: Int64) {
        self.path = path
        self.format = format
        self.bytes = bytes
        self.modified = modified
    }

    /// The file's name, the last path component.
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The album: the folder path relative to the library ("" at the top level).
    public var album: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
