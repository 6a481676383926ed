import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `--watermark-font FILE`: a regular file of a font's size, opened without waiting,
/// resolved once to an absolute path, kept out of what the site publishes.
@Suite("Watermark font")
struct WatermarkFontTests {
    static let dejaVu = Watermark.defaultFonts[0]

    static func library(_ base: String) throws -> String {
        try TestPhoto.write(try TestPhoto.jpeg(), to: base + "/Library", "photo.jpg")
        return base + "/Library"
    }

    @Test("a FIFO named as the font is refused in one line, without waiting for a writer")
    func fifo() async throws {
        try await withTemporaryDirectory { base in
            let library = try Self.library(base)
            let fifo = base + "/font.ttf"
            #expect(mkfifo(fifo, 0o644) == 0)
            // Before the fix the build opened it and waited for a writer forever.
            let error = try await #require(throws: ProofsheetError.self) {
                try await build(library, into: base + "/Site") {
                    $0.watermark = "PROOF"
                    $0.watermarkFont = fifo
                }
            }
            #expect(error.description == "\(fifo): the watermark font is not a regular file (a FIFO)")
            #expect(!FileSystem.exists(base + "/Site"))
        }
    }

    @Test("a font file bigger than a font is refused before it is read")
    func huge() async throws {
        try await withTemporaryDirectory { base in
            let library = try Self.library(base)
            let big = base + "/big.ttf"
            // Sparse: 2 GB that take no disk, read whole before the fix.
            #expect(FileManager.default.createFile(atPath: big, contents: nil))
            #expect(truncate(big, 2 << 30) == 0)
            let error = try await #require(throws: ProofsheetError.self) {
                try await build(library, into: base + "/Site") {
                    $0.watermark = "PROOF"
                    $0.watermarkFont = big
                }
            }
            #expect(error.description == "\(big): the watermark font is 2048 MB; a font file is at most 64 MB")
        }
    }

    @Test("a font named on the command line is taken from the current folder, as an absolute path")
    func resolvedOnce() throws {
        guard
            case .build(let options, _, _) = try ArgumentParser.parse(
                ["build", "Photos", "--watermark", "PROOF", "--watermark-font", "Brand.ttf"])
        else {
            Issue.record("not a build")
            return
        }
        #expect(options.watermarkFont == FileManager.default.currentDirectoryPath + "/Brand.ttf")
        guard
            case .build(let nested, _, _) = try ArgumentParser.parse(
                ["build", "Photos", "--watermark", "PROOF", "--watermark-font", "fonts/../fonts/Brand.ttf"])
        else { return }
        #expect(nested.watermarkFont == FileManager.default.currentDirectoryPath + "/fonts/Brand.ttf")
    }

    @Test("the font's path is not published: manifest.json does not hold it, the private marker does, and a bare rebuild uses it")
    func notPublished() async throws {
        try await withTemporaryDirectory { base in
            let library = try Self.library(base)
            let font = base + "/My Fonts/Brand-Bold.ttf"
            try FileSystem.createDirectory(base + "/My Fonts")
            try FileSystem.writeAtomically(try FileSystem.read(Self.dejaVu), to: font)
            let site = base + "/Site"
            _ = try await build(library, into: site) {
                $0.watermark = "PROOF"
                $0.watermarkFont = font
            }
            for file in ["manifest.json", "index.html"] {
                let text = try readText(site + "/" + file)
                #expect(!text.contains(base) && !text.contains("Brand-Bold"), "\(file) names the font's path")
            }
            #expect(try readText(site + "/.proofsheet-site").contains("Brand-Bold.ttf"))
            let bare = try await build(library, into: site)
            #expect(bare.rendered == 0 && bare.changes.isEmpty)

            // A site whose manifest holds the path (an older proofsheet wrote it there): the
            // next build moves it out of the manifest.
            FileSystem.remove(site + "/.proofsheet-site")
            var manifest = try readText(site + "/manifest.json")
            let at = try #require(manifest.range(of: "\"watermarkOpacity\":"))
            manifest.insert(contentsOf: "\"watermarkFont\":\"\(font)\",", at: at.lowerBound)
            try FileSystem.writeAtomically(manifest, to: site + "/manifest.json")
            let upgraded = try await build(library, into: site)
            #expect(upgraded.rendered == 0)
            #expect(!(try readText(site + "/manifest.json")).contains("Brand-Bold"))
            #expect(try readText(site + "/.proofsheet-site").contains("Brand-Bold.ttf"))
        }
    }

    @Test("a watermark of the longest text is drawn; one character more is refused")
    func longest() async throws {
        try await withTemporaryDirectory { base in
            let library = try Self.library(base)
            let longest = String(repeating: "Anna & Ben ", count: 10).prefix(Watermark.maximumLength)
            let report = try await build(library, into: base + "/Site") { $0.watermark = String(longest) }
            #expect(report.photos == 1 && report.failures.isEmpty)
            let error = try await #require(throws: ProofsheetError.self) {
                try await build(library, into: base + "/Other") { $0.watermark = String(longest) + "!" }
            }
            #expect(error.reason.hasPrefix("--watermark needs a text of 1 to 100 characters, not only spaces, not 'Anna & Ben"))
        }
    }
}
