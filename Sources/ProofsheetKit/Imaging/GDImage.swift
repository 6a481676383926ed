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

    /// Decodes a photo with the library made for its format (`PhotoDecoder`), into an
    /// image of the size `size` asks for given the stored size (which `storedSize` also
    /// receives), in sRGB. JPEGs are decoded straight at the smallest DCT scale whose long
    /// edge still covers `minimumLongEdge`. When the target differs from the decoded size,
    /// each decoded row goes straight into the resampler (Lanczos with `lobes` lobes): for
    /// JPEG and PNG the full decode never exists, which saves a 12 MB image per 12 MP photo
    /// (400 MB per 100 MP PNG) and the memory traffic of writing and reading it back.
    /// Colour is converted after resampling, on the smaller image, as libvips does, with
    /// a transform from `colors` (made there once per profile). `notes` receives what the
    /// libraries said about damaged but usable data.
    static func decode(
        _ bytes: [UInt8], info: ImageInfo, minimumLongEdge: Int, lobes: Int, colors: inout ColorTransforms,
        storedSize: inout (width: Int, height: Int), notes: inout [String],
        size: (_ stored: (width: Int, height: Int)) -> (width: Int, height: Int)
    ) throws(ImagingError) -> GDImage {
        var decoded: GDImage? = nil
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImagingError) in
            // The decoder points into `buffer`, so it lives and dies in this closure.
            let decoder = try PhotoDecoder(buffer, info: info, minimumLongEdge: minimumLongEdge, colors: colors)
            storedSize = decoder.storedSize
            let target = size(decoder.storedSize)
            let made =
                target == decoder.size
                ? decoder.withRows { source, context in
                    ps_gd_from_rows(source, context, Int32(target.width), Int32(target.height))
                }
                : decoder.withRows { source, context in
                    ps_gd_box_resampled_rows(
                        source, context, Int32(decoder.size.width), Int32(decoder.size.height),
                        Int32(boxFactor(from: decoder.size, to: target)), Int32(target.width), Int32(target.height),
                        Int32(lobes))
                }
            if let made { decoded = GDImage(adopting: made) }
            // Why a row failed, or a truncation after the last row the image needed.
            try decoder.finish()
            // `made` is owned by `decoded`, alive here.
            guard let made else { return }
            if let note = decoder.convertColors(of: made) { notes.append(note) }
            if let messages = decoder.messages { notes.append(messages) }
        }
        guard let image = decoded.take() else { throw .outOfMemory }
        return image
    }

    /// The whole boxes a shrink from `source` to `target` averages first: half the
    /// smaller ratio, so the Lanczos filter is left a shrink of 2 to 4 (1, none, under 4).
    /// JPEGs come already scaled by their DCT; big PNG, TIFF and HEIF photos shrink by
    /// more (a 300 MP scan to 1600 px, 12.5 times: the filter took half the build).
    static func boxFactor(from source: (width: Int, height: Int), to target: (width: Int, height: Int)) -> Int {
        let ratio = min(source.width / max(1, target.width), source.height / max(1, target.height))
        return max(1, ratio / 2)
    }

    /// Decodes any format proofsheet reads, whole and unscaled, in sRGB, as stored (not
    /// turned upright).
    static func decode(_ bytes: [UInt8]) throws(ImagingError) -> GDImage {
        let info = try ImageHeader.read(bytes)
        var stored = (width: 0, height: 0)
        var notes: [String] = []
        var colors = ColorTransforms()
        return try decode(
            bytes, info: info, minimumLongEdge: 0, lobes: 2, colors: &colors, storedSize: &stored, notes: &notes
        ) { $0 }
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

    /// Draws a watermark over the image (see `ps_gd_watermark`).
    func draw(_ watermark: Watermark) throws(ImagingError) {
        guard let font = watermark.font else { throw .corrupt("no watermark font") }
        if let reason = ps_gd_watermark(handle, font, watermark.text, watermark.opacity) {
            throw .corrupt("cannot draw the watermark (\(String(cString: reason)))")
        }
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
        guard status == PS_OK, let buffer else { throw .encodingFailed }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Encodes with libheif (see `Canvas.heifData`); the image is stored as it is, and
    /// `orientation` written as irot/imir.
    func heifData(
        avif: Bool, quality: Int, orientation: Orientation, exif: [UInt8], iccProfile: [UInt8], nclx: (primaries: Int, transfer: Int)?
    ) throws(ImagingError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        var size = 0
        var reason = [CChar](repeating: 0, count: Int(PS_REASON_SIZE))
        let status = exif.withUnsafeBufferPointer { exif in
            iccProfile.withUnsafeBufferPointer { icc in
                ps_heif_encode(
                    handle, avif ? 1 : 0, Int32(clamping: quality), Int32(orientation.rawValue), exif.baseAddress, exif.count,
                    icc.baseAddress, icc.count, Int32(nclx?.primaries ?? 0), Int32(nclx?.transfer ?? 0), &buffer, &size,
                    &reason, reason.count)
            }
        }
        defer { free(buffer) }
        guard status == PS_OK, let buffer else {
            throw .corrupt("libheif could not encode: " + reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        return Array(UnsafeBufferPointer(start: buffer, count: size))
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

    // The shapes are blended over what is there (libgd's alpha blending, on by default
    // for truecolor images): `opacity` 1 paints over, 0 leaves the picture as it was.

    func fillRectangle(x: Int, y: Int, width: Int, height: Int, color: RGB, opacity: Double = 1) {
        gdImageFilledRectangle(handle, Int32(x), Int32(y), Int32(x + width - 1), Int32(y + height - 1), color.gd(opacity: opacity))
    }

    func fillEllipse(centerX: Int, centerY: Int, width: Int, height: Int, color: RGB, opacity: Double = 1) {
        gdImageFilledEllipse(handle, Int32(centerX), Int32(centerY), Int32(width), Int32(height), color.gd(opacity: opacity))
    }

    func fillPolygon(_ points: [(x: Int, y: Int)], color: RGB, opacity: Double = 1) {
        var gdPoints = points.map { gdPoint(x: Int32($0.x), y: Int32($0.y)) }
        gdImageFilledPolygon(handle, &gdPoints, Int32(gdPoints.count), color.gd(opacity: opacity))
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

/// A colour, 8 bits a channel.
public struct RGB: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: Int, green: Int, blue: Int

    public init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    var gd: Int32 { ps_gd_true_color(Int32(red), Int32(green), Int32(blue)) }

    /// The colour with libgd's alpha (0 opaque, 127 clear) for an opacity from 0 to 1.
    func gd(opacity: Double) -> Int32 {
        let alpha = 127 - Int((min(1, max(0, opacity)) * 127).rounded())
        return ps_gd_true_color_alpha(Int32(red), Int32(green), Int32(blue), Int32(alpha))
    }

    /// The largest difference in any channel: a simple "how close" for tests.
    public func distance(to other: RGB) -> Int {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
    }

    public var description: String { "rgb(\(red), \(green), \(blue))" }
}

/// Why an image could not be read or written.
public enum ImagingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A decoding library refused the data; the reason is its message.
    case corrupt(String)
    /// The header is malformed; the reason says how, as a sentence of its own.
    case invalid(String)
    /// A hostile or oversized file, refused before it could cost anything; the reason says why.
    case refused(String)
    case truncated
    /// Its header asks for more than `DecodeBudget` allows; `why` says what.
    case tooLarge(width: Int, height: Int, why: String)
    /// A valid image that no library on this machine decodes; the reason says which.
    case unsupported(String)
    case outOfMemory
    case encodingFailed

    public var description: String {
        switch self {
        case .corrupt(let reason): "corrupt image (\(reason))"
        case .invalid(let reason), .refused(let reason): reason
        case .truncated: "truncated image: the file ends before the picture does"
        case .tooLarge(let width, let height, let why): "refused: the header declares \(width)×\(height) pixels, \(why)"
        case .unsupported(let reason): "cannot be shown: \(reason)"
        case .outOfMemory: "not enough memory to process this image"
        case .encodingFailed: "could not encode the result as JPEG"
        }
    }
}
