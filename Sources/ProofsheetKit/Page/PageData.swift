import Foundation

/// The page's photo data, cut so that what a browser loads follows the screen, not the
/// library: `index.html` carries only the album index; the photos live in chunk files of
/// at most `chunkSize` photos, and a compact search index of the whole gallery is loaded
/// when first needed.
///
/// Chunks and the search index are plain scripts that hand their data to the page
/// (`Proofsheet.chunk("c-…", [...])`, `Proofsheet.search("s-…", {...})`): `<script src>`
/// works from `file://`, where `fetch` does not. Each is named by a hash of its bytes, so a
/// rebuild writes only those that changed and a page never loads an old one.
///
/// A chunk holds whole albums, packed in order up to `chunkSize` photos, or a slice of an
/// album bigger than that; a new chunk also starts at an album whose path hash says so
/// (one in eight), so a photo added to one album shifts the chunk boundaries after it only
/// up to the next such album. A chunk says nothing about where it sits in the gallery —
/// `index.html` does — so a photo added earlier does not change it.
///
/// A photo in a chunk, by key: `i` id, `n` file name, `p` path (only when it is not the
/// album's path and the name), `pb` the path's exact bytes, base64, as the manifest's
/// `pathBytes` (only when the path is not UTF-8: `n` and `p` are then readable renderings;
/// the page exports it so `collect` finds the file), `b` bytes, `d` date (`YYYY-MM-DDTHH:MM:SS`), `f` 1 when the
/// date is the file's time, `w`/`h` pixel size, `t` [thumbnail, width, height], `t2` the
/// 2x thumbnail, `v` [preview, width, height], `x` the EXIF details shown in the viewer,
/// `o` the id it had before content ids replaced path ids (its manifest entry's first
/// `formerIds`; absent when it has none), `c` what goes with it, for the
/// page's badges: `r` a RAW, `l` a Live Photo's video (`"rl"` both; absent when neither).
struct PageData {
    static let chunkSize = 1000
    /// The form of the data files, which the page's script reads: 3 since the search index
    /// is JSON in a comment (`dataScriptParts`), 2 since its `ids` and `names` are joined
    /// strings (`searchIndex`). Part of the page's key
    /// (the key the build writes), so that a site written in another form is not current —
    /// its page written again, whole — even with the same templates and nothing changed.
    static let format = 3
    /// Leading chunks the page names as `<script src>`, so the first screen is drawn with
    /// its photos: enough for a screenful however small the first albums are.
    static let firstScreenPhotos = 150

    struct Chunk {
        /// Position of its first photo in the gallery's order.
        var start: Int
        var count: Int
        /// `c-` and the hash of its bytes; the file is `data/NAME.js`.
        var name: String
        /// nil for a chunk kept from the previous build (its file is there).
        var script: [UInt8]?
        var src: String { "data/\(name).js" }
    }

    struct Album {
        var path: String
        var name: String
        var start: Int
        var count: Int
        var anchor: String
    }

    var albums: [Album]
    var chunks: [Chunk]
    var searchName: String
    var searchScript: [UInt8]
    var searchSrc: String { "data/\(searchName).js" }
    /// How many chunks the page loads before it draws (see `firstScreenPhotos`).
    var preloaded: Int

    /// Photos in the gallery (what the page's `total` says).
    var total: Int
    /// Each photo's shape, width over height in thousandths, in the gallery's order: what
    /// `indexJSON` writes as `shapes`.
    var ratios: [Int]

    /// `previousChunk` names the chunk the previous build wrote for exactly these photos
    /// (by position), when it did and that file is there: kept, not encoded again.
    init(_ manifest: Manifest, previousChunk: (Range<Int>) -> String? = { _ in nil }) {
        let albums = Self.albums(of: manifest)
        let photos = manifest.photos
        var albumOf = [Int](repeating: 0, count: photos.count)
        for (index, album) in albums.enumerated() {
            for position in album.start..<min(photos.count, album.start + album.count) { albumOf[position] = index }
        }
        let chunks = Self.plan(albums).map { range in
            if let name = previousChunk(range) { return Chunk(start: range.lowerBound, count: range.count, name: name, script: nil) }
            return Self.chunk(range) { position, writer in
                Self.record(photos[position], albumPath: albums[albumOf[position]].path, into: &writer)
            }
        }
        let (searchName, searchScript) = Self.searchIndex(photos, albums: albums, albumOf: albumOf)
        self.init(
            albums: albums, chunks: chunks, searchName: searchName, searchScript: searchScript,
            ratios: photos.map { Self.ratio(of: $0.thumb) })
    }

