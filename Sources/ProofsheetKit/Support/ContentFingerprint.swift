internal import CXXHash

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a file's bytes are, whatever it is called: XXH3-128 (xxHash, libxxhash) of the
/// whole file, as 32 lowercase hexadecimal digits in xxHash's canonical (big-endian)
/// form, the same as `xxhsum -H2` prints.
///
/// XXH3 is not a cryptographic hash; it tells photos apart, it does not defend against
/// someone who crafts collisions. It runs at memory speed, so hashing a photo while it is
/// read anyway costs next to nothing.
public struct ContentFingerprint: Hashable, Sendable, Codable, CustomStringConvertible {
    /// 32 lowercase hexadecimal digits.
    public let hex: String

    public init(of bytes: some ContiguousCollection) {
        var hasher = ContentHasher()
        hasher.update(bytes)
        self = hasher.finish()
    }

    /// From its hexadecimal form (as stored in a manifest); nil unless 32 hex digits.
    public init?(hex: String) {
        let lower = hex.lowercased()
        guard lower.utf8.count == 32, lower.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        self.hex = lower
    }

    fileprivate init(canonical: XXH128_canonical_t) {
        var digits = ""
        digits.reserveCapacity(32)
        withUnsafeBytes(of: canonical.digest) { raw in
            for byte in raw {
                digits.append(Self.hexDigits[Int(byte >> 4)])
                digits.append(Self.hexDigits[Int(byte & 0xF)])
            }
        }
        hex = digits
    }

    private static let hexDigits = Array("0123456789abcdef")

    /// Fingerprints a file by reading it in blocks; the file is never held whole.
    public static func ofFile(_ path: String, displayPath: String? = nil) throws -> ContentFingerprint {
        try ofFile(BytePath(path), displayPath: displayPath)
    }

    /// The same, for a path as bytes (a name that is not UTF-8).
    public static func ofFile(_ path: BytePath, displayPath: String? = nil) throws -> ContentFingerprint {
        let shown = displayPath ?? path.readable
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw ProofsheetError(shown, "cannot read (\(FileSystem.errnoText()))") }
        defer { close(fd) }
        var hasher = ContentHasher()
        var block = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = FileSystem.uninterrupted { block.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) } }
            if got < 0 { throw ProofsheetError(shown, "cannot read (\(FileSystem.errnoText()))") }
            if got == 0 { break }
            hasher.update(block[0..<got])
        }
        return hasher.finish()
    }

    public var description: String { hex }
}

/// Any collection whose elements are bytes in one contiguous block.
public protocol ContiguousCollection: Collection<UInt8> {}
extension Array: ContiguousCollection where Element == UInt8 {}
extension ArraySlice: ContiguousCollection where Element == UInt8 {}
extension ContiguousArray: ContiguousCollection where Element == UInt8 {}

/// The one owner of an xxHash streaming state: created in `init`, freed in `deinit`.
/// Feed it a file's bytes in any number of pieces; the fingerprint is the same as of the
/// whole.
public struct ContentHasher: ~Copyable {
    private let state: OpaquePointer

    public init() {
        // XXH3_createState fails only when malloc does; there is nothing to go on without it.
        guard let state = XXH3_createState() else { fatalError("out of memory creating an xxHash state") }
        XXH3_128bits_reset(state)
        self.state = state
    }

    deinit {
        XXH3_freeState(state)
    }

    public mutating func update(_ bytes: some ContiguousCollection) {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            _ = XXH3_128bits_update(state, buffer.baseAddress, buffer.count)
        }
        if done == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { _ = XXH3_128bits_update(state, $0.baseAddress, $0.count) }
        }
    }

    public consuming func finish() -> ContentFingerprint {
        var canonical = XXH128_canonical_t()
        XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state))
        return ContentFingerprint(canonical: canonical)
    }
}
