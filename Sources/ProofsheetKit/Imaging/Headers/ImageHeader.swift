/// What a photo's header says, read before the photo is: its format, the size its decoder
/// will decode, and the memory that takes.
public struct ImageInfo: Sendable, Equatable {
    public var format: ImageFormat
    /// The stored size, as the decoder will decode it (for HEIF and AVIF the largest image
    /// in the file, which bounds the primary one).
    public var width: Int
    public var height: Int
    /// The decoder's working memory beyond the file's own bytes, an estimate from above.
    public var workingBytes: Int
    /// Why the decode holds that much, when it holds the whole picture (or its coefficients).
    var wholeReason: String?
    /// GIF: the logical screen the first frame is composed on, and the frame's place in it.
    var screen: (width: Int, height: Int, left: Int, top: Int)?

    public static func == (a: ImageInfo, b: ImageInfo) -> Bool {
        a.format == b.format && a.width == b.width && a.height == b.height && a.workingBytes == b.workingBytes
            && a.screen?.width == b.screen?.width && a.screen?.height == b.screen?.height
            && a.screen?.left == b.screen?.left && a.screen?.top == b.screen?.top
    }
}

/// Reads an image's header without decoding it, so that a decompression bomb (a small
/// file that declares a huge image) or a hostile header is refused before any pixel
/// memory is taken, and so that the build can budget memory before it reads the file.
///
/// Only the header's bytes are read, through `read(offset, count)`: a few blocks for most
/// files, wherever the header lies (TIFF directories at the end, HEIF `meta` boxes after
/// the image data, JPEG frame headers after long metadata). All arithmetic on what the
/// file says is checked; nothing here can trap, whatever the bytes.
public enum ImageHeader {
    /// Files larger than any photo are refused without being read.
    public static let maximumFileBytes = 1 << 30
    /// HEIF `meta` boxes larger than this are refused (real ones are kilobytes).
    static let maximumMetaBytes = 64 << 20

    /// The header of a photo held in memory.
    public static func read(_ bytes: [UInt8]) throws(ImagingError) -> ImageInfo {
        try read(fileSize: bytes.count) { offset, count in
            guard offset >= 0, count >= 0, offset <= bytes.count else { return nil }
            return Array(bytes[offset..<min(bytes.count, offset &+ count)])
        }
    }

    /// The header of a photo of `fileSize` bytes, read through `read`, which returns up to
    /// `count` bytes at `offset` (fewer at the end of the file), or nil if it cannot.
    public static func read(
        fileSize: Int, read: (_ offset: Int, _ count: Int) -> [UInt8]?
    ) throws(ImagingError) -> ImageInfo {
        guard fileSize <= maximumFileBytes else {
            throw .refused("refused: the file is over \(maximumFileBytes >> 30) GB, larger than any photo")
        }
        return try withoutActuallyEscaping(read) { (read) throws(ImagingError) in
            var source = HeaderSource(size: fileSize, read: read)
            return try header(&source)
        }
    }

    private static func header(_ source: inout HeaderSource) throws(ImagingError) -> ImageInfo {
        let fileSize = source.size
        guard let head = source.bytes(0, min(fileSize, ImageFormat.sniffLength)), let format = ImageFormat.sniff(head) else {
            throw .invalid("not an image this tool reads")
        }
        var info: ImageInfo
        switch format {
        case .jpeg: info = try jpeg(&source)
        case .png: info = try png(&source)
        case .gif: info = try gif(&source)
        case .bmp: info = try bmp(&source)
        case .webp: info = try webp(&source)
        case .tiff: info = try tiff(&source)
        case .heif, .avif: info = try isobmff(&source, format: format)
        // Never sniffed: a RAW is told by its name and read by LibRaw (RawInfo).
        case .raw: throw .invalid("not an image this tool reads by its header")
        }
        guard info.width > 0, info.height > 0 else { throw .invalid("the \(format.displayName) header declares an empty image") }
        if let screen = info.screen {
            let (screenPixels, overflow) = screen.width.multipliedReportingOverflow(by: screen.height)
            guard !overflow, screenPixels <= DecodeBudget.maximumPixels else {
                throw .tooLarge(width: screen.width, height: screen.height, why: "over the limit of 1 gigapixel")
            }
            info.workingBytes = info.workingBytes &+ 4 * screenPixels
        }
        try DecodeBudget.check(info, fileSize: fileSize)
        return info
    }

