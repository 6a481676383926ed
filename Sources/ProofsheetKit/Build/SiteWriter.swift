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

    /// How the site is written, from the least work to the most: the builder tries them
    /// in this order, and the next when one cannot be used.
    enum Strategy {
        /// Nothing changed (`BuildPlan.asBefore`, the same settings and program): when the
        /// page on disk is the one of the manifest on disk, the build is done without a
        /// photo decoded — the assets are checked, a missing or out-of-date cache is
        /// written, and what nothing refers to is deleted.
        case keepUnchanged(PreviousSite)
        /// Something changed, album by album (`AlbumRebuild`): a kept album's bytes in the
        /// manifest, records in the cache, chunks, pages and part of the search index are
        /// taken from the previous build's files as they are. `manifest` is the rebuild's
        /// without its photos (`manifest.photos` is not read).
        case byAlbum(AlbumRebuild, manifest: Manifest, previous: PreviousSite)
        /// Every photo of `manifest`. `asBefore`: the manifest was taken whole from the
        /// previous one (no need to compare). `previousPositions`: for each photo, where it
        /// is in the previous manifest when it is that photo exactly
        /// (`BuildPlan.previousPositions`); what the previous build wrote for those is kept
        /// when that build was of this program and these templates.
        case whole(Manifest, previous: PreviousSite?, asBefore: Bool, previousPositions: [Int?])
    }

    /// Writes the site by `strategy`, `images` being every image file in the site: those
    /// listed before the build and those it wrote (one listing of folders of 100,000s of
    /// files is enough). Returns the cache of the manifest now on disk; nil when the
    /// strategy cannot be used, having written nothing but the assets (then the next one).
    func write(_ strategy: Strategy, images: ImageFiles) throws -> BuildCache? {
        switch strategy {
        case .keepUnchanged(let previous):
            return try keepUnchanged(previous, images: images) ? previous.cache : nil
        case .byAlbum(let rebuild, let manifest, let previous):
            return try writeByAlbum(rebuild, manifest: manifest, previous: previous, images: images)
        case .whole(let manifest, let previous, let asBefore, let previousPositions):
            return try writeWhole(manifest, previous: previous, images: images, asBefore: asBefore, previousPositions: previousPositions)
        }
    }

    /// `Strategy.keepUnchanged`: false when the page must be made again.
    private func keepUnchanged(_ previous: PreviousSite, images: ImageFiles) throws -> Bool {
        let (stylesheet, script) = try writeAssets()
        let pageFiles = Self.pageFiles(in: output)
        guard pageIsCurrent(previous, pageFiles: pageFiles), pageFilesWhole(pageFiles) else { return false }
        guard let referenced = Self.referencedImages(previous.cache, photo: previous.photo(at:)) else { return false }
        if !previous.cacheCurrent { try writeCache(previous.cache) }
        cleanUp(images: images, referenced: referenced, stylesheet: stylesheet, script: script, pageFiles: pageFiles, generated: nil)
        return true
    }

    /// The page on disk was rendered by this program and these templates from the manifest
    /// on disk, with the page files on disk: it ends with the mark of all of them (a build
    /// killed midway leaves the old mark, or other files), and its seal holds (else it is
    /// damaged, and so is the list of chunks it holds: `repairs` says so).
    func pageIsCurrent(_ previous: PreviousSite?, pageFiles: [String]) -> Bool {
        guard let previous else { return false }
        let mark = Self.pageMark(
            pageKey: pageKey, manifestDigest: previous.digest, files: pageFiles, formerIDs: previous.cache.hasFormerIDs)
        if !repairs.knowsExpected, let named = Self.previousPage(output + "/index.html", of: previous.head) {
            var expected = Set(
                named.chunks.values.map { "data/\($0.name).js" } + (named.search.isEmpty ? [] : ["data/\(named.search).js"]))
            for album in PageData.albums(of: previous.head) { expected.formUnion(AlbumPageRenderer.paths(of: album)) }
            repairs.expect(expected)
        }
        switch PageSeal.state(ofFile: output + "/index.html", mark: Array(mark.utf8)) {
        case .current?: return true
        case .damaged?:
            repairs.damaged("index.html")
            return false
        case .stale?, nil: return false
        }
    }

    /// Every page file on disk (`data/…`, `albums/…`) is whole (`PageSeal`); those that are
    /// not are noted in `repairs`. Read once a build: 80 MB at 100,000 photos.
    func pageFilesWhole(_ pageFiles: [String]) -> Bool {
        if let whole = repairs.whole { return whole }
        let damaged = pageFiles.filter { (pageStates.whole[$0] ?? PageFileStates.isWhole($0, in: output)) == false }
        return repairs.checked(damaged: damaged)
    }

    /// The data file `data/NAME.js` is there and whole; noted in `repairs` when it is
    /// there but damaged.
    func dataFileKept(_ name: String) -> Bool {
        let relative = "data/\(name).js"
        switch pageStates.whole[relative] ?? PageData.dataFileIsWhole(output + "/" + relative) {
        case true?: return true
        case false?:
            repairs.damaged(relative)
            return false
        case nil: return false
        }
    }

    /// The stylesheet (the template's, with the brand's face and colours) and the script,
    /// named by their content; and the brand's files, already named so.
    func writeAssets() throws -> (stylesheet: String, script: String) {
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
        FileSystem.remove(output + "/" + BuildCache.journalName)
    }

    /// What to write of the cache: its journal alone when the base on disk is the one its
    /// records came from and the journal is small beside it (`journalShare`), else the base
    /// whole (then the journal is removed once the base is renamed into place).
    func cacheFile(_ cache: BuildCache) -> (bytes: [UInt8], isJournal: Bool) {
        let basePath = output + "/" + BuildCache.fileName
        if let base = cache.base, let size = FileSystem.fileStatus(basePath)?.size, size > 32,
            FileSystem.readRange(basePath, at: Int(size) - 32, count: 32) == base.checksum, let journal = cache.journal(),
            journal.count * BuildCache.journalShare <= Int(size)
        {
            return (journal, true)
        }
        return (cache.encoded(), false)
    }

    /// `Strategy.whole`; the cache of the manifest written (or kept).
    private func writeWhole(
        _ manifest: Manifest, previous: PreviousSite?, images: ImageFiles, asBefore: Bool, previousPositions: [Int?]
    ) throws -> BuildCache {
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
        guard let referenced = Self.referencedImages(described, photo: { photos[$0] }) else { return described }
        cleanUp(images: images, referenced: referenced, stylesheet: stylesheet, script: script, pageFiles: pageFiles, generated: generated)
        return described
    }

    /// Writes the page's data (the chunks and the search index not on disk whole yet, the
    /// album pages among `pages` whose mark is not there, or whose seal does not hold), then stages `manifest.json`, its cache
    /// and `index.html` and renames them into place; returns the page files of the site.
    /// `pagesByAlbum` names every album's pages (`pages` may be only those that can have
    /// changed).
    func publish(
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
                repairs.damaged(relative)
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
            if state == .damaged { repairs.damaged(page.path) }
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
        let (cacheBytes, isJournal) = cacheFile(cache)
        let stagedCache =
            try isJournal
            ? StagedFile(cacheBytes, for: output + "/" + BuildCache.journalName) : stage(cacheBytes, to: output + "/" + BuildCache.fileName)
        let stagedPage = try Self.stageIfChanged(pageBytes, to: output + "/index.html")
        let pageWritten = stagedPage != nil
        try stagedManifest?.commit()
        try stagedCache?.commit()
        if !isJournal { FileSystem.remove(output + "/" + BuildCache.journalName) }
        try stagedPage?.commit()
        if pageWritten { repairs.wrote("index.html", existed: true) }
        return files
    }

    /// Only once nothing refers to them: deletes images of removed or changed photos, old
    /// assets and page files, and temporary files of interrupted builds — only names the
    /// build makes, relative to folders opened without following a symlink (`SiteFolder`):
    /// whatever else is in the site's folders is left alone.
    func cleanUp(
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
}
