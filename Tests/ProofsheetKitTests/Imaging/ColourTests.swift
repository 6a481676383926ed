import Foundation
import ProofsheetKit
import Testing

/// Colour management with Little CMS: every embedded profile (JPEG APP2, PNG iCCP, WebP
/// ICCP, TIFF tag 34675, HEIF colr) to sRGB, CMYK through a profile; judged against
/// libvips converting the same files with the same profiles.
@Suite("Colour profiles to sRGB")
struct ColourTests {
    static let sizes = ImageSizes(thumbnail: 100, preview: 400)

    @Test(
        "an ICC-tagged photo of each container is converted to sRGB as libvips converts it",
        arguments: ["adobe.jpg", "p3.png", "p3.webp", "prophoto.tif", "p3.heic"])
    func tagged(name: String) async throws {
        try await withTemporaryDirectory { directory in
            _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: directory, "base.png")
            let path: String
            switch name {
            case "adobe.jpg": path = try ColourFixtures.tagged(Profiles.adobeRGB, as: name, extra: ["-quality", "95"], in: directory)
            case "p3.png": path = try ColourFixtures.tagged(Profiles.displayP3, as: name, in: directory)
            case "p3.webp":
                // cwebp leaves the profile out; webpmux puts it in an ICCP chunk.
                _ = try ColourFixtures.tagged(Profiles.displayP3, as: "p3.png", in: directory)
                try Tool.run(["cwebp", "-quiet", "-lossless", "p3.png", "-o", "bare.webp"], in: directory)
                try Tool.run(["webpmux", "-set", "icc", Profiles.displayP3, "bare.webp", "-o", name], in: directory)
                path = directory + "/" + name
            case "prophoto.tif": path = try ColourFixtures.tagged(Profiles.proPhoto, as: name, extra: ["-depth", "16"], in: directory)
            default:
                // P3 pixels, with the profile in the HEIF colr box (libheif's encoder).
                _ = try ColourFixtures.tagged(Profiles.displayP3, as: "p3.png", in: directory)
                // P3 values, read from a copy without the profile (a tagged PNG would be
                // converted to sRGB as it is decoded).
                try Tool.run(["convert", "p3.png", "+profile", "icc", "p3-untagged.png"], in: directory)
                let untagged = try Canvas(decoding: try FileSystem.read(directory + "/p3-untagged.png"))
                let heif = try untagged.heifData(quality: 95, iccProfile: try FileSystem.read(Profiles.displayP3))
                path = directory + "/" + name
                try FileSystem.writeAtomically(heif, to: path)
            }
            let bytes = try FileSystem.read(path)
            let rendered = try Thumbnailer.render(bytes, sizes: Self.sizes)
            #expect(rendered.warnings.isEmpty, "\(rendered.warnings)")
            try expectMatchesVips(rendered, try Vips.thumbnail(path, longEdge: 400, exportSRGB: true, in: directory), name)
            // The profile matters: the same pixels taken as sRGB are far off.
            let asIs = try Vips.thumbnail(path, longEdge: 400, in: directory)
            let d = try Pixels(decoding: rendered.preview.jpeg).meanDifference(to: asIs)
            #expect(max(d.red, d.green, d.blue) > 5, "\(name): the profile changed the colours (\(d))")
        }
    }

    @Test("an AVIF described by nclx (Display P3 primaries, sRGB transfer) is shown as its P3 source")
    func nclx() async throws {
        try await withTemporaryDirectory { directory in
            _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: directory, "base.png")
            _ = try ColourFixtures.tagged(Profiles.displayP3, as: "p3.png", in: directory)
            try Tool.run(["convert", "p3.png", "+profile", "icc", "p3-untagged.png"], in: directory)
            // heif-enc 1.15 leaves --colour_primaries out; libheif's API writes it.
            let untagged = try Canvas(decoding: try FileSystem.read(directory + "/p3-untagged.png"))
            try FileSystem.writeAtomically(try untagged.heifData(avif: true, quality: 95, nclx: (12, 13)), to: directory + "/p3.avif")
            let boxes = try Tool.run(["heif-info", "-d", "p3.avif"], in: directory)
            #expect(boxes.contains("colour_type: nclx") && boxes.contains("colour_primaries: 12"), "\(boxes)")
            let rendered = try Thumbnailer.render(try FileSystem.read(directory + "/p3.avif"), sizes: Self.sizes)
            try expectMatchesVips(
                rendered, try Vips.thumbnail(directory + "/p3.png", longEdge: 400, exportSRGB: true, in: directory), "nclx")
        }
    }

    @Test(
        "CMYK (Adobe-inverted, as Photoshop and ImageMagick write it) through its embedded profile",
        arguments: ["cmyk.jpg", "cmyk.tif"])
    func cmyk(name: String) async throws {
        try await withTemporaryDirectory { directory in
            _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: directory, "base.png")
            let path = try ColourFixtures.tagged(Profiles.cmyk, as: name, extra: ["-quality", "95"], in: directory)
            #expect(try Tool.run(["exiftool", "-s3", "-ColorSpaceData", path]).contains("CMYK"))
            let rendered = try Thumbnailer.render(try FileSystem.read(path), sizes: Self.sizes)
            #expect(rendered.warnings.isEmpty, "\(rendered.warnings)")
            try expectMatchesVips(rendered, try Vips.cmykThumbnail(path, longEdge: 400, in: directory), name)
        }
    }

    @Test("a CMYK JPEG without a profile goes through the machine's CMYK profile (Ghostscript's)")
    func cmykWithoutProfile() async throws {
        try await withTemporaryDirectory { directory in
            _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: directory, "base.png")
            let path = try ColourFixtures.tagged(Profiles.cmyk, as: "cmyk.jpg", extra: ["-quality", "95", "-strip"], in: directory)
            #expect(try Tool.run(["exiftool", "-s3", "-ProfileDescription", path]).isEmpty, "no profile left")
            let rendered = try Thumbnailer.render(try FileSystem.read(path), sizes: Self.sizes)
            try expectMatchesVips(rendered, try Vips.cmykThumbnail(path, longEdge: 400, profile: Profiles.cmyk, in: directory), "cmyk")
            // Against the picture it was made from: neither inverted nor too dark (a CMYK round
            // trip keeps the overall level, whatever the gamut loses).
            let original = try Pixels(decoding: try FileSystem.read(directory + "/base.png"))
            let preview = try Pixels(decoding: rendered.preview.jpeg)
            let level = { (p: Pixels) in Double(p.rgb.reduce(0) { $0 + Int($1) }) / Double(p.rgb.count) }
            #expect(abs(level(preview) - level(original)) < 12, "levels \(level(preview)) and \(level(original))")
        }
    }

    @Test(
        "a profile that does not fit the pixels is ignored with a warning, and the photo shown",
        arguments: ["grey.png", "grey.jpg"])
    func mismatchedProfile(name: String) async throws {
        try await withTemporaryDirectory { directory in
            _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: directory, "base.png")
            try Tool.run(["convert", "base.png", "-colorspace", "Gray", name], in: directory)
            // An RGB profile on grey pixels (ImageMagick refuses to write one; exiftool does).
            try Tool.run(["exiftool", "-q", "-overwrite_original", "-icc_profile<=\(Profiles.adobeRGB)", name], in: directory)
            #expect(try Tool.run(["exiftool", "-s3", "-ProfileDescription", name], in: directory).contains("Adobe"))
            let rendered = try Thumbnailer.render(try FileSystem.read(directory + "/" + name), sizes: Self.sizes)
            // libpng leaves such a profile out and says so; proofsheet says so for JPEG.
            #expect(rendered.warnings.contains { $0.contains("colour profile") || $0.contains("iCCP") }, "\(rendered.warnings)")
            #expect(rendered.warnings.count == 1)
            try expectMatchesVips(rendered, try Vips.thumbnail(directory + "/" + name, longEdge: 400, in: directory), name)
        }
    }
}
