import Foundation

/// `manifest.json` written and read quickly: the photos by hand, the rest (settings,
/// albums, problems) by Foundation's coders.
///
/// Why by hand: the manifest is read and written on every rebuild, and for 100,000 photos
/// Foundation's `JSONDecoder` took 3.5 s and `JSONEncoder` about 2 s of a rebuild that
/// must take under 2 s in all; their generic containers, not the JSON, are the cost. This
/// writes exactly what `JSONEncoder` writes with `.sortedKeys` and `.withoutEscapingSlashes`
/// (a test holds it to that, byte for byte, for a photo with every field set), and reads
/// what it writes; anything it does not expect (a hand-edited manifest, say) is read by
/// `JSONDecoder` instead. A new field of `Manifest.Photo` needs a line in `write` and one in
/// `readPhoto`; the test fails until both are there.
public enum ManifestJSON {
    public static func encode(_ manifest: Manifest) throws -> [UInt8] {
        try encode(manifest, copying: { _ in nil })
    }

    /// `copying` gives, for a photo (by position), the bytes this writer wrote for the very
    /// same photo in the previous manifest, when there are such bytes: copied instead of
    /// encoded again (nearly every photo of a rebuild; encoding 100,000 was a tenth of it).
    static func encode(_ manifest: Manifest, copying: (Int) -> ArraySlice<UInt8>?) throws -> [UInt8] {
        var layout = Layout()
        return try encode(manifest, copying: copying, layout: &layout)
    }

    /// Where things are in an encoded manifest: the `photos` array (`[` to `]`) and each
    /// photo's object (what `.proofsheet-cache` records).
    struct Layout {
        var photosArray: Range<Int> = 0..<0
        var photos: [Range<Int>] = []
    }

    static func encode(_ manifest: Manifest, copying: (Int) -> ArraySlice<UInt8>?, layout: inout Layout) throws -> [UInt8] {
        try encode(manifest, photoCount: manifest.photos.count, layout: &layout) { array in
            for index in manifest.photos.indices {
                if let written = copying(index) {
                    array.append(written: written)
                } else {
                    array.append(manifest.photos[index])
                }
            }
        }
    }

    /// The `photos` array being written: photo by photo, or runs of photos as a previous
    /// manifest holds them.
    struct PhotoArray {
        fileprivate var out: JSONWriter
        fileprivate var ranges: [Range<Int>] = []

        private mutating func separate() {
            if !ranges.isEmpty { out.bytes.append(UInt8(ascii: ",")) }
        }

        mutating func append(_ photo: Manifest.Photo) {
            separate()
            let start = out.bytes.count
            out.write(photo)
            ranges.append(start..<out.bytes.count)
        }

        /// A photo's bytes as this writer wrote them for the very same photo.
        mutating func append(written: ArraySlice<UInt8>) {
            separate()
            let start = out.bytes.count
            out.bytes.append(contentsOf: written)
            ranges.append(start..<out.bytes.count)
        }

        /// Photos one after the other in `bytes`, at `photos` (ascending, one comma between
        /// each and the next, as this writer writes them): copied as one run.
        mutating func append(run bytes: [UInt8], photos: ArraySlice<Range<Int>>) {
            guard let first = photos.first, let last = photos.last else { return }
            separate()
            let shift = out.bytes.count - first.lowerBound
            out.bytes.append(contentsOf: bytes[first.lowerBound..<last.upperBound])
            for range in photos { ranges.append((range.lowerBound + shift)..<(range.upperBound + shift)) }
        }
    }

