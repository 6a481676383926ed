import Foundation
import ProofsheetKit

/// A minimal DNG as cameras and converters write them: IFD0 a small RGB thumbnail with the
/// camera's name, orientation and date, and two sub-IFDs: the sensor's mosaic (a tiny
/// 16-bit Bayer CFA) and the large preview, a baseline JPEG. Written byte by byte (classic
/// little-endian TIFF) so the tests need no DNG library; the shot's EXIF is added by
/// exiftool, as a converter would.
struct DNGWriter {
    var make = "Proofsheet"
    var model = "Test Camera"
    var date = "2026:06:20 14:30:05"
    var orientation: Orientation = .up
    /// The preview, a JPEG, and its size.
    var preview: (jpeg: [UInt8], width: Int, height: Int)
    /// The IFD0 thumbnail's size (its pixels grey).
    var thumbnail = (width: 160, height: 120)

    private struct Entry {
        var tag: Int
        var type: Int  // 1 BYTE, 2 ASCII, 3 SHORT, 4 LONG
        var values: [Int]
        var ascii: String? = nil
    }

    func data() -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 42, 0, 0, 0, 0, 0]
        // Pixel data first, then the directories (each entry's values inline or after it).
        func append(_ bytes: [UInt8]) -> Int {
            let at = out.count
            out += bytes
            if out.count % 2 == 1 { out.append(0) }
            return at
        }
        let thumbPixels = append([UInt8](repeating: 128, count: thumbnail.width * thumbnail.height * 3))
        let mosaic = (width: 64, height: 48)
        var cfa: [UInt8] = []
        for _ in 0..<(mosaic.width * mosaic.height) { cfa += [0x00, 0x08] }  // 2048 of 4095
        let rawPixels = append(cfa)
        let previewData = append(preview.jpeg)

        let raw: [Entry] = [
            Entry(tag: 254, type: 4, values: [0]), Entry(tag: 256, type: 4, values: [mosaic.width]),
            Entry(tag: 257, type: 4, values: [mosaic.height]), Entry(tag: 258, type: 3, values: [16]),
            Entry(tag: 259, type: 3, values: [1]), Entry(tag: 262, type: 3, values: [32803]),
            Entry(tag: 273, type: 4, values: [rawPixels]), Entry(tag: 277, type: 3, values: [1]),
            Entry(tag: 278, type: 4, values: [mosaic.height]), Entry(tag: 279, type: 4, values: [cfa.count]),
            Entry(tag: 33421, type: 3, values: [2, 2]), Entry(tag: 33422, type: 1, values: [0, 1, 1, 2]),
            Entry(tag: 50717, type: 4, values: [4095]),
        ]
        let large: [Entry] = [
            Entry(tag: 254, type: 4, values: [1]), Entry(tag: 256, type: 4, values: [preview.width]),
            Entry(tag: 257, type: 4, values: [preview.height]), Entry(tag: 258, type: 3, values: [8, 8, 8]),
            Entry(tag: 259, type: 3, values: [7]), Entry(tag: 262, type: 3, values: [6]),
            Entry(tag: 273, type: 4, values: [previewData]), Entry(tag: 277, type: 3, values: [3]),
            Entry(tag: 278, type: 4, values: [preview.height]), Entry(tag: 279, type: 4, values: [preview.jpeg.count]),
        ]
        let rawIFD = Self.directory(raw, at: &out)
        let previewIFD = Self.directory(large, at: &out)
        let first: [Entry] = [
            Entry(tag: 254, type: 4, values: [1]), Entry(tag: 256, type: 4, values: [thumbnail.width]),
            Entry(tag: 257, type: 4, values: [thumbnail.height]), Entry(tag: 258, type: 3, values: [8, 8, 8]),
            Entry(tag: 259, type: 3, values: [1]), Entry(tag: 262, type: 3, values: [2]),
            Entry(tag: 271, type: 2, values: [], ascii: make), Entry(tag: 272, type: 2, values: [], ascii: model),
            Entry(tag: 273, type: 4, values: [thumbPixels]), Entry(tag: 274, type: 3, values: [orientation.rawValue]),
            Entry(tag: 277, type: 3, values: [3]), Entry(tag: 278, type: 4, values: [thumbnail.height]),
            Entry(tag: 279, type: 4, values: [thumbnail.width * thumbnail.height * 3]),
            Entry(tag: 306, type: 2, values: [], ascii: date), Entry(tag: 330, type: 4, values: [rawIFD, previewIFD]),
            Entry(tag: 50706, type: 1, values: [1, 4, 0, 0]), Entry(tag: 50708, type: 2, values: [], ascii: make + " " + model),
        ]
        let firstIFD = Self.directory(first, at: &out)
        for (i, byte) in Self.le32(firstIFD).enumerated() { out[4 + i] = byte }
        return out
    }

    /// Appends a directory of `entries` (sorted by tag) and the values that do not fit
    /// inline; returns its offset.
    private static func directory(_ entries: [Entry], at out: inout [UInt8]) -> Int {
        if out.count % 2 == 1 { out.append(0) }
        let start = out.count
        let valuesStart = start + 2 + 12 * entries.count + 4
        var table = le16(entries.count), values: [UInt8] = []
        for entry in entries.sorted(by: { $0.tag < $1.tag }) {
            var bytes: [UInt8]
            switch entry.type {
            case 2: bytes = Array(entry.ascii!.utf8) + [0]
            case 3: bytes = entry.values.flatMap(le16)
            case 4: bytes = entry.values.flatMap(le32)
            default: bytes = entry.values.map { UInt8($0) }
            }
            let count = entry.type == 2 ? bytes.count : entry.values.count
            table += le16(entry.tag) + le16(entry.type) + le32(count)
            if bytes.count <= 4 {
                table += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
            } else {
                table += le32(valuesStart + values.count)
                values += bytes
                if values.count % 2 == 1 { values.append(0) }
            }
        }
        out += table + le32(0) + values
        return start
    }

    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    private static func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
}
