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