    /// `manifest` with the photos `writePhotos` writes (`manifest.photos` is not read):
    /// `photoCount` of them, for the buffer's size.
    static func encode(
        _ manifest: Manifest, photoCount: Int, layout: inout Layout, writePhotos: (inout PhotoArray) throws -> Void
    ) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = JSONWriter(scriptSafe: false)
        out.bytes.reserveCapacity(photoCount * 600 + 4096)
        func field(_ key: StaticString, _ value: some Encodable, first: Bool = false) throws {
            out.member(key, first: first)
            out.bytes += try encoder.encode(value)
        }
        out.bytes.append(UInt8(ascii: "{"))
        try field("albums", manifest.albums, first: true)
        try field("format", manifest.format)
        try field("gallery", manifest.gallery)
        try field("generator", manifest.generator)
        if let library = manifest.library { try field("library", library) }
        try field("options", manifest.options)
        out.member("photos")
        let arrayStart = out.bytes.count
        out.bytes.append(UInt8(ascii: "["))
        var array = PhotoArray(out: out)
        out = JSONWriter(scriptSafe: false)
        array.ranges.reserveCapacity(photoCount)
        try writePhotos(&array)
        out = array.out
        layout.photos = array.ranges
        out.bytes.append(UInt8(ascii: "]"))
        layout.photosArray = arrayStart..<out.bytes.count
        try field("problems", manifest.problems)
        try field("title", manifest.title)
        try field("version", manifest.version)
        out.bytes.append(UInt8(ascii: "}"))
        return out.bytes
    }

    /// The manifest, or nil when its bytes are not a manifest at all.
    public static func decode(_ bytes: [UInt8]) -> Manifest? {
        decodeWithPhotoRanges(bytes)?.manifest
    }

    /// The quick reader alone: throws at anything it does not expect.
    public static func read(_ bytes: [UInt8]) throws -> Manifest {
        try readWithPhotoRanges(bytes).manifest
    }

    /// The manifest, and where in `bytes` each photo's object is; the ranges are nil when
    /// the quick reader could not read it (and `JSONDecoder` did).
    /// and where the photos array is.
    static func decodeWithPhotoRanges(_ bytes: [UInt8]) -> (manifest: Manifest, photoRanges: [Range<Int>]?, photosArray: Range<Int>?)? {
        if let read = try? readWithPhotoRanges(bytes) { return (read.manifest, read.photoRanges, read.photosArray) }
        return (try? JSONDecoder().decode(Manifest.self, from: Data(bytes))).map { ($0, nil, nil) }
    }

    static func readWithPhotoRanges(_ bytes: [UInt8]) throws -> (manifest: Manifest, photoRanges: [Range<Int>], photosArray: Range<Int>) {
        try bytes.withUnsafeBufferPointer { buffer in try fastDecode(buffer) }
    }

    /// A manifest's settings, read without its photos (they are written after `format` and
    /// `options`, so this takes a moment however big the gallery); nil unless these bytes
    /// are a proofsheet manifest. Its version is checked when it is read whole.
    public static func settings(in bytes: [UInt8]) -> SiteSettings? {
        struct Found: Error {}
        var format: String?, options: [UInt8]?
        do {
            try bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(buffer)
                try reader.object { reader, key in
                    if key == "photos" && format != nil && options != nil { throw Found() }
                    switch key {
                    case "format": format = try reader.string()
                    case "options": options = try reader.skipValue()
                    default: _ = try reader.skipValue()
                    }
                }
            }
        } catch is Found {
        } catch {
            return nil
        }
        guard format == Manifest.formatName, let options else { return nil }
        return try? JSONDecoder().decode(SiteSettings.self, from: Data(options))
    }

    /// Everything but the photos.
    private struct Head: Decodable {
        var format: String
        var version: Int
        var generator: String
        var gallery: String
        var library: Manifest.LibraryIdentity?
        var title: String
        var options: SiteSettings
        var albums: [Manifest.Album]
        var problems: [Manifest.Problem]
    }

    private static func fastDecode(_ buffer: UnsafeBufferPointer<UInt8>) throws -> (
        manifest: Manifest, photoRanges: [Range<Int>], photosArray: Range<Int>
    ) {
        var reader = JSONReader(buffer)
        var photos: [Manifest.Photo]?
        var ranges: [Range<Int>] = []
        var photosArray = 0..<0
        var rest: [UInt8] = [UInt8(ascii: "{")]
        try reader.object { reader, key in
            if key == "photos" {
                let arrayStart = reader.position
                photos = try reader.array { reader in
                    let start = reader.position
                    let photo = try reader.readPhoto()
                    ranges.append(start..<reader.offset)
                    return photo
                }
                photosArray = arrayStart..<reader.offset
            } else {
                let value = try reader.skipValue()
                if rest.count > 1 { rest.append(UInt8(ascii: ",")) }
                rest += JSONWriter.quoted(key) + [UInt8(ascii: ":")] + value
            }
        }
        rest.append(UInt8(ascii: "}"))
        guard let photos else { throw JSONReader.Malformed() }
        let head = try JSONDecoder().decode(Head.self, from: Data(rest))
        let manifest = Manifest(
            format: head.format, version: head.version, generator: head.generator, gallery: head.gallery,
            library: head.library, title: head.title, options: head.options, albums: head.albums, photos: photos,
            problems: head.problems)
        return (manifest, ranges, photosArray)
    }
}

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

