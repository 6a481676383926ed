#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shell glob from `--exclude`. It matches a file or folder when it matches either the
/// path relative to the library (`Drafts/*`, `*/raw/*`) or just the name (`*.tmp`, `Drafts`).
/// Matching is on the bytes of the names (`fnmatch` without a locale's help).
public struct ExcludePattern: Sendable, Equatable {
    public let glob: String

    public init(_ glob: String) {
        // A trailing slash ("Drafts/") means the folder; the name alone matches it.
        var glob = glob
        while glob.count > 1 && glob.hasSuffix("/") { glob.removeLast() }
        self.glob = glob
    }

    public func matches(relativePath: String) -> Bool {
        matches(BytePath(relativePath))
    }

    public func matches(_ relative: BytePath) -> Bool {
        relative.withCString { fnmatch(glob, $0, 0) == 0 }
            || relative.lastComponent.withCString { fnmatch(glob, $0, 0) == 0 }
    }
}
