import Testing

@testable import ProofsheetKit

@Suite("Shares")
struct ShardTests {
    @Test(
        "K/N is parsed, and every other form refused with its reason",
        arguments: [
            ("2/3", nil), ("1/1", nil), ("3/3", nil),
            ("0/3", "has no share 0 of 3; K is from 1 to N"), ("4/3", "has no share 4 of 3; K is from 1 to N"),
            ("1/0", "asks for 0 shares; N is from 1 to 10000"), ("3", "is not K/N (this share, of how many: 2/3)"),
            ("a/b", "is not K/N (this share, of how many: 2/3)"), ("01/3", "is not K/N (this share, of how many: 2/3)"),
            ("-1/3", "has no share -1 of 3; K is from 1 to N"), ("1/3/4", "is not K/N (this share, of how many: 2/3)"),
        ])
    func parse(text: String, problem: String?) {
        switch Shard.parse(text) {
        case .success(let shard): #expect(problem == nil && shard.description == text)
        case .failure(let failure): #expect(failure.reason == problem)
        }
    }

    @Test("shares balance, and going from N to N+1 shares moves only the photos of the new share")
    func jump() {
        let paths = (0..<6_000).map { BytePath("Album \($0 % 7)/IMG_\($0).jpg") }
        for count in 2...5 {
            var sizes = [Int](repeating: 0, count: count)
            for path in paths { sizes[Shard.share(of: path, count: count) - 1] += 1 }
            #expect(sizes.allSatisfy { abs($0 - paths.count / count) < paths.count / count / 10 }, "\(sizes)")
            let moved = paths.filter { Shard.share(of: $0, count: count) != Shard.share(of: $0, count: count + 1) }
            #expect(moved.allSatisfy { Shard.share(of: $0, count: count + 1) == count + 1 })
        }
    }

    @Test("a photo's share is the first 64 bits of XXH3-128 of its path (xxhsum -H2), through jump consistent hash")
    func stable() {
        // Fixed values (from xxhsum and the paper's algorithm in Python): a share must never
        // change between versions or machines, or every part would be built again.
        #expect(Shard.jump(0xDEAD_BEEF, buckets: 10) == 5)
        #expect(Shard.jump(0x0123_4567_89ab_cdef, buckets: 1000) == 194)
        #expect(ContentFingerprint(of: Array("Album/IMG_1.jpg".utf8)).hex == "24d3d83c8d32cf95c8cab8bf8e6041c9")
        #expect([2, 3, 4, 10].map { Shard.share(of: BytePath("Album/IMG_1.jpg"), count: $0) } == [2, 2, 2, 7])
    }
}