/// Reads the JSON `JSONWriter` writes (and any other well-formed JSON of that shape).
/// Throws `Malformed` at anything unexpected; the caller then lets `JSONDecoder` try.
struct JSONReader {
    struct Malformed: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Objects and arrays open around the value being read. A manifest nests four deep; a
    /// damaged one may open thousands, which must be refused before they exhaust the stack.
    private var depth = 0
    private static let maximumDepth = 64

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Where the next value starts (after any white space).
    var position: Int {
        mutating get {
            skipSpace()
            return index
        }
    }

    /// Where the reader is: just after the value last read.
    var offset: Int { index }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw Malformed() }
        index += 1
    }

    private mutating func peek() throws -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw Malformed() }
        return bytes[index]
    }

    /// Calls `body` for each key of an object, positioned at its value, which it must read.
    mutating func object(_ body: (inout JSONReader, String) throws -> Void) throws {
        try members(key: { try $0.string() }, body)
    }

    /// `object`, the key given as its bytes (a key with an escape in it is not expected):
    /// for the photo's fields, matched without making a string of each key of 100,000 photos.
    mutating func objectByKeyBytes(_ body: (inout JSONReader, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try members(key: { try $0.keyBytes() }, body)
    }

    private mutating func members<Key>(key readKey: (inout JSONReader) throws -> Key, _ body: (inout JSONReader, Key) throws -> Void)
        throws
    {
        try expect(UInt8(ascii: "{"))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Malformed() }
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try readKey(&self)
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            let next = try peek()
            index += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    /// A key's bytes, between its quotes; one with an escape in it is refused.
    private mutating func keyBytes() throws -> UnsafeBufferPointer<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed() }
        index += 1
        return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
    }

    mutating func array<Element>(_ element: (inout JSONReader) throws -> Element) throws -> [Element] {
        try expect(UInt8(ascii: "["))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Malformed() }
        var elements: [Element] = []
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            elements.append(try element(&self))
            let next = try peek()
            index += 1
            if next == UInt8(ascii: "]") { return elements }
            guard next == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return escaped ? try Self.unescape(raw) : String(decoding: raw, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            }
            index += 1
        }
        throw Malformed()
    }

    private mutating func skipString() throws {
        try expect(UInt8(ascii: "\""))
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        throw Malformed()
    }

    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 4 <= raw.count, let value = UInt32(String(decoding: raw[at..<(at + 4)], as: UTF8.self), radix: 16) else {
                throw Malformed()
            }
            return value
        }
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            guard i + 1 < raw.count else { throw Malformed() }
            let code = raw[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(code)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") else { throw Malformed() }
                    let low = try hex4(i + 2)
                    guard (0xDC00..<0xE000).contains(low) else { throw Malformed() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let value = Unicode.Scalar(scalar) else { throw Malformed() }
                out += Array(String(Character(value)).utf8)
            default: throw Malformed()
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A number as its text (then read as an integer or a double).
    private mutating func numberText() throws -> UnsafeBufferPointer<UInt8> {
        skipSpace()
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                guard index > start else { throw Malformed() }
                return UnsafeBufferPointer(rebasing: bytes[start..<index])
            }
        }
        throw Malformed()
    }

    mutating func integer() throws -> Int64 {
        let text = try numberText()
        var value: Int64 = 0
        var negative = false
        for (offset, byte) in text.enumerated() {
            if offset == 0 && byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw Malformed() }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !o1 && !o2 else { throw Malformed() }
            value = plus
        }
        return negative ? -value : value
    }

    mutating func int() throws -> Int {
        Int(try integer())
    }

    /// A finite number: `1e999` reads as infinity, which JSON cannot write back.
    mutating func double() throws -> Double {
        guard let value = Double(String(decoding: try numberText(), as: UTF8.self)), value.isFinite else { throw Malformed() }
        return value
    }

    mutating func bool() throws -> Bool {
        let byte = try peek()
        let word = byte == UInt8(ascii: "t") ? "true" : "false"
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else { throw Malformed() }
            index += 1
        }
        return word == "true"
    }

    /// `null` (true, and read) or a value to read (false).
    mutating func null() throws -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        for expected in "null".utf8 {
            guard index < bytes.count, bytes[index] == expected else { throw Malformed() }
            index += 1
        }
        return true
    }

    /// Skips any value and returns its bytes.
    mutating func skipValue() throws -> [UInt8] {
        skipSpace()
        let start = index
        try skip()
        return Array(bytes[start..<index])
    }

    private mutating func skip() throws {
        switch try peek() {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"): try object { reader, _ in try reader.skip() }
        case UInt8(ascii: "["): _ = try array { reader in try reader.skip() }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): _ = try null()
        default: _ = try numberText()
        }
    }

    mutating func optionalString() throws -> String? { try null() ? nil : try string() }

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

