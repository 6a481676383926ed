import Foundation

/// The write step: assets, the page's data (chunks, the search index) and static album
/// pages, then `manifest.json`, `.proofsheet-cache` and `index.html` (each atomically), and
/// only then the deletion of what nothing refers to any more.
struct SiteWriter {
    var output: String
    var templates: TemplateSet
    /// Which templates and program render the page (see `pageMark`).
    var pageKey: String
    /// The page files found damaged on disk, and those written again (`PageSeal`).
    let repairs = Repairs()
    /// The page files as the build found them before writing any (`PageFileStates`): what
    /// this writer would read to check them, when it was read already.
    var pageStates = PageFileStates()
    /// The accent colour and logo the site's settings name; the display face is the templates'.
    var brand: Brand

    init(output: String, templates: TemplateSet) {
        self.output = output
        self.templates = templates
        self.pageKey = Self.pageKey(templates: templates)
        brand = Brand(font: templates.displayFont)
    }

    /// What a rebuild found of the previous build's page files that was not as it wrote them.
    final class Repairs: @unchecked Sendable {
        /// Relative paths found damaged (truncated, zeroed, edited).
        fileprivate(set) var damaged: Set<String> = []
        /// The files the previous page named (its chunks, search index and album pages).
        fileprivate var expected: Set<String> = []
        /// Whether every page file on disk was found whole (`pageFilesWhole`), once asked.
        fileprivate var whole: Bool?
        /// Each file written again, in order, with why: `damaged` or `missing`.
        fileprivate(set) var written: [(path: String, reason: String)] = []

        fileprivate func wrote(_ path: String, existed: Bool) {
            if existed, damaged.contains(path) {
                written.append((path, "damaged"))
            } else if !existed, expected.contains(path) {
                written.append((path, "missing"))
            }
        }
    }

    /// Nothing changed (`BuildPlan.asBefore`, the same settings and program): when the
    /// page on disk is the one of the manifest on disk, the build is done without a photo
    /// decoded — the assets are checked, a missing or out-of-date cache is written, and what
    /// nothing refers to is deleted, as `write` does. False when the page must be made again
    /// (then `write`, with the photos).
    func keepUnchanged(_ previous: PreviousSite, images: ImageFiles) throws -> Bool {
        let (stylesheet, script) = try writeAssets()
        let pageFiles = Self.pageFiles(in: output)
        guard pageIsCurrent(previous, pageFiles: pageFiles), pageFilesWhole(pageFiles) else { return false }
        guard let referenced = Self.referencedImages(previous.cache, photo: previous.photo(at:)) else { return false }
        if !previous.cacheCurrent { try writeCache(previous.cache) }
        cleanUp(images: images, referenced: referenced, stylesheet: stylesheet, script: script, pageFiles: pageFiles, generated: nil)
        return true
    }

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

    /// The page on disk was rendered by this program and these templates from the manifest
    /// on disk, with the page files on disk: it ends with the mark of all of them (a build
    /// killed midway leaves the old mark, or other files), and its seal holds (else it is
    /// damaged, and so is the list of chunks it holds: `repairs` says so).
    private func pageIsCurrent(_ previous: PreviousSite?, pageFiles: [String]) -> Bool {
        guard let previous else { return false }
        let mark = Self.pageMark(
            pageKey: pageKey, manifestDigest: previous.digest, files: pageFiles, formerIDs: previous.cache.hasFormerIDs)
        if repairs.expected.isEmpty, let named = Self.previousPage(output + "/index.html", of: previous.head) {
            repairs.expected = Set(
                named.chunks.values.map { "data/\($0.name).js" } + (named.search.isEmpty ? [] : ["data/\(named.search).js"]))
            for album in PageData.albums(of: previous.head) { repairs.expected.formUnion(AlbumPageRenderer.paths(of: album)) }
        }
        switch PageSeal.state(ofFile: output + "/index.html", mark: Array(mark.utf8)) {
        case .current?: return true
        case .damaged?:
            repairs.damaged.insert("index.html")
            return false
        case .stale?, nil: return false
        }
    }

