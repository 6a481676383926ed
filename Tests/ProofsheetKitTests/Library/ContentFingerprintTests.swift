import Foundation
import ProofsheetKit
import Testing

@Suite("Content fingerprint")
struct ContentFingerprintTests {
    @Test("matches xxhsum -H2, in memory and read in blocks", arguments: [0, 1, 16, 240, 241, 1 << 20, (1 << 20) + 1, 5_000_003])
    func matchesXxhsum(size: Int) async throws {
        try await withTemporaryDirectory { folder in
            var generator = SystemRandomNumberGenerator()
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = folder + "/file.bin"
            try FileSystem.writeAtomically(bytes, to: path)
            let expected = try FingerprintFixtures.xxhsum(path)
            #expect(expected.count == 32)
            #expect(ContentFingerprint(of: bytes).hex == expected)
            #expect(try ContentFingerprint.ofFile(path).hex == expected)
        }
    }

    @Test("pieces fed one after another give the fingerprint of the whole")
    func streaming() {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        var hasher = ContentHasher()
        for start in stride(from: 0, to: bytes.count, by: 777) {
            hasher.update(bytes[start..<min(bytes.count, start + 777)])
        }
        #expect(hasher.finish() == ContentFingerprint(of: bytes))
    }

    @Test("known value: the empty input")
    func empty() {
        #expect(ContentFingerprint(of: [UInt8]()).hex == "99aa06d3014798d86001c324468d497f")
    }

    @Test("hexadecimal form round-trips; anything else is refused")
    func parsing() {
        #expect(ContentFingerprint(hex: "99AA06D3014798D86001C324468D497F")?.hex == "99aa06d3014798d86001c324468d497f")
        #expect(ContentFingerprint(hex: "99aa06d3") == nil)
        #expect(ContentFingerprint(hex: "zzaa06d3014798d86001c324468d497f") == nil)
    }
}
