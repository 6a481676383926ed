/// An image format, told by the file's first bytes rather than its name.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, gif, webp, tiff, bmp, heif, avif

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
        }
    }

    /// How many leading bytes `sniff` wants to see.
    public static let sniffLength = 32

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
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("BM".utf8)) && b.count >= 26 { return .bmp }
        if starts(Array("ftyp".utf8), at: 4) && b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if brand == "avif" || brand == "avis" { return .avif }
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].contains(brand) { return .heif }
        }
        return nil
    }
}
