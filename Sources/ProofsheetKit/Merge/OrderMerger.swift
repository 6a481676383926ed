/// How `merge` orders the photos of several people's picks.
public enum MergeMode: String, Sendable, CaseIterable, Equatable {
    /// By how many people picked a photo, then by a Borda count of its places in their
    /// lists, then by where it first appears.
    case ranked
    /// Every photo anyone picked: the first file's order, then the others' photos as they
    /// first appear.
    case union
    /// Only the photos everyone picked, in the first file's order.
    case intersection
}

/// Several people's order files of one gallery merged into one, and a table of who
/// picked what (`proofsheet merge`).
///
/// A photo is the same photo in two files when they give it the same id (the content id,
/// so a photo renamed between two exports still matches) or, for picks without an id
/// (a pasted list), the same path. Each person is named by the file's `by`, else by the
/// file's name. Notes travel with their author: "Anna: black and white please".
public enum OrderMerger {
    public struct Input: Sendable {
        /// The file's name, for messages and when it names no author.
        public var name: String
        public var order: OrderFile

        public init(name: String, order: OrderFile) {
            self.name = name
            self.order = order
        }
    }

    public struct Result: Sendable {
        /// The merged order file, cut to the limit.
        public var order: OrderFile
        /// Who picked, in the files' order: `by`, else the file's name (made unique).
        public var pickers: [String]
        /// Every photo anyone picked that the mode keeps, in the merged order, with each
        /// person's place for it; those past the limit have no `order`.
        public var rows: [Row]
        /// How many the limit left out.
        public var cut: Int
        /// The limit applied (0: none).
        public var limit: Int
    }

    public struct Row: Sendable, Equatable {
        /// The place in the merged file; nil when the limit left it out.
        public var order: Int?
        public var path: String
        public var name: String
        /// Each picker's place for it (1-based), nil where they did not pick it.
        public var places: [Int?]
        public var pickers: Int
        /// The Borda count: in a list of n picks, the first gets n points, the last 1.
        public var points: Int
    }

    private struct Photo {
        var id: String?
        var path: String
        /// The path's exact bytes, when it is not UTF-8 (`pathBytes`).
        var pathBytes: BytePath?
        var bytes: Int64?
        var places: [Int?]
        var notes: [(author: String, text: String)] = []
        var firstSeen: Int
    }

    /// Reads an order file to merge: JSON, or a pasted list taken as it is (no library).
    public static func read(_ path: String, displayPath: String) throws(CollectRefusal) -> Input {
        let (document, _) = try OrderFileParser.read(path, displayPath: displayPath)
        let name = displayPath.split(separator: "/").last.map(String.init) ?? displayPath
        switch document {
        case .json(let order): return Input(name: name, order: order)
        case .text(let list): return Input(name: name, order: try list.picksWithoutLibrary(displayPath: displayPath))
        }
    }