/// Where the fields of a photo's object that a `.proofsheet-cache` record says are in its
/// bytes (`PhotoSpans.read`, `BuildCache.describes(_:in:at:)`): strings as the bytes
/// between their quotes, `fingerprint` nil when it has none, the images by their `src`.
struct PhotoSpans {
    var album: Range<Int>, path: Range<Int>, key: Range<Int>, format: ImageFormat, fingerprint: Range<Int>?
    var thumb: Range<Int>, thumb2x: Range<Int>, preview: Range<Int>
    var bytes: Int64, modified: Int64
    /// It has a `gps`; it has a `warning` or its `exifWarning` is `true`.
    var gps: Bool, warns: Bool

    /// The photo's object as `JSONWriter.write(_:)` writes it — its members in that order,
    /// no white space, no escape in a string, no companions, former ids or path bytes —
    /// read where its fields are, without making a string (a kept album's 2,000 photos in
    /// a rebuild are checked so, not decoded); nil for any other bytes, which
    /// `JSONReader.readPhoto` is then the judge of. It takes nothing `readPhoto` refuses,
    /// and the bytes of a string are the string `readPhoto` makes of them when they are
    /// UTF-8 (the caller compares bytes). A new field of `Manifest.Photo` that `write`
    /// writes needs a line here too (a test fails until it has one).
    static func read(_ object: UnsafeBufferPointer<UInt8>) -> PhotoSpans? {
        guard let base = object.baseAddress else { return nil }
        var s = Skim(base: base, end: object.count)
        guard s.take("{\"album\":"), let album = s.string() else { return nil }
        if s.take(",\"aperture\":") { guard s.string() != nil else { return nil } }
        guard s.take(",\"bytes\":"), let bytes = s.integer() else { return nil }
        if s.take(",\"camera\":") { guard s.string() != nil else { return nil } }
        guard s.take(",\"date\":"), s.string() != nil, s.take(",\"dateSource\":"), s.string() != nil else { return nil }
        if s.take(",\"description\":") { guard s.string() != nil else { return nil } }
        var warns = false
        if s.take(",\"exifWarning\":") {
            if s.take("true") { warns = true } else if !s.take("false") { return nil }
        }
        if s.take(",\"exposure\":") { guard s.string() != nil else { return nil } }
        var fingerprint: Range<Int>?
        if s.take(",\"fingerprint\":") {
            guard let value = s.string() else { return nil }
            fingerprint = value
        }
        if s.take(",\"focalLength\":") { guard s.string() != nil else { return nil } }
        guard s.take(",\"format\":"), let formatText = s.string(),
            let format = ImageFormat(rawValue: String(decoding: UnsafeBufferPointer(rebasing: object[formatText]), as: UTF8.self))
        else { return nil }
        var gps = false
        if s.take(",\"gps\":") {
            // Numbers as `readPhoto` reads them (rare enough to be read as it reads them).
            var reader = JSONReader(UnsafeBufferPointer(start: base + s.at, count: s.end - s.at))
            guard (try? reader.gps()) != nil else { return nil }
            s.at += reader.offset
            gps = true
        }
        guard s.take(",\"height\":"), s.integer() != nil, s.take(",\"id\":"), s.string() != nil else { return nil }
        if s.take(",\"iso\":") { guard s.integer() != nil else { return nil } }
        guard s.take(",\"key\":"), let key = s.string() else { return nil }
        if s.take(",\"lens\":") { guard s.string() != nil else { return nil } }
        guard s.take(",\"modified\":"), let modified = s.integer(), s.take(",\"name\":"), s.string() != nil,
            s.take(",\"path\":"), let path = s.string(), s.take(",\"preview\":"), let preview = s.image(),
            s.take(",\"thumb\":"), let thumb = s.image(), s.take(",\"thumb2x\":"), let thumb2x = s.image()
        else { return nil }
        if s.take(",\"warning\":") {
            guard s.string() != nil else { return nil }
            warns = true
        }
        guard s.take(",\"width\":"), s.integer() != nil, s.take("}"), s.at == s.end else { return nil }
        return PhotoSpans(
            album: album, path: path, key: key, format: format, fingerprint: fingerprint, thumb: thumb, thumb2x: thumb2x,
            preview: preview, bytes: bytes, modified: modified, gps: gps, warns: warns)
    }

