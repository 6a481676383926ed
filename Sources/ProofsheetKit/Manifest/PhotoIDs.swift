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
}