    /// `limit`: nil takes the gallery's (the largest the files give; 0 = none).
    public static func merge(_ inputs: [Input], mode: MergeMode, limit: Int?) throws(CollectRefusal) -> Result {
        guard let first = inputs.first else { throw CollectRefusal("merge", "no order files to merge") }
        // One gallery: the files that name theirs must name the same one.
        if let reference = inputs.first(where: { $0.order.gallery != nil }) {
            let problems = inputs.compactMap { input -> ProofsheetError? in
                guard let gallery = input.order.gallery, gallery != reference.order.gallery else { return nil }
                return ProofsheetError(
                    input.name,
                    "from another gallery (\(galleryName(input.order))); \(reference.name) is from \(galleryName(reference.order))")
            }
            guard problems.isEmpty else { throw CollectRefusal(problems) }
        }

        let pickers = uniqueNames(
            inputs.map { input in
                let by = input.order.by?.trimmingBlanks() ?? ""
                return by.isEmpty ? input.name : by
            })
        var photos: [Photo] = []
        var byID: [String: Int] = [:]
        var byPath: [[UInt8]: Int] = [:]
        var seen = 0
        for (person, input) in inputs.enumerated() {
            for pick in input.order.picks {
                let index: Int
                if let id = pick.id, let known = byID[id] {
                    index = known
                } else if let known = byPath[pick.file.bytes], pick.id == nil || photos[known].id == nil {
                    index = known
                } else {
                    index = photos.count
                    photos.append(
                        Photo(
                            id: pick.id, path: pick.path, pathBytes: pick.pathBytes, bytes: pick.bytes,
                            places: Array(repeating: nil, count: inputs.count), firstSeen: seen))
                    seen += 1
                }
                photos[index].places[person] = pick.order
                if photos[index].id == nil { photos[index].id = pick.id }
                if photos[index].bytes == nil { photos[index].bytes = pick.bytes }
                if photos[index].pathBytes == nil { photos[index].pathBytes = pick.pathBytes }
                if let id = pick.id { byID[id] = index }
                byPath[pick.file.bytes] = index
                if let note = pick.note { photos[index].notes.append((pickers[person], note)) }
            }
        }

        let counts = inputs.map(\.order.picks.count)
        func pickerCount(of photo: Photo) -> Int { photo.places.compactMap { $0 }.count }
        func points(of photo: Photo) -> Int {
            zip(photo.places, counts).reduce(0) { sum, pair in sum + (pair.0.map { pair.1 - $0 + 1 } ?? 0) }
        }
        var kept: [Photo]
        switch mode {
        case .ranked:
            kept = photos.sorted { a, b in
                let (ca, cb) = (pickerCount(of: a), pickerCount(of: b))
                if ca != cb { return ca > cb }
                let (pa, pb) = (points(of: a), points(of: b))
                if pa != pb { return pa > pb }
                return a.firstSeen < b.firstSeen
            }
        case .union:
            // Photos are numbered as they first appear, the first file's first.
            kept = photos.sorted { $0.firstSeen < $1.firstSeen }
        case .intersection:
            kept = photos.filter { pickerCount(of: $0) == inputs.count }.sorted { ($0.places[0] ?? 0) < ($1.places[0] ?? 0) }
        }

        let galleryLimit = inputs.compactMap(\.order.limit).max() ?? 0
        let applied = limit ?? galleryLimit
        let keptCount = applied > 0 ? min(applied, kept.count) : kept.count
        let rows = kept.enumerated().map { index, photo in
            Row(
                order: index < keptCount ? index + 1 : nil, path: photo.path, name: OrderFile.Pick(order: 0, path: photo.path).name,
                places: photo.places, pickers: pickerCount(of: photo), points: points(of: photo))
        }

        var merged = OrderFile(
            form: kept.prefix(keptCount).allSatisfy { $0.bytes != nil } ? .json : .text,
            gallery: inputs.lazy.compactMap(\.order.gallery).first, title: first.order.title ?? inputs.lazy.compactMap(\.order.title).first,
            limit: applied, minimum: inputs.compactMap(\.order.minimum).max(),
            exported: inputs.compactMap(\.order.exported).max(by: ByteOrder.less), picks: [])
        merged.by = pickers.joined(separator: ", ")
        let notes = zip(pickers, inputs).compactMap { person, input in input.order.note.map { "\(person): \($0)" } }
        merged.note = notes.isEmpty ? nil : UntrustedText.capped(notes.joined(separator: "\n"), OrderFile.maximumNoteLength).text
        merged.picks = kept.prefix(keptCount).enumerated().map { index, photo in
            let note = photo.notes.map { "\($0.author): \($0.text)" }.joined(separator: "\n")
            return OrderFile.Pick(
                order: index + 1, id: photo.id, path: photo.path, pathBytes: photo.pathBytes, bytes: photo.bytes,
                note: note.isEmpty ? nil : UntrustedText.capped(note, OrderFile.maximumNoteLength).text)
        }
        return Result(order: merged, pickers: pickers, rows: rows, cut: kept.count - keptCount, limit: applied)
    }

    /// `"Anna & Ben" (9f2c4e7a1b3d)`.
    static func galleryName(_ order: OrderFile) -> String {
        let id = order.gallery ?? "no id"
        guard let title = order.title, !title.isEmpty else { return id }
        return "\(quotedForMessage(title)), \(id)"
    }

    /// Two people of one name become "Anna" and "Anna (2)".
    static func uniqueNames(_ names: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return names.map { name in
            let count = (seen[name] ?? 0) + 1
            seen[name] = count
            return count == 1 ? name : "\(name) (\(count))"
        }
    }

    // MARK: The table

    /// Who picked what, as CSV: order, name, path, one column per person (their place),
    /// pickers, points. Escaped as `PickLists.csv` is.
    public static func tableCSV(_ result: Result) -> String {
        var rows = [["order", "name", "path"] + result.pickers + ["pickers", "points"]]
        for row in result.rows {
            rows.append(
                [row.order.map(String.init) ?? "", row.name, row.path] + row.places.map { $0.map(String.init) ?? "" }
                    + [String(row.pickers), String(row.points)])
        }
        return rows.map { $0.map(PickLists.csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// The table for a terminal: columns aligned, a `·` where someone did not pick.
    public static func tableText(_ result: Result) -> [String] {
        var rows = [["#", "photo"] + result.pickers + ["pickers", "points"]]
        for row in result.rows {
            rows.append(
                [row.order.map(String.init) ?? "–", row.path] + row.places.map { $0.map(String.init) ?? "·" }
                    + [String(row.pickers), String(row.points)])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { cells in
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                // The photo column reads left to right; numbers line up on the right.
                return column == 1 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingBlanks()
        }
    }
}
