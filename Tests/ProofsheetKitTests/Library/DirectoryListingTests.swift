import Foundation
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Directory listing")
struct DirectoryListingTests {
    /// Bytes a one-byte name may be: anything but NUL and `/`, and not `.` (which alone
    /// would be the folder itself).
    static let alphabet: [UInt8] = (1...255).map(UInt8.init).filter { $0 != 0x2F && $0 != 0x2E }

    /// Name `index` of a folder: lengths cycle through 1…255 bytes; the first byte tells
    /// apart names of the same length, the rest is padding. Many are not UTF-8.
    static func name(_ index: Int) -> [UInt8] {
        let length = 1 + index % 255
        return [alphabet[index / 255]] + [UInt8](repeating: UInt8(ascii: "x"), count: length - 1)
    }

    @Test("every name of every length comes back exactly, in folders of 1 to 20,000 entries", arguments: [1, 255, 2_000, 20_000])
    func listsEveryNameExactly(count: Int) async throws {
        try await withTemporaryDirectory { folder in
            var expected = Set<[UInt8]>()
            for index in 0..<count {
                let name = Self.name(index)
                let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name + [0]
                let fd = path.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644) }
                }
                try #require(fd >= 0, "cannot create entry \(index) (\(String(cString: strerror(errno))))")
                close(fd)
                expected.insert(name)
            }
            let listed = FileSystem.entryNames(of: folder)
            #expect(listed.count == count)
            #expect(Set(listed) == expected)
        }
    }

    @Test("names that are text come back as text")
    func textNames() async throws {
        try await withTemporaryDirectory { folder in
            let names = ["a.jpg", "Café au lait.jpg", "夕焼け.png", String(repeating: "é", count: 100) + ".x"]
            for name in names { try FileSystem.writeAtomically([1, 2, 3], to: folder + "/" + name) }
            #expect(Set(FileSystem.contents(of: folder)) == Set(names))
        }
    }

    @Test("a folder that cannot be read lists as empty")
    func unreadable() {
        #expect(FileSystem.entryNames(of: "/nonexistent-proofsheet-folder").isEmpty)
    }
}
