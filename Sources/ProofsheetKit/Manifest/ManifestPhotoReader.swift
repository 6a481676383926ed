import Foundation

/// A photo of `manifest.json` and its parts, read by the fast reader.
extension JSONReader {
    mutating func image() throws -> Manifest.Image {
        var src: String?, width: Int?, height: Int?
        try objectByKeyBytes({ reader, key in
            switch PhotoKey(key) {
            case .src: src = try reader.string()
            case .width: width = try reader.int()
            case .height: height = try reader.int()
            default: _ = try reader.skipValue()
            }
        })
        guard let src, let width, let height else { throw Malformed() }
        return Manifest.Image(src: src, width: width, height: height)
    }

    mutating func base64() throws -> Data? {
        if try null() { return nil }
        guard let data = Data(base64Encoded: try string()) else { throw Malformed() }
        return data
    }

    /// A photo's `gps`: nil for `null`.
    mutating func gps() throws -> GPSPosition? {
        if try null() { return nil }
        var latitude: Double?, longitude: Double?
        try object { reader, key in
            switch key {
            case "latitude": latitude = try reader.double()
            case "longitude": longitude = try reader.double()
            default: _ = try reader.skipValue()
            }
        }
        guard let latitude, let longitude else { throw Malformed() }
        return GPSPosition(latitude: latitude, longitude: longitude)
    }

    mutating func readPhoto() throws -> Manifest.Photo {
        var id: String?, formerIds: [String]?, fingerprint: String?, path: String?, pathBytes: Data?, name: String?
        var album: String?, format: ImageFormat?, bytes: Int64?, modified: Int64?, width: Int?, height: Int?
        var date: String?, dateSource: String?, camera: String?, lens: String?, exposure: String?, aperture: String?
        var iso: Int?, focalLength: String?, description: String?, gps: GPSPosition?, key: String?
        var thumb: Manifest.Image?, thumb2x: Manifest.Image?, preview: Manifest.Image?, exifWarning: Bool?, warning: String?
        var companions: [Manifest.Companion]?
        try objectByKeyBytes({ reader, field in
            switch PhotoKey(field) {
            case .id: id = try reader.string()
            case .formerIds: formerIds = try reader.null() ? nil : try reader.array { reader in try reader.string() }
            case .fingerprint: fingerprint = try reader.optionalString()
            case .path: path = try reader.string()
            case .pathBytes: pathBytes = try reader.base64()
            case .name: name = try reader.string()
            case .album: album = try reader.string()
            case .format:
                guard let value = ImageFormat(rawValue: try reader.string()) else { throw Malformed() }
                format = value
            case .bytes: bytes = try reader.integer()
            case .modified: modified = try reader.integer()
            case .width: width = try reader.int()
            case .height: height = try reader.int()
            case .date: date = try reader.string()
            case .dateSource: dateSource = try reader.string()
            case .camera: camera = try reader.optionalString()
            case .lens: lens = try reader.optionalString()
            case .exposure: exposure = try reader.optionalString()
            case .aperture: aperture = try reader.optionalString()
            case .iso: iso = try reader.null() ? nil : try reader.int()
            case .focalLength: focalLength = try reader.optionalString()
            case .description: description = try reader.optionalString()
            case .gps: if let position = try reader.gps() { gps = position }
            case .key: key = try reader.string()
            case .thumb: thumb = try reader.image()
            case .thumb2x: thumb2x = try reader.image()
            case .preview: preview = try reader.image()
            case .exifWarning: exifWarning = try reader.null() ? nil : try reader.bool()
            case .warning: warning = try reader.optionalString()
            case .companions:
                if try reader.null() { break }
                companions = try reader.array { reader in
                    var kind: Companion.Kind?, path: String?, pathBytes: Data?, bytes: Int64?
                    try reader.object { reader, key in
                        switch key {
                        case "kind": kind = Companion.Kind(rawValue: try reader.string())
                        case "path": path = try reader.string()
                        case "pathBytes": pathBytes = try reader.base64()
                        case "bytes": bytes = try reader.integer()
                        default: _ = try reader.skipValue()
                        }
                    }
                    guard let kind, let path, let bytes else { throw Malformed() }
                    return Manifest.Companion(kind: kind, path: path, pathBytes: pathBytes, bytes: bytes)
                }
            default: _ = try reader.skipValue()
            }
        })
        guard let id, let path, let name, let album, let format, let bytes, let modified, let width, let height, let date,
            let dateSource, let key, let thumb, let thumb2x, let preview
        else { throw Malformed() }
        return Manifest.Photo(
            id: id, formerIds: formerIds, fingerprint: fingerprint, path: path, pathBytes: pathBytes, name: name, album: album,
            format: format, bytes: bytes, modified: modified, width: width, height: height, date: date,
            dateSource: dateSource, camera: camera, lens: lens, exposure: exposure, aperture: aperture, iso: iso,
            focalLength: focalLength, description: description, gps: gps, key: key, thumb: thumb, thumb2x: thumb2x,
            preview: preview, exifWarning: exifWarning, warning: warning, companions: companions)
    }
}

/// The keys of a photo in `manifest.json`, told from the key's bytes (by length, then
/// the bytes), for `readPhoto`; `other` for any other key.
enum PhotoKey {
    case album, aperture, bytes, camera, companions, date, dateSource, description, exifWarning, exposure, fingerprint
    case focalLength, format, formerIds, gps, height, id, iso, key, lens, modified, name, path, pathBytes, preview
    case src, thumb, thumb2x, warning, width, other

    init(_ key: UnsafeBufferPointer<UInt8>) {
        func matches(_ name: StaticString) -> Bool {
            name.withUTF8Buffer { $0.elementsEqual(key) }
        }
        // A switch on the length, then the bytes: no array or string made for a key.
        switch key.count {
        case 2: self = matches("id") ? .id : .other
        case 3: self = matches("gps") ? .gps : matches("iso") ? .iso : matches("key") ? .key : matches("src") ? .src : .other
        case 4: self = matches("date") ? .date : matches("lens") ? .lens : matches("name") ? .name : matches("path") ? .path : .other
        case 5:
            self = matches("album") ? .album : matches("bytes") ? .bytes : matches("thumb") ? .thumb : matches("width") ? .width : .other
        case 6: self = matches("camera") ? .camera : matches("format") ? .format : matches("height") ? .height : .other
        case 7: self = matches("preview") ? .preview : matches("thumb2x") ? .thumb2x : matches("warning") ? .warning : .other
        case 8: self = matches("aperture") ? .aperture : matches("exposure") ? .exposure : matches("modified") ? .modified : .other
        case 9: self = matches("formerIds") ? .formerIds : matches("pathBytes") ? .pathBytes : .other
        case 10: self = matches("companions") ? .companions : matches("dateSource") ? .dateSource : .other
        case 11:
            self =
                matches("description")
                ? .description
                : matches("exifWarning")
                    ? .exifWarning : matches("fingerprint") ? .fingerprint : matches("focalLength") ? .focalLength : .other
        default: self = .other
        }
    }
}