    /// Every page file on disk (`data/…`, `albums/…`) is whole (`PageSeal`); those that are
    /// not are noted in `repairs`. Read once a build: 80 MB at 100,000 photos.
    private func pageFilesWhole(_ pageFiles: [String]) -> Bool {
        if let whole = repairs.whole { return whole }
        for file in pageFiles where (pageStates.whole[file] ?? PageFileStates.isWhole(file, in: output)) == false {
            repairs.damaged.insert(file)
        }
        repairs.whole = repairs.damaged.isEmpty
        return repairs.damaged.isEmpty
    }

    /// The data file `data/NAME.js` is there and whole; noted in `repairs` when it is
    /// there but damaged.
    private func dataFileKept(_ name: String) -> Bool {
        let relative = "data/\(name).js"
        switch pageStates.whole[relative] ?? PageData.dataFileIsWhole(output + "/" + relative) {
        case true?: return true
        case false?:
            repairs.damaged.insert(relative)
            return false
        case nil: return false
        }
    }

    /// The stylesheet (the template's, with the brand's face and colours) and the script,
    /// named by their content; and the brand's files, already named so.
    private func writeAssets() throws -> (stylesheet: String, script: String) {
        try FileSystem.writeIfChanged(brand.font, to: output + "/" + brand.fontName)
        if let logo = brand.logo { try FileSystem.writeIfChanged(logo.bytes, to: output + "/" + logo.siteName) }
        return (
            try Self.writeAsset(brand.stylesheet(adding: templates.css), name: "proofsheet", ext: "css", in: output),
            try Self.writeAsset(templates.javascript, name: "proofsheet", ext: "js", in: output)
        )
    }

    /// Writes the cache when the file does not hold it already.
    private func writeCache(_ cache: BuildCache) throws {
        // A manifest read by JSONDecoder has no photo ranges: no cache for it.
        guard !cache.photosArray.isEmpty else { return }
        try Self.stageIfChanged(cache.encoded(), to: output + "/" + BuildCache.fileName)?.commit()
    }

