internal import CImaging

/// Finds a photo's EXIF block (TIFF-structured data) in whatever container holds it, for
/// libexif to read: JPEG APP1, PNG `eXIf` (or the older "Raw profile type exif" text
/// chunk that ImageMagick and exiftool write), WebP's `EXIF` chunk, a TIFF's own
/// directories, and the HEIF/AVIF Exif item (through libheif). Every offset is checked;
/// anything malformed gives nil.
enum ExifLocator {
    static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"

    /// The TIFF data of the photo's EXIF, without the "Exif\0\0" in front; nil when the
    /// photo has no EXIF block.
    static func tiffData(in bytes: [UInt8], format: ImageFormat) -> [UInt8]? {
        let block: [UInt8]?
        switch format {
        case .jpeg: block = jpegSegment(in: bytes).map { Array(bytes[$0.lowerBound + 6..<$0.upperBound]) }
        case .png: block = png(bytes)
        case .webp: block = webp(bytes)
        case .tiff: block = TIFFMetadataBlock.compacted(bytes)
        case .heif, .avif: block = heif(bytes)
        // A RAW's metadata is read by LibRaw (RawInfo).
        case .gif, .bmp, .raw: block = nil
        }
        guard var tiff = block else { return nil }
        // Some writers keep the "Exif\0\0" of JPEG's APP1 in front of the TIFF data.
        if tiff.starts(with: exifHeader) { tiff.removeFirst(exifHeader.count) }
        // Whatever it holds: libexif judges it, and a damaged block is reported as such.
        return tiff
    }

    /// The payload of a JPEG's first APP1 segment that holds EXIF ("Exif\0\0" + TIFF data).
    static func jpegSegment(in b: [UInt8]) -> Range<Int>? {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }  // image data starts: no more metadata
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2 else { return nil }
            let start = i + 4, end = i + 2 + length
            if marker == 0xE1 && end <= b.count && length >= 8 && Array(b[start..<start + 6]) == exifHeader {
                return start..<end
            }
            i = end
        }
        return nil
    }

    // MARK: PNG

    private static func png(_ b: [UInt8]) -> [UInt8]? {
        var offset = 8
        var fromText: [UInt8]?
        while offset + 12 <= b.count {
            let length = ImageHeader.be32(b, offset)
            let type = String(decoding: b[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard length <= b.count - start - 4 else { return fromText }
            let data = b[start..<start + length]
            switch type {
            case "eXIf":
                return Array(data)
            case "tEXt", "zTXt", "iTXt":
                if fromText == nil { fromText = rawProfile(Array(data), chunk: type) }
            case "IEND":
                return fromText
            default:
                break
            }
            offset = start + length + 4
        }
        return fromText
    }

    /// ImageMagick's "Raw profile type exif" (or "APP1") text: a newline, the profile
    /// name, its length in decimal, then the bytes in hexadecimal over many lines.
    private static func rawProfile(_ data: [UInt8], chunk: String) -> [UInt8]? {
        guard let nul = data.firstIndex(of: 0) else { return nil }
        let keyword = String(decoding: data[..<nul], as: UTF8.self)
        guard keyword == "Raw profile type exif" || keyword == "Raw profile type APP1" else { return nil }
        var text: [UInt8]
        var rest = Array(data[(nul + 1)...])
        switch chunk {
        case "tEXt":
            text = rest
        case "zTXt":
            guard rest.first == 0 else { return nil }
            rest.removeFirst()
            guard let inflated = inflate(rest) else { return nil }
            text = inflated
        default:  // iTXt: compressed flag, method, language\0, translated keyword\0, text
            guard rest.count >= 2 else { return nil }
            let compressed = rest[0] == 1
            rest.removeFirst(2)
            for _ in 0..<2 {
                guard let end = rest.firstIndex(of: 0) else { return nil }
                rest.removeSubrange(...end)
            }
            if compressed {
                guard let inflated = inflate(rest) else { return nil }
                text = inflated
            } else {
                text = rest
            }
        }
        // "\nexif\n      1234\n4578696600004d4d…"
        let lines = text.split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: true)
        guard lines.count >= 3 else { return nil }
        let digits = lines[1].filter { $0 != UInt8(ascii: " ") }
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let length = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        var high: UInt8?
        for byte in lines[2...].joined() where bytes.count < length {
            let nibble: UInt8
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x61...0x66: nibble = byte - 0x61 + 10
            case 0x41...0x46: nibble = byte - 0x41 + 10
            default: continue
            }
            if let h = high {
                bytes.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes.count == length ? bytes : nil
    }

    /// zlib data inflated (at most 16 MB: no EXIF is larger).
    private static func inflate(_ data: [UInt8]) -> [UInt8]? {
        var capacity = max(4096, data.count * 4)
        while capacity <= 16 << 20 {
            var out = [UInt8](repeating: 0, count: capacity)
            let produced = data.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    ps_inflate(input.baseAddress, input.count, output.baseAddress, output.count)
                }
            }
            if produced >= 0 && produced < capacity { return Array(out.prefix(produced)) }
            capacity *= 4
        }
        return nil
    }

    // MARK: WebP

    private static func webp(_ b: [UInt8]) -> [UInt8]? {
        var offset = 12
        while offset + 8 <= b.count {
            let type = String(decoding: b[offset..<offset + 4], as: UTF8.self)
            let length = ImageHeader.le32(b, offset + 4)
            let start = offset + 8
            guard length <= b.count - start else { return nil }
            if type == "EXIF" { return Array(b[start..<start + length]) }
            offset = start + length + (length & 1)
        }
        return nil
    }

    // MARK: HEIF and AVIF

    private static func heif(_ bytes: [UInt8]) -> [UInt8]? {
        var block: UnsafeMutablePointer<UInt8>?
        var size = 0
        let found = bytes.withUnsafeBufferPointer { ps_heif_exif($0.baseAddress, $0.count, &block, &size) }
        defer { free(block) }
        guard found != 0, let block else { return nil }
        return Array(UnsafeBufferPointer(start: block, count: size))
    }
}
