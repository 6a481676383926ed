import Foundation
import ProofsheetKit
import Testing

/// Photos as big as cameras and scanners make them (a GFX100's 102 MP, a Phase One's
/// 151 MP, a gigapixel panorama, 300 MP scans as PNG and tiled TIFF), built by the
/// proofsheet executable as a user runs it, within 400 MB, and shown as libvips shows them.
/// Each file is made once, by ImageMagick and libvips, from a seeded plasma enlarged.
@Suite("Big photos, within the memory budget")
struct BigPhotoTests {
    /// Each photo: its name, its size, the factor libvips enlarges it by (pixels repeated,
    /// which keeps the files small and quick to write) and how it is saved.
    static let photos: [(name: String, width: Int, height: Int, zoom: Int, save: String)] = [
        ("gfx100.jpg", 11648, 8736, 4, "[Q=85]"),
        ("iq4.jpg", 14204, 10652, 4, "[Q=85]"),
        ("panorama.jpg", 40000, 25000, 8, "[Q=85]"),
        ("scan.png", 20000, 15000, 8, "[compression=1]"),
        ("scan.tif", 20000, 15000, 8, "[tile,tile-width=256,tile-height=256,compression=deflate]"),
    ]

    @Test(
        "102 MP, 151 MP and 1 GP JPEGs, a 300 MP PNG and a 300 MP tiled TIFF build within 400 MB, as libvips shows them",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func bigPhotosBuild() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
            try Tool.run(["convert", "-seed", "7", "-size", "400x300", "plasma:red-blue", "plasma.png"], in: root)
            for photo in Self.photos {
                try Tool.run(
                    [
                        "vips", "thumbnail", "plasma.png", "small.v", "\(photo.width / photo.zoom)", "--height",
                        "\(photo.height / photo.zoom)",
                        "--size", "force",
                    ], in: root)
                try Tool.run(
                    ["vips", "zoom", "small.v", library + "/" + photo.name + photo.save, "\(photo.zoom)", "\(photo.zoom)"], in: root)
            }
            let peak = try BigPhotoFixtures.peakKB(of: [CommandRunner.executable!, "build", library, "--output", site, "--jobs", "2"])
            #expect(peak.status == 0, "\(peak.output)")
            if BigPhotoFixtures.measuresMemory {
                #expect(peak.kilobytes < BigPhotoFixtures.peakLimitKB, "peak memory \(peak.kilobytes / 1024) MB")
            }
            let manifest = try readManifest(site)
            #expect(manifest.photos.map(\.path).sorted() == Self.photos.map(\.name).sorted())
            for photo in manifest.photos {
                let made = try #require(Self.photos.first { $0.name == photo.path })
                #expect(photo.width == made.width && photo.height == made.height)
                let reference = root + "/vips-" + photo.path + ".jpg"
                try Tool.run(["vipsthumbnail", library + "/" + photo.path, "--size", "1600x1600", "-o", reference])
                let difference = try BigPhotoFixtures.greyDifference(site + "/" + photo.preview.src, reference, in: root)
                #expect(difference <= 12, "\(photo.path): mean difference \(difference)/255 from vipsthumbnail's")
            }
        }
    }

    @Test(
        "a 48 MP progressive JPEG of 2000 scans is refused before libjpeg takes its coefficients",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func manyScansRefusedCheaply() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
            // A flat picture: each of its AC scans is a few bytes, whatever its size, and a
            // decoder that read them would hold 8000×6000 coefficients to do it (libjpeg
            // alone peaked at 96 MB refusing it at its 501st scan, after minutes; counted
            // first, the whole build stays near the process's own 35 MB).
            try Tool.run(["convert", "-size", "8000x6000", "xc:#808080", "-interlace", "JPEG", "-quality", "90", "flat.jpg"], in: root)
            let jpeg = try FileSystem.read(root + "/flat.jpg")
            try FileSystem.writeAtomically(EncodedPhoto.repeatingLastScan(of: jpeg, 2000), to: library + "/scans.jpg")
            let peak = try BigPhotoFixtures.peakKB(of: [CommandRunner.executable!, "build", library, "--output", root + "/Site"])
            #expect(peak.output.contains("scans.jpg") && peak.output.contains("scans (real ones have about 10)"), "\(peak.output)")
            if BigPhotoFixtures.measuresMemory { #expect(peak.kilobytes < 64 * 1024, "peak memory \(peak.kilobytes / 1024) MB") }
        }
    }
}
