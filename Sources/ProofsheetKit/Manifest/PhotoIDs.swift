/// A photo's id is its content: the first 12 hex digits of its `ContentFingerprint`, so
/// a renamed or moved photo keeps its id (and stays picked). Photos whose 12 digits are
/// the same — identical files (a photo exported twice), or, astronomically rarely, a clash
/// of different content — are told apart by a number: in a first build, by path in byte
/// order, the first keeps the 12 digits, the next get `-2`, `-3`…
///
/// A rebuild keeps each copy's number (issue 33): a copy at the same path keeps the id it
/// had, so a copy added, removed or replaced never moves another copy's id (a pick made
/// of one copy would land on another, and each album holding a later copy was made
/// again). A copy that came takes the number of one that went (a copy moved, as a renamed
/// photo keeps its id), else the next after every number the group had. The manifest
/// keeps each photo's full fingerprint.
public enum PhotoIDs {
    public static let digits = 12
    static let maxRank = 1 << 40

    /// The ids of files given by path and fingerprint (32 hex digits), in the same order,
    /// in a first build.
    public static func ids(for files: [(path: BytePath, fingerprint: String)]) -> [String] {
        ids(for: files, previous: [])
    }

    /// The ids of files given by path and fingerprint, the previous build's photos given by
    /// path and id (`ranks` says how they are kept).
    static func ids(for files: [(path: BytePath, fingerprint: String)], previous: [(path: BytePath, id: String)]) -> [String] {
        var groups: [Substring: [Int]] = [:]
        for (index, file) in files.enumerated() {
            groups[file.fingerprint.prefix(digits), default: []].append(index)
        }
        var previousRanks: [Substring: [BytePath: Int]] = [:]
        for photo in previous {
            // A number past any real group's (a manifest edited by hand) is not kept: the next
            // one after it must still be a number.
            guard let (prefix, rank) = parse(photo.id), rank <= maxRank, groups[Substring(prefix)] != nil else { continue }
            previousRanks[Substring(prefix), default: [:]][photo.path] = rank
        }
        var ids = [String](repeating: "", count: files.count)
        for (prefix, members) in groups {
            let ordered = members.count == 1 ? members : members.sorted { files[$0].path < files[$1].path }
            let ranks = Self.ranks(ordered.map { files[$0].path }, previous: previousRanks[prefix] ?? [:])
            for (index, rank) in zip(ordered, ranks) { ids[index] = id(prefix, rank: rank) }
        }
        return ids
    }

    /// The ranks of one group's members, given by path in byte order, the previous build's
    /// members by path and rank: a member at a path the group had keeps its rank; the
    /// others, in path order, take the ranks of paths gone from the library (moves), then
    /// the next ones after every rank the group had. With no previous members: 1, 2, 3…
    static func ranks(_ paths: [BytePath], previous: [BytePath: Int]) -> [Int] {
        guard !previous.isEmpty else { return paths.indices.map { $0 + 1 } }
        var ranks = [Int](repeating: 0, count: paths.count)
        var taken = Set<Int>()
        for (index, path) in paths.enumerated() {
            guard let rank = previous[path], taken.insert(rank).inserted else { continue }
            ranks[index] = rank
        }
        let here = Set(paths)
        var freed = previous.filter { !here.contains($0.key) && !taken.contains($0.value) }.map(\.value)
        freed = Array(Set(freed)).sorted(by: >)
        var next = max(previous.values.max() ?? 0, taken.max() ?? 0) + 1
        for index in ranks.indices where ranks[index] == 0 {
            if let rank = freed.popLast() {
                ranks[index] = rank
            } else {
                ranks[index] = next
                next += 1
            }
        }
        return ranks
    }

    static func id<Prefix: StringProtocol>(_ prefix: Prefix, rank: Int) -> String {
        rank == 1 ? String(prefix) : "\(prefix)-\(rank)"
    }

    /// Sets every photo's id, keeping those of `previous` (the previous build's photos, when
    /// it gave ids by content) as `ranks` says. A photo without a fingerprint (kept from a
    /// version 1 site because it could not be read again) keeps the id it has.
    static func assign(_ photos: inout [Manifest.Photo], previous: [Manifest.Photo] = []) {
        let indices = photos.indices.filter { photos[$0].fingerprint != nil }
        let before = previous.compactMap { photo -> (path: BytePath, id: String)? in
            // An id that is not of its content's digits (a version 1 site's) is not kept.
            guard let fingerprint = photo.fingerprint, photo.id.hasPrefix(fingerprint.prefix(digits)) else { return nil }
            return (photo.pathKey, photo.id)
        }
        let ids = ids(for: indices.map { (photos[$0].pathKey, photos[$0].fingerprint!) }, previous: before)
        for (index, id) in zip(indices, ids) { photos[index].id = id }
    }

    /// The parts of an id: its content prefix (`digits` lowercase hex digits) and its rank
    /// among photos of the same prefix (1 for the first, 2 for `-2`…); nil when the text is
    /// not an id of this form.
    static func parse(_ id: String) -> (prefix: String, rank: Int)? {
        let parts = id.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let head = parts[0]
        guard head.utf8.count == digits,
            head.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        guard parts.count == 2 else { return (String(head), 1) }
        guard let rank = Int(parts[1]), rank >= 2, String(rank) == parts[1] else { return nil }
        return (String(head), rank)
    }

    /// The id a version 1 site gave the photo at `path` (from the path, not the content).
    static func legacyID(path: String) -> String {
        StableHash.hex(of: "photo", path, digits: digits)
    }

    /// An id's prefix from the first 48 bits of a fingerprint: `digits` lowercase hex digits.
    static func prefix(_ bits: UInt64) -> String {
        let hex = String(bits, radix: 16)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }
}
