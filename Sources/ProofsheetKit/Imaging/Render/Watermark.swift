internal import CImaging

/// A watermark drawn on every preview (and so on the thumbnails made from it) with libgd's
/// FreeType renderer: TEXT repeated diagonally over the whole image, light with a dark
/// outline, semi-transparent. The originals are never touched.
public struct Watermark: Sendable, Codable, Equatable, Hashable {
    public var text: String
    /// 0–1.
    public var opacity: Double
    /// The font file, an absolute path (`WatermarkFont`); nil until `prepared()` finds DejaVu Sans Bold.
    public var font: String?
    /// A digest of the font file's bytes (part of the render key): a new font redoes the images.
    public var fontDigest: String?

    public static let defaultOpacity = 0.35
    /// The longest text, in Unicode scalars (the watermark setting's check says why).
    public static let maximumLength = 100

    /// Where Debian's fonts-dejavu-core (and other systems) put DejaVu, looked for at run time.
    public static let defaultFonts = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
        "/usr/local/share/fonts/DejaVuSans-Bold.ttf",
        "/Library/Fonts/DejaVuSans-Bold.ttf",
    ]

    public init(text: String, opacity: Double = Watermark.defaultOpacity, font: String? = nil) {
        self.text = text
        self.opacity = opacity
        self.font = font
    }

    /// The watermark with its font found, read and tried on the text; throws one line
    /// naming the font and the reason when it cannot be.
    public func prepared() throws -> Watermark {
        guard let path = font ?? Self.defaultFonts.first(where: FileSystem.exists) else {
            throw ProofsheetError("--watermark", "no font found (install fonts-dejavu-core, or pass --watermark-font FILE)")
        }
        let bytes = try WatermarkFont.read(path)
        if let reason = ps_gd_text_check(path, text) {
            throw ProofsheetError(path, "cannot draw the watermark with this font (\(String(cString: reason)))")
        }
        var hash = StableHash()
        hash.combine(bytes: bytes)
        var prepared = self
        prepared.font = path
        prepared.fontDigest = hash.hex(digits: 16)
        return prepared
    }

    /// What the render key needs to know: text, opacity and font.
    /// "stamped": drawn once and stamped at each copy (watermark.c), which moves its
    /// edges by a fraction of a pixel: images drawn copy by copy are made again.
    var key: String { "\(text)\u{0}\(opacity)\u{0}\(fontDigest ?? font ?? "")\u{0}stamped" }

    /// libgd's font cache, set up once per process (the C side makes sure of once; it is
    /// also done before any text is measured or drawn).
    static func prepareFontCache() {
        ps_gd_font_cache_setup()
    }
}
