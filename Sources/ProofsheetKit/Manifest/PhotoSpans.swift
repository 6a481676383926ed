import Foundation

/// Where the fields of a photo's object that a `.proofsheet-cache` record says are in its
/// bytes (`PhotoSpans.read`, and the build cache's records): strings as the bytes
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