    /// `images` is every image file in the site: those listed before the build and those
    /// it wrote (one listing of folders of 100,000s of files is enough).
    /// `asBefore`: the manifest was taken whole from the previous one (no need to compare).
    /// `previousPositions`: for each photo, where it is in the previous manifest when it is
    /// that photo exactly (`BuildPlan.previousPositions`); what the previous build wrote for
    /// those is kept when that build was of this program and these templates.
    func write(
        _ manifest: Manifest, previous: PreviousSite?, images: ImageFiles, asBefore: Bool = false, previousPositions: [Int?] = []
    ) throws {
        let (stylesheet, script) = try writeAssets()

        // Nothing changed: the manifest is the one on disk, and the page ends with the mark
        // of that manifest, these templates and the page files now on disk. Encoding and
        // rendering 100,000 photos is most of a rebuild's time, so all of it is skipped.
        let pageFiles = Self.pageFiles(in: output)
        var generated: Set<String>? = nil
        let current = pageIsCurrent(previous, pageFiles: pageFiles)
        // What describes the manifest written (or kept).
        let described: BuildCache
        if let previous, current, asBefore || Self.identical(manifest, previous.manifest), pageFilesWhole(pageFiles) {
            // The page is current; the manifest is the one on disk, and so is its cache.
            if !previous.cacheCurrent { try writeCache(previous.cache) }
            described = previous.cache
        } else {
            // What that build wrote for a photo that is exactly as it was is what this one
            // would write: its bytes in the manifest, and a chunk of such photos in the same
            // order, are kept (encoding 100,000 photos twice was most of a one-photo rebuild).
            let kept = current && previousPositions.count == manifest.photos.count ? previous : nil
            let previousChunks = kept.flatMap { Self.chunks(page: output + "/index.html", of: $0.manifest) }
            // The page's data: chunks and the search index are named by their bytes, so
            // those already there are current; album pages are rendered when their mark
            // changed. All of them before the page that refers to them.
            let data = PageData(manifest) { range in
                guard let previousChunks, let first = previousPositions[range.lowerBound],
                    let chunk = previousChunks[first], chunk.count == range.count,
                    range.allSatisfy({ previousPositions[$0] == first + ($0 - range.lowerBound) }),
                    dataFileKept(chunk.name)
                else { return nil }
                return chunk.name
            }
            // manifest.json is the build's cache (compact: pretty-printing 100,000 photos
            // doubled the encoding time).
            var layout = ManifestJSON.Layout()
            var manifestBytes = try ManifestJSON.encode(
                manifest,
                copying: { position in kept.flatMap { kept in previousPositions[position].flatMap { kept.photoBytes($0) } } },
                layout: &layout)
            manifestBytes.append(UInt8(ascii: "\n"))
            let fingerprint = ContentFingerprint(of: manifestBytes).hex
            let cache = BuildCache(
                manifest: manifest, fingerprint: fingerprint, ranges: layout.photos, photosArray: layout.photosArray,
                reusing: kept.map { ($0.cache, previousPositions) })
            described = cache
            let albumPages = AlbumPageRenderer(templates: templates, stylesheet: stylesheet, pageKey: pageKey)
            let pages = albumPages.pages(manifest, albums: data.albums)
            var pagesByAlbum: [String: [String]] = [:]
            for page in pages { pagesByAlbum[page.album.path, default: []].append(page.path) }
            let cover = CoverPhoto.find(manifest.options.cover, albums: data.albums) { [photos = manifest.photos] in photos[$0] }
            generated = try publish(
                manifest, bytes: manifestBytes, fingerprint: fingerprint, cache: cache, data: data, pages: pages,
                pagesByAlbum: pagesByAlbum, albumPages: albumPages, stylesheet: stylesheet, script: script,
                previousDigest: previous?.digest, cover: cover)
        }

        let photos = manifest.photos
        // Never nil here (every photo is at hand); were it, nothing would be deleted.
        guard let referenced = Self.referencedImages(described, photo: { photos[$0] }) else { return }
        cleanUp(images: images, referenced: referenced, stylesheet: stylesheet, script: script, pageFiles: pageFiles, generated: generated)
    }

