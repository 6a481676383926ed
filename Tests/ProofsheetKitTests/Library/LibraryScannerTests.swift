import Foundation
import ProofsheetKit
import Testing

@Suite("Library scanner")
struct LibraryScannerTests {
    @Test("folders are albums, nested albums keep their path, files come sorted")
    func albums() async throws {
        try await withTemporaryDirectory { root in
            let photo = try TestPhoto.jpeg(width: 40, height: 30)
            for path in ["b.jpg", "a.jpg", "Trips/Norway/fjord.jpg", "Trips/beach.jpg", "Family/Ünïcode name.jpg"] {
                try TestPhoto.write(photo, to: root, path)
            }
            let result = try LibraryScanner(root: root).scan()
            #expect(
                result.files.map(\.path) == [
                    "Family/Ünïcode name.jpg", "Trips/Norway/fjord.jpg", "Trips/beach.jpg", "a.jpg", "b.jpg",
                ])
            #expect(result.files.map(\.album) == ["Family", "Trips/Norway", "Trips", "", ""])
            #expect(result.files.allSatisfy { $0.bytes == Int64(photo.count) && $0.format == .jpeg })
        }
    }

    @Test("hidden files and folders are skipped, and counted")
    func hidden() async throws {
        try await withTemporaryDirectory { root in
            let photo = try TestPhoto.jpeg(width: 40, height: 30)
            try TestPhoto.write(photo, to: root, "shown.jpg")
            try TestPhoto.write(photo, to: root, ".hidden.jpg")
            try TestPhoto.write(photo, to: root, ".thumbnails/inside.jpg")
            let result = try LibraryScanner(root: root).scan()
            #expect(result.files.map(\.path) == ["shown.jpg"])
            #expect(result.ignored == 2)
        }
    }

    @Test(
        "--exclude globs match relative paths and names",
        arguments: [
            (["*.tmp.jpg"], ["Drafts/c.jpg", "Keep/a.jpg", "b.jpg"]),
            (["Drafts"], ["Keep/a.jpg", "b.jpg", "x.tmp.jpg"]),
            (["Drafts/"], ["Keep/a.jpg", "b.jpg", "x.tmp.jpg"]),
            (["Keep/*", "b.jpg"], ["Drafts/c.jpg", "x.tmp.jpg"]),
        ])
    func excludes(globs: [String], expected: [String]) async throws {
        try await withTemporaryDirectory { root in
            let photo = try TestPhoto.jpeg(width: 40, height: 30)
            for path in ["Keep/a.jpg", "b.jpg", "Drafts/c.jpg", "x.tmp.jpg"] { try TestPhoto.write(photo, to: root, path) }
            let result = try LibraryScanner(root: root, excludes: globs.map(ExcludePattern.init)).scan()
            #expect(result.files.map(\.path.readable) == expected)
        }
    }

    @Test("images are told by content, not by extension")
    func sniffing() async throws {
        try await withTemporaryDirectory { root in
            try TestPhoto.write(try TestPhoto.png(), to: root, "really-a-png.jpg")
            try TestPhoto.write(try TestPhoto.jpeg(), to: root, "really-a-jpeg.png")
            try TestPhoto.write(try TestPhoto.jpeg(), to: root, "no-extension")
            try TestPhoto.write(Array("just text".utf8), to: root, "notes.txt")
            try TestPhoto.write(Array("<html>".utf8), to: root, "fake.jpg")
            let result = try LibraryScanner(root: root).scan()
            #expect(result.files.map(\.path) == ["no-extension", "really-a-jpeg.png", "really-a-png.jpg"])
            #expect(result.files.map(\.format) == [.jpeg, .jpeg, .png])
            #expect(result.nonImages == ["notes.txt"])
            #expect(result.problems.map(\.path) == ["fake.jpg"])
            #expect(result.problems.first?.reason.contains("not an image") == true)
        }
    }

    @Test("a symlink cycle does not loop, and a symlink out of the library is refused")
    func symlinks() async throws {
        try await withTemporaryDirectory { base in
            let root = base + "/Library", outside = base + "/Outside"
            let photo = try TestPhoto.jpeg(width: 40, height: 30)
            try TestPhoto.write(photo, to: root, "Album/a.jpg")
            try TestPhoto.write(photo, to: outside, "secret.jpg")
            let fm = FileManager.default
            try fm.createSymbolicLink(atPath: root + "/Album/loop", withDestinationPath: "..")
            try fm.createSymbolicLink(atPath: root + "/self", withDestinationPath: root)
            try fm.createSymbolicLink(atPath: root + "/escape.jpg", withDestinationPath: outside + "/secret.jpg")
            try fm.createSymbolicLink(atPath: root + "/escape-folder", withDestinationPath: outside)
            try fm.createSymbolicLink(atPath: root + "/alias.jpg", withDestinationPath: "Album/a.jpg")
            try fm.createSymbolicLink(atPath: root + "/broken.jpg", withDestinationPath: "nowhere.jpg")
            let result = try LibraryScanner(root: root).scan()
            #expect(result.files.map(\.path) == ["Album/a.jpg", "alias.jpg"])
            #expect(Set(result.problems.map(\.path)) == ["escape.jpg", "escape-folder", "broken.jpg"])
            #expect(!result.files.contains { $0.path.readable.contains("secret") })
        }
    }

    @Test("a missing library or a file instead of a folder is an error")
    func missing() async throws {
        try await withTemporaryDirectory { root in
            #expect(throws: ProofsheetError(root + "/nope", "no such folder")) {
                try LibraryScanner(root: root + "/nope").scan()
            }
            try TestPhoto.write([1, 2, 3], to: root, "file")
            #expect(throws: ProofsheetError(root + "/file", "not a folder")) {
                try LibraryScanner(root: root + "/file").scan()
            }
        }
    }

    @Test("natural order puts IMG_2 before IMG_10 and ignores case")
    func naturalOrder() {
        let names = ["IMG_10.jpg", "img_2.jpg", "IMG_1.jpg", "b.jpg", "A.jpg", "IMG_02.jpg"]
        #expect(names.sorted(by: NaturalOrder.less) == ["A.jpg", "b.jpg", "IMG_1.jpg", "IMG_02.jpg", "img_2.jpg", "IMG_10.jpg"])
    }
}

@Suite("Natural order")
struct NaturalOrderTests {
    @Test("the quick way for ASCII names orders exactly as the full one")
    func asciiAgreesWithFull() {
        // A common non-ASCII first character sends both names the full way, and leaves
        // their order as it was: the same answer must come out either way.
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAbB0019 _.-zZ")
        for _ in 0..<20_000 {
            let a = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let b = String((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            #expect(NaturalOrder.less(a, b) == NaturalOrder.less("é" + a, "é" + b), "\(a) vs \(b)")
        }
    }

    @Test(
        "digits by value, leading zeros and case aside, then bytes",
        arguments: [
            ("IMG_2", "IMG_10", true), ("IMG_10", "IMG_2", false), ("img_02", "IMG_2", false), ("IMG_2", "img_02", true),
            ("a", "B", true), ("B", "a", false), ("abc", "abcd", true), ("x9", "x09", false), ("x09", "x9", true), ("", "a", true),
        ])
    func table(a: String, b: String, less: Bool) {
        #expect(NaturalOrder.less(a, b) == less)
    }
}
