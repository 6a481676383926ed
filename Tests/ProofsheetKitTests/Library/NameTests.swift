import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Names are bytes: odd names are published or named in a warning, never dropped, and
/// whatever a name holds, what is printed is safe for a terminal.
@Suite("Names are bytes")
struct NameTests {
    @Test("Café.jpg in NFC and in NFD are two photos with two ids, two albums when they are folders")
    func normalization() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            let nfc = "Caf\u{E9}", nfd = "Cafe\u{301}"
            #expect(nfc == nfd)  // what Swift's == says; the file system says otherwise
            try FileSystem.createDirectory(library)
            try NameFixtures.writeRaw(try LibraryFixtures.photo(1), to: BytePath(library + "/" + nfc + ".jpg"))
            try NameFixtures.writeRaw(try LibraryFixtures.photo(2), to: BytePath(library + "/" + nfd + ".jpg"))
            for folder in [nfc, nfd] {
                try NameFixtures.makeFolder(BytePath(library + "/" + folder))
                try NameFixtures.writeRaw(try LibraryFixtures.photo(3), to: BytePath(library + "/" + folder + "/x.jpg"))
            }
            let report = try await build(library, into: site)
            #expect(report.photos == 4 && report.albums == 3 && report.failures.isEmpty)
            let manifest = try readManifest(site)
            let paths = manifest.photos.map { Array($0.path.utf8) }
            #expect(Set(paths).count == 4)
            #expect(Set(manifest.photos.map(\.id)).count == 4)
            #expect(paths.contains(Array((nfc + ".jpg").utf8)) && paths.contains(Array((nfd + ".jpg").utf8)))
            #expect(manifest.albums.map { Array($0.path.utf8) }.contains(Array(nfd.utf8)))
            #expect(manifest.photos.allSatisfy { $0.pathBytes == nil })
            // The rebuild sees nothing changed.
            let again = try await build(library, into: site)
            #expect(again.rendered == 0 && again.photos == 4)
        }
    }

    @Test("inside the library is decided on resolved components: a sibling whose name is canonically equal is outside")
    func insideByComponents() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/caf\u{E9}", sibling = root + "/cafe\u{301}", site = root + "/Site"
            for folder in [library, sibling] { try NameFixtures.makeFolder(BytePath(folder)) }
            try NameFixtures.writeRaw(try LibraryFixtures.photo(1), to: BytePath(library + "/shown.jpg"))
            try NameFixtures.writeRaw(try LibraryFixtures.photo(2), to: BytePath(sibling + "/secret.jpg"))
            #expect(BytePath(library).appending("secret.jpg").isInside(BytePath(library)))
            #expect(!BytePath(sibling + "/secret.jpg").isInside(BytePath(library)))
            #expect(!BytePath("/photos2/a.jpg").isInside("/photos"))
            #expect(BytePath("/photos").isInside("/photos") && BytePath("/photos/a").isInside("/photos/"))
            guard
                (BytePath(sibling + "/secret.jpg").withCString { target in
                    BytePath(library + "/link.jpg").withCString { symlink(target, $0) }
                }) == 0
            else { throw ProofsheetError(library, "cannot make a symlink") }
            let report = try await build(library, into: site)
            #expect(report.photos == 1)
            #expect(report.failures.map(\.description) == ["link.jpg: symlink leads outside the library"])
            #expect(try !readText(site + "/manifest.json").contains("secret"))
        }
    }

    @Test("a name that is not UTF-8 is published: readable in the page, its exact bytes in the manifest")
    func notUTF8() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try FileSystem.createDirectory(library)
            // Latin-1, as old cameras and zip files write: "Ärger/Café.jpg".
            let folder = BytePath(bytes: Array((library + "/").utf8) + [0xC4] + Array("rger".utf8))
            try NameFixtures.makeFolder(folder)
            let file = folder.appending(BytePath(bytes: Array("Caf".utf8) + [0xE9] + Array(".jpg".utf8)))
            let photo = try LibraryFixtures.photo(1)
            try NameFixtures.writeRaw(photo, to: file)
            let report = try await build(library, into: site)
            #expect(report.photos == 1 && report.failures.isEmpty)
            let manifest = try readManifest(site)
            let published = try #require(manifest.photos.first)
            #expect(published.path == "\\xc4rger/Caf\\xe9.jpg")
            #expect(published.name == "Caf\\xe9.jpg" && published.album == "\\xc4rger")
            #expect(published.pathBytes.map(Array.init) == [0xC4] + Array("rger/Caf".utf8) + [0xE9] + Array(".jpg".utf8))
            #expect(published.pathKey.bytes == Array(file.bytes.dropFirst(library.utf8.count + 1)))
            #expect(published.fingerprint == ContentFingerprint(of: photo).hex)
            #expect(try readText(site + "/index.html").contains("Caf\\xe9.jpg"))
            // Unchanged, it is recognised by its bytes and not redone.
            let again = try await build(library, into: site)
            #expect(again.rendered == 0)
        }
    }

    @Test("a photo deeper than the system can open is a warning, not dropped in silence")
    func tooDeep() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try TestPhoto.write(try LibraryFixtures.photo(0), to: library, "shallow.jpg")
            // Folders of 200-byte names, made one inside the other through file descriptors
            // (a path that long cannot be passed to mkdir whole).
            let name = String(repeating: "d", count: 200)
            var fd = open(library, O_RDONLY | O_DIRECTORY)
            for _ in 0..<21 {
                #expect(mkdirat(fd, name, 0o755) == 0)
                let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
                close(fd)
                fd = next
            }
            let file = openat(fd, "deep.jpg", O_CREAT | O_WRONLY, 0o644)
            let bytes = try LibraryFixtures.photo(1)
            _ = bytes.withUnsafeBytes { write(file, $0.baseAddress!, $0.count) }
            close(file)
            close(fd)
            defer { _ = try? CommandRunner.system("/bin/rm", ["-rf", library + "/" + name]) }

            let report = try await build(library, into: site)
            #expect(report.photos == 1)
            let failure = try #require(report.failures.first)
            #expect(report.failures.count == 1)
            #expect(failure.path.hasSuffix("/deep.jpg") || failure.path.hasSuffix("/" + name))
            #expect(failure.reason.contains("too long"))
        }
    }

    @Test(
        "every character that could steer a terminal is escaped",
        arguments: [
            ("plain café.jpg", "plain café.jpg"),
            ("a\u{1B}]0;pwned\u{07}b", "a\\x1b]0;pwned\\x07b"),
            ("line\nforged: ok\r\ttab", "line\\nforged: ok\\r\\ttab"),
            ("del\u{7F} c1\u{9B}31m", "del\\x7f c1\\u{9b}31m"),
            ("bidi \u{202E}gpj.exe", "bidi \\u{202e}gpj.exe"),
        ])
    func escaping(text: String, shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test("bytes that are not UTF-8 are shown as \\xHH, the rest as it is")
    func escapingBytes() {
        #expect(TerminalText.escaped(bytes: Array("Caf".utf8) + [0xE9, 0xFF] + Array("é\n".utf8)) == "Caf\\xe9\\xffé\\n")
        #expect(TerminalText.escaped(bytes: [0xE2, 0x82]) == "\\xe2\\x82")  // cut short
    }

    @Test("a hostile file name reaches the terminal escaped, in every message, on stdout and stderr")
    func hostileName() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            let hostile = "evil\u{1B}[2J\u{1B}]0;pwned\u{07}\nwarning: all good"
            try TestPhoto.write(try LibraryFixtures.photo(0), to: library, "ok.jpg")
            try TestPhoto.write(Array("not a photo".utf8), to: library, hostile + ".jpg")
            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["build", library, "--output", site + "\u{1B}[31m", "--templates", templatesDirectory],
                console: recorder.console)
            #expect(status == 0)
            let printed = recorder.out + recorder.err
            #expect(!printed.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F })
            #expect(recorder.err.split(separator: "\n").count == 1)
            #expect(recorder.err.contains("evil\\x1b[2J\\x1b]0;pwned\\x07\\nwarning: all good.jpg: named like a JPEG"))
            #expect(recorder.out.contains("Site\\x1b[31m/index.html"))
        }
    }
}

@Suite("Terminal text")
struct TerminalTextTests {
    @Test("text of several lines keeps its line ends, LF and CRLF, and escapes the rest")
    func lines() {
        #expect(TerminalText.escaped("a,b\r\nc\u{1B}d\ne\r", keepingLineEnds: true) == "a,b\r\nc\\x1bd\ne\\r")
        #expect(TerminalText.escaped("one\ntwo\n", keepingLineEnds: true) == "one\ntwo\n")
        #expect(TerminalText.escaped("x\u{2028}y\u{200F}", keepingLineEnds: true) == "x\\u{2028}y\\u{200f}")
    }
}
