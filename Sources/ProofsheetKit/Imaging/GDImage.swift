internal import CGD
internal import CImaging

/// The one owner of a libgd image. It is created by adopting a `gdImagePtr` and frees
/// it in `deinit`; the pointer never leaves this type.
///
/// Not copyable and not `Sendable`: an image lives and dies inside one task.
struct GDImage: ~Copyable {
    private let handle: gdImagePtr

    private init(adopting handle: gdImagePtr) {
        self.handle = handle
    }

    deinit {
        gdImageDestroy(handle)
    }

    /// A new truecolor image, filled with white.
    init(width: Int, height: Int) throws(ImagingError) {
        guard width > 0, height > 0, let handle = gdImageCreateTrueColor(Int32(width), Int32(height)) else {
            throw .outOfMemory
        }
        gdImageFilledRectangle(handle, 0, 0, Int32(width - 1), Int32(height - 1), ps_gd_true_color(255, 255, 255))
        self.init(adopting: handle)
    }

    var width: Int { Int(ps_gd_width(handle)) }
    var height: Int { Int(ps_gd_height(handle)) }

    // MARK: Decoding

    /// Decodes a JPEG with libjpeg-turbo, straight at the smallest DCT scale whose long
    /// edge still covers `minimumLongEdge`, into an image of the size `size` asks for
    /// given the stored size (which `storedSize` also receives). When that differs from
    /// the decoded size, each decoded row goes straight into the resampler (Lanczos with
    /// `lobes` lobes): the full decode never exists, which saves a 12 MB image per 12 MP
    /// photo and the memory traffic of writing it and reading it back.
    static func decodeJPEG(
        _ bytes: [UInt8], minimumLongEdge: Int, maximumPixels: Int, lobes: Int,
        storedSize: inout (width: Int, height: Int),
        size: (_ stored: (width: Int, height: Int)) -> (width: Int, height: Int)
    ) throws(ImagingError) -> GDImage {
        var decoded: GDImage? = nil
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImagingError) in
            // The reader points into `buffer`, so it lives and dies in this closure.
            let reader = try JPEGReader(buffer, minimumLongEdge: minimumLongEdge, maximumPixels: maximumPixels)
            storedSize = reader.storedSize
            let target = size(reader.storedSize)
            let made =
                target == reader.size
                ? reader.withRows { source, context in
                    ps_gd_from_rows(source, context, Int32(target.width), Int32(target.height))
                }
                : reader.withRows { source, context in
                    ps_gd_resampled_rows(
                        source, context, Int32(reader.size.width), Int32(reader.size.height),
                        Int32(target.width), Int32(target.height), Int32(lobes))
                }
            if let made { decoded = GDImage(adopting: made) }
            // Why a row failed, or a truncation after the last row the image needed.
            try reader.finish()
        }
        guard let image = decoded.take() else { throw .outOfMemory }
        return image
    }

    /// Decodes any format libgd reads. The caller has already checked the declared size.
    static func decode(_ bytes: [UInt8], format: ImageFormat) throws(ImagingError) -> GDImage {
        guard bytes.count < Int(Int32.max) else { throw .corrupt("the file is too big to decode") }
        let size = Int32(bytes.count)
        let decoded: gdImagePtr? = bytes.withUnsafeBufferPointer { buffer in
            let data = UnsafeMutableRawPointer(mutating: buffer.baseAddress!)
            switch format {
            case .jpeg: return gdImageCreateFromJpegPtr(size, data)
            case .png: return gdImageCreateFromPngPtr(size, data)
            case .gif: return gdImageCreateFromGifPtr(size, data)
            case .webp: return gdImageCreateFromWebpPtr(size, data)
            case .tiff: return gdImageCreateFromTiffPtr(size, data)
            case .bmp: return gdImageCreateFromBmpPtr(size, data)
            case .heif: return gdImageCreateFromHeifPtr(size, data)
            case .avif: return gdImageCreateFromAvifPtr(size, data)
            }
        }
        guard let decoded else { throw .corrupt("libgd could not decode this \(format.displayName) file") }
        let image = GDImage(adopting: decoded)
        if ps_gd_is_true_color(image.handle) == 0 {
            // Palette images (GIF, some PNGs) become truecolor so every later step is one path.
            guard gdImagePaletteToTrueColor(image.handle) != 0 else { throw .outOfMemory }
        }
        ps_gd_flatten_on_white(image.handle)
        return image
    }

    /// Which formats the installed libgd can read, asked at run time.
    static var readableFormats: [ImageFormat] {
        ImageFormat.allCases.filter { format in
            let probe: String = switch format {
            case .jpeg: "x.jpg"
            case .png: "x.png"
            case .gif: "x.gif"
            case .webp: "x.webp"
            case .tiff: "x.tiff"
            case .bmp: "x.bmp"
            case .heif: "x.heic"
            case .avif: "x.avif"
            }
            return gdSupportsFileType(probe, 0) != 0
        }
    }

    // MARK: Transforming

    /// A copy scaled to exactly `width`×`height` with a Lanczos filter of `lobes` lobes
    /// (2 or 3) widened by the shrink factor (`ps_gd_resampled`), whatever the ratio.
    /// libgd's own methods were measured against it on 12 MP photos: `gdImageScale`
    /// bilinear is fast but samples half a pixel off and aliases (about 28 dB against
    /// vipsthumbnail's Lanczos, where this scores about 40); its two-pass filters and
    /// `gdImageCopyResampled` are right but three to five times slower.
    func resized(width: Int, height: Int, lobes: Int) throws(ImagingError) -> GDImage {
        guard let scaled = ps_gd_resampled(handle, Int32(width), Int32(height), Int32(lobes)) else { throw .outOfMemory }
        return GDImage(adopting: scaled)
    }

    /// A copy turned upright for an EXIF orientation.
    func oriented(_ orientation: Orientation) throws(ImagingError) -> GDImage {
        guard let turned = ps_gd_oriented(handle, Int32(orientation.rawValue)) else { throw .outOfMemory }
        return GDImage(adopting: turned)
    }

    /// The inverse: how a camera would have stored this upright image for `orientation`.
    func storedForm(for orientation: Orientation) throws(ImagingError) -> GDImage {
        guard let turned = ps_gd_unoriented(handle, Int32(orientation.rawValue)) else { throw .outOfMemory }
        return GDImage(adopting: turned)
    }

    // MARK: Encoding

    /// Encodes as a baseline JPEG with no metadata, with libjpeg-turbo straight from the
    /// pixel rows (see `ps_jpeg_encode`). libjpeg's buffer is freed here, in the scope
    /// that received it.
    func jpegData(quality: Int) throws(ImagingError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = ps_jpeg_encode(handle, Int32(clamping: quality), &buffer, &size, &message, message.count)
        defer { free(buffer) }
        guard status == PS_JPEG_OK, let buffer else { throw .encodingFailed }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Encodes as PNG (lossless), for tests and the demo.
    func pngData() throws(ImagingError) -> [UInt8] {
        var size: Int32 = 0
        guard let buffer = gdImagePngPtr(handle, &size) else { throw .encodingFailed }
        defer { gdFree(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)))
    }

    // MARK: Pixels and drawing

    func pixel(x: Int, y: Int) -> RGB {
        let value = Int(ps_gd_pixel(handle, Int32(x), Int32(y)))
        return RGB(red: (value >> 16) & 0xFF, green: (value >> 8) & 0xFF, blue: value & 0xFF)
    }

    func fillRectangle(x: Int, y: Int, width: Int, height: Int, color: RGB) {
        gdImageFilledRectangle(handle, Int32(x), Int32(y), Int32(x + width - 1), Int32(y + height - 1), color.gd)
    }

    func fillEllipse(centerX: Int, centerY: Int, width: Int, height: Int, color: RGB) {
        gdImageFilledEllipse(handle, Int32(centerX), Int32(centerY), Int32(width), Int32(height), color.gd)
    }

    func fillPolygon(_ points: [(x: Int, y: Int)], color: RGB) {
        var gdPoints = points.map { gdPoint(x: Int32($0.x), y: Int32($0.y)) }
        gdImageFilledPolygon(handle, &gdPoints, Int32(gdPoints.count), color.gd)
    }

    /// Draws text with libgd's built-in giant font, enlarged `scale` times with hard
    /// edges: big, readable, and the same on every machine (no font files needed).
    func drawText(_ text: String, x: Int, y: Int, scale: Int, color: RGB) {
        let font = ps_gd_font_giant()!
        let glyphWidth = Int(font.pointee.w), glyphHeight = Int(font.pointee.h)
        let ascii = text.unicodeScalars.map { $0.isASCII ? UInt8($0.value) : UInt8(ascii: "?") }
        let width = max(1, glyphWidth * ascii.count), height = glyphHeight
        guard let small = gdImageCreateTrueColor(Int32(width), Int32(height)) else { return }
        defer { gdImageDestroy(small) }
        // Transparent background so only the glyphs land on the picture.
        gdImageAlphaBlending(small, 0)
        gdImageFilledRectangle(small, 0, 0, Int32(width - 1), Int32(height - 1), ps_gd_true_color_alpha(0, 0, 0, 127))
        var cString = ascii.map { $0 } + [0]
        gdImageString(small, font, 0, 0, &cString, color.gd)
        gdImageAlphaBlending(handle, 1)
        gdImageCopyResized(
            handle, small, Int32(x), Int32(y), 0, 0, Int32(width * scale), Int32(height * scale),
            Int32(width), Int32(height))
    }

    static func textSize(_ text: String, scale: Int) -> (width: Int, height: Int) {
        let font = ps_gd_font_giant()!
        return (Int(font.pointee.w) * text.unicodeScalars.count * scale, Int(font.pointee.h) * scale)
    }
}