    static func truncatedHeader(_ format: ImageFormat) -> ImagingError {
        .invalid("the file ends inside its \(format.displayName) header")
    }

    // MARK: JPEG

    private static func jpeg(_ source: inout HeaderSource) throws(ImagingError) -> ImageInfo {
        var offset = 2
        for _ in 0..<20_000 {
            guard let marker = source.bytes(offset, 2), marker.count == 2 else { throw truncatedHeader(.jpeg) }
            guard marker[0] == 0xFF else { throw .invalid("not a valid JPEG: no marker where one must be") }
            let code = marker[1]
            if code == 0xFF { offset += 1; continue }  // fill bytes
            if code == 0xD8 || code == 0x01 || (0xD0...0xD7).contains(code) { offset += 2; continue }
            if code == 0xDA || code == 0xD9 { throw .invalid("not a valid JPEG: image data before any frame header") }
            guard let length = source.be16(offset + 2), length >= 2 else { throw truncatedHeader(.jpeg) }
            // Start-of-frame markers carry the size; C4, C8 and CC are not frames.
            if (0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code) {
                guard let frame = source.bytes(offset + 4, 6), frame.count == 6 else { throw truncatedHeader(.jpeg) }
                let height = Int(frame[1]) << 8 | Int(frame[2]), width = Int(frame[3]) << 8 | Int(frame[4])
                let components = max(1, Int(frame[5]))
                let progressive = [0xC2, 0xC6, 0xCA, 0xCE].contains(code)
                guard progressive else {
                    // Baseline: decoded a row of blocks at a time, at the DCT scale the output needs.
                    return ImageInfo(format: .jpeg, width: width, height: height, workingBytes: width * 64 * components)
                }
                // A progressive JPEG keeps every coefficient (2 bytes each) until its last
                // scan, at full size whatever the scale: 64 a block of each component.
                guard let sampling = source.bytes(offset + 10, 3 * components), sampling.count == 3 * components else {
                    throw truncatedHeader(.jpeg)
                }
                var factors: [(h: Int, v: Int)] = []
                for c in 0..<components {
                    let byte = Int(sampling[3 * c + 1])
                    factors.append((max(1, byte >> 4), max(1, byte & 15)))
                }
                let hMax = factors.map { $0.h }.max() ?? 1, vMax = factors.map { $0.v }.max() ?? 1
                var working = 0
                for f in factors {
                    let columns: Int = (width * f.h + hMax - 1) / hMax, rows: Int = (height * f.v + vMax - 1) / vMax
                    let across: Int = (columns + 8 * f.h - 1) / (8 * f.h) * f.h
                    let down: Int = (rows + 8 * f.v - 1) / (8 * f.v) * f.v
                    working += across * down * 128
                }
                return ImageInfo(
                    format: .jpeg, width: width, height: height, workingBytes: working,
                    wholeReason: "a progressive JPEG keeps every coefficient")
            }
            offset += 2 + length
        }
        throw .invalid("not a valid JPEG: no frame header in the first 20,000 segments")
    }

    // MARK: PNG

