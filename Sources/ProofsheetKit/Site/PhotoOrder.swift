/// The order of the gallery: albums by path (the top level first), photos within each by
/// the chosen sort, ties by path bytes, so the order never depends on timing.
enum PhotoOrder {
    static func sorted(_ photos: [Manifest.Photo], by order: PhotoSort) -> [Manifest.Photo] {
        photos.sorted { a, b in
            if a.album != b.album { return albumLess(a.album, b.album) }
            switch order {
            case .date:
                if a.date != b.date { return a.date < b.date }
                if a.name != b.name { return NaturalOrder.less(a.name, b.name) }
            case .name:
                if a.name != b.name { return NaturalOrder.less(a.name, b.name) }
                if a.date != b.date { return a.date < b.date }
            }
            return ByteOrder.less(a.path, b.path)
        }
    }

    /// The top level first, then albums by path.
    static func albumLess(_ a: String, _ b: String) -> Bool {
        if a.isEmpty != b.isEmpty { return a.isEmpty }
        return NaturalOrder.less(a, b)
    }

    static func albums(of photos: [Manifest.Photo], libraryName: String) -> [Manifest.Album] {
        var albums: [Manifest.Album] = []
        for photo in photos {
            if albums.last?.path == photo.album {
                albums[albums.count - 1].count += 1
            } else {
                let name = photo.album.isEmpty ? libraryName : String(photo.album.split(separator: "/").last!)
                albums.append(Manifest.Album(path: photo.album, name: name, count: 1))
            }
        }
        return albums
    }
}
