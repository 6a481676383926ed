internal import CExif
import Foundation

/// Reads EXIF metadata with libexif.
public enum ExifReader {
    /// Reads the metadata of a photo held in memory, from wherever its format keeps EXIF
    /// (see `ExifLocator`). Files with no EXIF give empty metadata; damaged EXIF gives
    /// what could be read, with `malformed` set. Callable with any bytes.
    public static func read(_ bytes: [UInt8], format: ImageFormat) -> PhotoMetadata {
        guard let tiff = ExifLocator.tiffData(in: bytes, format: format) else { return PhotoMetadata() }
        // libexif wants JPEG's APP1 form: "Exif\0\0", then the TIFF data.
        let block = ExifLocator.exifHeader + tiff
        var corrupt: Int32 = 0
        let data: UnsafeMutablePointer<ExifData>? = block.withUnsafeBufferPointer { buffer in
            ps_exif_load(buffer.baseAddress!, UInt32(clamping: buffer.count), &corrupt)
        }
        guard let data else { return PhotoMetadata() }
        defer { exif_data_unref(data) }
        var metadata = read(data)
        metadata.malformed = corrupt != 0 || ps_exif_entry_count(data) == 0
        return metadata
    }

    /// Reads the metadata of a JPEG held in memory.
    public static func read(jpeg bytes: [UInt8]) -> PhotoMetadata {
        read(bytes, format: .jpeg)
    }

    private static func read(_ data: UnsafeMutablePointer<ExifData>) -> PhotoMetadata {
        let order = exif_data_get_byte_order(data)
        var m = PhotoMetadata()
        func entry(_ ifd: ExifIfd, _ tag: ExifTag) -> UnsafeMutablePointer<ExifEntry>? {
            ps_exif_get_entry(data, ifd, tag)
        }
        func text(_ ifd: ExifIfd, _ tag: ExifTag) -> String? {
            guard let e = entry(ifd, tag), e.pointee.format == EXIF_FORMAT_ASCII || e.pointee.format == EXIF_FORMAT_UNDEFINED,
                let bytes = e.pointee.data, e.pointee.size > 0
            else { return nil }
            let raw = UnsafeBufferPointer(start: bytes, count: Int(e.pointee.size))
            let trimmed = raw.prefix { $0 != 0 }
            let string = String(decoding: trimmed, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
                .filter { !$0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control } }
            return string.isEmpty ? nil : string
        }
        func short(_ ifd: ExifIfd, _ tag: ExifTag) -> Int? {
            guard let e = entry(ifd, tag), let bytes = e.pointee.data, e.pointee.components >= 1 else { return nil }
            switch e.pointee.format {
            case EXIF_FORMAT_SHORT where e.pointee.size >= 2: return Int(exif_get_short(bytes, order))
            case EXIF_FORMAT_LONG where e.pointee.size >= 4: return Int(exif_get_long(bytes, order))
            default: return nil
            }
        }
        func rationals(_ ifd: ExifIfd, _ tag: ExifTag) -> [Double]? {
            guard let e = entry(ifd, tag), let bytes = e.pointee.data else { return nil }
            let count = Int(e.pointee.components)
            guard count >= 1, Int(e.pointee.size) >= count * 8 else { return nil }
            var values: [Double] = []
            for k in 0..<count {
                switch e.pointee.format {
                case EXIF_FORMAT_RATIONAL:
                    let r = exif_get_rational(bytes + 8 * k, order)
                    guard r.denominator != 0 else { return nil }
                    values.append(Double(r.numerator) / Double(r.denominator))
                case EXIF_FORMAT_SRATIONAL:
                    let r = exif_get_srational(bytes + 8 * k, order)
                    guard r.denominator != 0 else { return nil }
                    values.append(Double(r.numerator) / Double(r.denominator))
                default: return nil
                }
            }
            return values
        }

        m.orientation = Orientation(tag: short(EXIF_IFD_0, EXIF_TAG_ORIENTATION) ?? 1)
        m.dateTaken = text(EXIF_IFD_EXIF, EXIF_TAG_DATE_TIME_ORIGINAL).flatMap(Self.isoDate)
        m.make = text(EXIF_IFD_0, EXIF_TAG_MAKE)
        m.model = text(EXIF_IFD_0, EXIF_TAG_MODEL)
        m.lens = text(EXIF_IFD_EXIF, ExifTag(rawValue: 0xA434))  // LensModel
        m.description = text(EXIF_IFD_0, EXIF_TAG_IMAGE_DESCRIPTION)
        if let t = rationals(EXIF_IFD_EXIF, EXIF_TAG_EXPOSURE_TIME)?.first, t > 0 {
            m.exposure = t >= 1 ? "\(Self.trimmed(t)) s" : "1/\(Int((1 / t).rounded())) s"
        }
        if let f = rationals(EXIF_IFD_EXIF, EXIF_TAG_FNUMBER)?.first, f > 0 {
            m.aperture = "f/\(Self.trimmed(f))"
        }
        m.iso = short(EXIF_IFD_EXIF, EXIF_TAG_ISO_SPEED_RATINGS)
        if let focal = rationals(EXIF_IFD_EXIF, EXIF_TAG_FOCAL_LENGTH)?.first, focal > 0 {
            m.focalLength = "\(Self.trimmed(focal)) mm"
        }
        let gpsIfd = EXIF_IFD_GPS
        if let lat = rationals(gpsIfd, ExifTag(rawValue: 0x0002)), lat.count == 3,
            let lon = rationals(gpsIfd, ExifTag(rawValue: 0x0004)), lon.count == 3
        {
            let latRef = text(gpsIfd, ExifTag(rawValue: 0x0001)) ?? "N"
            let lonRef = text(gpsIfd, ExifTag(rawValue: 0x0003)) ?? "E"
            let latitude = (lat[0] + lat[1] / 60 + lat[2] / 3600) * (latRef.hasPrefix("S") ? -1 : 1)
            let longitude = (lon[0] + lon[1] / 60 + lon[2] / 3600) * (lonRef.hasPrefix("W") ? -1 : 1)
            if abs(latitude) <= 90 && abs(longitude) <= 180 {
                m.gps = GPSPosition(latitude: latitude, longitude: longitude)
            }
        }
        return m
    }

    /// `2026:06:01 14:03:22` → `2026-06-01T14:03:22`; nil for blank or impossible dates.
    static func isoDate(_ exif: String) -> String? {
        let digits = exif.unicodeScalars.filter { ("0"..."9").contains($0) }.map { Int($0.value) - 48 }
        guard digits.count >= 14 else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        let year = number(0..<4), month = number(4..<6), day = number(6..<8)
        let hour = number(8..<10), minute = number(10..<12), second = number(12..<14)
        guard year > 1800, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
            return nil
        }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }

    /// 2.8 → "2.8", 50.0 → "50".
    static func trimmed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