    /// The page's data from its parts: the albums, the chunks (`plan`'s ranges), the
    /// search index, and each photo's shape (`ratio(of:)`, in the gallery's order).
    init(albums: [Album], chunks: [Chunk], searchName: String, searchScript: [UInt8], ratios: [Int]) {
        self.albums = albums
        self.chunks = chunks
        self.searchName = searchName
        self.searchScript = searchScript
        self.ratios = ratios
        total = albums.reduce(0) { $0 + $1.count }
        var covered = 0
        var preloaded = 0
        for chunk in chunks where covered < Self.firstScreenPhotos {
            covered += chunk.count
            preloaded += 1
        }
        self.preloaded = preloaded
    }

    /// The chunk of the photos at `range` (by position in the gallery); `record` writes the
    /// photo at a position (`record(_:albumPath:into:)`).
    static func chunk(_ range: Range<Int>, record: (Int, inout JSONWriter) -> Void) -> Chunk {
        var writer = JSONWriter(capacity: range.count * 420)
        writer.raw("[")
        for position in range {
            if position > range.lowerBound { writer.raw(",\n") }
            record(position, &writer)
        }
        writer.raw("]")
        let (name, script) = Self.dataScript("chunk", prefix: "c-", writer.bytes)
        return Chunk(start: range.lowerBound, count: range.count, name: name, script: script)
    }

    /// The albums in the gallery's order, with where each starts.
    static func albums(of manifest: Manifest) -> [Album] {
        var albums: [Album] = []
        var start = 0
        for album in manifest.albums {
            albums.append(
                Album(path: album.path, name: album.name, start: start, count: album.count, anchor: PageRenderer.albumAnchor(album.path)))
            start += album.count
        }
        return albums
    }

    /// The photo ranges of the chunks, in order (see the type's comment).
    static func plan(_ albums: [Album]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var open: Range<Int>? = nil
        func close() {
            if let range = open, !range.isEmpty { ranges.append(range) }
            open = nil
        }
        for album in albums where album.count > 0 {
            let range = album.start..<(album.start + album.count)
            if album.count > chunkSize {
                close()
                var at = range.lowerBound
                while at < range.upperBound {
                    ranges.append(at..<min(range.upperBound, at + chunkSize))
                    at += chunkSize
                }
                continue
            }
            let resync = StableHash.hex(of: "chunk", album.path, digits: 2).hasSuffix("0") && (open?.count ?? 0) >= chunkSize / 4
            if let current = open, current.count + album.count > chunkSize || resync { close() }
            open = open.map { $0.lowerBound..<range.upperBound } ?? range
        }
        close()
        return ranges
    }

