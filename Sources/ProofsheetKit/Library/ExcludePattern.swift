#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shell glob from `--exclude`. It matches a file or folder when it matches either the
/// path relative to the library (`Drafts/*`, `*/raw/*`) or just the name (`*.tmp`, `Drafts`).
public struct ExcludePattern: Sendable, Equatable {
    public let glob: String

    public init(_ glob: String) {
        // A trailing slash ("Drafts/") means the folder; the name alone matches it.
        var glob = glob
        while glob.count > 1 && glob.hasSuffix("/") { glob.removeLast() }
        self.glob = glob
    }

    public func matches(relativePath: String) -> Bool {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        return fnmatch(glob, relativePath, 0) == 0 || fnmatch(glob, name, 0) == 0
    }
}
