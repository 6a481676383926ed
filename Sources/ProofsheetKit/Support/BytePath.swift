#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as the file system knows it: bytes, not text.
///
/// Names on Linux are any bytes but `/` and NUL. Swift's `String` compares by canonical
/// equivalence (`Café` in NFC equals `Café` in NFD) and cannot hold bytes that are not
/// UTF-8, so paths are compared, hashed, ordered and opened as their exact bytes here, and
/// become text only to be shown (`readable`).
public struct BytePath: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The UTF-8 bytes of `text`, exactly as the string holds them (no normalization).
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// All the bytes at once: much quicker than one `combine` a byte, for the 100,000s
    /// of paths a build keys by.
    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    public static func == (a: BytePath, b: BytePath) -> Bool {
        a.bytes == b.bytes
    }

    /// Byte order (unsigned, a prefix first), by `memcmp`: sorting the 100,000s of paths
    /// and names of a big library compared them byte by byte.
    public static func < (a: BytePath, b: BytePath) -> Bool {
        let common = min(a.bytes.count, b.bytes.count)
        let order =
            common == 0
            ? 0
            : a.bytes.withUnsafeBufferPointer { x in b.bytes.withUnsafeBufferPointer { y in memcmp(x.baseAddress!, y.baseAddress!, common) }
            }
        return order != 0 ? order < 0 : a.bytes.count < b.bytes.count
    }

    public var isEmpty: Bool { bytes.isEmpty }

    /// The exact text of the path, when its bytes are UTF-8.
    public var string: String? {
        String(validating: bytes, as: UTF8.self)
    }

    public var isUTF8: Bool { string != nil }

    /// Text to show: the exact path when it is UTF-8, else the path with each byte that is
    /// not UTF-8 written as `\xHH` (and control characters escaped; see `TerminalText`).
    public var readable: String {
        string ?? TerminalText.escaped(bytes: bytes)
    }

    public var description: String { readable }

    /// `self/component`; just `component` when `self` is empty.
    public func appending(_ component: BytePath) -> BytePath {
        if bytes.isEmpty { return component }
        if component.bytes.isEmpty { return self }
        var joined = bytes
        if joined.last != UInt8(ascii: "/") { joined.append(UInt8(ascii: "/")) }
        joined += component.bytes
        return BytePath(bytes: joined)
    }

    /// The parts between slashes, without empty ones.
    public var components: [BytePath] {
        bytes.split(separator: UInt8(ascii: "/")).map { BytePath(bytes: Array($0)) }
    }

    /// The last component ("" for an empty path).
    public var lastComponent: BytePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return BytePath(bytes: Array(bytes[(slash + 1)...]))
    }

    /// Everything before the last `/` ("" when there is none).
    public var parent: BytePath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return BytePath(bytes: []) }
        return BytePath(bytes: Array(bytes[..<slash]))
    }

    /// Whether this path is `root` or lies under it, decided component by component on the
    /// bytes — never by text prefix (`/photos/cafe\u{301}` is not inside `/photos/café`,
    /// and `/photos2` is not inside `/photos`). Both should be resolved (`realpath`) first.
    public func isInside(_ root: BytePath) -> Bool {
        let mine = components, theirs = root.components
        return mine.count >= theirs.count && zip(mine, theirs).allSatisfy { $0 == $1 }
    }

    /// Whether this path lies under `root` and is not `root` itself: where a symlink in the
    /// library may lead for `collect` to follow it.
    public func isBelow(_ root: BytePath) -> Bool {
        self != root && isInside(root)
    }

    /// Lends the path as a NUL-terminated C string. A path holding a NUL byte cannot name
    /// a file; it is passed cut at the NUL, which `open` and friends then fail to find.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var terminated = bytes
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
