/// The previous build's search index (`PageData.searchIndex`), read back so that a rebuild
/// album by album (`AlbumRebuild`) takes a kept album's part of every column from it as
/// bytes, instead of decoding its photos for their ids, names, dates, cameras and paths.
///
/// It is read only in exactly the form `PageData.searchIndex` writes (JSON in a comment,
/// every `*` written `\u002a`), and only when its bytes still hash to its name (a file
/// altered on disk is not used: the rebuild then reads the previous manifest whole). What
/// it makes is what `PageData.searchIndex` makes from the same photos, byte for byte. An
/// upgraded site's index (with `former`) is not read: a site with former ids is never
/// rebuilt album by album (`AlbumRebuild`). Nor is one in a form before: its JSON a value,
/// not in a comment, or `ids` and `names` arrays of strings, not joined strings. The
/// rebuild then reads the previous manifest whole, as for any index it cannot take.
struct PreviousSearchIndex {
    private let bytes: [UInt8]
    /// Each photo's value in each column, as bytes of `bytes`: in `ids` and `names` the
    /// escaped value between two separators (`/`) or quotes, elsewhere the JSON value.
    private var ids: [Range<Int>] = []
    private var names: [Range<Int>] = []
    private var dates: [Range<Int>] = []
    private var cameraSpans: [Range<Int>] = []
    /// Each photo's camera: 1-based into `cameras`, 0 for none.
    private var camera: [Int] = []
    private var cameras: [String] = []
    /// The photos whose path is not album/name: position, and the path's value.
    private var paths: [(position: Int, value: Range<Int>)] = []

    /// The search index in `script` (the file `data/NAME.js`) of a gallery of `count`
    /// photos; nil unless it is that, whole.
    init?(script: [UInt8], name: String, count: Int) {
        bytes = script
        let parts = PageData.dataScriptParts("search", name: name)
        let head = Array(parts.head.utf8), tail = Array(parts.tail.utf8)
        guard script.count > head.count + tail.count, script.starts(with: head), script.suffix(tail.count).elementsEqual(tail)
        else { return nil }
        let json = head.count..<(script.count - tail.count)
        guard name == "s-" + PageData.hash(Array(script[json])) else { return nil }
        var at = json.lowerBound
        let end = json.upperBound

        // One byte (every value's quote, comma and bracket: 400,000 of them at 100,000 photos).
        func takeByte(_ byte: UInt8) -> Bool {
            guard at < end, script[at] == byte else { return false }
            at += 1
            return true
        }
        func take(_ literal: String) -> Bool {
            for byte in literal.utf8 {
                guard takeByte(byte) else { return false }
            }
            return true
        }
        func string() -> Range<Int>? {
            let start = at
            guard takeByte(UInt8(ascii: "\"")) else { return nil }
            while at < end {
                switch script[at] {
                case UInt8(ascii: "\""):
                    at += 1
                    return start..<at
                case UInt8(ascii: "\\"): at += 2
                case UInt8(ascii: "*"): return nil  // written `\u002a` (in a comment)
                default: at += 1
                }
            }
            return nil
        }
        // A joined column (`PageData.joinedValue`): its `count` values, split at each `/`. An
        // escape is taken only as `JSONWriter` writes one — `\` and one of `"\bfnrt`, or `\u`
        // and four hex digits — never `\/`, so no `/` is inside one. The string is empty for
        // no photo, and for one photo whose value is empty.
        func joined() -> [Range<Int>]? {
            guard takeByte(UInt8(ascii: "\"")) else { return nil }
            var values: [Range<Int>] = []
            values.reserveCapacity(count)
            var start = at
            while at < end {
                switch script[at] {
                case UInt8(ascii: "\""):
                    values.append(start..<at)
                    at += 1
                    if count == 0 { return values.count == 1 && values[0].isEmpty ? [] : nil }
                    return values.count == count ? values : nil
                case UInt8(ascii: "/"):
                    values.append(start..<at)
                    at += 1
                    start = at
                case UInt8(ascii: "\\"):
                    guard at + 1 < end else { return nil }
                    switch script[at + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                        UInt8(ascii: "r"), UInt8(ascii: "t"):
                        at += 2
                    case UInt8(ascii: "u"):
                        guard at + 6 <= end, script[(at + 2)..<(at + 6)].allSatisfy({ Self.isHexDigit($0) }) else { return nil }
                        at += 6
                    default: return nil
                    }
                case UInt8(ascii: "*"): return nil
                default: at += 1
                }
            }
            return nil
        }
        func integer() -> Range<Int>? {
            let start = at
            if at < end, script[at] == UInt8(ascii: "-") { at += 1 }
            let digits = at
            while at < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(script[at]) { at += 1 }
            return at > digits ? start..<at : nil
        }
        func list(_ element: () -> Range<Int>?) -> [Range<Int>]? {
            var elements: [Range<Int>] = []
            if takeByte(UInt8(ascii: "]")) { return elements }
            while true {
                guard let value = element() else { return nil }
                elements.append(value)
                if takeByte(UInt8(ascii: "]")) { return elements }
                guard takeByte(UInt8(ascii: ",")) else { return nil }
            }
        }
        func value(_ range: Range<Int>) -> Int? {
            var number = 0
            for byte in script[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), number < 1 << 40 else { return nil }
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return number
        }

        guard take("{\"ids\":"), let ids = joined(), take(",\n\"names\":"), let names = joined(), take(",\n\"dates\":["),
            let dates = list(integer), dates.count == count,
            take(",\n\"camera\":["), let cameraSpans = list(integer), cameraSpans.count == count, take(",\n\"cameras\":["),
            let cameraNames = list(string), take(",\n\"paths\":{")
        else { return nil }
        var cameras: [String] = []
        for range in cameraNames {
            guard
                let camera = try? script.withUnsafeBufferPointer({ buffer -> String in
                    var reader = JSONReader(UnsafeBufferPointer(rebasing: buffer[range]))
                    return try reader.string()
                })
            else { return nil }
            cameras.append(camera)
        }
        var camera: [Int] = []
        camera.reserveCapacity(count)
        for range in cameraSpans {
            guard let number = value(range), number <= cameras.count else { return nil }
            camera.append(number)
        }
        var paths: [(position: Int, value: Range<Int>)] = []
        if !takeByte(UInt8(ascii: "}")) {
            while true {
                guard let key = string(), key.count > 2, let position = value(key.dropFirst().dropLast()), position < count,
                    paths.last.map({ $0.position < position }) ?? true, takeByte(UInt8(ascii: ":")), let path = string()
                else { return nil }
                paths.append((position, path))
                if takeByte(UInt8(ascii: "}")) { break }
                guard takeByte(UInt8(ascii: ",")) else { return nil }
            }
        }
        guard takeByte(UInt8(ascii: "}")), at == end else { return nil }
        (self.ids, self.names, self.dates, self.cameraSpans, self.camera, self.cameras, self.paths) =
            (ids, names, dates, cameraSpans, camera, cameras, paths)
    }

