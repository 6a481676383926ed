import ProofsheetKit
import Testing

@Suite("Thumbnailer")
struct ThumbnailerTests {
    @Test("every EXIF orientation gives upright images", arguments: Orientation.allCases)
    func upright(orientation: Orientation) throws {
        let photo = try TestPhoto.jpeg(width: 900, height: 600, orientation: orientation)
        let rendered = try Thumbnailer.render(photo, sizes: ImageSizes(thumbnail: 100, preview: 400))
        #expect(rendered.metadata.orientation == orientation)
        #expect(rendered.width == 900 && rendered.height == 600)
        for image in [rendered.preview, rendered.thumbnail2x, rendered.thumbnail] {
            #expect(image.width > image.height, "landscape stays landscape")
            try expectUpright(image.jpeg)
        }
    }

    // Found by Fuzz/FuzzImageHeader: two `ispe` boxes whose 32-bit sides multiply past
    // Int.max trapped the whole build (arithmetic overflow) instead of refusing the file.
    @Test("a HEIF header declaring 4294967295×4294967295 pixels is refused, not a crash")
    func hugeHEIFHeader() throws {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + body.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
        }
        let ispe = box("ispe", [0, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 8))
        let small = box("ispe", [0, 0, 0, 0, 0, 0, 3, 0x20, 0, 0, 2, 0x58])
        let bytes =
            box("ftyp", Array("avif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8))
            + box("meta", [0, 0, 0, 0] + box("iprp", box("ipco", small + ispe + ispe)))
        #expect(ImageFormat.sniff(bytes.prefix(ImageFormat.sniffLength)) == .avif)
        #expect(throws: ImagingError.self) {
            try Thumbnailer.render(bytes, sizes: ImageSizes(thumbnail: 16, preview: 32))
        }
    }

    @Test("sizes follow the long edge: thumbnail, its 2x version and the preview")
    func sizes() throws {
        let landscape = try Thumbnailer.render(
            try TestPhoto.jpeg(width: 2000, height: 1500), sizes: ImageSizes(thumbnail: 200, preview: 800))
        #expect((landscape.preview.width, landscape.preview.height) == (800, 600))
        #expect((landscape.thumbnail2x.width, landscape.thumbnail2x.height) == (400, 300))
        #expect((landscape.thumbnail.width, landscape.thumbnail.height) == (200, 150))

        let portrait = try Thumbnailer.render(
            try TestPhoto.jpeg(width: 1500, height: 2000), sizes: ImageSizes(thumbnail: 200, preview: 800))
        #expect((portrait.preview.width, portrait.preview.height) == (600, 800))
        #expect((portrait.thumbnail.width, portrait.thumbnail.height) == (150, 200))
    }

    @Test("a small photo is never enlarged")
    func noUpscaling() throws {
        let rendered = try Thumbnailer.render(
            try TestPhoto.jpeg(width: 300, height: 120), sizes: ImageSizes(thumbnail: 200, preview: 1600))
        #expect((rendered.preview.width, rendered.preview.height) == (300, 120))
        #expect((rendered.thumbnail2x.width, rendered.thumbnail2x.height) == (300, 120))
        #expect((rendered.thumbnail.width, rendered.thumbnail.height) == (200, 80))
    }

    @Test("the images carry no metadata from the original")
    func noMetadataCopied() throws {
        var exif = ExifWriter()
        exif.make = "SecretCam"
        exif.gps = GPSPosition(latitude: 48.85, longitude: 2.35)
        let rendered = try Thumbnailer.render(
            try TestPhoto.jpeg(exif: exif), sizes: ImageSizes(thumbnail: 100, preview: 300))
        for image in [rendered.preview, rendered.thumbnail2x, rendered.thumbnail] {
            #expect(ExifReader.read(jpeg: image.jpeg) == PhotoMetadata())
            #expect(!image.jpeg.contains(subsequence: Array("SecretCam".utf8)))
        }
    }

    @Test("PNG goes through libpng, upright and flattened")
    func png() throws {
        let rendered = try Thumbnailer.render(try TestPhoto.png(width: 600, height: 400), sizes: ImageSizes(thumbnail: 100, preview: 300))
        #expect(rendered.format == .png)
        #expect((rendered.preview.width, rendered.preview.height) == (300, 200))
        try expectUpright(rendered.thumbnail.jpeg)
    }

    @Test("a truncated JPEG is refused as truncated")
    func truncated() throws {
        let photo = try TestPhoto.jpeg(width: 800, height: 600)
        #expect(throws: ImagingError.truncated) {
            try Thumbnailer.render(Array(photo.prefix(photo.count / 2)), sizes: ImageSizes())
        }
    }

    @Test("garbage after a JPEG signature is refused as not a valid JPEG")
    func corrupt() throws {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        bytes += (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        #expect {
            try Thumbnailer.render(bytes, sizes: ImageSizes())
        } throws: { error in
            guard case ImagingError.invalid(let reason) = error else { return false }
            return reason.hasPrefix("not a valid JPEG")
        }
    }

    @Test("a header declaring more pixels than its file can hold is refused before decoding", arguments: [ImageFormat.jpeg, .png])
    func decompressionBomb(format: ImageFormat) throws {
        let bomb = format == .jpeg ? ThumbnailFixtures.jpegBomb(width: 20000, height: 20000) : Self.pngBomb(width: 30000, height: 30000)
        #expect {
            try Thumbnailer.render(bomb, sizes: ImageSizes())
        } throws: { error in
            guard case ImagingError.tooLarge = error else { return false }
            return true
        }
    }

    /// A PNG signature and IHDR claiming a huge size, then nothing.
    static func pngBomb(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        for start in 0...(count - subsequence.count) where self[start] == subsequence[0] {
            if Array(self[start..<start + subsequence.count]) == subsequence { return true }
        }
        return false
    }
}
