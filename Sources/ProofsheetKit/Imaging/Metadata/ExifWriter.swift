internal import CExif
import Foundation

/// Writes EXIF into JPEGs with libexif: the demo library and the tests make their photos
/// with it, so what the reader is tested against is what real cameras write.
public struct ExifWriter: Sendable {
    public var orientation: Orientation?
    /// `YYYY-MM-DDTHH:MM:SS`.
    public var dateTaken: String?
    public var make: String?
    public var model: String?
    public var lens: String?
    /// Seconds, as numerator and denominator (1/250 s is (1, 250)).
    public var exposureTime: (UInt32, UInt32)?
    public var fNumber: (UInt32, UInt32)?
    public var iso: Int?
    public var focalLength: (UInt32, UInt32)?
    public var description: String?
    public var gps: GPSPosition?
    /// Raw bytes to use as the APP1 payload instead, for testing damaged EXIF.
    public var rawSegment: [UInt8]?

    public init() {}

    /// Returns `jpeg` with an EXIF APP1 segment inserted right after the start marker.
    public func inserting(into jpeg: [UInt8]) throws -> [UInt8] {
        guard jpeg.count >= 2, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else {
            throw ProofsheetError("", "EXIF can only be added to a JPEG")
        }
        let payload = try rawSegment ?? encode()
        guard payload.count + 2 <= 0xFFFF else { throw ProofsheetError("", "EXIF block too large") }
        let length = payload.count + 2
        var result: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
        result.reserveCapacity(jpeg.count + length + 2)
        result += payload
        result += jpeg[2...]
        return result
    }

    /// The EXIF block ("Exif\0\0" and the TIFF structure) as libexif saves it.
    func encode() throws -> [UInt8] {
        guard let data = exif_data_new() else { throw ProofsheetError("", "libexif: out of memory") }
        defer { exif_data_unref(data) }
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        exif_data_set_data_type(data, EXIF_DATA_TYPE_COMPRESSED)
        let order = EXIF_BYTE_ORDER_INTEL

        func add(_ ifd: ExifIfd, _ tag: UInt16, _ format: ExifFormat, _ components: Int, _ bytes: [UInt8]) throws {
            let status = bytes.withUnsafeBytes { raw in
                ps_exif_add_entry(data, ifd, ExifTag(rawValue: UInt32(tag)), format, UInt(components), raw.baseAddress, UInt32(raw.count))
            }
            guard status == 0 else { throw ProofsheetError("", "libexif: cannot add tag \(tag)") }
        }
        func ascii(_ ifd: ExifIfd, _ tag: UInt16, _ value: String) throws {
            let bytes = Array(value.utf8) + [0]
            try add(ifd, tag, EXIF_FORMAT_ASCII, bytes.count, bytes)
        }
        func short(_ ifd: ExifIfd, _ tag: UInt16, _ value: Int) throws {
            var bytes = [UInt8](repeating: 0, count: 2)
            exif_set_short(&bytes, order, UInt16(clamping: value))
            try add(ifd, tag, EXIF_FORMAT_SHORT, 1, bytes)
        }
        func rationals(_ ifd: ExifIfd, _ tag: UInt16, _ values: [(UInt32, UInt32)]) throws {
            var bytes = [UInt8](repeating: 0, count: 8 * values.count)
            for (k, value) in values.enumerated() {
                bytes.withUnsafeMutableBufferPointer { buffer in
                    exif_set_rational(buffer.baseAddress! + 8 * k, order, ExifRational(numerator: value.0, denominator: value.1))
                }
            }
            try add(ifd, tag, EXIF_FORMAT_RATIONAL, values.count, bytes)
        }

        if let make { try ascii(EXIF_IFD_0, 0x010F, make) }
        if let model { try ascii(EXIF_IFD_0, 0x0110, model) }
        if let description { try ascii(EXIF_IFD_0, 0x010E, description) }
        if let orientation { try short(EXIF_IFD_0, 0x0112, orientation.rawValue) }
        if let dateTaken {
            // EXIF writes dates as "YYYY:MM:DD HH:MM:SS".
            var exifDate = Array(dateTaken.utf8)
            if exifDate.count >= 19 {
                exifDate[4] = UInt8(ascii: ":")
                exifDate[7] = UInt8(ascii: ":")
                exifDate[10] = UInt8(ascii: " ")
            }
            try ascii(EXIF_IFD_EXIF, 0x9003, String(decoding: exifDate.prefix(19), as: UTF8.self))
        }
        if let exposureTime { try rationals(EXIF_IFD_EXIF, 0x829A, [exposureTime]) }
        if let fNumber { try rationals(EXIF_IFD_EXIF, 0x829D, [fNumber]) }
        if let iso { try short(EXIF_IFD_EXIF, 0x8827, iso) }
        if let focalLength { try rationals(EXIF_IFD_EXIF, 0x920A, [focalLength]) }
        if let lens { try ascii(EXIF_IFD_EXIF, 0xA434, lens) }
        if let gps {
            func dms(_ degrees: Double) -> [(UInt32, UInt32)] {
                let value = abs(degrees)
                let d = value.rounded(.down), minutes = (value - d) * 60
                let m = minutes.rounded(.down), seconds = (minutes - m) * 60
                return [(UInt32(d), 1), (UInt32(m), 1), (UInt32((seconds * 1000).rounded()), 1000)]
            }
            try add(EXIF_IFD_GPS, 0x0000, EXIF_FORMAT_BYTE, 4, [2, 3, 0, 0])  // GPSVersionID
            try ascii(EXIF_IFD_GPS, 0x0001, gps.latitude < 0 ? "S" : "N")
            try rationals(EXIF_IFD_GPS, 0x0002, dms(gps.latitude))
            try ascii(EXIF_IFD_GPS, 0x0003, gps.longitude < 0 ? "W" : "E")
            try rationals(EXIF_IFD_GPS, 0x0004, dms(gps.longitude))
        }

        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &buffer, &size)
        guard let buffer, size > 0 else { throw ProofsheetError("", "libexif could not save the EXIF block") }
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
