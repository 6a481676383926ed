import Foundation

/// `SiteWriter.Strategy.byAlbum`: the albums that did not change taken from the previous
/// build's files as they are.
extension SiteWriter {
    /// Writes the site of `rebuild` (`AlbumRebuild`), whose manifest is `manifest` with
    /// the rebuild's photos (`manifest.photos` is not read), from the previous build's
    /// files: a kept album's bytes in the manifest, records in the cache, chunks, pages
    /// and part of the search index are taken as they are. Returns the cache written, or
    /// nil, having written nothing, when the previous site's page is not the one of its
    /// manifest, these templates and this program (then `Strategy.whole`, with every photo).
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
                    // A photo of a changed album that is as it was keeps its record (and the
                    // journal stays the size of the change: `BuildCache+Journal`).
                    for (offset, photo) in photos.enumerated() {
                        let json = layout.photos[segment.start + offset]
                        if let position = previous.index[photo.pathKey], previous.cache.describes(photo, at: position) {
                            builder.append(copyOf: position, in: previous.cache, json: json)
                        } else {
                            builder.append(photo, json: json)
                        }
                    }
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
        let (assembled, made) = concurrently({ Result { try assemble() } }, makeData)
        let (manifestBytes, fingerprint, cache) = try assembled.get()
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
                repairs.damaged(damaged)
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
        if !PageData.isDataScript(script, named: String(relative.dropFirst(5).dropLast(3))) { repairs.damaged(relative) }
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
}
