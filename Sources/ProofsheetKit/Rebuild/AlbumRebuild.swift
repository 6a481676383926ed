/// A rebuild album by album (issue 11): the gallery as the previous build left it, with
/// only the albums that changed made again. An album none of whose photos changed, came
/// or went, and none of whose ids moved, is taken from the previous build as it was — its
/// photos' bytes in `manifest.json` (copied as one run), their records in
/// `.proofsheet-cache`, its chunks, its static pages and its part of the search index —
/// without decoding one of its photos. For one photo changed in 100,000 that is one
/// album of 2,000 decoded, sorted and encoded instead of all.
///
/// It follows from the previous build alone, so the site is byte for byte the one a
/// fresh build makes: the order is the one `PhotoOrder.merged` gives (a kept album keeps
/// its order; an album that changed is sorted again), and the ids the ones `PhotoIDs`
/// gives — only a photo that shares its 12 digits with a photo that came, went or
/// changed could get another id, and a copy kept keeps its number, so none does (were
/// one to, its album would be one that changed).
///
/// nil when the previous build cannot be taken album by album (a photo without a
/// fingerprint or with former ids, a manifest not written by this writer, albums that do
/// not add up): then the build reads the previous manifest whole, as before. `Untrue`
/// when a record the rebuild would take is not true of the manifest (a cache whose
/// checksum holds, made by hand or by a bug): then the build is done again without the
/// cache, with one warning.
struct AlbumRebuild {
    struct Untrue: Error {}

    struct Segment {
        var album: Manifest.Album
        /// Where the album starts in this build's order.
        var start: Int
        var content: Content
    }

    enum Content {
        /// The previous build's photos at these positions of its manifest, as they were.
        case kept(Range<Int>)
        /// The album's photos, made or read again, in order, with this build's ids.
        case made([Manifest.Photo])
    }

    var segments: [Segment]
    var total: Int
    var albums: [Manifest.Album] { segments.map(\.album) }
    var keptAlbums: Int {
        segments.count {
            if case .kept = $0.content { return true }
            return false
        }
    }

    /// `reused` are the previous photos reused (positions in its manifest), `changed` those
    /// reused with a change, `fresh` this build's other photos (as the build's plan found them).
    init?(
        previous site: PreviousSite, reused: [Int], changed: [Int: Manifest.Photo], fresh: [Manifest.Photo], sort: PhotoSort,
        libraryName: String
    ) throws(Untrue) {
        let cache = site.cache
        let count = cache.photos.count
        guard count > 0,
            cache.photos.allSatisfy({ $0.flags.contains(.fingerprinted) && !$0.flags.contains(.formerIds) && !$0.json.isEmpty })
        else { return nil }

        // The previous albums, in its order.
        var previousAlbums: [(key: BytePath, path: String, range: Range<Int>)] = []
        var previousByKey: [BytePath: Int] = [:]
        var start = 0
        for album in site.head.albums {
            guard album.count > 0, album.count <= count - start else { return nil }
            let key = BytePath(album.path)
            guard previousByKey[key] == nil else { return nil }
            previousByKey[key] = previousAlbums.count
            previousAlbums.append((key, album.path, start..<(start + album.count)))
            start += album.count
        }
        guard start == count else { return nil }
        func albumOf(_ position: Int) -> Int {
            var low = 0, high = previousAlbums.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if previousAlbums[middle].range.lowerBound <= position { low = middle } else { high = middle - 1 }
            }
            return low
        }

        var kept = [Bool](repeating: false, count: count)
        var asItWas = [Bool](repeating: false, count: count)
        for position in reused {
            guard position >= 0, position < count else { return nil }
            kept[position] = true
            asItWas[position] = changed[position] == nil
        }

        // Albums that changed: a photo came (or is kept in its previous version), changed or went.
        var touched = Set<BytePath>()
        var freshByAlbum: [BytePath: [Int]] = [:]
        var names: [BytePath: String] = [:]
        var digests: [ImageStem.Digest] = []
        digests.reserveCapacity(fresh.count)
        for (index, photo) in fresh.enumerated() {
            guard let fingerprint = photo.fingerprint, let digest = ImageStem.Digest(hex: fingerprint) else { return nil }
            digests.append(digest)
            let key = BytePath(photo.album)
            freshByAlbum[key, default: []].append(index)
            names[key] = names[key] ?? photo.album
            touched.insert(key)
        }
        for album in previousAlbums {
            if album.range.contains(where: { !asItWas[$0] }) { touched.insert(album.key) }
            if album.range.contains(where: { kept[$0] }) { names[album.key] = names[album.key] ?? album.path }
        }

