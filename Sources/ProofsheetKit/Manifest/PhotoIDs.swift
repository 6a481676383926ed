/// A photo's id is its content: the first 12 hex digits of its `ContentFingerprint`, so
/// a renamed or moved photo keeps its id (and stays picked). Photos whose 12 digits are
/// the same — identical files, or, astronomically rarely, a clash of different content —
/// are told apart by path in byte order: the first keeps the 12 digits, the next get
/// `-2`, `-3`… The manifest keeps each photo's full fingerprint.
public enum PhotoIDs {
    public static let digits = 12

    /// The ids of files given by path and fingerprint (32 hex digits), in the same order.
    public static func ids(for files: [(path: BytePath, fingerprint: String)]) -> [String] {
        var groups: [Substring: [Int]] = [:]
        for (index, file) in files.enumerated() {
            groups[file.fingerprint.prefix(digits), default: []].append(index)
        }
        var ids = [String](repeating: "", count: files.count)
        for (prefix, members) in groups {
            let ordered = members.count == 1 ? members : members.sorted { files[$0].path < files[$1].path }
            for (rank, index) in ordered.enumerated() {
                ids[index] = rank == 0 ? String(prefix) : "\(prefix)-\(rank + 1)"
            }
        }
        return ids
    }

    /// Sets every photo's id. A photo without a fingerprint (kept from a version 1 site
    /// because it could not be read again) keeps the id it has.
    static func assign(_ photos: inout [Manifest.Photo]) {
        let indices = photos.indices.filter { photos[$0].fingerprint != nil }
        let ids = ids(for: indices.map { (photos[$0].pathKey, photos[$0].fingerprint!) })
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
