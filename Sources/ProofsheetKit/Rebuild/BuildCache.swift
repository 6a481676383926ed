import Foundation

/// `.proofsheet-cache` in the site: what a rebuild must know of the previous build's photos
/// to tell that they are unchanged, in a compact binary form read in a few milliseconds,
/// so that a rebuild of a big library does not decode `manifest.json` (60 MB for 100,000
/// photos, a quarter of a second and more to read into photos) only to find that nothing
/// changed.
///
/// It holds, for each photo of `manifest.json` in its order: where its object is in the
/// manifest's bytes (decoded from there when a photo is needed whole), its path's bytes,
/// size and time, format, image key, fingerprint, its companions (as bytes, to compare),
/// and a few flags. It describes one `manifest.json` exactly: it carries the fingerprint of
/// that file's bytes, and is used only with a manifest whose bytes have it. A cache that is
/// out of date (a build killed between the two renames, a manifest edited or written by an
/// older proofsheet) is passed over and the manifest read whole; a damaged one (truncated,
/// altered: its own checksum says so) the same, with one line saying so. Its content
/// follows from the manifest's, so the same input still gives the same site, byte for byte.
///
/// Layout (integers little-endian): `proofsheet-cache\n`, version (u32), the manifest's
/// fingerprint (32 hex digits), the byte range of the manifest's `photos` array (u64, u64),
/// the image keys (u32 count; u32 length and bytes each), the photo count (u32), the pool's
/// length (u64), one record of `recordSize` bytes a photo, the pool (paths and companions),
/// and the XXH3-128 of everything before it (32 hex digits).
///
/// A rebuild that changes a few photos writes only what differs from that file (its base):
/// `.proofsheet-cache-journal` (`BuildCache+Journal`), until that grows past a share of the
/// base; then the base is written whole again.
struct BuildCache: Sendable, Equatable {
    static let fileName = ".proofsheet-cache"
    static let magic = Array("proofsheet-cache\n".utf8)
    static let version: UInt32 = 1
    static let recordSize = 68

    struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt16
        static let gps = Flags(rawValue: 1 << 0)
        /// A warning or damaged EXIF: said again when the photo is reused.
        static let warns = Flags(rawValue: 1 << 1)
        static let raw = Flags(rawValue: 1 << 2)
        static let video = Flags(rawValue: 1 << 3)
        /// Its images are named `thumbs/FINGERPRINT-KEY.jpg`, `…@2x.jpg` and `previews/…`.
        static let canonicalImages = Flags(rawValue: 1 << 4)
        static let fingerprinted = Flags(rawValue: 1 << 5)
        static let formerIds = Flags(rawValue: 1 << 6)
    }

    struct Photo: Sendable, Equatable {
        /// The photo's object in `manifest.json`; empty when the manifest was not read by
        /// the quick reader (then the photos are decoded whole).
        var json: Range<Int>
        var path: Range<Int>
        /// `encodeCompanions` of its companions; empty when it has none.
        var companions: Range<Int>
        var flags: Flags
        var format: ImageFormat
        /// Index into `keys`.
        var key: Int
        var bytes: Int64
        var modified: Int64
        /// The fingerprint's 16 bytes as two words (zero when it has none).
        var fingerprint: ImageStem.Digest
    }

    /// XXH3-128 of the `manifest.json` this cache describes, 32 hex digits.
    var manifestFingerprint: String
    /// Where the `photos` array (`[` to `]`) is in the manifest's bytes.
    var photosArray: Range<Int>
    var keys: [String]
    var photos: [Photo]
    var pool: [UInt8]
    /// The base file its records were read from (or copied from a cache read so); nil for
    /// a cache made from photos only.
    var base: Base?
    /// With a base: for each photo, its position in the base when its record is that one's
    /// but for where its object is in the manifest; -1 when it is not.
    var origins: [Int32] = []

    /// A base file as a journal names it; one is another when their checksums are.
    struct Base: Sendable, Equatable {
        /// Its last 32 bytes: the checksum of the rest.
        var checksum: [UInt8]
        var keys: [String]
        /// Where each of its records' objects starts in the manifest it describes.
        var jsonStarts: [Int]
        var poolCount: Int

        static func == (a: Base, b: Base) -> Bool { a.checksum == b.checksum }
    }

    /// Equal records, keys and pool: what the file says (not where the records came from).
    static func == (a: BuildCache, b: BuildCache) -> Bool {
        a.manifestFingerprint == b.manifestFingerprint && a.photosArray == b.photosArray && a.keys == b.keys
            && a.photos == b.photos && a.pool == b.pool
    }

    func path(_ photo: Photo) -> BytePath { BytePath(bytes: Array(pool[photo.path])) }

    /// Some photo has former ids (an upgraded site): its page's data carries them.
    var hasFormerIDs: Bool { photos.contains { $0.flags.contains(.formerIds) } }

    /// The stem of a photo's images, when they are named the canonical way.
    func imageStem(_ photo: Photo) -> ImageStem? {
        guard photo.flags.contains(.canonicalImages), let key = ImageStem.packedKey(keys[photo.key]) else { return nil }
        return ImageStem(fingerprint: photo.fingerprint, key: key)
    }

    // MARK: Made from a manifest

    /// The cache of `manifest`, whose bytes have this fingerprint (`ContentFingerprint.hex`);
    /// `ranges` says where each photo's object is in them and `photosArray` where the
    /// photos are (nil when they were not read by the quick reader: such a cache is used
    /// in this build only, never written).
    ///
    /// `reusing` gives the previous cache and, for each photo, its position there when it
    /// is that photo exactly (as the build's plan found it): its record is copied, not
    /// made again from the photo (the same bytes, for a tenth of a one-changed rebuild less).
    init(
        manifest: Manifest, fingerprint: String, ranges: [Range<Int>]?, photosArray: Range<Int>?,
        reusing previous: (cache: BuildCache, positions: [Int?])? = nil
    ) {
        var builder = Builder(fingerprint: fingerprint, photosArray: photosArray, capacity: manifest.photos.count)
        let reusable = previous.flatMap { $0.positions.count == manifest.photos.count ? $0 : nil }
        for index in manifest.photos.indices {
            let json = ranges?[index] ?? 0..<0
            if let reusable, let at = reusable.positions[index] {
                builder.append(copyOf: at, in: reusable.cache, json: json)
            } else {
                builder.append(manifest.photos[index], json: json)
            }
        }
        self = builder.cache
    }

    init(manifestFingerprint: String, photosArray: Range<Int>, keys: [String], photos: [Photo], pool: [UInt8]) {
        self.manifestFingerprint = manifestFingerprint
        self.photosArray = photosArray
        self.keys = keys
        self.photos = photos
        self.pool = pool
    }

    /// A cache made record by record, in the manifest's order: from a photo, or copied from
    /// the previous build's cache when it is that photo exactly (the same bytes either way).
    struct Builder {
        private(set) var cache: BuildCache
        private var keyIndex: [String: Int] = [:]
        /// The key numbers of the previous cache's keys in this one.
        private var previousKeys: [Int?] = []

        init(fingerprint: String, photosArray: Range<Int>?, capacity: Int) {
            cache = BuildCache(manifestFingerprint: fingerprint, photosArray: photosArray ?? 0..<0, keys: [], photos: [], pool: [])
            cache.photos.reserveCapacity(capacity)
            cache.pool.reserveCapacity(capacity * 32)
        }

        private mutating func keyNumber(_ key: String) -> Int {
            if let known = keyIndex[key] { return known }
            cache.keys.append(key)
            keyIndex[key] = cache.keys.count - 1
            return cache.keys.count - 1
        }

        /// The record of `previous`'s photo at `position`, for a photo whose object is at
        /// `json` in the manifest described.
        mutating func append(copyOf position: Int, in previous: BuildCache, json: Range<Int>) {
            let old = previous.photos[position]
            if let base = previous.base, cache.base == nil || cache.base == base {
                if cache.base == nil {
                    cache.base = base
                    cache.origins = [Int32](repeating: -1, count: cache.photos.count)
                }
                cache.origins.append(previous.origins[position])
            } else if cache.base != nil {
                cache.origins.append(-1)
            }
            if previousKeys.count < previous.keys.count {
                previousKeys += [Int?](repeating: nil, count: previous.keys.count - previousKeys.count)
            }
            let key = previousKeys[old.key] ?? keyNumber(previous.keys[old.key])
            previousKeys[old.key] = key
            let pathStart = cache.pool.count
            cache.pool += previous.pool[old.path]
            let companionsStart = cache.pool.count
            cache.pool += previous.pool[old.companions]
            cache.photos.append(
                Photo(
                    json: json, path: pathStart..<companionsStart, companions: companionsStart..<cache.pool.count,
                    flags: old.flags, format: old.format, key: key, bytes: old.bytes, modified: old.modified,
                    fingerprint: old.fingerprint))
        }

        /// The record of `photo`, whose object is at `json` in the manifest described.
        mutating func append(_ photo: Manifest.Photo, json: Range<Int>) {
            if cache.base != nil { cache.origins.append(-1) }
            let key = keyNumber(photo.key)
            let (flags, digest) = BuildCache.flagsAndFingerprint(of: photo)
            let pathStart = cache.pool.count
            if let exact = photo.pathBytes { cache.pool += exact } else { cache.pool += photo.path.utf8 }
            let companionsStart = cache.pool.count
            if let companions = photo.companions, !companions.isEmpty {
                BuildCache.encodeCompanions(
                    companions.map { ($0.kind, Manifest.pathKey($0.path, $0.pathBytes), $0.bytes) }, into: &cache.pool)
            }
            cache.photos.append(
                Photo(
                    json: json, path: pathStart..<companionsStart, companions: companionsStart..<cache.pool.count,
                    flags: flags, format: photo.format, key: key, bytes: photo.bytes, modified: photo.modified, fingerprint: digest))
        }
    }

    /// A photo's flags and fingerprint as its record holds them.
    static func flagsAndFingerprint(of photo: Manifest.Photo) -> (Flags, ImageStem.Digest) {
        var flags: Flags = []
        if photo.gps != nil { flags.insert(.gps) }
        if photo.warning != nil || photo.exifWarning == true { flags.insert(.warns) }
        if photo.formerIds != nil { flags.insert(.formerIds) }
        if let companions = photo.companions {
            if companions.contains(where: { $0.kind == .raw }) { flags.insert(.raw) }
            if companions.contains(where: { $0.kind == .video }) { flags.insert(.video) }
        }
        guard let fingerprint = photo.fingerprint, let digest = ImageStem.Digest(hex: fingerprint) else {
            return (flags, ImageStem.Digest(high: 0, low: 0))
        }
        flags.insert(.fingerprinted)
        if ImageStem.packedKey(photo.key) != nil,
            ImageStem.isName(photo.thumb.src, .thumb, key: photo.key, fingerprint: fingerprint)
                && ImageStem.isName(photo.thumb2x.src, .thumb2x, key: photo.key, fingerprint: fingerprint)
                && ImageStem.isName(photo.preview.src, .preview, key: photo.key, fingerprint: fingerprint)
        {
            flags.insert(.canonicalImages)
        }
        return (flags, digest)
    }

    /// Whether `photo` is the one the record at `position` describes: its record, made
    /// again, is that one (but for where things are). A checksum that holds says the file
    /// is whole, not that it is true (anyone can make one; a bug can write one): a photo
    /// decoded from the manifest is used only when it is what its record said, since the
    /// build judged it by the record.
    func describes(_ photo: Manifest.Photo, at position: Int) -> Bool {
        let record = photos[position]
        guard keys[record.key] == photo.key, record.bytes == photo.bytes, record.modified == photo.modified,
            record.format == photo.format
        else { return false }
        let (flags, digest) = Self.flagsAndFingerprint(of: photo)
        let path = pool[record.path]
        guard flags == record.flags, digest == record.fingerprint,
            photo.pathBytes.map({ path.elementsEqual($0) }) ?? path.elementsEqual(photo.path.utf8)
        else { return false }
        guard let companions = photo.companions, !companions.isEmpty else { return record.companions.isEmpty }
        var encoded: [UInt8] = []
        Self.encodeCompanions(companions.map { ($0.kind, Manifest.pathKey($0.path, $0.pathBytes), $0.bytes) }, into: &encoded)
        return pool[record.companions].elementsEqual(encoded)
    }

    /// `describes` of the photo whose object is `object`, read where its fields are
    /// (`PhotoSpans.read`) instead of made: true only when `describes` would be for
    /// the photo `readPhoto` makes of it; false also when it cannot tell so (then decode it).
    func describes(_ spans: PhotoSpans, in object: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        let record = photos[position]
        guard record.bytes == spans.bytes, record.modified == spans.modified, record.format == spans.format,
            record.companions.isEmpty
        else { return false }
        func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: object[range]) }
        var key = keys[record.key]
        return key.withUTF8 { key in
            // Bytes equal to a string's are that string; a path's must also be UTF-8, which the
            // bytes a string is decoded from need not be.
            let path = text(spans.path)
            guard Self.equal(key, text(spans.key)),
                pool.withUnsafeBufferPointer({ Self.equal(UnsafeBufferPointer(rebasing: $0[record.path]), path) }),
                Self.isUTF8(path)
            else { return false }
            var flags: Flags = []
            if spans.gps { flags.insert(.gps) }
            if spans.warns { flags.insert(.warns) }
            var digest = ImageStem.Digest(high: 0, low: 0)
            if let fingerprint = spans.fingerprint.map(text), let parsed = ImageStem.Digest(hexBytes: fingerprint) {
                flags.insert(.fingerprinted)
                digest = parsed
                if ImageStem.packedKey(key) != nil,
                    ImageStem.isName(text(spans.thumb), .thumb, key: key, fingerprint: fingerprint)
                        && ImageStem.isName(text(spans.thumb2x), .thumb2x, key: key, fingerprint: fingerprint)
                        && ImageStem.isName(text(spans.preview), .preview, key: key, fingerprint: fingerprint)
                {
                    flags.insert(.canonicalImages)
                }
            }
            return flags == record.flags && digest == record.fingerprint
        }
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
    }

    /// The companions as bytes that are equal exactly when the stored companions are (their
    /// paths by bytes): kind, path and size of each, in order.
    static func encodeCompanions(_ companions: [(kind: Companion.Kind, path: BytePath, bytes: Int64)], into out: inout [UInt8]) {
        for companion in companions {
            let kind = Array(companion.kind.rawValue.utf8)
            out.append(UInt8(truncatingIfNeeded: kind.count))
            out += kind
            appendInteger(UInt32(truncatingIfNeeded: companion.path.bytes.count), to: &out)
            out += companion.path.bytes
            appendInteger(companion.bytes, to: &out)
        }
    }

    static func encodedCompanions(_ companions: [Companion]) -> [UInt8] {
        var out: [UInt8] = []
        encodeCompanions(companions.map { ($0.kind, $0.path, $0.bytes) }, into: &out)
        return out
    }

    // MARK: The file

    func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.magic.count + 128 + photos.count * Self.recordSize + pool.count + 32)
        out += Self.magic
        Self.appendInteger(Self.version, to: &out)
        out += Array(manifestFingerprint.utf8)
        Self.appendInteger(UInt64(photosArray.lowerBound), to: &out)
        Self.appendInteger(UInt64(photosArray.upperBound), to: &out)
        Self.appendInteger(UInt32(keys.count), to: &out)
        for key in keys {
            Self.appendInteger(UInt32(key.utf8.count), to: &out)
            out += Array(key.utf8)
        }
        Self.appendInteger(UInt32(photos.count), to: &out)
        Self.appendInteger(UInt64(pool.count), to: &out)
        for photo in photos { Self.appendRecord(photo, to: &out) }
        out += pool
        out += Array(ContentFingerprint(of: out).hex.utf8)
        return out
    }

    /// A record as the files hold it, its pool ranges moved by `poolOffset` and its key
    /// number by `keyOffset`.
    static func appendRecord(_ photo: Photo, to out: inout [UInt8], poolOffset: Int = 0, key: Int? = nil) {
        appendInteger(UInt64(photo.json.lowerBound), to: &out)
        appendInteger(UInt32(photo.json.count), to: &out)
        appendInteger(UInt32(photo.path.lowerBound + poolOffset), to: &out)
        appendInteger(UInt32(photo.path.count), to: &out)
        appendInteger(UInt32(photo.companions.lowerBound + poolOffset), to: &out)
        appendInteger(UInt32(photo.companions.count), to: &out)
        appendInteger(photo.flags.rawValue, to: &out)
        out.append(UInt8(ImageFormat.allCases.firstIndex(of: photo.format)!))
        out.append(0)
        appendInteger(UInt32(key ?? photo.key), to: &out)
        appendInteger(photo.bytes, to: &out)
        appendInteger(photo.modified, to: &out)
        appendInteger(photo.fingerprint.high, to: &out)
        appendInteger(photo.fingerprint.low, to: &out)
    }

    /// Why a cache file cannot be used.
    struct Damaged: Error, Equatable {
        var reason: String
    }

    /// A reader past the header of a file of `kind` this version wrote whole: its magic,
    /// its version and the checksum of everything before the checksum's 32 bytes at its end.
    static func verified(_ bytes: [UInt8], magic: [UInt8], version: UInt32, kind: String) throws(Damaged) -> Reader {
        guard bytes.count >= magic.count + 4, bytes.starts(with: magic) else {
            throw Damaged(reason: "not a \(kind)")
        }
        var reader = Reader(bytes: bytes, at: magic.count)
        guard let written = reader.uint32(), written == version else {
            throw Damaged(reason: "written by another version of proofsheet")
        }
        guard bytes.count >= reader.at + 32 else { throw Damaged(reason: "truncated") }
        let body = bytes[..<(bytes.count - 32)]
        guard Array(bytes[(bytes.count - 32)...]) == Array(ContentFingerprint(of: body).hex.utf8) else {
            throw Damaged(reason: "truncated or altered (its checksum does not match)")
        }
        return reader
    }

    /// Reads a cache file. Throws `Damaged` when it is not one this version wrote whole
    /// (truncated, altered, another version), with the reason; `manifestLength` is the
    /// size of the manifest it must describe, which every range must lie in.
    init(decoding bytes: [UInt8], manifestLength: Int) throws(Damaged) {
        var reader = try Self.verified(bytes, magic: Self.magic, version: Self.version, kind: "proofsheet cache")
        let body = bytes[..<(bytes.count - 32)]  // what the checksum covers
        // The checksum holds: what follows was written whole by this version. Every number
        // is still checked before it is used, so no cache can make a build read out of bounds.
        func fail() -> Damaged { Damaged(reason: "inconsistent") }
        // One spelling for each cache, as `encoded` writes it: a fingerprint of 32 lowercase
        // hex digits, keys in UTF-8, the byte after a record's format zero; and the photos'
        // objects inside the photos array (`[…]`, at least `[]`), in order, apart.
        guard let fingerprint = reader.bytes(32).map({ String(decoding: $0, as: UTF8.self) }), ImageStem.Digest(hex: fingerprint) != nil,
            let arrayStart = reader.uint64(), let arrayEnd = reader.uint64(), arrayStart < arrayEnd, arrayEnd - arrayStart >= 2,
            arrayEnd <= UInt64(manifestLength), let keyCount = reader.uint32(), keyCount <= 65536
        else { throw fail() }
        manifestFingerprint = fingerprint
        photosArray = Int(arrayStart)..<Int(arrayEnd)
        keys = []
        for _ in 0..<keyCount {
            guard let length = reader.uint32(), let spelt = reader.bytes(Int(length)), let key = String(validating: spelt, as: UTF8.self)
            else { throw fail() }
            keys.append(key)
        }
        guard let count = reader.uint32().map(Int.init), let poolLength = reader.uint64().flatMap({ Int(exactly: $0) }),
            poolLength <= body.count, count <= (body.count - reader.at) / Self.recordSize,
            reader.at + count * Self.recordSize + poolLength == body.count
        else { throw fail() }
        let poolStart = reader.at + count * Self.recordSize
        pool = Array(bytes[poolStart..<body.count])

        photos = []
        photos.reserveCapacity(count)
        origins.reserveCapacity(count)
        let formats = ImageFormat.allCases
        // Where the last photo's object ends; the next starts after it (after a comma).
        var objectsEnd = photosArray.lowerBound
        for _ in 0..<count {
            guard let jsonStart = reader.uint64().flatMap({ Int(exactly: $0) }), let jsonCount = reader.uint32().map(Int.init),
                let pathStart = reader.uint32().map(Int.init), let pathCount = reader.uint32().map(Int.init),
                let companionsStart = reader.uint32().map(Int.init), let companionsCount = reader.uint32().map(Int.init),
                let flags = reader.uint16(), let formatAndZero = reader.bytes(2), formatAndZero.last == 0,
                let key = reader.uint32().map(Int.init), let size = reader.int64(), let modified = reader.int64(),
                let high = reader.uint64(), let low = reader.uint64(),
                jsonStart > objectsEnd, jsonCount > 0, jsonCount < photosArray.upperBound - jsonStart,
                pathStart <= poolLength, pathCount <= poolLength - pathStart,
                companionsStart <= poolLength, companionsCount <= poolLength - companionsStart,
                let format = formatAndZero.first.map(Int.init), format < formats.count, key < keys.count
            else { throw fail() }
            objectsEnd = jsonStart + jsonCount
            origins.append(Int32(photos.count))
            photos.append(
                Photo(
                    json: jsonStart..<(jsonStart + jsonCount), path: pathStart..<(pathStart + pathCount),
                    companions: companionsStart..<(companionsStart + companionsCount), flags: Flags(rawValue: flags),
                    format: formats[format], key: key, bytes: size, modified: modified,
                    fingerprint: ImageStem.Digest(high: high, low: low)))
        }
        base = Base(
            checksum: Array(bytes[(bytes.count - 32)...]), keys: keys, jsonStarts: photos.map(\.json.lowerBound), poolCount: pool.count)
    }

    static func appendInteger<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    /// Little-endian integers and byte runs from a buffer, nil past its end.
    struct Reader {
        let data: [UInt8]
        var at: Int

        init(bytes: [UInt8], at: Int) {
            data = bytes
            self.at = at
        }

        mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= data.count - at else { return nil }
            defer { at += count }
            return data[at..<(at + count)]
        }

        mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
            guard let run = bytes(MemoryLayout<T>.size) else { return nil }
            var value: T = 0
            for (shift, byte) in run.enumerated() { value |= T(truncatingIfNeeded: byte) << (8 * shift) }
            return value
        }

        mutating func uint16() -> UInt16? { integer(UInt16.self) }
        mutating func uint32() -> UInt32? { integer(UInt32.self) }
        mutating func uint64() -> UInt64? { integer(UInt64.self) }
        mutating func int64() -> Int64? { integer(Int64.self) }
    }
}