        // Ids: only groups of one prefix that gained, lost or changed a photo can give an id
        // (`PhotoIDs.ranks`: a copy at a path the group had keeps its number, read from the
        // manifest; one that came takes the number of one that went, or the next).
        func group(_ digest: ImageStem.Digest) -> UInt64 { digest.high >> 16 }
        var affected = Set(digests.map(group))
        for position in 0..<count where !asItWas[position] { affected.insert(group(cache.photos[position].fingerprint)) }
        var freshIDs = [String](repeating: "", count: fresh.count)
        /// Previous photos whose id is not the one they had.
        var movedIDs: [Int: String] = [:]
        if !affected.isEmpty {
            var previousMembers: [UInt64: [Int]] = [:]
            for position in 0..<count {
                let prefix = group(cache.photos[position].fingerprint)
                if affected.contains(prefix) { previousMembers[prefix, default: []].append(position) }
            }
            var freshMembers: [UInt64: [Int]] = [:]
            for index in fresh.indices { freshMembers[group(digests[index]), default: []].append(index) }
            for prefix in affected {
                let digits = PhotoIDs.prefix(prefix)
                var previousRanks: [BytePath: Int] = [:]
                var rankBefore: [Int: Int] = [:]
                for position in previousMembers[prefix] ?? [] {
                    // A manifest whose ids are not of its photos' content is read whole.
                    guard let id = site.photo(at: position)?.id, let (head, rank) = PhotoIDs.parse(id), head == digits,
                        rank <= PhotoIDs.maxRank
                    else { return nil }
                    previousRanks[cache.path(cache.photos[position])] = rank
                    rankBefore[position] = rank
                }
                // The members now: a previous photo kept (its position) or one of `fresh` (its index).
                var now: [(path: BytePath, position: Int?, fresh: Int)] = []
                for position in previousMembers[prefix] ?? [] where kept[position] {
                    now.append((path: cache.path(cache.photos[position]), position: position, fresh: -1))
                }
                for index in freshMembers[prefix] ?? [] { now.append((path: fresh[index].pathKey, position: nil, fresh: index)) }
                now.sort { $0.path < $1.path }
                for (member, rank) in zip(now, PhotoIDs.ranks(now.map(\.path), previous: previousRanks)) {
                    let id = PhotoIDs.id(digits, rank: rank)
                    if let position = member.position {
                        guard rankBefore[position] != rank else { continue }
                        movedIDs[position] = id
                        touched.insert(previousAlbums[albumOf(position)].key)
                    } else {
                        freshIDs[member.fresh] = id
                    }
                }
            }
        }

        // The albums in order; two albums equal as text cannot be ordered as the previous build did.
        let order = names.sorted { PhotoOrder.albumLess($0.value, $1.value) }
        for (a, b) in zip(order, order.dropFirst()) where !PhotoOrder.albumLess(a.value, b.value) { return nil }
        // Each album kept must have its records true (`recordsTrue`, which reads where the
        // fields of each photo are): checked first, the albums on every core at once.
        let keptRuns = order.compactMap { key, _ in
            previousByKey[key].flatMap { touched.contains(key) ? nil : (previousAlbums[$0].range, previousAlbums[$0].path) }
        }
        let runsTrue = concurrently(keptRuns.count) { site.recordsTrue(keptRuns[$0].0, album: keptRuns[$0].1) }
        var keptCount = 0
        segments = []
        segments.reserveCapacity(order.count)
        var at = 0
        for (key, path) in order {
            let previousAlbum = previousByKey[key].map { previousAlbums[$0] }
            let previous = previousAlbum?.range
            if let previous, !touched.contains(key) {
                // Its records must be one run, as this writer writes them, of its photos whole:
                // copied as they are, the run is the album's photos in the next manifest.json.
                for position in previous.dropLast() {
                    let end = cache.photos[position].json.upperBound
                    guard cache.photos[position + 1].json.lowerBound == end + 1, end < site.bytes.count,
                        site.bytes[end] == UInt8(ascii: ",")
                    else { throw Untrue() }
                }
                keptCount += 1
                guard runsTrue[keptCount - 1] else {
                    if site.cacheCurrent { throw Untrue() }
                    return nil
                }
                let album = Manifest.Album(path: path, name: PhotoOrder.albumName(path, libraryName: libraryName), count: previous.count)
                segments.append(Segment(album: album, start: at, content: .kept(previous)))
                at += previous.count
                continue
            }
            var members: [Manifest.Photo] = []
            for index in freshByAlbum[key] ?? [] {
                var photo = fresh[index]
                photo.id = freshIDs[index]
                members.append(photo)
            }
            for position in previous ?? 0..<0 where kept[position] {
                // A photo read from the manifest is its record's and of the album it is at.
                guard var photo = changed[position] ?? site.photo(at: position), photo.album.utf8.elementsEqual(path.utf8) else {
                    if site.cacheCurrent { throw Untrue() }
                    return nil
                }
                if let id = movedIDs[position] { photo.id = id }
                members.append(photo)
            }
            guard !members.isEmpty else { continue }
            let album = Manifest.Album(path: path, name: PhotoOrder.albumName(path, libraryName: libraryName), count: members.count)
            segments.append(Segment(album: album, start: at, content: .made(PhotoOrder.sorted(members, by: sort))))
            at += members.count
        }
        total = at
        guard total == fresh.count + reused.count else { return nil }
    }

    /// The segment that holds the photo at `position` of this build's order.
    func segment(at position: Int) -> Segment {
        var low = 0, high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].start <= position { low = middle } else { high = middle - 1 }
        }
        return segments[low]
    }
}
