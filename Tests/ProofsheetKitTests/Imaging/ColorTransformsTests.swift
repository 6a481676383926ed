import Foundation
import ProofsheetKit
import Testing

/// The Little CMS transforms a build makes once per distinct profile (`ColorTransforms`):
/// a photo whose transform is taken from the cache is the same, pixel for pixel and
/// warning for warning, as the photo rendered alone; different profiles never share one.
@Suite("Colour transforms made once per profile")
struct ColorTransformsTests {
    static let sizes = ImageSizes(thumbnail: 100, preview: 400)

    /// Photos of every kind of transform, made by ImageMagick, exiftool and libheif's
    /// encoder: two Adobe RGB JPEGs of different pictures (one profile), a Display P3 PNG,
    /// an Adobe-inverted CMYK JPEG and a CMYK TIFF (one profile, two ink conventions), an
    /// RGB profile on grey pixels (ignored, with a warning) and an AVIF described by nclx.
    /// Returns the photos by name and how many distinct transforms they need.
    static func photos(in directory: String) throws -> (photos: [String: [UInt8]], transforms: Int) {
        _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: directory, "base.png")
        _ = try EncodedPhoto.png(try EncodedPhoto.colourful(width: 360, height: 360), in: directory, "square.png")
        var paths = [
            try ColourFixtures.tagged(Profiles.adobeRGB, as: "adobe.jpg", extra: ["-quality", "95"], in: directory),
            try ColourFixtures.tagged(Profiles.displayP3, as: "p3.png", in: directory),
            try ColourFixtures.tagged(Profiles.cmyk, as: "cmyk.jpg", extra: ["-quality", "95"], in: directory),
            try ColourFixtures.tagged(Profiles.cmyk, as: "cmyk.tif", in: directory),
        ]
        try Tool.run(
            ["convert", "square.png", "-profile", Profiles.sRGB, "-profile", Profiles.adobeRGB, "-quality", "90", "adobe-square.jpg"],
            in: directory)
        paths.append(directory + "/adobe-square.jpg")
        try Tool.run(["convert", "base.png", "-colorspace", "Gray", "grey.jpg"], in: directory)
        try Tool.run(["exiftool", "-q", "-overwrite_original", "-icc_profile<=\(Profiles.adobeRGB)", "grey.jpg"], in: directory)
        paths.append(directory + "/grey.jpg")
        try Tool.run(["convert", "p3.png", "+profile", "icc", "p3-untagged.png"], in: directory)
        let untagged = try Canvas(decoding: try FileSystem.read(directory + "/p3-untagged.png"))
        try FileSystem.writeAtomically(try untagged.heifData(avif: true, quality: 90, nclx: (12, 13)), to: directory + "/p3.avif")
        paths.append(directory + "/p3.avif")
        var photos: [String: [UInt8]] = [:]
        for path in paths { photos[(path as NSString).lastPathComponent] = try FileSystem.read(path) }
        return (photos, 6)
    }

    static func expectSame(_ a: RenderedPhoto, _ b: RenderedPhoto, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(a.preview == b.preview, "\(label): preview", sourceLocation: sourceLocation)
        #expect(a.thumbnail2x == b.thumbnail2x, "\(label): 2x thumbnail", sourceLocation: sourceLocation)
        #expect(a.thumbnail == b.thumbnail, "\(label): thumbnail", sourceLocation: sourceLocation)
        #expect(a.warnings == b.warnings, "\(label): warnings", sourceLocation: sourceLocation)
    }

    @Test("a transform taken from the cache gives the photo's own pixels and warnings, and each is made once")
    func sameAsAlone() async throws {
        try await withTemporaryDirectory { directory in
            let (photos, transforms) = try Self.photos(in: directory)
            var colors = ColorTransforms()
            // Twice through, in name order: the second time every transform is taken.
            for round in 1...2 {
                for (name, bytes) in photos.sorted(by: { $0.key < $1.key }) {
                    let cached = try Thumbnailer.render(bytes, sizes: Self.sizes, colors: &colors)
                    let alone = try Thumbnailer.render(bytes, sizes: Self.sizes)
                    Self.expectSame(cached, alone, "\(name), round \(round)")
                    if name == "grey.jpg" { #expect(cached.warnings.contains { $0.contains("colour profile") }, "\(cached.warnings)") }
                }
                #expect(colors.made == transforms, "round \(round)")
            }
        }
    }

    @Test("two profiles of the same size and name that differ in one colorant are two transforms")
    func differentProfiles() async throws {
        try await withTemporaryDirectory { directory in
            _ = try EncodedPhoto.png(try EncodedPhoto.colourful(), in: directory, "base.png")
            let adobe = try ColourFixtures.tagged(Profiles.adobeRGB, as: "adobe.jpg", extra: ["-quality", "95"], in: directory)
            // The Adobe RGB profile with its red colorant's X moved (s15Fixed16 in the rXYZ
            // tag): as long, with the same description, other colours.
            var profile = try FileSystem.read(Profiles.adobeRGB)
            func be32(_ at: Int) -> Int { profile[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            let tags = be32(128)
            let red = try #require(
                (0..<tags).map { 132 + 12 * $0 }.first { String(decoding: profile[$0..<$0 + 4], as: UTF8.self) == "rXYZ" })
            let x = be32(red + 4) + 8
            let moved = UInt32(0.45 * 65536)
            for i in 0..<4 { profile[x + i] = UInt8(truncatingIfNeeded: moved >> (24 - 8 * i)) }
            try FileSystem.writeAtomically(profile, to: directory + "/altered.icc")
            try FileSystem.writeAtomically(try FileSystem.read(adobe), to: directory + "/altered.jpg")
            try Tool.run(["exiftool", "-q", "-overwrite_original", "-icc_profile<=altered.icc", "altered.jpg"], in: directory)
            let original = try FileSystem.read(adobe), altered = try FileSystem.read(directory + "/altered.jpg")
            #expect(try Tool.run(["exiftool", "-s3", "-ProfileDescription", "altered.jpg"], in: directory).contains("Adobe"))

            var colors = ColorTransforms()
            let first = try Thumbnailer.render(original, sizes: Self.sizes, colors: &colors)
            let second = try Thumbnailer.render(altered, sizes: Self.sizes, colors: &colors)
            let again = try Thumbnailer.render(original, sizes: Self.sizes, colors: &colors)
            #expect(colors.made == 2)
            Self.expectSame(first, try Thumbnailer.render(original, sizes: Self.sizes), "Adobe RGB")
            Self.expectSame(second, try Thumbnailer.render(altered, sizes: Self.sizes), "altered")
            Self.expectSame(again, first, "Adobe RGB again")
            // The colorant matters: the two renderings are visibly apart.
            let d = try Pixels(decoding: first.preview.jpeg).meanDifference(to: try Pixels(decoding: second.preview.jpeg))
            #expect(max(d.red, d.green, d.blue) > 2, "\(d)")
        }
    }

    @Test("a build's workers, each with its own transforms, make the images of each photo rendered alone, at any --jobs")
    func workers() async throws {
        try await withTemporaryDirectory { base in
            let work = base + "/work", library = base + "/Library"
            try FileSystem.createDirectory(work)
            try FileSystem.createDirectory(library)
            let (photos, _) = try Self.photos(in: work)
            // Three copies of each under other content (a byte of EXIF), so that the
            // transforms are reused within and across the workers.
            for (name, bytes) in photos {
                for copy in 1...3 {
                    let path = library + "/\(copy)-" + name
                    try FileSystem.writeAtomically(bytes, to: path)
                    try Tool.run(["exiftool", "-q", "-overwrite_original", "-ImageDescription=copy \(copy)", path])
                }
            }
            var sizes = ImageSizes(thumbnail: 0, preview: 0)
            for (site, jobs) in [("One", 1), ("Three", 3)] {
                let report = try await build(library, into: base + "/" + site) {
                    $0.jobs = jobs
                    $0.thumbSize = 100
                    $0.previewSize = 400
                    sizes = $0.settings.sizes
                }
                #expect(report.photos == 3 * photos.count, "\(report.failures)")
            }
            let one = try snapshot(base + "/One"), three = try snapshot(base + "/Three")
            #expect(one.keys.sorted() == three.keys.sorted())
            for (path, bytes) in one where path.hasSuffix(".jpg") { #expect(three[path] == bytes, "\(path) differs") }
            for photo in try readManifest(base + "/Three").photos {
                let alone = try Thumbnailer.render(try FileSystem.read(library + "/" + photo.path), sizes: sizes)
                #expect(three[photo.preview.src] == alone.preview.jpeg, "\(photo.path): preview")
                #expect(three[photo.thumb.src] == alone.thumbnail.jpeg, "\(photo.path): thumbnail")
                #expect(photo.warning == (alone.warnings.isEmpty ? nil : alone.warnings.joined(separator: "; ")), "\(photo.path)")
            }
        }
    }
}
