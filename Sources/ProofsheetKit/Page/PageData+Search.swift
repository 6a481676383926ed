import Foundation

/// The search index: one joined string per column, cut by the page at each `/`.
extension PageData {
    /// The whole gallery in columns, in the gallery's order: `ids` and `names`, each one
    /// string of the photos' values joined by `/` (`joinedValue`), `dates` (seconds since
    /// 1970 of the photo's date read as UTC, -1 when unreadable), `cameras` (the distinct
    /// camera names) and `camera` (1-based index into them, 0 for none), `paths` (position →
    /// path, only where the path is not album/name), and in an upgraded site's `former` (a
    /// photo's former id, `o` in its record → its position; the first photo in order has an
    /// id two were given), absent when no photo has one.
    ///
    /// `ids` and `names` are one string each, not arrays of strings: at 100,000 photos the
    /// page kept 200,000 small strings alive (and as many in the script's constants), and
    /// every full garbage collection marked them all — pauses while scrolling went from
    /// 5–12 ms to 20–50 ms once the index was loaded. One string per column, which the page
    /// cuts by offsets kept in typed arrays, is a handful of objects to mark.
    static func searchIndex(_ photos: [Manifest.Photo], albums: [Album], albumOf: [Int]) -> (String, [UInt8]) {
        var w = JSONWriter(capacity: photos.count * 48, inComment: true)
        w.raw("{\"ids\":\"")
        // By index: `for photo in photos` copied each photo (30 fields) for one of them.
        for index in photos.indices {
            if index > 0 { w.raw("/") }
            joinedValue(photos[index].id, into: &w)
        }
        w.raw("\",\n\"names\":\"")
        for index in photos.indices {
            if index > 0 { w.raw("/") }
            joinedValue(photos[index].name, into: &w)
        }
        w.raw("\",\n\"dates\":[")
        for index in photos.indices {
            if index > 0 { w.raw(",") }
            w.int(epochSeconds(photos[index].date) ?? -1)
        }
        var cameras: [String] = []
        var cameraIndex: [String: Int] = [:]
        w.raw("],\n\"camera\":[")
        for index in photos.indices {
            if index > 0 { w.raw(",") }
            guard let camera = photos[index].camera, !camera.isEmpty else {
                w.raw("0")
                continue
            }
            if cameraIndex[camera] == nil {
                cameras.append(camera)
                cameraIndex[camera] = cameras.count
            }
            w.int(cameraIndex[camera]!)
        }
        w.raw("],\n\"cameras\":[")
        for (index, camera) in cameras.enumerated() {
            if index > 0 { w.raw(",") }
            w.string(camera)
        }
        w.raw("],\n\"paths\":{")
        var first = true
        for index in photos.indices where !isDerivedPath(photos[index].path, albums[albumOf[index]].path, photos[index].name) {
            if !first { w.raw(",") }
            first = false
            w.string(String(index))
            w.raw(":")
            w.string(photos[index].path)
        }
        w.raw("}")
        // Only an upgraded site has former ids; any other index has no `former` at all.
        var former = Set<String>()
        for index in photos.indices {
            guard let id = photos[index].formerIds?.first, former.insert(id).inserted else { continue }
            w.raw(former.count == 1 ? ",\n\"former\":{" : ",")
            w.string(id)
            w.raw(":")
            w.int(index)
        }
        if !former.isEmpty { w.raw("}") }
        w.raw("}")
        return dataScript("search", prefix: "s-", w.bytes)
    }

    /// One value of a joined column of the search index (`ids`, `names`): escaped as in any
    /// JSON string (`JSONWriter` never writes `\/`), so each `/` in the column is a
    /// separator. A file's name cannot hold a `/`, nor can an id (hex digits and `-N`); one
    /// in a manifest edited by hand becomes `∕` (U+2215), so that it cannot shift every
    /// later photo's value. A value may be empty: the page knows the count (`total`).
    static func joinedValue(_ value: String, into w: inout JSONWriter) {
        if value.utf8.contains(UInt8(ascii: "/")) {
            w.stringContent(value.replacingOccurrences(of: "/", with: "\u{2215}"))
        } else {
            w.stringContent(value)
        }
    }
}
