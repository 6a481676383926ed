internal import CImaging

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
}

/// Turns the bytes of one photo into a preview and two thumbnails, upright.
///
/// One decode serves every size: JPEGs are decoded once by libjpeg-turbo straight at the
/// smallest DCT scale that still covers the preview; the preview is made from that, and
/// each thumbnail from the one before it, so each step shrinks as little as possible.
public enum Thumbnailer {
    /// Images whose header declares more than this are refused before decoding.
    public static let maximumMegapixels = 100

    /// Lanczos lobes for each step. Lanczos-2 where the step shrinks little or by an even
    /// 2 (the preview, then the 2x thumbnail): 7 and 9 taps instead of 9 and 13, with no
    /// visible loss at those ratios, and the 400-px thumbnail scored higher against
    /// vipsthumbnail's (40.48 dB, against 39.97 with Lanczos-3 throughout); Lanczos-3 for
    /// the last, smallest step, where sharpness shows most and costs least.
    static let previewLobes = 2
    static let thumbnail2xLobes = 2
    static let thumbnailLobes = 3

    public static func render(_ bytes: [UInt8], sizes: ImageSizes) throws(ImagingError) -> RenderedPhoto {
        guard let format = ImageFormat.sniff(bytes) else { throw .corrupt("not an image this tool reads") }
        let metadata = format == .jpeg ? ExifReader.read(jpeg: bytes) : PhotoMetadata()
        let orientation = metadata.orientation
        // The preview is made in stored orientation (fewer pixels to turn), then turned upright.
        var stored = (width: 0, height: 0)
        let scaled = try decode(bytes, format: format, sizes: sizes, storedSize: &stored) { stored in
            let upright = orientation.swapsDimensions ? (width: stored.height, height: stored.width) : stored
            let preview = ImageSizes.fit(width: upright.width, height: upright.height, longEdge: sizes.preview)
            return orientation.swapsDimensions ? (width: preview.height, height: preview.width) : preview
        }
        let uprightWidth = orientation.swapsDimensions ? stored.height : stored.width
        let uprightHeight = orientation.swapsDimensions ? stored.width : stored.height
        let preview = orientation == .up ? scaled : try scaled.oriented(orientation)

        let size2x = ImageSizes.fit(width: preview.width, height: preview.height, longEdge: 2 * sizes.thumbnail)
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
            thumbnail2x: RenderedImage(jpeg: try thumb2x.jpegData(quality: sizes.quality), width: thumb2x.width, height: thumb2x.height))
    }

    /// Decodes the photo at the smallest size that still covers every output, resampled
    /// to the size `size` gives for its stored size (the preview's, in stored orientation).
    private static func decode(
        _ bytes: [UInt8], format: ImageFormat, sizes: ImageSizes, storedSize: inout (width: Int, height: Int),
        size: (_ stored: (width: Int, height: Int)) -> (width: Int, height: Int)
    ) throws(ImagingError) -> GDImage {
        let maximumPixels = maximumMegapixels * 1_000_000
        if format == .jpeg {
            // The largest output is the preview (or the 2x thumbnail, if someone asks for
            // thumbnails bigger than half the preview).
            let largest = max(sizes.preview, 2 * sizes.thumbnail)
            return try GDImage.decodeJPEG(
                bytes, minimumLongEdge: largest, maximumPixels: maximumPixels, lobes: previewLobes,
                storedSize: &storedSize, size: size)
        }
        guard let declared = ImageHeader.declaredSize(of: bytes, format: format) else {
            throw .corrupt("cannot read the \(format.displayName) header")
        }
        guard declared.width > 0, declared.height > 0 else {
            throw .corrupt("the \(format.displayName) header declares an empty image")
        }
        guard declared.width * declared.height <= maximumPixels else {
            throw .tooLarge(width: declared.width, height: declared.height)
        }
        guard GDImage.readableFormats.contains(format) else { throw .unsupported(format) }
        let image = try GDImage.decode(bytes, format: format)
        storedSize = (image.width, image.height)
        let target = size(storedSize)
        guard target != storedSize else { return image }
        return try image.resized(width: target.width, height: target.height, lobes: previewLobes)
    }

    /// Call before rendering many photos: lets the C allocator keep each photo's freed
    /// buffers for the next one instead of returning them to the system and faulting them
    /// in again. Page faults were a sixth of a 12 MP build's time; this made builds 10%
    /// faster and leaves the peak, which is what the memory bound is about, unchanged.
    /// Process-wide, but it only raises glibc's thresholds (to 32 and 64 MB).
    static func keepFreedMemoryBetweenPhotos() {
        // A refusal costs only speed, so there is nothing to report.
        _ = ps_keep_freed_memory()
    }

    /// The formats the installed libgd can read, asked of libgd at run time. JPEG is always
    /// readable: proofsheet decodes it with libjpeg itself.
    public static var readableFormats: [ImageFormat] {
        let formats = GDImage.readableFormats
        return formats.contains(.jpeg) ? formats : [.jpeg] + formats
    }
}
