/// One share of a library split across machines (`build --shard K/N`): K from 1 to N.
///
/// A photo's share is a function of its path alone — the first 64 bits of XXH3-128 of the
/// path's bytes (`xxhsum -H2`, the hash the content ids use), put through Lamping and
/// Veach's jump consistent hash — so it is the same on every machine, every run and every
/// version (unlike Swift's seeded `Hasher`), the shares balance (XXH3 is uniform), a photo
/// stays in its share when others come or go, and going from N to N+1 shares moves only
/// one photo in N+1 (a part built again with the new N keeps the images of the rest).
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1…count.
    public let index: Int
    public let count: Int

    /// Shares beyond this are refused: a part is a process, and thousands are a mistake.
    public static let maximumCount = 10_000

    public init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`, or why it is not one (a phrase to follow the value).
    public static func parse(_ text: String) -> Result<Shard, Problem> {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), String(index) == parts[0],
            String(count) == parts[1]
        else { return .failure(Problem("is not K/N (this share, of how many: 2/3)")) }
        guard (1...maximumCount).contains(count) else {
            return .failure(Problem("asks for \(count) shares; N is from 1 to \(maximumCount)"))
        }
        guard let shard = Shard(index: index, count: count) else {
            return .failure(Problem("has no share \(index) of \(count); K is from 1 to N"))
        }
        return .success(shard)
    }

    public struct Problem: Error, Equatable {
        public var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the photo at `path` is of this share.
    func holds(_ path: BytePath) -> Bool { Self.share(of: path, count: count) == index }

    /// The share (1…count) of the photo at `path`.
    static func share(of path: BytePath, count: Int) -> Int {
        let hex = ContentFingerprint(of: path.bytes).hex
        return jump(UInt64(hex.prefix(16), radix: 16)!, buckets: count) + 1
    }

    /// Jump consistent hash (Lamping & Veach, 2014): a bucket in 0..<buckets for `key`,
    /// moving a key only to the new bucket when `buckets` grows by one.
    static func jump(_ key: UInt64, buckets: Int) -> Int {
        var key = key
        var bucket: Int64 = -1
        var next: Int64 = 0
        while next < Int64(buckets) {
            bucket = next
            key = key &* 2_862_933_555_777_941_757 &+ 1
            next = Int64(Double(bucket + 1) * (Double(Int64(1) << 31) / Double((key >> 33) + 1)))
        }
        return Int(bucket)
    }
}
