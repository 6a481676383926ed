import Foundation
import ProofsheetKit
import Testing

/// `build --watermark TEXT`: drawn with libgd's FreeType renderer on every preview and
/// thumbnail, part of the render key, the originals never touched.
@Suite("Watermark")
struct WatermarkTests {
    @Test("the watermark is in previews and thumbnails, the originals are untouched, two builds are identical")
    func watermarked() async throws {
        try await withTemporaryDirectory { base in
            let library = base + "/Library"
            let photo = try TestPhoto.jpeg(width: 900, height: 600)
            try TestPhoto.write(photo, to: library, "photo.jpg")
            _ = try await build(library, into: base + "/Plain")
            let marked = { (options: inout BuildOptions) in options.watermark = "PROOF" }
            _ = try await build(library, into: base + "/Marked", configure: marked)
            _ = try await build(library, into: base + "/Again", configure: marked)
            #expect(try FileSystem.read(library + "/photo.jpg") == photo, "the original's bytes are unchanged")
            let plain = try #require(try readManifest(base + "/Plain").photos.first)
            let mark = try #require(try readManifest(base + "/Marked").photos.first)
            #expect(plain.key != mark.key, "the watermark is part of the render key")
            for (a, b) in [(plain.preview.src, mark.preview.src), (plain.thumb.src, mark.thumb.src), (plain.thumb2x.src, mark.thumb2x.src)]
            {
                let clean = try Pixels(decoding: try FileSystem.read(base + "/Plain/" + a))
                let drawn = try Pixels(decoding: try FileSystem.read(base + "/Marked/" + b))
                #expect((clean.width, clean.height) == (drawn.width, drawn.height))
                // The text covers a good part of the picture, lighter or darker than the photo.
                var changed = 0
                for i in stride(from: 0, to: clean.rgb.count, by: 3) where abs(Int(clean.rgb[i]) - Int(drawn.rgb[i])) > 24 { changed += 1 }
                let share = Double(changed) / Double(clean.width * clean.height)
                #expect(share > 0.05 && share < 0.6, "\(b): \(share) of the pixels changed")
            }
            let again = try snapshot(base + "/Again"), first = try snapshot(base + "/Marked")
            #expect(again.filter { $0.key.hasSuffix(".jpg") } == first.filter { $0.key.hasSuffix(".jpg") })
            // The site keeps it: a bare rebuild leaves the images as they are.
            let bare = try await build(library, into: base + "/Marked")
            #expect(try bare.rendered == 0 && readManifest(base + "/Marked").options.watermark == "PROOF")
            // Removing it (--no-watermark) redoes the images, back to the plain ones.
            _ = try await build(library, into: base + "/Marked") { $0.watermark = nil }
            #expect(try readManifest(base + "/Marked").photos.first?.key == plain.key)
        }
    }

    @Test("another text or opacity redoes the images")
    func key() async throws {
        try await withTemporaryDirectory { base in
            try TestPhoto.write(try TestPhoto.jpeg(), to: base + "/Library", "photo.jpg")
            var keys: [String] = []
            for (text, opacity) in [("PROOF", 35), ("PROOF", 60), ("DRAFT", 60)] {
                _ = try await build(base + "/Library", into: base + "/Site") {
                    $0.watermark = text
                    $0.watermarkOpacity = opacity
                }
                keys.append(try #require(try readManifest(base + "/Site").photos.first).key)
            }
            #expect(Set(keys).count == 3)
        }
    }

    @Test("a watermark font that cannot be found or read is one line, before anything is written")
    func badFont() async throws {
        try await withTemporaryDirectory { base in
            try TestPhoto.write(try TestPhoto.jpeg(), to: base + "/Library", "photo.jpg")
            try FileSystem.writeAtomically(Array("not a font".utf8), to: base + "/fake.ttf")
            for font in [base + "/missing.ttf", base + "/fake.ttf"] {
                await #expect {
                    _ = try await build(base + "/Library", into: base + "/Site") {
                        $0.watermark = "PROOF"
                        $0.watermarkFont = font
                    }
                } throws: { error in
                    let line = String(describing: error)
                    return line.contains(font) && !line.contains("\n")
                }
                #expect(!FileSystem.exists(base + "/Site"))
            }
        }
    }
}
