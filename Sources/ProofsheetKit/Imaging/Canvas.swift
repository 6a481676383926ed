/// A picture to draw on and encode: the public face of libgd for the demo library and
/// for tests that make their own photos and look at the pixels of the results.
public struct Canvas: ~Copyable {
    private let image: GDImage

    private init(image: consuming GDImage) {
        self.image = image
    }

    /// A white canvas.
    public init(width: Int, height: Int) throws {
        self.init(image: try GDImage(width: width, height: height))
    }

    /// Decodes any format proofsheet reads (the whole image, as stored, no scaling, in sRGB).
    public init(decoding bytes: [UInt8]) throws {
        self.init(image: try GDImage.decode(bytes))
    }

    public var width: Int { image.width }
    public var height: Int { image.height }

    public func pixel(x: Int, y: Int) -> RGB { image.pixel(x: x, y: y) }

    /// Shapes are blended over the picture: `opacity` 1 paints over, 0.5 lets half through.
    public func fillRectangle(x: Int, y: Int, width: Int, height: Int, color: RGB, opacity: Double = 1) {
        image.fillRectangle(x: x, y: y, width: width, height: height, color: color, opacity: opacity)
    }

    public func fillEllipse(centerX: Int, centerY: Int, width: Int, height: Int, color: RGB, opacity: Double = 1) {
        image.fillEllipse(centerX: centerX, centerY: centerY, width: width, height: height, color: color, opacity: opacity)
    }

    public func fillPolygon(_ points: [(x: Int, y: Int)], color: RGB, opacity: Double = 1) {
        image.fillPolygon(points, color: color, opacity: opacity)
    }

    /// Big block text (libgd's built-in font, enlarged): the same on every machine.
    public func drawText(_ text: String, x: Int, y: Int, scale: Int, color: RGB) {
        image.drawText(text, x: x, y: y, scale: scale, color: color)
    }

    public static func textSize(_ text: String, scale: Int) -> (width: Int, height: Int) {
        GDImage.textSize(text, scale: scale)
    }

    /// The pixels as a camera would store them for `orientation`: showing the result with
    /// that orientation applied gives back this canvas.
    public func storedForm(for orientation: Orientation) throws -> Canvas {
        Canvas(image: try image.storedForm(for: orientation))
    }

    public func jpegData(quality: Int = 90) throws -> [UInt8] { try image.jpegData(quality: quality) }

    /// This canvas as a HEIF (HEVC) or AVIF (AV1) by libheif's encoder: stored turned for
    /// `orientation` with irot/imir boxes that turn it back (as phones write them), odd
    /// sizes cropped by a clap box, with EXIF and an ICC profile or an nclx colour
    /// description (H.273 codes) when given. For tests and the benchmark, which make their
    /// photos with real encoders.
    public func heifData(
        avif: Bool = false, quality: Int = 90, orientation: Orientation = .up, exif: ExifWriter? = nil, iccProfile: [UInt8]? = nil,
        nclx: (primaries: Int, transfer: Int)? = nil
    ) throws -> [UInt8] {
        var tiff = try exif?.encode() ?? []
        if tiff.starts(with: ExifLocator.exifHeader) { tiff.removeFirst(ExifLocator.exifHeader.count) }
        let stored = try image.storedForm(for: orientation)
        return try stored.heifData(
            avif: avif, quality: quality, orientation: orientation, exif: tiff, iccProfile: iccProfile ?? [], nclx: nclx)
    }
    public func pngData() throws -> [UInt8] { try image.pngData() }
}
