import Foundation
import ProofsheetKit
import Testing

/// Every format decoded by the library made for it, each file made by a real encoder, each
/// rendering judged against libvips's.
@Suite("Formats, against libvips")
struct FormatTests {
    static let sizes = ImageSizes(thumbnail: 100, preview: 400)

    /// How each test file is made from `base.png` (a colourful picture, 480×320) in a folder.
    static let variants: [(name: String, command: [String])] = [
        ("plain.jpg", ["convert", "base.png", "-quality", "92", "plain.jpg"]),
        ("progressive.jpg", ["convert", "base.png", "-interlace", "JPEG", "-quality", "92", "progressive.jpg"]),
        ("plain.png", ["convert", "base.png", "plain.png"]),
        ("sixteen.png", ["convert", "base.png", "-depth", "16", "sixteen.png"]),
        ("interlaced.png", ["convert", "base.png", "-interlace", "PNG", "interlaced.png"]),
        ("palette.png", ["convert", "base.png", "-colors", "200", "-dither", "None", "PNG8:palette.png"]),
        ("grey.png", ["convert", "base.png", "-colorspace", "Gray", "grey.png"]),
        ("lossy.webp", ["cwebp", "-quiet", "-q", "95", "base.png", "-o", "lossy.webp"]),
        ("lossless.webp", ["cwebp", "-quiet", "-lossless", "base.png", "-o", "lossless.webp"]),
        ("lzw.tif", ["convert", "base.png", "-compress", "lzw", "lzw.tif"]),
        ("tiled.tif", ["tiffcp", "-t", "-w", "64", "-l", "64", "lzw.tif", "tiled.tif"]),
        ("big.tif", ["tiffcp", "-8", "lzw.tif", "big.tif"]),
        ("sixteen.tif", ["convert", "base.png", "-depth", "16", "sixteen.tif"]),
        ("windows.bmp", ["convert", "base.png", "BMP3:windows.bmp"]),
        ("os2.bmp", ["convert", "base.png", "BMP2:os2.bmp"]),
        ("v5.bmp", ["convert", "base.png", "BMP:v5.bmp"]),
        ("photo.heic", ["heif-enc", "-q", "90", "base.png", "-o", "photo.heic"]),
        ("photo.avif", ["heif-enc", "-q", "90", "-A", "-p", "chroma=422", "base.png", "-o", "photo.avif"]),
        // Half transparent: libheif's alpha image, flattened on white.
        (
            "alpha.heic",
            [
                "sh", "-c",
                "convert base.png -alpha set -channel A -evaluate set 50% +channel translucent.png && heif-enc -q 90 translucent.png -o alpha.heic",
            ]
        ),
    ]