    /// A cursor over the bytes of a photo's object.
    private struct Skim {
        let base: UnsafePointer<UInt8>
        let end: Int
        var at = 0

        init(base: UnsafePointer<UInt8>, end: Int) {
            self.base = base
            self.end = end
        }

        /// These bytes next: taken.
        mutating func take(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard end - at >= count, memcmp(base + at, text.utf8Start, count) == 0 else { return false }
            at += count
            return true
        }

        /// A string without an escape: the bytes between its quotes.
        mutating func string() -> Range<Int>? {
            guard at < end, base[at] == UInt8(ascii: "\"") else { return nil }
            let start = at + 1
            guard let quote = memchr(base + start, Int32(UInt8(ascii: "\"")), end - start) else { return nil }
            let stop = UnsafePointer<UInt8>(quote.assumingMemoryBound(to: UInt8.self)) - base
            guard memchr(base + start, Int32(UInt8(ascii: "\\")), stop - start) == nil else { return nil }
            at = stop + 1
            return start..<stop
        }

        /// An integer as `JSONReader.integer` reads it, written as `JSONWriter` writes one.
        mutating func integer() -> Int64? {
            let negative = at < end && base[at] == UInt8(ascii: "-")
            if negative { at += 1 }
            let start = at
            var value: Int64 = 0
            while at < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(base[at]) {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int64(base[at] - UInt8(ascii: "0")))
                guard !o1 && !o2 else { return nil }
                value = plus
                at += 1
            }
            guard at > start else { return nil }
            return negative ? -value : value
        }

        /// An image as `JSONWriter` writes it: its `src`.
        mutating func image() -> Range<Int>? {
            guard take("{\"height\":"), integer() != nil, take(",\"src\":"), let src = string(), take(",\"width\":"),
                integer() != nil, take("}")
            else { return nil }
            return src
        }
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
