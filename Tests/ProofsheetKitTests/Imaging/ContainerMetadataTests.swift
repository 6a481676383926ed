import Foundation
import ProofsheetKit
import Testing

/// EXIF from every container, and every photo turned upright exactly once: by its EXIF
/// orientation (JPEG, PNG, WebP, TIFF) or by its HEIF transformations (irot, imir), never
/// by both.
@Suite("EXIF in every container, orientation applied once")
struct ContainerMetadataTests {
    static let sizes = ImageSizes(thumbnail: 100, preview: 400)

    static func expectMetadata(_ m: PhotoMetadata, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(m.dateTaken == "2026-06-01T14:03:22", "\(label): date", sourceLocation: sourceLocation)
        #expect(m.camera == "Canon EOS R6", "\(label): camera", sourceLocation: sourceLocation)
        #expect(m.lens == "RF50mm F1.8 STM", "\(label): lens", sourceLocation: sourceLocation)
        #expect(m.exposure == "1/250 s" && m.aperture == "f/2.8" && m.iso == 400, "\(label): exposure", sourceLocation: sourceLocation)
        #expect(!m.malformed, "\(label)", sourceLocation: sourceLocation)
    }

    @Test(
        "PNG (eXIf), WebP (EXIF chunk), TIFF (its own directory) and JPEG: metadata read, turned upright once",
        arguments: ["photo.png", "photo.webp", "photo.tif", "photo.jpg"], [Orientation.right, .down, .leftMirrored])
    func exifContainers(name: String, orientation: Orientation) async throws {
        try await withTemporaryDirectory { directory in
            let path = try ContainerFixtures.turnedPhoto(name, orientation: orientation, in: directory)
            let bytes = try FileSystem.read(path)
            let format = try #require(ImageFormat.sniff(bytes))
            let metadata = ExifReader.read(bytes, format: format)
            Self.expectMetadata(metadata, name)
            #expect(metadata.orientation == orientation)
            let rendered = try Thumbnailer.render(bytes, sizes: Self.sizes)
            #expect((rendered.width, rendered.height) == (360, 240), "\(name): upright size")
            for image in [rendered.preview, rendered.thumbnail2x, rendered.thumbnail] { try expectUpright(image.jpeg) }
            try expectMatchesVips(rendered, try Vips.thumbnail(path, longEdge: 400, in: directory), "\(name) \(orientation)")
        }
    }

    @Test("a TIFF whose first directory lies after megabytes of pixels, and a BigTIFF, keep their EXIF")
    func tiffDirectories() async throws {
        try await withTemporaryDirectory { directory in
            // 1200×900 uncompressed; exiftool writes the EXIF, and libtiff (tiffset, with a tag
            // that no longer fits) rewrites the first directory after the 3 MB of strips.
            let canvas = try EncodedPhoto.colourful(width: 1200, height: 900)
            let png = try EncodedPhoto.png(canvas, in: directory, "big.png")
            try Tool.run(["convert", png, "-compress", "none", directory + "/late.tif"])
            try Tool.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=8"] + ContainerFixtures.tags + [directory + "/late.tif"])
            try Tool.run(["tiffset", "-s", "305", "a directory rewritten at the end of the file", directory + "/late.tif"])
            let late = try FileSystem.read(directory + "/late.tif")
            let offset = Int(late[4]) | Int(late[5]) << 8 | Int(late[6]) << 16 | Int(late[7]) << 24
            #expect(offset > 1 << 20, "the directory is at \(offset)")
            Self.expectMetadata(ExifReader.read(late, format: .tiff), "late.tif")
            // tiffcp copies the orientation but not the Exif directory into the BigTIFF.
            try Tool.run(["tiffcp", "-8", directory + "/late.tif", directory + "/big.tif"])
            let big = try FileSystem.read(directory + "/big.tif")
            #expect(big[2] == 43)
            let metadata = ExifReader.read(big, format: .tiff)
            #expect(metadata.orientation == .left && metadata.camera == "Canon EOS R6")
            let rendered = try Thumbnailer.render(big, sizes: Self.sizes)
            #expect((rendered.width, rendered.height) == (900, 1200))
        }
    }