    /// Writes the page's data (the chunks and the search index not on disk whole yet, the
    /// album pages among `pages` whose mark is not there, or whose seal does not hold), then stages `manifest.json`, its cache
    /// and `index.html` and renames them into place; returns the page files of the site.
    /// `pagesByAlbum` names every album's pages (`pages` may be only those that can have
    /// changed).
    private func publish(
        _ manifest: Manifest, bytes manifestBytes: [UInt8], fingerprint: String, cache: BuildCache, data: PageData,
        pages: [AlbumPageRenderer.Page], pagesByAlbum: [String: [String]], albumPages: AlbumPageRenderer, stylesheet: String,
        script: String, previousDigest: String?, cover: Manifest.Photo?
    ) throws -> Set<String> {
        // Chunks and the search index are named by their bytes, so those already there are
        // current; album pages are rendered when their mark changed. All of them before
        // the page that refers to them.
        try FileSystem.createDirectory(output + "/data")
        try FileSystem.createDirectory(output + "/albums")
        // A data file made again whose name is on disk: the file there is damaged, since
        // the name is the hash of the bytes (one kept is whole: see `dataFileKept`).
        func writeData(_ script: [UInt8], to relative: String) throws {
            let path = output + "/" + relative
            let existed = FileSystem.exists(path)
            if existed {
                if FileSystem.holds(script, at: path) { return }
                repairs.damaged.insert(relative)
            }
            try FileSystem.writeAtomically(script, to: path)
            repairs.wrote(relative, existed: existed)
        }
        for chunk in data.chunks {
            guard let script = chunk.script else { continue }
            try writeData(script, to: chunk.src)
        }
        try writeData(data.searchScript, to: data.searchSrc)
        for page in pages {
            let path = output + "/" + page.path
            let state = PageSeal.state(ofFile: path, mark: Array(page.mark.utf8))
            if state == .current { continue }
            if state == .damaged { repairs.damaged.insert(page.path) }
            try FileSystem.writeAtomically(try albumPages.render(page, manifest: manifest), to: path)
            repairs.wrote(page.path, existed: state != nil)
        }
        let files = Set(data.chunks.map(\.src) + [data.searchSrc] + pagesByAlbum.values.joined())
        let page =
            try PageRenderer(templates: templates, stylesheet: stylesheet, script: script, logo: brand.logo, cover: cover)
            .render(manifest, data: data, indexJSON: data.indexJSON(manifest, pages: pagesByAlbum))
            + Self.pageMark(
                pageKey: pageKey, manifestDigest: String(fingerprint.prefix(16)), files: files.sorted { ByteOrder.less($0, $1) },
                formerIDs: cache.hasFormerIDs)
        let pageBytes = PageSeal.sealed(Array(page.utf8))

        // All three staged in full first — a full disk or a read-only folder shows here,
        // and leaves them as they were — then renamed: the manifest first, so a build
        // killed between the renames leaves the old page, whose files are all still
        // there, and a manifest the next build can use (a cache not yet renamed describes
        // another manifest, and is passed over).
        // A manifest of another fingerprint than the one read at the start is not the file on
        // disk, nor is its cache (which names it): staged without reading those first (60 and
        // 9 MB at 100,000 photos).
        let other = previousDigest.map { !fingerprint.hasPrefix($0) } ?? false
        func stage(_ bytes: [UInt8], to path: String) throws -> StagedFile? {
            try other ? StagedFile(bytes, for: path) : Self.stageIfChanged(bytes, to: path)
        }
        let stagedManifest = try stage(manifestBytes, to: output + "/manifest.json")
        let stagedCache = try stage(cache.encoded(), to: output + "/" + BuildCache.fileName)
        let stagedPage = try Self.stageIfChanged(pageBytes, to: output + "/index.html")
        let pageWritten = stagedPage != nil
        try stagedManifest?.commit()
        try stagedCache?.commit()
        try stagedPage?.commit()
        if pageWritten { repairs.wrote("index.html", existed: true) }
        return files
    }

