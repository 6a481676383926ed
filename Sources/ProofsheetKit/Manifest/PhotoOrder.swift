/// The order of the gallery: albums by path (the top level first), photos within each by
/// the chosen sort, ties by path bytes, so the order never depends on timing. Albums are
/// told apart by their bytes: folders `Café` in NFC and in NFD are two albums.
enum PhotoOrder {
    static func sorted(_ photos: [Manifest.Photo], by order: PhotoSort) -> [Manifest.Photo] {
        // Albums ranked once (by their bytes), not compared at every step of the sort.
        // A photo's album is nearly always the one before it's: looked up only when not.
        var albumNames: [BytePath: String] = [:]
        for index in photos.indices where index == 0 || !ByteOrder.equal(photos[index].album, photos[index - 1].album) {
            albumNames[BytePath(photos[index].album)] = photos[index].album
        }
        let albums = albumNames.sorted { albumLess($0.value, $1.value) }
        let rank = Dictionary(uniqueKeysWithValues: albums.enumerated().map { ($1.key, $0) })
        // Indices are sorted by keys taken out once: moving or copying 100,000 structs of
        // 30 fields at every step costs more than the comparisons (and so does `map` over
        // the photos, which copies each).
        var ranks = [Int](repeating: 0, count: photos.count)
        for index in photos.indices {
            ranks[index] =
                index > 0 && ByteOrder.equal(photos[index].album, photos[index - 1].album)
                ? ranks[index - 1] : rank[BytePath(photos[index].album)]!
        }
        let dates = photos.indices.map { photos[$0].date }, names = photos.indices.map { photos[$0].name }
        let paths = photos.indices.map { photos[$0].path }
        return photos.indices.sorted { x, y in
            if ranks[x] != ranks[y] { return ranks[x] < ranks[y] }
            switch order {
            case .date:
                if dates[x] != dates[y] { return dates[x] < dates[y] }
                if names[x] != names[y] { return NaturalOrder.less(names[x], names[y]) }
            case .name:
                if names[x] != names[y] { return NaturalOrder.less(names[x], names[y]) }
                if dates[x] != dates[y] { return dates[x] < dates[y] }
            }
            return ByteOrder.less(paths[x], paths[y])
        }.map { photos[$0] }
    }

    /// The top level first, then albums by path.
    static func albumLess(_ a: String, _ b: String) -> Bool {
        if a.isEmpty != b.isEmpty { return a.isEmpty }
        return NaturalOrder.less(a, b)
    }

    static func albums(of photos: [Manifest.Photo], libraryName: String) -> [Manifest.Album] {
        var albums: [Manifest.Album] = []
        for index in photos.indices {
            let album = photos[index].album
            if let last = albums.last, ByteOrder.equal(last.path, album) {
                albums[albums.count - 1].count += 1
            } else {
                albums.append(Manifest.Album(path: album, name: albumName(album, libraryName: libraryName), count: 1))
            }
        }
        return albums
    }

    /// An album's name: its folder's, or the library's for the top level.
    static func albumName(_ path: String, libraryName: String) -> String {
        path.isEmpty ? libraryName : String(path.split(separator: "/").last!)
    }
}

extension PhotoOrder {
    /// `sorted(fresh + reused photos, by: order)`, made from the previous build's order:
    /// an album none of whose photos changed, went or came keeps its photos in the order
    /// they had (the same photos sorted the same way), and only the albums that changed are
    /// sorted again — for one photo changed in 100,000, one album of 2,000 instead of all.
    /// `reused` are positions in `previous` (in its display order, as `previousAlbums`
    /// counts them), `changed` those reused with a change, `fresh` this build's other
    /// photos. nil when the previous order cannot be relied on (its albums do not match its
    /// photos, or two albums are equal as text): then `sorted` is the way.
    static func merged(
        fresh: [Manifest.Photo], previous: [Manifest.Photo], albums previousAlbums: [Manifest.Album], reused: [Int],
        changed: [Int: Manifest.Photo], by order: PhotoSort
    ) -> [Manifest.Photo]? {
        var isReused = [Bool](repeating: false, count: previous.count)
        for position in reused { isReused[position] = true }
        var freshByAlbum: [BytePath: [Manifest.Photo]] = [:]
        var names: [BytePath: String] = [:]
        for photo in fresh {
            let album = BytePath(photo.album)
            freshByAlbum[album, default: []].append(photo)
            names[album] = names[album] ?? photo.album
        }
        // Each previous album's photos, and whether any of them changed or went.
        var ranges: [BytePath: Range<Int>] = [:]
        var touched = Set(freshByAlbum.keys)
        var start = 0
        for album in previousAlbums {
            let range = start..<(start + album.count)
            guard album.count > 0, range.upperBound <= previous.count else { return nil }
            let key = BytePath(album.path)
            guard ranges[key] == nil, range.allSatisfy({ ByteOrder.equal(previous[$0].album, album.path) }) else { return nil }
            ranges[key] = range
            if range.contains(where: { !isReused[$0] || changed[$0] != nil }) { touched.insert(key) }
            if range.contains(where: { isReused[$0] }) { names[key] = names[key] ?? album.path }
            start = range.upperBound
        }
        guard start == previous.count else { return nil }
        let albums = names.sorted { albumLess($0.value, $1.value) }
        for (a, b) in zip(albums, albums.dropFirst()) where !albumLess(a.value, b.value) { return nil }
        var photos: [Manifest.Photo] = []
        photos.reserveCapacity(fresh.count + reused.count)
        for (album, _) in albums {
            let range = ranges[album] ?? 0..<0
            guard touched.contains(album) else {
                photos += previous[range]
                continue
            }
            var members = freshByAlbum[album] ?? []
            for position in range where isReused[position] { members.append(changed[position] ?? previous[position]) }
            photos += sorted(members, by: order)
        }
        guard photos.count == fresh.count + reused.count else { return nil }
        return photos
    }
}
