/// An image format, told by the file's first bytes rather than its name; a camera RAW
/// alone is told by its name (a RAW companion's extensions), as many RAWs are TIFFs inside.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    // The order is CImaging's PS_FORMAT_* order.
    case jpeg, png, gif, webp, tiff, bmp, heif, avif, raw

    /// The name users know it by.
    public var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        case .heif: "HEIF"
        case .avif: "AVIF"
        case .raw: "RAW"
        }
    }

    /// The number CImaging knows it by.
    var code: Int32 { Int32(Self.allCases.firstIndex(of: self)!) }

    /// How many leading bytes `sniff` wants to see: enough for a HEIF `ftyp` box with a
    /// dozen compatible brands.
    public static let sniffLength = 64

    /// Detects the format from the first bytes of a file; nil for anything else.
    public static func sniff<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> ImageFormat?
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let b = Array(bytes.prefix(sniffLength))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        // Classic TIFF (42) and BigTIFF (43), either byte order.
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) { return .tiff }
        if starts(Array("BM".utf8)) && b.count >= 26 { return .bmp }
        if starts(Array("ftyp".utf8), at: 4) && b.count >= 12 { return isobmff(b) }
        return nil
    }

    /// HEIF or AVIF by the `ftyp` box's brands: the major brand when it names one, else
    /// the compatible brands (an AVIF may say `mif1` first and `avif` after).
    private static func isobmff(_ b: [UInt8]) -> ImageFormat? {
        let avif: Set<String> = ["avif", "avis"]
        let heif: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis"]
        let generic: Set<String> = ["mif1", "msf1", "mif2"]
        func brand(at offset: Int) -> String { String(decoding: b[offset..<offset + 4], as: UTF8.self) }
        let major = brand(at: 8)
        if avif.contains(major) { return .avif }
        if heif.contains(major) { return .heif }
        let size = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        let end = min(b.count, max(16, size))
        var compatible: [String] = []
        var offset = 16
        while offset + 4 <= end {
            compatible.append(brand(at: offset))
            offset += 4
        }
        if compatible.contains(where: avif.contains) { return .avif }
        if compatible.contains(where: heif.contains) { return .heif }
        if generic.contains(major) || compatible.contains(where: generic.contains) { return .heif }
        return nil
    }
}