    private static func png(_ source: inout HeaderSource) throws(ImagingError) -> ImageInfo {
        guard let ihdr = source.bytes(8, 21), ihdr.count == 21 else { throw truncatedHeader(.png) }
        guard Array(ihdr[4..<8]) == Array("IHDR".utf8) else { throw .invalid("not a valid PNG: no IHDR chunk first") }
        let width = be32(ihdr, 8), height = be32(ihdr, 12)
        // PNG sizes are 31-bit; a larger one is no PNG libpng accepts.
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .invalid("not a valid PNG: the header declares \(width)×\(height) pixels")
        }
        let interlaced = ihdr[20] != 0
        // Interlaced images are decoded whole (4 bytes a pixel); others a row at a time.
        let working = interlaced ? width &* height &* 4 : width &* 32
        return ImageInfo(
            format: .png, width: width, height: height, workingBytes: working,
            wholeReason: interlaced ? "an interlaced PNG is decoded whole" : nil)
    }

    // MARK: GIF

    private static func gif(_ source: inout HeaderSource) throws(ImagingError) -> ImageInfo {
        guard let screen = source.bytes(6, 7), screen.count == 7 else { throw truncatedHeader(.gif) }
        let screenWidth = le16(screen, 0), screenHeight = le16(screen, 2)
        var offset = 13
        if screen[4] & 0x80 != 0 { offset += 3 << (Int(screen[4] & 7) + 1) }  // global colour table
        for _ in 0..<100_000 {
            guard let introducer = source.bytes(offset, 1)?.first else { throw truncatedHeader(.gif) }
            switch introducer {
            case 0x2C:  // the first image: where it lies on the screen, and its size
                guard let descriptor = source.bytes(offset + 1, 8), descriptor.count == 8 else { throw truncatedHeader(.gif) }
                let left = le16(descriptor, 0), top = le16(descriptor, 2)
                let width = le16(descriptor, 4), height = le16(descriptor, 6)
                // libgd decodes the frame as a palette image and makes it truecolor (5 bytes
                // a pixel); it is then composed on the screen (added by the caller).
                return ImageInfo(
                    format: .gif, width: width, height: height, workingBytes: width * height * 5,
                    screen: (max(screenWidth, 1), max(screenHeight, 1), left, top))
            case 0x21:  // an extension: a label, then data blocks until an empty one
                offset += 2
                for _ in 0..<100_000 {
                    guard let length = source.bytes(offset, 1)?.first else { throw truncatedHeader(.gif) }
                    offset += 1 + Int(length)
                    if length == 0 { break }
                }
            default:
                throw .invalid("not a valid GIF: no image before the end")
            }
        }
        throw .invalid("not a valid GIF: no image in the first 100,000 blocks")
    }

    // MARK: BMP

    private static func bmp(_ source: inout HeaderSource) throws(ImagingError) -> ImageInfo {
        guard let header = source.bytes(14, 12), header.count == 12 else { throw truncatedHeader(.bmp) }
        let headerSize = le32(header, 0)
        let width: Int, height: Int
        if headerSize == 12 {
            // OS/2 1.x (BITMAPCOREHEADER): 16-bit sizes.
            width = le16(header, 4)
            height = le16(header, 6)
        } else if headerSize >= 16 {
            // Windows and OS/2 2.x: signed 32-bit sizes; a negative height is stored top down.
            width = Int(Int32(truncatingIfNeeded: le32(header, 4)))
            height = Int(Int32(truncatingIfNeeded: le32(header, 8)).magnitude)
            guard width > 0 else { throw .invalid("not a valid BMP: the header declares a width of \(width)") }
        } else {
            throw .invalid("not a valid BMP: a \(headerSize)-byte header")
        }
        let layout = try bmpLayout(&source, headerSize: headerSize)
        // Every depth a BMP can have; 0 only for rows stored as a JPEG or a PNG. libgd
        // would take any other for true colour and make the image (one allocation per row:
        // 3×3,080,194 pixels at a depth of 6144 took 146 MB and 1.6 s; found by
        // FuzzThumbnailer) before saying it cannot read it.
        guard [1, 2, 4, 8, 16, 24, 32].contains(layout.bitsPerPixel) || (layout.bitsPerPixel == 0 && [4, 5].contains(layout.compression))
        else { throw .invalid("not a valid BMP: a depth of \(layout.bitsPerPixel) bits per pixel") }
        if bmpRowsEnd(layout, width: width, height: height) > source.size { throw .truncated }
        return ImageInfo(format: .bmp, width: width, height: height, workingBytes: width &* height &* 5)
    }

    /// Where a BMP's rows start, how many bits a pixel takes and how the rows are
    /// compressed: the data offset (file offset 10), then the bit depth and, in headers that
    /// have it, the compression (offsets 24, or 28 and 30, after the 14-byte file header).
    private static func bmpLayout(_ source: inout HeaderSource, headerSize: Int) throws(ImagingError)
        -> (dataOffset: Int, bitsPerPixel: Int, compression: Int)
    {
        let needed = headerSize == 12 ? 16 : headerSize >= 20 ? 24 : 20
        guard let b = source.bytes(10, 24), b.count >= needed else { throw truncatedHeader(.bmp) }
        return (le32(b, 0), headerSize == 12 ? le16(b, 14) : le16(b, 18), headerSize >= 20 ? le32(b, 20) : 0)
    }

    /// Where the pixel rows of an uncompressed BMP end, or 0 when that is not known here
    /// (compressed rows, a size over the pixel limit, which is refused by itself).
    /// Uncompressed rows take their whole size on disk, so a file that ends before them is
    /// truncated — and is refused before libgd allocates the image it declares (a 78-byte
    /// file declaring 3×15,073,282 pixels cost 600 MB and seconds; found by FuzzImageHeader).
    private static func bmpRowsEnd(_ layout: (dataOffset: Int, bitsPerPixel: Int, compression: Int), width: Int, height: Int) -> Int {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow, pixels <= DecodeBudget.maximumPixels else { return 0 }
        // BI_RGB, BI_BITFIELDS and BI_ALPHABITFIELDS store rows as they are.
        guard [0, 3, 6].contains(layout.compression), layout.bitsPerPixel > 0 else { return 0 }
        let stride = (width * layout.bitsPerPixel + 31) / 32 * 4
        return layout.dataOffset + stride * height
    }

    // MARK: WebP

    private static func webp(_ source: inout HeaderSource) throws(ImagingError) -> ImageInfo {
        guard let b = source.bytes(12, 18), b.count >= 8 else { throw truncatedHeader(.webp) }
        let chunk = String(decoding: b[0..<4], as: UTF8.self)
        var width = 0, height = 0, animated = false
        switch chunk {
        case "VP8X" where b.count >= 18:
            animated = b[8] & 0x02 != 0
            width = (Int(b[12]) | Int(b[13]) << 8 | Int(b[14]) << 16) + 1
            height = (Int(b[15]) | Int(b[16]) << 8 | Int(b[17]) << 16) + 1
        case "VP8 " where b.count >= 18:
            width = le16(b, 14) & 0x3FFF
            height = le16(b, 16) & 0x3FFF
        case "VP8L" where b.count >= 13:
            // One signature byte, then 14 bits of width − 1 and 14 of height − 1.
            guard b[8] == 0x2F else { throw .invalid("not a valid WebP: bad lossless signature") }
            let bits = le32(b, 9)
            width = (bits & 0x3FFF) + 1
            height = ((bits >> 14) & 0x3FFF) + 1
        case "VP8X", "VP8 ", "VP8L":
            throw truncatedHeader(.webp)
        default:
            throw .invalid("not a valid WebP: its first chunk is \"\(chunk.filter { $0.isASCII && !$0.isWhitespace })\"")
        }
        // libwebp decodes no more (WEBP_MAX_DIMENSION), whatever a VP8X canvas says.
        guard width <= 16383, height <= 16383 else {
            throw .invalid("not a valid WebP: the header declares \(width)×\(height) pixels, over WebP's 16383 a side")
        }
        // Decoded whole to 4 bytes a pixel; an animation's canvas twice (frame and canvas).
        return ImageInfo(format: .webp, width: width, height: height, workingBytes: width * height * (animated ? 8 : 4))
    }

    // MARK: TIFF

    private static func tiff(_ source: inout HeaderSource) throws(ImagingError) -> ImageInfo {
        guard let header = source.bytes(0, 16), header.count >= 8 else { throw truncatedHeader(.tiff) }
        let layout = TIFFLayout(header)
        guard let first = layout.firstDirectory(header) else { throw truncatedHeader(.tiff) }
        let entries = try layout.entries(at: first, in: &source)
        var width: Int?, height: Int?, compressed = true, tiled = false, bandRows: Int?
        for entry in entries {
            switch entry.tag {
            case 259: compressed = entry.inlineNumber(layout) != 1
            case 278 where !tiled, 323: bandRows = entry.inlineNumber(layout)
            case 322: tiled = true
            default: break
            }
        }
        for entry in entries where entry.tag == 256 || entry.tag == 257 {
            // The decoder reads one of two such tags and a check would read the other: a
            // file that says its size twice is refused.
            if (entry.tag == 256 ? width : height) != nil {
                throw .refused("refused: the TIFF header declares its \(entry.tag == 256 ? "width" : "height") twice")
            }
            guard let value = entry.inlineNumber(layout) else {
                throw .invalid("not a valid TIFF: its \(entry.tag == 256 ? "width" : "height") is not a number")
            }
            if entry.tag == 256 { width = value } else { height = value }
        }
        guard let width, let height else { throw .invalid("not a valid TIFF: no width or height in its first directory") }
        // libtiff decodes a band at a time, a strip or a row of tiles (a long uncompressed
        // strip chopped into rows), held as 4 bytes a pixel and as stored (up to 8 more).
        var rows = min(max(1, bandRows ?? height), height)
        if !compressed && !tiled { rows = 1 }
        return ImageInfo(
            format: .tiff, width: width, height: height, workingBytes: width &* rows &* 12,
            wholeReason: "libtiff decodes its strips or tiles whole")
    }

    // MARK: HEIF and AVIF

    /// The largest `ispe` (image spatial extent) in the `meta` box, wherever that lies among
    /// the top-level boxes: it bounds the primary image (a grid's own extent is the whole
    /// picture). libheif checks the primary image's own size again before decoding.
    private static func isobmff(_ source: inout HeaderSource, format: ImageFormat) throws(ImagingError) -> ImageInfo {
        var offset = 0
        var meta: [UInt8]?
        var sawMovie = false
        for _ in 0..<10_000 {
            guard offset < source.size else { break }
            guard let box = try boxHeader(&source, at: offset, end: source.size, format: format) else { break }
            if box.type == "meta" {
                guard box.size <= maximumMetaBytes else {
                    throw .refused("refused: a \(format.displayName) header (meta box) of \(box.size >> 20) MB")
                }
                guard let bytes = source.bytes(offset, box.size), bytes.count == box.size else { throw truncatedHeader(format) }
                meta = bytes
                break
            }
            if box.type == "moov" { sawMovie = true }
            offset += box.size
        }
        guard let meta else {
            if sawMovie {
                throw .unsupported("an \(format.displayName) image sequence with no still image, which libheif cannot decode")
            }
            throw .invalid("not a valid \(format.displayName): no meta box")
        }
        var best: (width: Int, height: Int)?
        var primary: Int?
        var itemTypes: [Int: String] = [:]
        var boxes = [(start: 12, end: meta.count)]  // meta is a full box: children after 12 bytes
        var visited = 0
        while let range = boxes.popLast(), visited < 100_000 {
            var child = range.start
            while child + 8 <= range.end, visited < 100_000 {
                visited += 1
                let size32 = be32(meta, child)
                let type = String(decoding: meta[child + 4..<child + 8], as: UTF8.self)
                var size = size32, header = 8
                if size32 == 1 {
                    guard child + 16 <= range.end else { break }
                    let high = be32(meta, child + 8), low = be32(meta, child + 12)
                    guard high == 0 else { break }
                    size = low
                    header = 16
                } else if size32 == 0 {
                    size = range.end - child
                }
                guard size >= header, size <= range.end - child else { break }
                switch type {
                case "iprp", "ipco": boxes.append((child + header, child + size))
                case "pitm" where size >= header + 6 && size >= header + (meta[child + header] == 0 ? 6 : 8):
                    primary = meta[child + header] == 0 ? be16(meta, child + header + 4) : be32(meta, child + header + 4)
                case "iinf" where size >= header + 6:
                    // Full box; a 16- or 32-bit entry count, then one infe box per item.
                    boxes.append((child + header + (meta[child + header] == 0 ? 6 : 8), child + size))
                case "infe" where size >= header + 12 && meta[child + header] >= 2:
                    let wide = meta[child + header] >= 3
                    let id = wide ? be32(meta, child + header + 4) : be16(meta, child + header + 4)
                    let at = child + header + (wide ? 10 : 8)
                    if at + 4 <= child + size { itemTypes[id] = String(decoding: meta[at..<at + 4], as: UTF8.self) }
                case "ispe" where size >= header + 12:
                    let width = be32(meta, child + header + 4), height = be32(meta, child + header + 8)
                    let (area, overflow) = width.multipliedReportingOverflow(by: height)
                    if best == nil || overflow || area > best!.width &* best!.height { best = (width, height) }
                default: break
                }
                child += size
            }
        }
        // A primary image coded in a way libheif does not know (H.264, JPEG, JPEG 2000, VVC…)
        // is valid, but no library here decodes it: say so, rather than "corrupt".
        if let primary, let type = itemTypes[primary], !["hvc1", "av01", "grid", "iden", "iovl"].contains(type) {
            throw .unsupported(
                "a \(format.displayName) whose codec (\(type.filter { $0.isASCII && !$0.isWhitespace })) no library on this machine decodes"
            )
        }
        if let primary, let type = itemTypes[primary], type == "hvc1" || type == "av01",
            !Thumbnailer.readableFormats.contains(type == "hvc1" ? .heif : .avif)
        {
            throw .unsupported(
                "a \(format.displayName) whose codec (\(type == "hvc1" ? "HEVC" : "AV1")) this machine cannot decode: libheif has no decoder for it"
            )
        }
        guard let best else { throw .invalid("not a valid \(format.displayName): no image size in its header") }
        // A grid (as phones write) is decoded tile by tile (heif_tiles.c): two rows of
        // tiles at 4 bytes a pixel, phones' tiles 512 high; the decoder checks its real
        // tiles again. Anything else libheif decodes whole, to 4 bytes a pixel from planes
        // of up to 2 bytes a sample.
        if format == .heif, let primary, itemTypes[primary] == "grid" {
            return ImageInfo(format: format, width: best.width, height: best.height, workingBytes: best.width &* 4096 &+ 32 << 20)
        }
        return ImageInfo(
            format: format, width: best.width, height: best.height, workingBytes: best.width &* best.height &* 10,
            wholeReason: "libheif decodes the image whole")
    }

    /// An ISOBMFF box header at `offset`: its type and whole size, checked against `end`.
    private static func boxHeader(
        _ source: inout HeaderSource, at offset: Int, end: Int, format: ImageFormat
    ) throws(ImagingError) -> (type: String, size: Int)? {
        guard let head = source.bytes(offset, 16), head.count >= 8 else { return nil }
        let type = String(decoding: head[4..<8], as: UTF8.self)
        var size = be32(head, 0)
        if size == 1 {
            guard head.count >= 16 else { throw truncatedHeader(format) }
            let high = be32(head, 8), low = be32(head, 12)
            guard high < 1 << 30 else { throw .invalid("not a valid \(format.displayName): a box of \(high) × 4 GB") }
            size = high << 32 | low
        } else if size == 0 {
            size = end - offset
        }
        guard size >= 8, size <= end - offset else {
            throw .invalid(
                "not a valid \(format.displayName): a \(type.filter { $0.isASCII && !$0.isWhitespace }) box runs past the end of the file")
        }
        return (type, size)
    }

    // MARK: Bytes

    static func be16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 8 | Int(b[o + 1]) }
    static func be32(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3]) }
    static func le16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
    static func le32(_ b: [UInt8], _ o: Int) -> Int {
        Int(b[o]) | Int(b[o + 1]) << 8 | Int(b[o + 2]) << 16 | Int(b[o + 3]) << 24
    }
}
