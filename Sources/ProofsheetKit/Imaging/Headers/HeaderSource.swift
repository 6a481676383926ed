/// A file's bytes as the header readers ask for them: a block at a time, the last one
/// kept, with a bound on what one header may cost to read.
struct HeaderSource {
    let size: Int
    let read: (_ offset: Int, _ count: Int) -> [UInt8]?
    private var block: (offset: Int, bytes: [UInt8])?
    private var budget = 128 << 20
    static let blockSize = 64 << 10

    init(size: Int, read: @escaping (_ offset: Int, _ count: Int) -> [UInt8]?) {
        self.size = size
        self.read = read
    }

    /// Up to `count` bytes at `offset`, fewer at the end of the file; nil past the end, for
    /// a negative or overflowing request, or once a header has cost too much to read.
    mutating func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= size else { return nil }
        let wanted = min(count, size - offset)
        if let block, offset >= block.offset, offset - block.offset + wanted <= block.bytes.count {
            let start = offset - block.offset
            return Array(block.bytes[start..<start + wanted])
        }
        let length = max(wanted, min(Self.blockSize, size - offset))
        guard budget >= length, let got = read(offset, length) else { return nil }
        budget -= length
        block = (offset, got)
        return Array(got.prefix(wanted))
    }

    mutating func be16(_ offset: Int) -> Int? {
        guard let b = bytes(offset, 2), b.count == 2 else { return nil }
        return Int(b[0]) << 8 | Int(b[1])
    }
}

/// How a TIFF lays out its directories: byte order, and classic (12-byte entries, 32-bit
/// offsets) or BigTIFF (20-byte entries, 64-bit offsets).
struct TIFFLayout {
    let little: Bool
    let big: Bool

    init(_ header: [UInt8]) {
        little = header[0] == 0x49
        big = (little ? Int(header[2]) : Int(header[3])) == 43
    }

    struct Entry {
        var tag: Int
        var type: Int
        var count: Int
        /// The value field (4 or 8 bytes), as stored.
        var value: [UInt8]
        /// A SHORT, LONG or LONG8 value held in the entry itself.
        func inlineNumber(_ layout: TIFFLayout) -> Int? {
            guard count == 1 else { return nil }
            switch type {
            case 3: return layout.number(value, 0, 2)
            case 4, 13: return layout.number(value, 0, 4)
            case 16, 18: return layout.big ? layout.number(value, 0, 8) : nil
            default: return nil
            }
        }
    }

    func number(_ b: [UInt8], _ offset: Int, _ width: Int) -> Int? {
        guard offset >= 0, offset + width <= b.count else { return nil }
        var value: UInt64 = 0
        for i in 0..<width {
            let byte = UInt64(b[little ? offset + width - 1 - i : offset + i])
            value = value << 8 | byte
        }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    func firstDirectory(_ header: [UInt8]) -> Int? {
        big ? (header.count >= 16 ? number(header, 8, 8) : nil) : number(header, 4, 4)
    }

    /// The entries of the directory at `offset` (at most 65,535).
    func entries(at offset: Int, in source: inout HeaderSource) throws(ImagingError) -> [Entry] {
        let countWidth = big ? 8 : 2, entryWidth = big ? 20 : 12, valueWidth = big ? 8 : 4
        guard let countBytes = source.bytes(offset, countWidth), let count = number(countBytes, 0, countWidth) else {
            throw ImageHeader.truncatedHeader(.tiff)
        }
        guard count <= 65_535 else { throw .refused("refused: a TIFF directory of \(count) entries") }
        guard let table = source.bytes(offset + countWidth, count * entryWidth), table.count == count * entryWidth else {
            throw ImageHeader.truncatedHeader(.tiff)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for i in 0..<count {
            let at = i * entryWidth
            guard let tag = number(table, at, 2), let type = number(table, at + 2, 2),
                let values = number(table, at + 4, big ? 8 : 4)
            else { continue }
            entries.append(
                Entry(
                    tag: tag, type: type, count: values, value: Array(table[at + 4 + (big ? 8 : 4)..<at + 4 + (big ? 8 : 4) + valueWidth])))
        }
        return entries
    }
}