    /// One photo as a chunk holds it (keys in the type's comment).
    static func record(_ photo: Manifest.Photo, albumPath: String, into w: inout JSONWriter) {
        w.raw("{")
        w.key("i")
        w.string(photo.id)
        w.member("n")
        w.string(photo.name)
        if !isDerivedPath(photo.path, albumPath, photo.name) {
            w.member("p")
            w.string(photo.path)
        }
        if let exact = photo.pathBytes {
            w.member("pb")
            w.string(exact.base64EncodedString())
        }
        w.member("b")
        w.int(photo.bytes)
        w.member("d")
        w.string(photo.date)
        if photo.dateSource == "file" { w.raw(",\"f\":1") }
        w.member("w")
        w.int(photo.width)
        w.member("h")
        w.int(photo.height)
        w.member("t")
        image(photo.thumb, into: &w)
        w.member("t2")
        w.string(photo.thumb2x.src)
        w.member("v")
        image(photo.preview, into: &w)
        var first = true
        func detail(_ key: StaticString, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            w.raw(first ? ",\"x\":{" : ",")
            first = false
            w.key(key)
            w.string(value)
        }
        detail("camera", photo.camera)
        detail("lens", photo.lens)
        detail("exposure", photo.exposure)
        detail("aperture", photo.aperture)
        detail("iso", photo.iso.map { String($0) })
        detail("focalLength", photo.focalLength)
        detail("description", photo.description)
        if !first { w.raw("}") }
        if let former = photo.formerIds?.first {
            w.member("o")
            w.string(former)
        }
        let companions = photo.companions ?? []
        let raw = companions.contains { $0.kind == .raw }, video = companions.contains { $0.kind == .video }
        if raw || video {
            w.member("c")
            w.string((raw ? "r" : "") + (video ? "l" : ""))
        }
        w.raw("}")
    }

    private static func image(_ image: Manifest.Image, into w: inout JSONWriter) {
        w.raw("[")
        w.string(image.src)
        w.raw(",")
        w.int(image.width)
        w.raw(",")
        w.int(image.height)
        w.raw("]")
    }

    static func derivedPath(_ albumPath: String, _ name: String) -> String {
        albumPath.isEmpty ? name : albumPath + "/" + name
    }

    /// `path == derivedPath(albumPath, name)` (as strings), without joining the two.
    static func isDerivedPath(_ path: String, _ albumPath: String, _ name: String) -> Bool {
        if albumPath.isEmpty { return path == name }
        // Equal bytes are equal strings; only when they differ can canonical equivalence
        // (NFC against NFD) still make them equal, which the joined string settles.
        let p = path.utf8, a = albumPath.utf8, n = name.utf8
        if p.count == a.count + 1 + n.count, p.starts(with: a), p.dropFirst(a.count).first == UInt8(ascii: "/"),
            p.dropFirst(a.count + 1).elementsEqual(n)
        {
            return true
        }
        return path == derivedPath(albumPath, name)
    }

    /// A data file (see the type's comment): its name, `prefix` and the hash of `json`,
    /// and its script, which hands `json` to the page's `Proofsheet.FUNCTION`
    /// (`dataScriptParts`).
    static func dataScript(_ function: String, prefix: String, _ json: [UInt8]) -> (name: String, script: [UInt8]) {
        let name = prefix + hash(json)
        let (head, tail) = dataScriptParts(function, name: name)
        var script = Array(head.utf8)
        script.reserveCapacity(script.count + json.count + tail.utf8.count)
        script.append(contentsOf: json)
        script.append(contentsOf: tail.utf8)
        return (name, script)
    }

    /// What a data file's script holds before and after its JSON. A chunk hands the page
    /// its JSON as a value: `Proofsheet.chunk("NAME",JSON);`. The search index hands it a
    /// function whose text holds the JSON in a comment, `Proofsheet.search("NAME",
    /// function(){/*JSON*/});`, which the page reads (`Function.prototype.toString`, the
    /// exact source) and gives `JSON.parse`: at 100,000 photos the same 4.6 MB parsed as a
    /// script took 60–100 ms before it could run (and 40 more to make its arrays), as a
    /// comment it is skipped in 2 ms and `JSON.parse` reads it in 5–15. Its strings are
    /// written `inComment` (`JSONWriter`), so no `*/` ends the comment early.
    static func dataScriptParts(_ function: String, name: String) -> (head: String, tail: String) {
        function == "search"
            ? ("Proofsheet.search(\"\(name)\",function(){/*", "*/});\n") : ("Proofsheet.\(function)(\"\(name)\",", ");\n")
    }

