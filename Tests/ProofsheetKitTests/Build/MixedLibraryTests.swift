import Foundation
import ProofsheetKit
import Testing

/// Issue 8's "Done when", whole: a mixed library like a real one (a camera JPEG, phone
/// HEIC and AVIF, WebP, PNG, TIFF and BigTIFF, BMP, GIF, ICC-tagged and CMYK JPEGs, a
/// truncated file), every file made here by its real encoder, built twice by the
/// `proofsheet` executable as a user would, and each picture judged against libvips.
@Suite("A mixed library, built whole")
struct MixedLibraryTests {
    /// How libvips is asked for the reference rendering of a photo.
    enum Reference {
        /// Decoded and oriented as it is (untagged pictures are sRGB).
        case asIs
        /// Converted from its embedded profile to sRGB.
        case sRGB
        /// CMYK through its embedded profile to sRGB, with black-point compensation.
        case cmyk
    }

    struct Photo {
        var path: String
        /// The EXIF date written into it, as the manifest must give it back; nil when it has none.
        var date: String?
        var reference: Reference = .asIs
        /// The picture is `TestPhoto.quadrants`, so which way is up can be told.
        var quadrants = false
        var tolerance = 3.5
    }

    static let thumbSize = 100, previewSize = 400

    /// Sets the EXIF date of a file with exiftool (`2026-03-14T09:26:53` → exiftool's form).
    static func date(_ path: String, _ date: String) throws {
        let exif = date.replacingOccurrences(of: "-", with: ":").replacingOccurrences(of: "T", with: " ")
        try Tool.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=\(exif)", path])
    }

    /// Makes the library in `library`, each file by its encoder in `work`, and returns what
    /// the manifest must hold of each valid photo.
    static func makeLibrary(_ library: String, work: String) throws -> [Photo] {
        var photos: [Photo] = []
        func move(_ path: String, to relative: String) throws {
            try FileSystem.createDirectory(((library + "/" + relative) as NSString).deletingLastPathComponent)
            try Tool.run(["mv", path, library + "/" + relative])
        }
        _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: work, "base.png")

        // A camera JPEG stored turned, with orientation 6 and its date (exiftool); WebP with
        // an EXIF chunk, PNG with eXIf, TIFF with its own EXIF directory, each turned another way.
        for (name, relative, orientation, date) in [
            ("camera.jpg", "Camera/IMG_0001.jpg", Orientation.right, "2026-03-14T09:26:53"),
            ("photo.webp", "Web/photo.webp", .down, "2026-03-15T10:00:01"),
            ("photo.png", "Web/photo.png", .leftMirrored, "2026-03-16T11:30:02"),
            ("photo.tif", "Scans/photo.tif", .left, "2026-03-17T12:45:03"),
        ] {
            let path = try ContainerFixtures.turnedPhoto(name, orientation: orientation, in: work)
            try Self.date(path, date)
            if name == "photo.tif" {
                // The BigTIFF (libtiff's tiffcp): the orientation comes along, the EXIF directory not.
                try Tool.run(["tiffcp", "-8", path, work + "/big.tif"])
                try move(work + "/big.tif", to: "Scans/big.tif")
                photos.append(Photo(path: "Scans/big.tif", date: nil, quadrants: true))
            }
            try move(path, to: relative)
            photos.append(Photo(path: relative, date: date, quadrants: true))
        }

        // Phone HEIC and AVIF, by libheif's encoder (its API: heif-enc 1.15 writes no irot or
        // imir), with the turn in irot/imir and the same turn in their EXIF, as phones write it.
        for (relative, avif, orientation, date) in [
            ("Phone/IMG_0002.heic", false, Orientation.right, "2026-04-01T08:00:04"),
            ("Phone/IMG_0003.avif", true, .upMirrored, "2026-04-02T08:00:05"),
            ("Phone/IMG_0004.heic", false, .leftMirrored, "2026-04-03T08:00:06"),
        ] {
            var exif = ExifWriter()
            exif.orientation = orientation
            exif.dateTaken = date
            exif.make = "Apple"
            exif.model = "iPhone 15 Pro"
            let bytes = try TestPhoto.quadrants(width: 360, height: 240).heifData(
                avif: avif, quality: 90, orientation: orientation, exif: exif)
            try TestPhoto.write(bytes, to: library, relative)
            photos.append(Photo(path: relative, date: date, quadrants: true))
        }
        // heif-enc itself, from a dated JPEG: the EXIF block comes along (no irot, so shown as stored).
        try Tool.run(["convert", "base.png", "-quality", "95", "dated.jpg"], in: work)
        try Self.date(work + "/dated.jpg", "2026-04-04T08:00:07")
        try Tool.run(["heif-enc", "-q", "90", "dated.jpg", "-o", "enc.heic"], in: work)
        try move(work + "/enc.heic", to: "Phone/heif-enc.heic")
        photos.append(Photo(path: "Phone/heif-enc.heic", date: "2026-04-04T08:00:07"))

        // BMP and GIF (ImageMagick); a GIF's palette and dithering need a wider tolerance.
        try Tool.run(["convert", "base.png", "BMP3:old.bmp"], in: work)
        try move(work + "/old.bmp", to: "Misc/old.bmp")
        photos.append(Photo(path: "Misc/old.bmp", date: nil))
        try Tool.run(["convert", "base.png", "drawing.gif"], in: work)
        try move(work + "/drawing.gif", to: "Misc/drawing.gif")
        photos.append(Photo(path: "Misc/drawing.gif", date: nil, tolerance: 6))