    /// Writes the site of `rebuild` (`AlbumRebuild`), whose manifest is `manifest` with
    /// the rebuild's photos (`manifest.photos` is not read), from the previous build's
    /// files: a kept album's bytes in the manifest, records in the cache, chunks, pages
    /// and part of the search index are taken as they are. Returns the cache written, or
    /// nil, having written nothing, when the previous site's page is not the one of its
    /// manifest, these templates and this program (then `write`, with every photo).
    func writeByAlbum(_ rebuild: AlbumRebuild, manifest: Manifest, previous: PreviousSite, images: ImageFiles) throws -> BuildCache? {
        let (stylesheet, script) = try writeAssets()
        let pageFiles = Self.pageFiles(in: output)
        guard rebuild.total > PageRenderer.inlineLimit, pageIsCurrent(previous, pageFiles: pageFiles),
            let before = Self.previousPage(output + "/index.html", of: previous.head), !before.search.isEmpty,
            let previousRatios = before.ratios,
            let searchScript = try? FileSystem.read(output + "/data/\(before.search).js"),
            let search = PreviousSearchIndex(script: searchScript, name: before.search, count: previous.cache.photos.count)
                ?? noteDamaged("data/\(before.search).js", script: searchScript)
        else { return nil }
        let segments = rebuild.segments

        // The manifest and its cache on one thread, the chunks and the search index on the
        // other: neither needs the other.
        @Sendable func assemble() throws -> (bytes: [UInt8], fingerprint: String, cache: BuildCache) {
            let (manifestBytes, layout) = try Self.manifestBytes(rebuild, manifest: manifest, previous: previous)
            let fingerprint = ContentFingerprint(of: manifestBytes).hex
            var builder = BuildCache.Builder(fingerprint: fingerprint, photosArray: layout.photosArray, capacity: rebuild.total)
            for segment in segments {
                switch segment.content {
                case .kept(let positions):
                    for (offset, position) in positions.enumerated() {
                        builder.append(copyOf: position, in: previous.cache, json: layout.photos[segment.start + offset])
                    }
                case .made(let photos):
                    for (offset, photo) in photos.enumerated() { builder.append(photo, json: layout.photos[segment.start + offset]) }
                }
            }
            return (manifestBytes, fingerprint, builder.cache)
        }
        let albums = PageData.albums(of: manifest)
        /// Nil when a kept photo cannot be read.
        @Sendable func makeData() -> PageData? {
            // The chunks: one of kept photos that the previous build wrote for them is kept.
            var chunks: [PageData.Chunk] = []
            for range in PageData.plan(albums) {
                if let name = Self.keptChunk(range, of: rebuild, before: before.chunks), dataFileKept(name) {
                    chunks.append(PageData.Chunk(start: range.lowerBound, count: range.count, name: name, script: nil))
                    continue
                }
                var photos: [(Manifest.Photo, String)] = []
                photos.reserveCapacity(range.count)
                for position in range {
                    let segment = rebuild.segment(at: position)
                    switch segment.content {
                    case .kept(let positions):
                        guard let photo = previous.photo(at: positions.lowerBound + position - segment.start) else { return nil }
                        photos.append((photo, segment.album.path))
                    case .made(let made): photos.append((made[position - segment.start], segment.album.path))
                    }
                }
                chunks.append(
                    PageData.chunk(range) { position, writer in
                        let (photo, albumPath) = photos[position - range.lowerBound]
                        PageData.record(photo, albumPath: albumPath, into: &writer)
                    })
            }
            let (searchName, searchBytes) = search.spliced(segments)
            // The shapes: a kept photo's from the previous page, a made one's from its thumbnail.
            var ratios: [Int] = []
            ratios.reserveCapacity(rebuild.total)
            for segment in segments {
                switch segment.content {
                case .kept(let positions): ratios += previousRatios[positions]
                case .made(let made): ratios += made.map { PageData.ratio(of: $0.thumb) }
                }
            }
            return PageData(albums: albums, chunks: chunks, searchName: searchName, searchScript: searchBytes, ratios: ratios)
        }
        nonisolated(unsafe) var assembled: Result<(bytes: [UInt8], fingerprint: String, cache: BuildCache), any Error>?
        nonisolated(unsafe) var made: PageData?
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 { assembled = Result { try assemble() } } else { made = makeData() }
        }
        let (manifestBytes, fingerprint, cache) = try assembled!.get()
        guard let data = made else { return nil }

