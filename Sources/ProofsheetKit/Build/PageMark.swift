import Foundation

/// What tells the page on disk current: its mark, its files, the chunks and search index it
/// names; and the names of what the build writes.
extension SiteWriter {
    /// The images the photos `cache` describes name: those named the canonical way by
    /// stem (100,000 photos' images without making 300,000 names), others by name, from
    /// the photo; nil when a photo is not there.
    static func referencedImages(_ cache: BuildCache, photo: (Int) -> Manifest.Photo?) -> ((String) -> Bool)? {
        var stems = Set<ImageStem>(minimumCapacity: cache.photos.count)
        var named = Set<String>()
        for position in cache.photos.indices {
            if let stem = cache.imageStem(cache.photos[position]) {
                stems.insert(stem)
            } else if let photo = photo(position) {
                named.formUnion([photo.thumb.src, photo.thumb2x.src, photo.preview.src])
            } else {
                return nil
            }
        }
        return { [stems, named] name in named.contains(name) || ImageStem.parse(name).map { stems.contains($0.0) } ?? false }
    }

    /// The chunks a page names, by the position of their first photo in `manifest` (the
    /// one it was rendered from): read from its embedded data, and kept only when they are
    /// the chunks that manifest makes (else nil, and every chunk is made again).
    static func chunks(page path: String, of manifest: Manifest) -> [Int: (count: Int, name: String)]? {
        previousPage(path, of: manifest)?.chunks
    }

    /// What a page names: its chunks (as `chunks(page:of:)`), and its search index.
    /// Its photos' shapes too (`PageData.ratios(inShapes:count:)`), nil when unreadable.
    static func previousPage(_ path: String, of manifest: Manifest) -> (
        chunks: [Int: (count: Int, name: String)], search: String, ratios: [Int]?
    )? {
        guard let page = try? FileSystem.read(path),
            let data = page.firstRange(of: Array("id=\"proofsheet-data\">".utf8)),
            let list = page[data.upperBound...].firstRange(of: Array("\"chunks\":[".utf8))
        else { return nil }
        // `["c-…",COUNT],…]`: names of `c-` and 16 hex digits, as `PageData` writes them.
        var at = list.upperBound
        var named: [(name: String, count: Int)] = []
        func take(_ byte: UInt8) -> Bool {
            guard at < page.count, page[at] == byte else { return false }
            at += 1
            return true
        }
        while take(UInt8(ascii: "[")) {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = at
            while at < page.count, page[at] != UInt8(ascii: "\"") { at += 1 }
            let name = String(decoding: page[start..<at], as: UTF8.self)
            let hex = name.utf8.dropFirst(2).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
            guard name.utf8.count == 18, name.hasPrefix("c-"), hex, take(UInt8(ascii: "\"")), take(UInt8(ascii: ",")) else {
                return nil
            }
            var count = 0
            while at < page.count, (0x30...0x39).contains(page[at]), count < 1_000_000_000 {
                count = count * 10 + Int(page[at] - 0x30)
                at += 1
            }
            guard take(UInt8(ascii: "]")) else { return nil }
            named.append((name, count))
            if !take(UInt8(ascii: ",")) { break }
        }
        let ranges = PageData.plan(PageData.albums(of: manifest))
        guard take(UInt8(ascii: "]")), ranges.count == named.count, zip(ranges, named).allSatisfy({ $0.count == $1.count }) else {
            return nil
        }
        var chunks: [Int: (count: Int, name: String)] = [:]
        for (range, chunk) in zip(ranges, named) { chunks[range.lowerBound] = (chunk.count, chunk.name) }
        // `,\n"shapes":{…}` (one object, no object inside it), then `,\n"search":"s-…"`
        // (16 hex digits).
        var ratios: [Int]?
        let shapesKey = Array(",\n\"shapes\":{".utf8)
        if page[at...].starts(with: shapesKey) {
            let start = at + shapesKey.count - 1
            guard let end = page[start...].firstIndex(of: UInt8(ascii: "}")) else { return (chunks, "", nil) }
            ratios = PageData.ratios(inShapes: Array(page[start...end]), count: ranges.last?.upperBound ?? 0)
            at = end + 1
        }
        for byte in ",\n\"search\":\"".utf8 {
            guard take(byte) else { return (chunks, "", ratios) }
        }
        let start = at
        while at < page.count, at - start < 18, page[at] != UInt8(ascii: "\"") { at += 1 }
        let search = String(decoding: page[start..<at], as: UTF8.self)
        let hex = search.utf8.dropFirst(2).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        guard search.utf8.count == 18, search.hasPrefix("s-"), hex, take(UInt8(ascii: "\"")) else { return (chunks, "", ratios) }
        return (chunks, search, ratios)
    }