    /// A digit of a `\u` escape as `JSONWriter` writes it (lower case).
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// The search index of the gallery `segments` make (its name and script), as
    /// `PageData.searchIndex` writes it.
    func spliced(_ segments: [AlbumRebuild.Segment]) -> (String, [UInt8]) {
        var w = JSONWriter(capacity: bytes.count + 4096, inComment: true)
        // A kept album's values are one run of bytes, separators and all.
        func column(
            _ open: StaticString, _ spans: [Range<Int>], separator: StaticString, _ fresh: (inout JSONWriter, Manifest.Photo) -> Void
        ) {
            w.raw(open)
            var first = true
            for segment in segments {
                switch segment.content {
                case .kept(let previous):
                    guard let low = previous.first, let high = previous.last else { continue }
                    if !first { w.raw(separator) }
                    w.bytes += bytes[spans[low].lowerBound..<spans[high].upperBound]
                    first = false
                case .made(let photos):
                    for photo in photos {
                        if !first { w.raw(separator) }
                        fresh(&w, photo)
                        first = false
                    }
                }
            }
        }
        column("{\"ids\":\"", ids, separator: "/") { PageData.joinedValue($1.id, into: &$0) }
        column("\",\n\"names\":\"", names, separator: "/") { PageData.joinedValue($1.name, into: &$0) }
        column("\",\n\"dates\":[", dates, separator: ",") { $0.int(PageData.epochSeconds($1.date) ?? -1) }

        // Cameras are numbered in the order they first appear in the gallery.
        var cameraList: [String] = []
        var cameraIndex: [String: Int] = [:]
        var renumbered = [Int](repeating: 0, count: cameras.count + 1)
        func number(_ camera: String) -> Int {
            if let known = cameraIndex[camera] { return known }
            cameraList.append(camera)
            cameraIndex[camera] = cameraList.count
            return cameraList.count
        }
        for segment in segments {
            switch segment.content {
            case .kept(let previous):
                for position in previous where camera[position] > 0 && renumbered[camera[position]] == 0 {
                    renumbered[camera[position]] = number(cameras[camera[position] - 1])
                }
            case .made(let photos):
                for photo in photos {
                    if let camera = photo.camera, !camera.isEmpty { _ = number(camera) }
                }
            }
        }
        let sameNumbers = renumbered.indices.allSatisfy { renumbered[$0] == 0 || renumbered[$0] == $0 }
        w.raw("],\n\"camera\":[")
        var first = true
        for segment in segments {
            switch segment.content {
            case .kept(let previous):
                guard let low = previous.first, let high = previous.last else { continue }
                if sameNumbers {
                    if !first { w.raw(",") }
                    w.bytes += bytes[cameraSpans[low].lowerBound..<cameraSpans[high].upperBound]
                    first = false
                } else {
                    for position in previous {
                        if !first { w.raw(",") }
                        w.int(camera[position] == 0 ? 0 : renumbered[camera[position]])
                        first = false
                    }
                }
            case .made(let photos):
                for photo in photos {
                    if !first { w.raw(",") }
                    if let camera = photo.camera, !camera.isEmpty { w.int(cameraIndex[camera]!) } else { w.raw("0") }
                    first = false
                }
            }
        }
        w.raw("],\n\"cameras\":[")
        for (index, camera) in cameraList.enumerated() {
            if index > 0 { w.raw(",") }
            w.string(camera)
        }

        w.raw("],\n\"paths\":{")
        first = true
        for segment in segments {
            switch segment.content {
            case .kept(let previous):
                // The first entry at or after the album's first photo.
                var low = 0, high = paths.count
                while low < high {
                    let middle = (low + high) / 2
                    if paths[middle].position < previous.lowerBound { low = middle + 1 } else { high = middle }
                }
                while low < paths.count, paths[low].position < previous.upperBound {
                    if !first { w.raw(",") }
                    w.string(String(segment.start + paths[low].position - previous.lowerBound))
                    w.raw(":")
                    w.bytes += bytes[paths[low].value]
                    first = false
                    low += 1
                }
            case .made(let photos):
                for (offset, photo) in photos.enumerated()
                where !PageData.isDerivedPath(photo.path, segment.album.path, photo.name) {
                    if !first { w.raw(",") }
                    w.string(String(segment.start + offset))
                    w.raw(":")
                    w.string(photo.path)
                    first = false
                }
            }
        }
        w.raw("}}")
        return PageData.dataScript("search", prefix: "s-", w.bytes)
    }
}
