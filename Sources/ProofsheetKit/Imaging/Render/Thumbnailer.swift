internal import CImaging
import Foundation

/// One rendered image: its JPEG bytes and pixel size.
public struct RenderedImage: Sendable, Equatable {
    public var jpeg: [UInt8]
    public var width: Int
    public var height: Int
}

/// Everything made from one photo: its metadata and the three images.
public struct RenderedPhoto: Sendable {
    public var format: ImageFormat
    public var metadata: PhotoMetadata
    /// The upright pixel size of the original.
    public var width: Int
    public var height: Int
    public var preview: RenderedImage
    public var thumbnail: RenderedImage
    public var thumbnail2x: RenderedImage
    /// What the photo's warning line should say although it is shown: damaged EXIF, a
    /// colour profile that had to be ignored, what the decoding libraries said about
    /// damaged data. Empty for a sound photo.
    public var warnings: [String]
}

/// Turns the bytes of one photo into a preview and two thumbnails, upright.
///
/// One decode serves every size: JPEGs are decoded once by libjpeg-turbo straight at the
/// smallest DCT scale that still covers the preview; the preview is made from that, and
/// each thumbnail from the one before it, so each step shrinks as little as possible.
public enum Thumbnailer {
    /// Progressive JPEGs of more scans than this are refused (real ones have about 10; a
    /// hostile file of 20,000 tiny scans makes libjpeg redo the image 20,000 times). The
    /// scans are counted before any is decoded.
    public static let maximumScans = 500

    /// Lanczos lobes for each step. Lanczos-2 where the step shrinks little or by an even
    /// 2 (the preview, then the 2x thumbnail): 7 and 9 taps instead of 9 and 13, with no
    /// visible loss at those ratios, and the 400-px thumbnail scored higher against
    /// vipsthumbnail's (40.48 dB, against 39.97 with Lanczos-3 throughout); Lanczos-3 for
    /// the last, smallest step, where sharpness shows most and costs least.
    static let previewLobes = 2
    static let thumbnail2xLobes = 2
    static let thumbnailLobes = 3

    /// Callable with just the bytes of a file, whatever they are: the header is checked
    /// first (`ImageHeader`), then the library made for the format decodes it. Its colour
    /// transform is made for it alone; see the other `render` for many photos.
    public static func render(_ bytes: [UInt8], sizes: ImageSizes, raw: Bool = false) throws(ImagingError) -> RenderedPhoto {
        var colors = ColorTransforms()
        return try render(bytes, sizes: sizes, colors: &colors, raw: raw)
    }