    @Test("each format is decoded and shown as libvips shows it", arguments: variants.map(\.name))
    func decoded(name: String) async throws {
        try await withTemporaryDirectory { directory in
            _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: directory, "base.png")
            for variant in Self.variants where variant.name == name || (name.hasSuffix(".tif") && variant.name == "lzw.tif") {
                try Self.make(variant.command, in: directory)
            }
            let path = directory + "/" + name
            let rendered = try Thumbnailer.render(try FileSystem.read(path), sizes: Self.sizes)
            #expect((rendered.width, rendered.height) == (480, 320))
            #expect(rendered.warnings.isEmpty, "\(rendered.warnings)")
            // A palette's hard steps between colours show the two resampling filters apart.
            try expectMatchesVips(
                rendered, try Vips.thumbnail(path, longEdge: 400, in: directory), tolerance: name == "palette.png" ? 6 : 3.5, name)
        }
    }

    @Test("BigTIFF is sniffed as TIFF (II+ and MM\\0+)")
    func bigTIFFSniffed() {
        #expect(ImageFormat.sniff([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0]) == .tiff)
        #expect(ImageFormat.sniff([0x4D, 0x4D, 0x00, 0x2B, 0, 8, 0, 0]) == .tiff)
    }

    @Test("AVIF is told from HEIF by its compatible brands when its major brand is mif1")
    func brands() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let size = 16 + 4 * compatible.count
            return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0]
                + compatible.flatMap { Array($0.utf8) }
        }
        #expect(ImageFormat.sniff(ftyp("mif1", ["mif1", "miaf", "avif"])) == .avif)
        #expect(ImageFormat.sniff(ftyp("mif1", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat.sniff(ftyp("heic", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat.sniff(ftyp("avif", ["mif1"])) == .avif)
        #expect(ImageFormat.sniff(ftyp("isom", ["isom", "mp41"])) == nil)
    }

    @Test("a PNG colour key (tRNS) is flattened on white, like alpha", arguments: ["2", "0"])
    func colourKey(colorType: String) async throws {
        try await withTemporaryDirectory { directory in
            // Dark with a light square, the light keyed transparent; as RGB (2) or grey (0).
            let (dark, light) = colorType == "2" ? ("#c81e1e", "#1ec81e") : ("#505050", "#a0a0a0")
            try Tool.run([
                "convert", "-size", "300x200", "xc:" + dark, "-fill", light, "-draw", "rectangle 100,50 199,149",
                "-transparent", light, "-define", "png:color-type=\(colorType)", "-define", "png:bit-depth=8",
                directory + "/keyed.png",
            ])
            let info = try Tool.run(["exiftool", "-s3", "-ColorType", directory + "/keyed.png"])
            #expect(info.contains(colorType == "2" ? "RGB" : "Gray"), "ImageMagick wrote \(info)")
            let rendered = try Thumbnailer.render(try FileSystem.read(directory + "/keyed.png"), sizes: Self.sizes)
            let preview = try Pixels(decoding: rendered.preview.jpeg)
            #expect(preview.pixel(x: 150, y: 100).distance(to: RGB(red: 255, green: 255, blue: 255)) < 12, "the key is white")
            #expect(preview.pixel(x: 20, y: 20).distance(to: RGB(red: 255, green: 255, blue: 255)) > 40, "the rest is not")
            try expectMatchesVips(rendered, try Vips.thumbnail(directory + "/keyed.png", longEdge: 400, in: directory), "keyed")
        }
    }

    @Test("a GIF's first frame is composed on its logical screen")
    func gifScreen() async throws {
        try await withTemporaryDirectory { directory in
            // A 200×100 blue frame at (100, 50) on a 400×300 screen.
            try Tool.run(["convert", "-size", "200x100", "xc:#1e3cc8", "-repage", "400x300+100+50", directory + "/offset.gif"])
            let rendered = try Thumbnailer.render(try FileSystem.read(directory + "/offset.gif"), sizes: Self.sizes)
            #expect((rendered.width, rendered.height) == (400, 300))
            let preview = try Pixels(decoding: rendered.preview.jpeg)
            #expect(preview.pixel(x: 200, y: 100).distance(to: RGB(red: 30, green: 60, blue: 200)) < 12, "the frame in its place")
            // Outside the frame the screen is transparent (browsers show what is behind):
            // white here; libvips paints the background colour there, so only the frame is
            // compared with it.
            #expect(preview.pixel(x: 50, y: 25).distance(to: RGB(red: 255, green: 255, blue: 255)) < 12)
            #expect(preview.pixel(x: 350, y: 250).distance(to: RGB(red: 255, green: 255, blue: 255)) < 12)
            let vips = try Vips.thumbnail(directory + "/offset.gif", longEdge: 400, in: directory)
            #expect((vips.width, vips.height) == (400, 300))
            #expect(vips.pixel(x: 200, y: 100).distance(to: preview.pixel(x: 200, y: 100)) < 12)
        }
    }

    @Test("a WebP of a few dozen bytes is sniffed, sized and shown")
    func tinyWebP() async throws {
        try await withTemporaryDirectory { directory in
            try Tool.run(["convert", "-size", "3x2", "xc:#c81e1e", directory + "/tiny.png"])
            try Tool.run(["cwebp", "-quiet", "-lossless", "-exact", directory + "/tiny.png", "-o", directory + "/tiny.webp"])
            let bytes = try FileSystem.read(directory + "/tiny.webp")
            #expect(bytes.count < 64)
            let info = try ImageHeader.read(bytes)
            #expect((info.format, info.width, info.height) == (.webp, 3, 2))
            let rendered = try Thumbnailer.render(bytes, sizes: Self.sizes)
            #expect((rendered.preview.width, rendered.preview.height) == (3, 2))
            #expect(try Pixels(decoding: rendered.preview.jpeg).pixel(x: 1, y: 1).distance(to: RGB(red: 200, green: 30, blue: 30)) < 16)
        }
    }

    @Test("an animated WebP shows its first frame")
    func animatedWebP() async throws {
        try await withTemporaryDirectory { directory in
            try Tool.run(["convert", "-size", "120x80", "xc:#c81e1e", directory + "/a.png"])
            try Tool.run(["convert", "-size", "120x80", "xc:#1e3cc8", directory + "/b.png"])
            try Tool.run(["cwebp", "-quiet", "-lossless", directory + "/a.png", "-o", directory + "/a.webp"])
            try Tool.run(["cwebp", "-quiet", "-lossless", directory + "/b.png", "-o", directory + "/b.webp"])
            try Tool.run([
                "webpmux", "-frame", directory + "/a.webp", "+100", "-frame", directory + "/b.webp", "+100", "-o", directory + "/anim.webp",
            ])
            let rendered = try Thumbnailer.render(try FileSystem.read(directory + "/anim.webp"), sizes: Self.sizes)
            #expect((rendered.width, rendered.height) == (120, 80))
            #expect(try Pixels(decoding: rendered.preview.jpeg).pixel(x: 60, y: 40).distance(to: RGB(red: 200, green: 30, blue: 30)) < 16)
        }
    }

    @Test("every format's result is the same, byte for byte, every time")
    func deterministic() async throws {
        try await withTemporaryDirectory { directory in
            _ = try EncodedPhoto.png(try EncodedPhoto.colourful(width: 301, height: 203), in: directory, "base.png")
            for variant in Self.variants { try Self.make(variant.command, in: directory) }
            for variant in Self.variants {
                let bytes = try FileSystem.read(directory + "/" + variant.name)
                let first = try Thumbnailer.render(bytes, sizes: Self.sizes)
                let second = try Thumbnailer.render(Array(bytes), sizes: Self.sizes)
                #expect(first.preview == second.preview && first.thumbnail == second.thumbnail, "\(variant.name)")
            }
        }
    }

    static func make(_ command: [String], in directory: String) throws {
        try Tool.run(command, in: directory)
    }
}