    @Test("the older PNG \"Raw profile type exif\" text chunk (zTXt, as ImageMagick wrote it) is read")
    func rawProfile() async throws {
        try await withTemporaryDirectory { directory in
            let jpeg = try ContainerFixtures.turnedPhoto("source.jpg", orientation: .right, in: directory)
            try Tool.run(["exiftool", "-b", "-Exif", "-w", "%d%f.exif", jpeg])
            try FileSystem.writeAtomically(
                try TestPhoto.quadrants(width: 360, height: 240).storedForm(for: .right).pngData(), to: directory + "/plain.png")
            // The chunk: keyword, compression method 0, then the deflated text
            // "\nexif\n  LENGTH\nHEX…" ("Exif\0\0" and the TIFF data in hexadecimal).
            let script = """
                import binascii, struct, sys, zlib
                exif = b"Exif\\0\\0" + open(sys.argv[1], "rb").read()
                hexed = binascii.hexlify(exif).decode()
                text = "\\nexif\\n%8d\\n" % len(exif) + "\\n".join(hexed[i:i + 72] for i in range(0, len(hexed), 72)) + "\\n"
                data = b"Raw profile type exif\\0\\0" + zlib.compress(text.encode())
                chunk = struct.pack(">I", len(data)) + b"zTXt" + data + struct.pack(">I", zlib.crc32(b"zTXt" + data) & 0xFFFFFFFF)
                png = open(sys.argv[2], "rb").read()
                open(sys.argv[3], "wb").write(png[:33] + chunk + png[33:])
                """
            try Tool.run(["python3", "-c", script, directory + "/source.exif", directory + "/plain.png", directory + "/raw.png"])
            let bytes = try FileSystem.read(directory + "/raw.png")
            let metadata = ExifReader.read(bytes, format: .png)
            Self.expectMetadata(metadata, "raw profile")
            #expect(metadata.orientation == .right)
            let rendered = try Thumbnailer.render(bytes, sizes: Self.sizes)
            #expect((rendered.width, rendered.height) == (360, 240))
            try expectUpright(rendered.preview.jpeg)
        }
    }

    @Test(
        "HEIF and AVIF: irot/imir applied by libheif, the EXIF orientation beside them not applied again",
        arguments: [false, true], [Orientation.right, .left, .down, .upMirrored, .rightMirrored])
    func heifTransforms(avif: Bool, orientation: Orientation) async throws {
        try await withTemporaryDirectory { directory in
            var exif = ExifWriter()
            exif.orientation = orientation  // as phones write it: the same turn in EXIF and in irot
            exif.dateTaken = "2026-06-01T14:03:22"
            exif.make = "Apple"
            exif.model = "iPhone 15 Pro"
            exif.lens = "iPhone 15 Pro back camera 6.86mm f/1.78"
            exif.exposureTime = (1, 120)
            exif.fNumber = (178, 100)
            exif.iso = 64
            let bytes = try TestPhoto.quadrants(width: 360, height: 240).heifData(
                avif: avif, quality: 90, orientation: orientation, exif: exif)
            let path = directory + (avif ? "/photo.avif" : "/photo.heic")
            try FileSystem.writeAtomically(bytes, to: path)
            let rendered = try Thumbnailer.render(bytes, sizes: Self.sizes)
            #expect(rendered.format == (avif ? .avif : .heif))
            #expect((rendered.width, rendered.height) == (360, 240), "upright size")
            #expect(rendered.metadata.dateTaken == "2026-06-01T14:03:22" && rendered.metadata.camera == "Apple iPhone 15 Pro")
            #expect(rendered.metadata.exposure == "1/120 s" && rendered.metadata.aperture == "f/1.8" && rendered.metadata.iso == 64)
            for image in [rendered.preview, rendered.thumbnail2x, rendered.thumbnail] { try expectUpright(image.jpeg) }
            try expectMatchesVips(rendered, try Vips.thumbnail(path, longEdge: 400, in: directory), "\(path) \(orientation)")
        }
    }

    @Test("a HEIF with an EXIF orientation but no irot is shown as stored (the container's word is final)")
    func heifExifOnly() async throws {
        var exif = ExifWriter()
        exif.orientation = .right
        let bytes = try TestPhoto.quadrants(width: 360, height: 240).heifData(quality: 90, exif: exif)
        #expect(ExifReader.read(bytes, format: .heif).orientation == .right, "the tag is there")
        let rendered = try Thumbnailer.render(bytes, sizes: Self.sizes)
        #expect((rendered.width, rendered.height) == (360, 240))
        try expectUpright(rendered.preview.jpeg)
    }

    @Test("a HEIF of odd size is cropped by its clap box to exactly that size")
    func heifCleanAperture() async throws {
        try await withTemporaryDirectory { directory in
            let bytes = try EncodedPhoto.colourful(width: 361, height: 241).heifData(quality: 90, orientation: .right)
            try FileSystem.writeAtomically(bytes, to: directory + "/odd.heic")
            let boxes = try Tool.run(["heif-info", "-d", directory + "/odd.heic"])
            #expect(boxes.contains("clap") && boxes.contains("irot"), "libheif wrote a clean aperture and a rotation")
            let rendered = try Thumbnailer.render(bytes, sizes: Self.sizes)
            #expect((rendered.width, rendered.height) == (361, 241), "cropped and turned back upright")
            try expectMatchesVips(rendered, try Vips.thumbnail(directory + "/odd.heic", longEdge: 400, in: directory), "clap")
        }
    }
}