        // Album pages: a kept album's are on disk (the page's mark says so) and unchanged,
        // unless one is damaged: then that album's are rendered again, from its photos.
        let albumPages = AlbumPageRenderer(templates: templates, stylesheet: stylesheet, pageKey: pageKey)
        var pages: [AlbumPageRenderer.Page] = []
        var pagesByAlbum: [String: [String]] = [:]
        for (segment, album) in zip(segments, albums) {
            let paths = AlbumPageRenderer.paths(of: album)
            pagesByAlbum[album.path] = paths
            var photos: [Manifest.Photo]
            switch segment.content {
            case .made(let made): photos = made
            case .kept(let positions):
                let damaged = paths.filter { (pageStates.whole[$0] ?? PageFileStates.isWhole($0, in: output)) == false }
                if damaged.isEmpty { continue }
                repairs.damaged.formUnion(damaged)
                photos = []
                for position in positions {
                    guard let photo = previous.photo(at: position) else { return nil }
                    photos.append(photo)
                }
            }
            var part = manifest
            part.photos = photos
            var alone = album
            alone.start = 0
            pages += albumPages.pages(part, albums: [alone])
        }
        // The cover: a photo of the album its path names, kept or made again.
        let cover = CoverPhoto.find(manifest.options.cover, albums: data.albums) { position in
            let segment = rebuild.segment(at: position)
            switch segment.content {
            case .kept(let positions): return previous.photo(at: positions.lowerBound + position - segment.start)
            case .made(let made): return made[position - segment.start]
            }
        }
        let generated = try publish(
            manifest, bytes: manifestBytes, fingerprint: fingerprint, cache: cache, data: data, pages: pages,
            pagesByAlbum: pagesByAlbum, albumPages: albumPages, stylesheet: stylesheet, script: script,
            previousDigest: previous.digest, cover: cover)
        let referenced = Self.referencedImages(cache) { position in
            try? manifestBytes.withUnsafeBufferPointer { buffer in
                var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[cache.photos[position].json]))
                return try reader.readPhoto()
            }
        }
        // Never nil here (every photo's record was just written); were it, nothing would be deleted.
        if let referenced {
            cleanUp(
                images: images, referenced: referenced, stylesheet: stylesheet, script: script, pageFiles: pageFiles, generated: generated)
        }
        return cache
    }

    /// Nil, noting the search index at `relative` damaged when its bytes do not hash to its
    /// name (`PreviousSearchIndex` takes only a whole one).
    private func noteDamaged(_ relative: String, script: [UInt8]) -> PreviousSearchIndex? {
        if !PageData.isDataScript(script, named: String(relative.dropFirst(5).dropLast(3))) { repairs.damaged.insert(relative) }
        return nil
    }

    /// The `manifest.json` of `rebuild` (`manifest` with its photos): a kept album's photos
    /// copied from the previous manifest as one run.
    static func manifestBytes(_ rebuild: AlbumRebuild, manifest: Manifest, previous: PreviousSite) throws -> ([UInt8], ManifestJSON.Layout)
    {
        var layout = ManifestJSON.Layout()
        var bytes = try ManifestJSON.encode(manifest, photoCount: rebuild.total, layout: &layout) { array in
            for segment in rebuild.segments {
                switch segment.content {
                case .kept(let positions): array.append(run: previous.bytes, photos: previous.cache.photos[positions].map(\.json)[...])
                case .made(let photos): for photo in photos { array.append(photo) }
                }
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        return (bytes, layout)
    }

    /// The name of the previous build's chunk of exactly the photos at `range`, when they
    /// are all kept photos at consecutive positions of the previous manifest.
    private static func keptChunk(_ range: Range<Int>, of rebuild: AlbumRebuild, before: [Int: (count: Int, name: String)]) -> String? {
        var first: Int?
        var next: Int?
        var position = range.lowerBound
        while position < range.upperBound {
            let segment = rebuild.segment(at: position)
            guard case .kept(let positions) = segment.content else { return nil }
            let at = positions.lowerBound + position - segment.start
            if let next, at != next { return nil }
            first = first ?? at
            let taken = min(range.upperBound, segment.start + segment.album.count) - position
            position += taken
            next = at + taken
        }
        guard let first, let chunk = before[first], chunk.count == range.count else { return nil }
        return chunk.name
    }

    /// Only once nothing refers to them: deletes images of removed or changed photos, old
    /// assets and page files, and temporary files of interrupted builds — only names the
    /// build makes, relative to folders opened without following a symlink (`SiteFolder`):
    /// whatever else is in the site's folders is left alone.
    private func cleanUp(
        images: ImageFiles, referenced: (String) -> Bool, stylesheet: String, script: String, pageFiles: [String],
        generated: Set<String>?
    ) {
        SiteFolder.remove(paths: images.names.filter { !referenced($0) }, of: output)
        let kept = [stylesheet, script, brand.fontName] + (brand.logo.map { [$0.siteName] } ?? [])
        let assets = FileSystem.contents(of: output + "/assets").filter { !kept.contains("assets/" + $0) }
        SiteFolder.remove(assets, in: "assets", of: output)
        if let generated {
            SiteFolder.remove(paths: pageFiles.filter { !generated.contains($0) }, of: output)
        }
        SiteFolder.removeTemporaryFiles(of: output)
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