/// The one owner of a libjpeg-turbo decoder that hands out rows (`ps_jpeg_reader`),
/// closed in `deinit`. It reads from memory it does not own: it must not outlive the
/// buffer it was opened on.
private struct JPEGReader: ~Copyable {
    private let handle: OpaquePointer
    /// The stored size, and the size of the rows handed out (after DCT scaling).
    let storedSize: (width: Int, height: Int)
    let size: (width: Int, height: Int)

    init(_ buffer: UnsafeBufferPointer<UInt8>, minimumLongEdge: Int, maximumPixels: Int) throws(ImagingError) {
        var storedWidth: Int32 = 0, storedHeight: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        var opened: OpaquePointer?
        var message = [CChar](repeating: 0, count: 256)
        let status = ps_jpeg_reader_open(
            buffer.baseAddress, UInt(buffer.count), Int32(clamping: max(1, minimumLongEdge)), Int64(maximumPixels),
            &storedWidth, &storedHeight, &width, &height, &opened, &message, message.count)
        try Self.check(status, message: message, storedWidth: storedWidth, storedHeight: storedHeight)
        guard let opened else { throw .outOfMemory }
        handle = opened
        storedSize = (Int(storedWidth), Int(storedHeight))
        size = (Int(width), Int(height))
    }

    deinit {
        ps_jpeg_reader_close(handle)
    }

