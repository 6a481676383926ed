/// A TIFF's EXIF, copied into a small classic TIFF block that libexif can read.
///
/// Why by hand: libexif reads at most 64 KB of TIFF data (the size of a JPEG APP1
/// segment), and a TIFF photo's first directory is usually after its pixels, megabytes in;
/// nor does it read BigTIFF. libtiff can read the tags, but then every field would be
/// mapped twice. So the few directories that hold metadata (the first one's camera,
/// orientation and date tags, the Exif and GPS directories) are copied with their values
/// into a fresh classic TIFF in the same byte order, and libexif reads that like any
/// other EXIF block.
enum TIFFMetadataBlock {
    /// The tags of the first directory worth keeping; the rest describe the pixels.
    static let keptTags: Set<Int> = [0x010E, 0x010F, 0x0110, 0x0112, 0x0131, 0x0132, 0x013B, 0x8298]
    static let exifPointer = 0x8769, gpsPointer = 0x8825
    /// No single value larger than this is copied (maker notes, thumbnails).
    static let largestValue = 4096

    private struct Field {
        var tag: Int
        var type: Int
        var count: Int
        var value: [UInt8]
    }

    static func compacted(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 16 else { return nil }
        let layout = TIFFLayout(Array(bytes.prefix(16)))
        var source = HeaderSource(size: bytes.count) { offset, count in
            Array(bytes[offset..<min(bytes.count, offset + count)])
        }
        guard let first = layout.firstDirectory(Array(bytes.prefix(16))),
            let entries = try? layout.entries(at: first, in: &source)
        else { return nil }
        var ifd0: [Field] = []
        var exif: [Field] = [], gps: [Field] = []
        for entry in entries {
            if entry.tag == exifPointer || entry.tag == gpsPointer {
                guard let offset = layout.number(entry.value, 0, layout.big && entry.type >= 16 ? 8 : 4),
                    let sub = try? layout.entries(at: offset, in: &source)
                else { continue }
                let fields = sub.compactMap { field($0, layout: layout, bytes: bytes) }
                if entry.tag == exifPointer { exif = fields } else { gps = fields }
            } else if keptTags.contains(entry.tag), let field = field(entry, layout: layout, bytes: bytes) {
                ifd0.append(field)
            }
        }
        guard !ifd0.isEmpty || !exif.isEmpty || !gps.isEmpty else { return nil }
        return write(ifd0: ifd0, exif: exif, gps: gps, little: layout.little)
    }

    /// Bytes per value of the classic TIFF types (BigTIFF's 8-byte types are left out).
    private static func typeSize(_ type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }

    private static func field(_ entry: TIFFLayout.Entry, layout: TIFFLayout, bytes: [UInt8]) -> Field? {
        guard entry.tag != exifPointer, entry.tag != gpsPointer, let size = typeSize(entry.type) else { return nil }
        let (length, overflow) = size.multipliedReportingOverflow(by: entry.count)
        guard !overflow, length <= largestValue else { return nil }
        if length <= entry.value.count {
            return Field(tag: entry.tag, type: entry.type, count: entry.count, value: Array(entry.value.prefix(length)))
        }
        guard let offset = layout.number(entry.value, 0, entry.value.count), offset <= bytes.count, length <= bytes.count - offset else {
            return nil
        }
        return Field(tag: entry.tag, type: entry.type, count: entry.count, value: Array(bytes[offset..<offset + length]))
    }

    private static func write(ifd0: [Field], exif: [Field], gps: [Field], little: Bool) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { little ? [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] : [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] {
            let b = [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return little ? b.reversed() : b
        }
        var first = ifd0
        // The pointers to the other directories, filled in once their places are known.
        if !exif.isEmpty { first.append(Field(tag: exifPointer, type: 4, count: 1, value: [0, 0, 0, 0])) }
        if !gps.isEmpty { first.append(Field(tag: gpsPointer, type: 4, count: 1, value: [0, 0, 0, 0])) }
        let directories = [first, exif, gps].map { $0.sorted { $0.tag < $1.tag } }
        // Each directory: count, entries, next offset, then the values that do not fit inline.
        func size(_ fields: [Field]) -> Int {
            2 + 12 * fields.count + 4 + fields.reduce(0) { $0 + ($1.value.count > 4 ? ($1.value.count + 1) & ~1 : 0) }
        }
        var starts: [Int] = []
        var position = 8
        for fields in directories {
            starts.append(fields.isEmpty ? 0 : position)
            position += fields.isEmpty ? 0 : size(fields)
        }
        var out: [UInt8] = little ? [0x49, 0x49, 42, 0] : [0x4D, 0x4D, 0, 42]
        out += u32(8)
        for (index, var fields) in directories.enumerated() where !fields.isEmpty {
            for i in fields.indices where fields[i].tag == exifPointer { fields[i].value = u32(starts[1]) }
            for i in fields.indices where fields[i].tag == gpsPointer { fields[i].value = u32(starts[2]) }
            var values = starts[index] + 2 + 12 * fields.count + 4
            var tail: [UInt8] = []
            out += u16(fields.count)
            for field in fields {
                out += u16(field.tag) + u16(field.type) + u32(field.count)
                if field.value.count <= 4 {
                    out += field.value + [UInt8](repeating: 0, count: 4 - field.value.count)
                } else {
                    out += u32(values)
                    tail += field.value
                    if field.value.count & 1 == 1 { tail.append(0) }
                    values += (field.value.count + 1) & ~1
                }
            }
            out += u32(0) + tail
        }
        return out
    }
}