    /// The same, with the colour transform taken from `colors` (or made there, once per
    /// distinct profile, for the photos after): the pixels and warnings are the same.
    /// A camera RAW (told by its name, `raw`) is shown from its largest embedded preview,
    /// turned by the RAW's orientation, with the RAW's metadata (`RawInfo`).
    public static func render(
        _ bytes: [UInt8], sizes: ImageSizes, colors: inout ColorTransforms, raw: Bool = false
    ) throws(ImagingError) -> RenderedPhoto {
        if let problem = sizes.problem { throw .refused(problem) }
        guard let thumbnail2x = sizes.thumbnail2x else { throw .refused("image sizes cannot be made") }
        let info: ImageInfo
        var metadata: PhotoMetadata
        var warnings: [String] = []
        if raw {
            let found = try RawInfo(bytes)
            // LibRaw copies the preview out of the file: at most the file's size again.
            info = ImageInfo(format: .raw, width: found.previewWidth, height: found.previewHeight, workingBytes: bytes.count)
            try DecodeBudget.check(info, fileSize: bytes.count)
            metadata = found.metadata
            if max(found.previewWidth, found.previewHeight) < sizes.thumbnail {
                warnings.append(
                    "its largest embedded preview is \(found.previewWidth)×\(found.previewHeight), smaller than the thumbnails")
            }
        } else {
            info = try ImageHeader.read(bytes)
            metadata = ExifReader.read(bytes, format: info.format)
        }
        let format = info.format
        if metadata.malformed { warnings.append("damaged EXIF data; showing what could be read") }
        // HEIF and AVIF carry their own rotation and mirroring (irot, imir), which libheif
        // applies, or which the decoder of a grid hands on (`turn`); their EXIF orientation
        // must then be ignored, or phones' photos would be turned twice. Every other format
        // is turned by its EXIF orientation, once.
        if format == .heif || format == .avif { metadata.orientation = .up }
        // The preview is made in stored orientation (fewer pixels to turn), then turned upright.
        var stored = (width: 0, height: 0)
        var turn = Orientation.up
        // The largest output is the preview (or the 2x thumbnail, if someone asks for
        // thumbnails bigger than half the preview): JPEGs are decoded at the smallest DCT
        // scale that still covers it, HEIF grids' tiles reduced to it as they come.
        let largest = max(sizes.preview, thumbnail2x)
        let scaled = try GDImage.decode(
            bytes, info: info, minimumLongEdge: largest, lobes: previewLobes, colors: &colors, storedSize: &stored,
            turn: &turn, notes: &warnings
        ) { [metadata] stored, turn in
            let orientation = turn == .up ? metadata.orientation : turn
            let upright = orientation.swapsDimensions ? (width: stored.height, height: stored.width) : stored
            let preview = ImageSizes.fit(width: upright.width, height: upright.height, longEdge: sizes.preview)
            return orientation.swapsDimensions ? (width: preview.height, height: preview.width) : preview
        }
        let orientation = turn == .up ? metadata.orientation : turn
        let uprightWidth = orientation.swapsDimensions ? stored.height : stored.width
        let uprightHeight = orientation.swapsDimensions ? stored.width : stored.height
        let preview = orientation == .up ? scaled : try scaled.oriented(orientation)
        // On the preview, so the thumbnails made from it carry it too, scaled with them.
        if let watermark = sizes.watermark { try preview.draw(watermark) }

        let size2x = ImageSizes.fit(width: preview.width, height: preview.height, longEdge: thumbnail2x)
        let thumb2x = try preview.resized(width: size2x.width, height: size2x.height, lobes: thumbnail2xLobes)
        let size1x = ImageSizes.fit(width: thumb2x.width, height: thumb2x.height, longEdge: sizes.thumbnail)
        let thumb1x = try thumb2x.resized(width: size1x.width, height: size1x.height, lobes: thumbnailLobes)

        return RenderedPhoto(
            format: format,
            metadata: metadata,
            width: uprightWidth,
            height: uprightHeight,
            preview: RenderedImage(jpeg: try preview.jpegData(quality: sizes.quality), width: preview.width, height: preview.height),
            thumbnail: RenderedImage(jpeg: try thumb1x.jpegData(quality: sizes.quality), width: thumb1x.width, height: thumb1x.height),
            thumbnail2x: RenderedImage(jpeg: try thumb2x.jpegData(quality: sizes.quality), width: thumb2x.width, height: thumb2x.height),
            warnings: warnings)
    }

    /// Call before rendering many photos: lets the C allocator keep each photo's freed
    /// buffers for the next one instead of returning them to the system and faulting them
    /// in again. Page faults were a sixth of a 12 MP build's time; this made builds 10%
    /// faster and leaves the peak, which is what the memory bound is about, unchanged.
    /// Process-wide: it raises glibc's thresholds (to 32 and 64 MB), and holds its malloc
    /// arenas to one a core (at least two), each of which keeps that much. With glibc's
    /// eight a core, `--jobs 32` (32 worker threads) on two cores peaked at 370–450 MB
    /// for 12 MP photos; with one a core, at 205–250 MB, for the same CPU time.
    static func keepFreedMemoryBetweenPhotos() {
        // A refusal costs only speed, so there is nothing to report.
        _ = ps_keep_freed_memory(Int32(clamping: max(2, ProcessInfo.processInfo.activeProcessorCount)))
        Watermark.prepareFontCache()
    }

    /// The formats proofsheet can read on this machine. JPEG, PNG, GIF, WebP, TIFF and BMP
    /// are decoded by libraries it links (libjpeg-turbo, libpng, libgd, libwebp, libtiff);
    /// HEIF and AVIF by libheif, when it has an HEVC or AV1 decoder, asked at run time.
    public static var readableFormats: [ImageFormat] {
        ImageFormat.allCases.filter { format in
            format != .heif && format != .avif || ps_heif_can_decode(format.code) != 0
        }
    }
}
