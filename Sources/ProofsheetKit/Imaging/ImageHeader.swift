/// Reads an image's declared pixel size from its header, without decoding it, so that a
/// decompression bomb (a small file that declares a huge image) can be refused first.
enum ImageHeader {
    /// The declared width and height, or nil when the header cannot be read.
    static func declaredSize(of bytes: [UInt8], format: ImageFormat) -> (width: Int, height: Int)? {
        switch format {
        case .jpeg: return jpeg(bytes)
        case .png:
            guard bytes.count >= 24 else { return nil }
            return (Int(be32(bytes, 16)), Int(be32(bytes, 20)))
        case .gif:
            guard bytes.count >= 10 else { return nil }
            return (Int(le16(bytes, 6)), Int(le16(bytes, 8)))
        case .bmp:
            guard bytes.count >= 26 else { return nil }
            let width = Int(Int32(bitPattern: le32(bytes, 18)))
            let height = Int(Int32(bitPattern: le32(bytes, 22)))
            return (abs(width), abs(height))
        case .webp: return webp(bytes)
        case .tiff: return tiff(bytes)
        case .heif, .avif: return isobmff(bytes)
        }
    }

    private static func jpeg(_ b: [UInt8]) -> (Int, Int)? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(be16(b, i + 2))
            // Start-of-frame markers carry the size; C4, C8 and CC are not frames.
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(be16(b, i + 7)), Int(be16(b, i + 5)))
            }
            i += 2 + length
        }
        return nil
    }

    private static func webp(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 30 else { return nil }
        let chunk = String(decoding: b[12..<16], as: UTF8.self)
        switch chunk {
        case "VP8X":
            let w = Int(b[24]) | Int(b[25]) << 8 | Int(b[26]) << 16
            let h = Int(b[27]) | Int(b[28]) << 8 | Int(b[29]) << 16
            return (w + 1, h + 1)
        case "VP8 ":
            return (Int(le16(b, 26) & 0x3FFF), Int(le16(b, 28) & 0x3FFF))
        case "VP8L":
            let bits = le32(b, 21)
            return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
        default: return nil
        }
    }

    private static func tiff(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 8 else { return nil }
        let little = b[0] == 0x49
        func u16(_ o: Int) -> UInt32 { o + 2 <= b.count ? (little ? UInt32(le16(b, o)) : UInt32(be16(b, o))) : 0 }
        func u32(_ o: Int) -> UInt32 { o + 4 <= b.count ? (little ? le32(b, o) : be32(b, o)) : 0 }
        let ifd = Int(u32(4))
        guard ifd + 2 <= b.count else { return nil }
        var width: Int?, height: Int?
        for n in 0..<Int(u16(ifd)) {
            let entry = ifd + 2 + n * 12
            guard entry + 12 <= b.count else { break }
            let tag = u16(entry), type = u16(entry + 2)
            let value = type == 3 ? Int(u16(entry + 8)) : Int(u32(entry + 8))
            if tag == 256 { width = value }
            if tag == 257 { height = value }
        }
        guard let width, let height else { return nil }
        return (width, height)
    }

    /// HEIF and AVIF: the largest `ispe` (image spatial extent) property in the file.
    private static func isobmff(_ b: [UInt8]) -> (Int, Int)? {
        let ispe: [UInt8] = Array("ispe".utf8)
        var best: (Int, Int)?
        var i = 4
        let end = min(b.count, 1 << 20)
        while i + 16 <= end {
            if b[i] == ispe[0] && b[i + 1] == ispe[1] && b[i + 2] == ispe[2] && b[i + 3] == ispe[3] {
                let w = Int(be32(b, i + 8)), h = Int(be32(b, i + 12))
                if best == nil || w * h > best!.0 * best!.1 { best = (w, h) }
            }
            i += 1
        }
        return best
    }

    static func be16(_ b: [UInt8], _ o: Int) -> UInt16 { UInt16(b[o]) << 8 | UInt16(b[o + 1]) }
    static func le16(_ b: [UInt8], _ o: Int) -> UInt16 { UInt16(b[o]) | UInt16(b[o + 1]) << 8 }
    static func be32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
    }
    static func le32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
    }
}