    /// Lends the row source (`ps_jpeg_reader_row` and its context) to a C consumer.
    func withRows<R>(_ body: (ps_row_source, UnsafeMutableRawPointer) -> R) -> R {
        body(ps_jpeg_reader_row, UnsafeMutableRawPointer(handle))
    }

    /// Reads what the consumer left and throws if the file was not whole, or if a row
    /// could not be decoded.
    func finish() throws(ImagingError) {
        var message = [CChar](repeating: 0, count: 256)
        let status = ps_jpeg_reader_finish(handle, &message, message.count)
        try Self.check(status, message: message, storedWidth: Int32(storedSize.width), storedHeight: Int32(storedSize.height))
    }

    private static func check(_ status: Int32, message: [CChar], storedWidth: Int32, storedHeight: Int32) throws(ImagingError) {
        switch Int(status) {
        case PS_JPEG_OK:
            return
        case PS_JPEG_TOO_LARGE:
            throw .tooLarge(width: Int(storedWidth), height: Int(storedHeight))
        case PS_JPEG_TRUNCATED:
            throw .truncated
        case PS_JPEG_NO_MEMORY:
            throw .outOfMemory
        default:
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .corrupt(text.isEmpty ? "not a valid JPEG" : text)
        }
    }
}

/// A colour, 8 bits a channel.
public struct RGB: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: Int, green: Int, blue: Int

    public init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    var gd: Int32 { ps_gd_true_color(Int32(red), Int32(green), Int32(blue)) }

    /// The largest difference in any channel: a simple "how close" for tests.
    public func distance(to other: RGB) -> Int {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
    }

    public var description: String { "rgb(\(red), \(green), \(blue))" }
}

/// Why an image could not be read or written.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    case corrupt(String)
    case truncated
    case tooLarge(width: Int, height: Int)
    case unsupported(ImageFormat)
    case outOfMemory
    case encodingFailed

    public var description: String {
        switch self {
        case .corrupt(let reason): "corrupt image (\(reason))"
        case .truncated: "truncated image: the file ends before the picture does"
        case .tooLarge(let width, let height):
            "refused: the header declares \(width)×\(height) pixels, over the limit of \(Thumbnailer.maximumMegapixels) megapixels"
        case .unsupported(let format): "\(format.displayName) is not supported by the installed libgd"
        case .outOfMemory: "not enough memory to process this image"
        case .encodingFailed: "could not encode the result as JPEG"
        }
    }
}
