import Foundation
import Testing

@testable import ProofsheetKit

/// Identical files (a photo exported twice) share their 12 digits and are told apart by a
/// number; a rebuild keeps each copy's number (issue 33), so a pick made of one copy never
/// lands on another.
@Suite("Copies' ids")
struct CopyIDTests {
    @Test(
        "ranks: a path the group had keeps its number; others take a gone path's, then the next",
        arguments: [
            ([String](), [String: Int](), [Int]()),
            (["a", "b", "c"], [:], [1, 2, 3]),
            // The first copy removed: the others keep theirs.
            (["b", "c"], ["a": 1, "b": 2, "c": 3], [2, 3]),
            // A copy added before the others: the next number.
            (["0", "b", "c"], ["b": 2, "c": 3], [4, 2, 3]),
            // A copy moved (one path gone, one came): it keeps its number.
            (["a", "z"], ["a": 1, "c": 2], [1, 2]),
            // Two came, one went: the first in path order takes the one gone, the other the next.
            (["a", "m", "n"], ["a": 1, "c": 2], [1, 2, 3]),
            // Two paths claiming one number (a manifest edited by hand): the first keeps it.
            (["a", "b"], ["a": 2, "b": 2], [2, 3]),
        ])
    func ranks(_ paths: [String], _ previous: [String: Int], _ expected: [Int]) {
        let before = Dictionary(uniqueKeysWithValues: previous.map { (BytePath($0.key), $0.value) })
        #expect(PhotoIDs.ranks(paths.map { BytePath($0) }, previous: before) == expected)
    }

    @Test("a copy keeps its number when copies are added, removed, replaced or moved; a pick never moves onto another copy")
    func copiesKeepTheirNumbers() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            let bytes = try LibraryFixtures.photo(1)
            let digits = String(ContentFingerprint(of: bytes).hex.prefix(12))
            for path in ["b/1.jpg", "c/1.jpg", "d/1.jpg"] { try TestPhoto.write(bytes, to: library, path) }
            try TestPhoto.write(try LibraryFixtures.photo(2), to: library, "a/other.jpg")
            func photos() throws -> [String: Manifest.Photo] {
                Dictionary(uniqueKeysWithValues: try readManifest(site).photos.map { ($0.path, $0) })
            }
            func copies(_ photos: [String: Manifest.Photo]) -> [String: String] {
                photos.filter { $0.value.id.hasPrefix(digits) }.mapValues(\.id)
            }
            _ = try await build(library, into: site)
            #expect(copies(try photos()) == ["b/1.jpg": digits, "c/1.jpg": digits + "-2", "d/1.jpg": digits + "-3"])

            let steps: [(String, () throws -> Void, [String: String])] = [
                ("the first copy removed", { FileSystem.remove(library + "/b/1.jpg") }, ["c/1.jpg": "-2", "d/1.jpg": "-3"]),
                (
                    "a copy added before the others", { try TestPhoto.write(bytes, to: library, "a/1.jpg") },
                    ["a/1.jpg": "-4", "c/1.jpg": "-2", "d/1.jpg": "-3"]
                ),
                (
                    "a copy replaced by other content", { try TestPhoto.write(try LibraryFixtures.photo(3), to: library, "c/1.jpg") },
                    ["a/1.jpg": "-4", "d/1.jpg": "-3"]
                ),
                (
                    "a copy moved",
                    {
                        try FileSystem.createDirectory(library + "/e")
                        try FileManager.default.moveItem(atPath: library + "/d/1.jpg", toPath: library + "/e/1.jpg")
                    },
                    ["a/1.jpg": "-4", "e/1.jpg": "-3"]
                ),
                (
                    "a copy added as another is removed: it takes that one's number (a move)",
                    {
                        try TestPhoto.write(bytes, to: library, "f/1.jpg")
                        FileSystem.remove(library + "/a/1.jpg")
                    },
                    ["e/1.jpg": "-3", "f/1.jpg": "-4"]
                ),
            ]
            for (change, make, expected) in steps {
                let before = try photos()
                try make()
                try await Task.sleep(for: .milliseconds(20))
                _ = try await build(library, into: site)
                let after = try photos()
                #expect(copies(after) == expected.mapValues { digits + $0 }, "\(change)")
                // A pick is an id: one that named a copy still in the library names it still.
                for (path, photo) in after {
                    guard let was = before.first(where: { $0.value.id == photo.id })?.key else { continue }
                    #expect(was == path || after[was] == nil || after[was]?.fingerprint != before[was]?.fingerprint, "\(change): \(path)")
                }
            }
            // A first build of the same library numbers the copies by path, as before.
            let fresh = root + "/Fresh"
            _ = try await build(library, into: fresh)
            let first = Dictionary(uniqueKeysWithValues: try readManifest(fresh).photos.map { ($0.path, $0.id) })
            #expect(first.filter { $0.value.hasPrefix(digits) } == ["e/1.jpg": digits, "f/1.jpg": digits + "-2"])
        }
    }
}