        // Adobe RGB and Display P3 JPEGs with their profiles embedded, and a CMYK JPEG
        // (Adobe-inverted, with its profile), by ImageMagick.
        let adobe = try ColourFixtures.tagged(Profiles.adobeRGB, as: "adobe.jpg", extra: ["-quality", "95"], in: work)
        try Self.date(adobe, "2026-05-01T18:20:08")
        try move(adobe, to: "Colour/adobe.jpg")
        photos.append(Photo(path: "Colour/adobe.jpg", date: "2026-05-01T18:20:08", reference: .sRGB))
        let p3 = try ColourFixtures.tagged(Profiles.displayP3, as: "p3.jpg", extra: ["-quality", "95"], in: work)
        try move(p3, to: "Colour/p3.jpg")
        photos.append(Photo(path: "Colour/p3.jpg", date: nil, reference: .sRGB))
        let cmyk = try ColourFixtures.tagged(Profiles.cmyk, as: "cmyk.jpg", extra: ["-quality", "95"], in: work)
        #expect(try Tool.run(["exiftool", "-s3", "-ColorSpaceData", cmyk]).contains("CMYK"))
        try move(cmyk, to: "Colour/cmyk.jpg")
        photos.append(Photo(path: "Colour/cmyk.jpg", date: nil, reference: .cmyk))

        // A camera JPEG cut off a third of the way through.
        let whole = try FileSystem.read(library + "/Camera/IMG_0001.jpg")
        try TestPhoto.write(Array(whole.prefix(whole.count / 3)), to: library, "Broken/truncated.jpg")
        return photos
    }

    /// libvips's rendering of the photo at `path`, the size of a preview.
    static func reference(_ photo: Photo, at path: String, in directory: String) throws -> Pixels {
        switch photo.reference {
        case .asIs: try Vips.thumbnail(path, longEdge: previewSize, in: directory)
        case .sRGB: try Vips.thumbnail(path, longEdge: previewSize, exportSRGB: true, in: directory)
        case .cmyk: try Vips.cmykThumbnail(path, longEdge: previewSize, in: directory)
        }
    }

    @Test(
        "every photo upright, dated, in true colour against libvips, none dropped; two builds byte-identical; the bad file one line",
        .enabled(if: CommandRunner.executable != nil, "needs the proofsheet executable (swift build)"))
    func mixedLibrary() async throws {
        try await withTemporaryDirectory { base in
            let library = base + "/Library", work = base + "/work"
            try FileSystem.createDirectory(work)
            let photos = try Self.makeLibrary(library, work: work)
            #expect(photos.count == 14)

            // Two builds into two sites, one job and three at once, as a user runs them.
            var stderrs: [String] = []
            for (site, jobs) in [("One", 1), ("Two", 3)] {
                let run = try CommandRunner.run([
                    "build", library, "--output", base + "/" + site, "--jobs", "\(jobs)", "--quiet",
                    "--thumb-size", "\(Self.thumbSize)", "--preview-size", "\(Self.previewSize)", "--templates", templatesDirectory,
                ])
                #expect(run.status == 0, "\(site): \(run.stderr)")
                stderrs.append(run.stderr)
            }
            // The truncated file gives one line naming it, and nothing else is said on stderr
            // (no library's own message).
            for stderr in stderrs {
                let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
                #expect(lines.count == 1, "\(stderr)")
                #expect(lines.first?.hasPrefix("warning: Broken/truncated.jpg: ") == true, "\(stderr)")
                #expect(lines.first?.contains("truncated") == true, "\(stderr)")
            }

            let one = try snapshot(base + "/One"), two = try snapshot(base + "/Two")
            #expect(one.keys.sorted() == two.keys.sorted())
            for (path, bytes) in one { #expect(two[path] == bytes, "\(path) differs between the two builds") }

            let manifest = try readManifest(base + "/One")
            #expect(manifest.photos.map(\.path).sorted() == photos.map(\.path).sorted(), "no valid photo dropped")
            #expect(manifest.problems.map(\.path) == ["Broken/truncated.jpg"])

            for photo in photos {
                let entry = try #require(manifest.photos.first { $0.path == photo.path }, "\(photo.path)")
                // Dated where its EXIF has a date.
                if let date = photo.date {
                    #expect(entry.date == date && entry.dateSource == "exif", "\(photo.path): date \(entry.date) (\(entry.dateSource))")
                }
                let reference = try Self.reference(photo, at: library + "/" + photo.path, in: work)
                let referenceAspect = Double(reference.width) / Double(reference.height)
                // Upright: every image of it has libvips's aspect and the size the manifest says.
                for image in [entry.thumb, entry.thumb2x, entry.preview] {
                    let ours = try Pixels(decoding: try FileSystem.read(base + "/One/" + image.src))
                    #expect((ours.width, ours.height) == (image.width, image.height), "\(photo.path): \(image.src)")
                    let aspect = Double(ours.width) / Double(ours.height)
                    #expect(
                        abs(aspect - referenceAspect) < 0.02,
                        "\(photo.path): \(image.src) is \(ours.width)×\(ours.height), vips's \(reference.width)×\(reference.height)")
                }
                let preview = try FileSystem.read(base + "/One/" + entry.preview.src)
                if photo.quadrants { try expectUpright(preview) }
                // In true colour: a small mean difference per channel from libvips's (sRGB) rendering.
                let d = try Pixels(decoding: preview).meanDifference(to: reference)
                #expect(
                    max(d.red, d.green, d.blue) <= photo.tolerance,
                    "\(photo.path): mean difference per channel from vips R \(d.red) G \(d.green) B \(d.blue)")
            }
        }
    }
}
