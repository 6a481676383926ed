import Foundation

/// What `manifest.json` needs besides the page's writer: numbers in Swift's shortest form (as `JSONEncoder` writes them), and a photo's fields.
extension JSONWriter {
    static func quoted(_ text: String) -> [UInt8] {
        var writer = JSONWriter(scriptSafe: false)
        writer.string(text)
        return writer.bytes
    }

    mutating func number(_ value: Int64) { int(value) }

    mutating func number(_ value: Double) {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes += Array(text.utf8)
    }

    mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

    mutating func field(_ name: StaticString, _ value: String) {
        member(name)
        string(value)
    }

    mutating func field(_ name: StaticString, _ value: Int64) {
        member(name)
        number(value)
    }

    mutating func field(_ name: StaticString, _ value: String?) {
        if let value { field(name, value) }
    }

    mutating func field(_ name: StaticString, _ value: Data?) {
        if let value { field(name, value.base64EncodedString()) }
    }

    mutating func field(_ name: StaticString, _ image: Manifest.Image) {
        member(name)
        bytes.append(UInt8(ascii: "{"))
        member("height", first: true)
        number(Int64(image.height))
        field("src", image.src)
        field("width", Int64(image.width))
        bytes.append(UInt8(ascii: "}"))
    }

    /// A photo's keys in byte order, as `.sortedKeys` puts them; absent optionals left out.
    mutating func write(_ photo: Manifest.Photo) {
        bytes.append(UInt8(ascii: "{"))
        member("album", first: true)
        string(photo.album)
        field("aperture", photo.aperture)
        field("bytes", photo.bytes)
        field("camera", photo.camera)
        if let companions = photo.companions {
            member("companions")
            bytes.append(UInt8(ascii: "["))
            for (index, companion) in companions.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(UInt8(ascii: "{"))
                member("bytes", first: true)
                number(companion.bytes)
                field("kind", companion.kind.rawValue)
                field("path", companion.path)
                field("pathBytes", companion.pathBytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
        }
        field("date", photo.date)
        field("dateSource", photo.dateSource)
        field("description", photo.description)
        if let warning = photo.exifWarning {
            member("exifWarning")
            bool(warning)
        }
        field("exposure", photo.exposure)
        field("fingerprint", photo.fingerprint)
        field("focalLength", photo.focalLength)
        field("format", photo.format.rawValue)
        if let formerIds = photo.formerIds {
            member("formerIds")
            bytes.append(UInt8(ascii: "["))
            for (index, id) in formerIds.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(id)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if let gps = photo.gps {
            member("gps")
            bytes.append(UInt8(ascii: "{"))
            member("latitude", first: true)
            number(gps.latitude)
            member("longitude")
            number(gps.longitude)
            bytes.append(UInt8(ascii: "}"))
        }
        field("height", Int64(photo.height))
        field("id", photo.id)
        if let iso = photo.iso { field("iso", Int64(iso)) }
        field("key", photo.key)
        field("lens", photo.lens)
        field("modified", photo.modified)
        field("name", photo.name)
        field("path", photo.path)
        field("pathBytes", photo.pathBytes)
        field("preview", photo.preview)
        field("thumb", photo.thumb)
        field("thumb2x", photo.thumb2x)
        field("warning", photo.warning)
        field("width", Int64(photo.width))
        bytes.append(UInt8(ascii: "}"))
    }
}