    /// `2026-06-01T14:03:22` read as UTC, in seconds since 1970.
    static func epochSeconds(_ iso: String) -> Int? {
        let parts = fixedDateParts(iso) ?? iso.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard parts.count >= 5, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm), then the time of day.
        let y = parts[1] <= 2 ? parts[0] - 1 : parts[0]
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (parts[1] + 9) % 12
        let doy = (153 * mp + 2) / 5 + parts[2] - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return days * 86400 + parts[3] * 3600 + parts[4] * 60 + (parts.count > 5 ? parts[5] : 0)
    }

    /// The six numbers of `YYYY-MM-DDTHH:MM:SS` (the form every photo's date has) read
    /// digit by digit; nil for any other form, which the general reader takes. Splitting
    /// 100,000 dates into substrings was half the time of the search index.
    static func fixedDateParts(_ iso: String) -> [Int]? {
        var iso = iso
        return iso.withUTF8 { u -> [Int]? in
            guard u.count == 19, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"), u[10] == UInt8(ascii: "T"),
                u[13] == UInt8(ascii: ":"), u[16] == UInt8(ascii: ":")
            else { return nil }
            func number(_ from: Int, _ count: Int) -> Int? {
                var value = 0
                for at in from..<(from + count) {
                    let digit = Int(u[at]) - Int(UInt8(ascii: "0"))
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2), let h = number(11, 2),
                let mi = number(14, 2), let se = number(17, 2)
            else { return nil }
            return [y, mo, d, h, mi, se]
        }
    }

    static func hash(_ bytes: [UInt8]) -> String {
        var hash = StableHash()
        hash.combine(bytes: bytes)
        return hash.hex(digits: 16)
    }

    /// What `index.html` embeds for the script: the gallery's settings, the album index and
    /// where the chunks and the search index are.
    func indexJSON(_ manifest: Manifest, pages: [String: [String]]) -> String {
        var w = JSONWriter(capacity: 4096 + chunks.count * 40 + albums.count * 160)
        w.raw("{")
        w.key("format")
        w.string("proofsheet-page")
        w.member("gallery")
        w.string(manifest.gallery)
        w.member("title")
        w.string(manifest.title)
        w.member("limit")
        w.int(manifest.options.limit)
        w.member("minimum")
        w.int(manifest.options.minimum)
        // Named selections, for the page to switch between; absent without any, so a
        // gallery without them is the page it was.
        let selections = manifest.options.selections.list
        if !selections.isEmpty {
            w.member("selections")
            w.raw("[")
            for (index, selection) in selections.enumerated() {
                w.raw(index == 0 ? "{" : ",{")
                w.key("name")
                w.string(selection.name)
                w.member("min")
                w.int(selection.minimum)
                w.member("limit")
                w.int(selection.limit)
                w.raw("}")
            }
            w.raw("]")
        }
        // Who Send writes to, and the photographer's instructions: present only when set.
        let contact: [(StaticString, String?)] = [
            ("contact", manifest.options.contact), ("contactName", manifest.options.contactName), ("message", manifest.options.message),
        ]
        for (key, value) in contact {
            guard let value else { continue }
            w.member(key)
            w.string(value)
        }
        w.member("sort")
        w.string(manifest.options.sort.rawValue)
        w.member("total")
        w.int(total)
        w.raw(",\n")
        w.key("albums")
        w.raw("[")
        for (index, album) in albums.enumerated() {
            if index > 0 { w.raw(",\n") }
            w.raw("{")
            w.key("path")
            w.string(album.path)
            w.member("name")
            w.string(album.name)
            w.member("count")
            w.int(album.count)
            w.member("anchor")
            w.string(album.anchor)
            w.member("pages")
            w.raw("[")
            for (at, page) in (pages[album.path] ?? []).enumerated() {
                if at > 0 { w.raw(",") }
                w.string(page)
            }
            w.raw("]}")
        }
        w.raw("],\n")
        w.key("chunks")
        w.raw("[")
        for (index, chunk) in chunks.enumerated() {
            if index > 0 { w.raw(",") }
            w.raw("[")
            w.string(chunk.name)
            w.raw(",")
            w.int(chunk.count)
            w.raw("]")
        }
        w.raw("],\n")
        w.key("shapes")
        Self.shapes(ratios, into: &w)
        w.raw(",\n")
        w.key("search")
        w.string(searchName)
        w.raw("}")
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