    /// The page's own files on disk (`data/…`, `albums/…`), sorted: those named as a build
    /// names them (`SiteFolder.isMade`); anything else there is not the page's.
    static func pageFiles(in output: String) -> [String] {
        var files: [String] = []
        for folder in ["data", "albums"] {
            for name in FileSystem.contents(of: output + "/" + folder) where SiteFolder.isMade(name, in: folder) && !name.hasPrefix(".") {
                files.append(folder + "/" + name)
            }
        }
        return files.sorted { ByteOrder.less($0, $1) }
    }

    /// Equal, and equal byte for byte where `==` on strings is not (`Café` in NFC and in
    /// NFD are equal strings, but two different files).
    static func identical(_ a: Manifest, _ b: Manifest) -> Bool {
        guard a == b else { return false }
        return a.photos.indices.allSatisfy {
            a.photos[$0].path.utf8.elementsEqual(b.photos[$0].path.utf8) && a.photos[$0].name.utf8.elementsEqual(b.photos[$0].name.utf8)
        }
            && zip(a.albums, b.albums).allSatisfy { $0.path.utf8.elementsEqual($1.path.utf8) }
            && zip(a.problems, b.problems).allSatisfy { $0.path.utf8.elementsEqual($1.path.utf8) }
            && a.title.utf8.elementsEqual(b.title.utf8)
    }

    /// A staged file for `path`, or nil when it already holds these bytes.
    static func stageIfChanged(_ bytes: [UInt8], to path: String) throws -> StagedFile? {
        FileSystem.holds(bytes, at: path) ? nil : try StagedFile(bytes, for: path)
    }

    /// The templates (as loaded, so the key matches what renders the page) and the
    /// program that render the page, and the form of its data files (`PageData.format`).
    static func pageKey(templates: TemplateSet) -> String {
        var hash = StableHash()
        hash.combine(Proofsheet.generator)
        hash.combine(PageData.format)
        for text in [
            templates.index.source, templates.album.source, templates.photo.source, templates.albumPage.source, templates.css,
            templates.javascript,
        ] {
            hash.combine(text)
        }
        hash.combine(bytes: templates.displayFont)
        for language in PageLanguage.allCases { hash.combine(templates.words[language]?.json ?? "") }
        return hash.hex(digits: 16)
    }

    /// The words of the last line of `index.html` (sealed after them: `PageSeal`): which
    /// templates and which manifest (by digest) it was rendered from, and which page files
    /// it was written with. Content only, so the same inputs still give the same bytes.
    /// `formerIDs`: the manifest has former ids (an upgraded site), and the page's data
    /// carries them (`PageData`: `o`, `former`); the mark says so, so that a page an older
    /// proofsheet 0.1.0 wrote without them, under the same templates, is not taken as
    /// current and is written again. Any other page's mark is as it was.
    static func pageMark(pageKey: String, manifestDigest: String, files: [String], formerIDs: Bool = false) -> String {
        var hash = StableHash()
        for file in files { hash.combine(file) }
        return "<!-- proofsheet page \(pageKey) manifest \(manifestDigest) files \(hash.hex(digits: 16))" + (formerIDs ? " former-ids" : "")
    }

    /// Assets are named by their content, so a new page never loads an old script.
    static func writeAsset(_ text: String, name: String, ext: String, in output: String) throws -> String {
        let relative = "assets/\(name)-\(StableHash.hex(of: text, digits: 8)).\(ext)"
        try FileSystem.writeIfChanged(Array(text.utf8), to: output + "/" + relative)
        return relative
    }
}
