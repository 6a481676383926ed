import Foundation

/// `PART/.proofsheet-walk`: what a shard's walk learnt of the other shares' photos — each
/// one's path, size, time and format — so that the shard built again reads the head of
/// none that is unchanged. (A site's manifest tells its rebuild that of every photo; a
/// part's tells it only of its share's.) Which files are photos must be known of the whole
/// library: a RAW is a photo of its own only when no photo of its stem is beside it, and
/// `part.json`'s listing is of every photo.
///
/// Only ever a shortcut: a photo whose size or time differs is read again, and a record
/// that is missing, damaged or of another version is none. Nothing of it reaches the site.
///
///     proofsheet-walk 1 CHECKSUM\n      XXH3-128 of what follows, in hex
///     then for each photo: u32 path length, the path's bytes, i64 size, i64 time (ns),
///     u8 format (`ImageFormat`'s order); numbers little-endian
struct PartWalk {
    static let fileName = ".proofsheet-walk"
    static let header = "proofsheet-walk 1 "

    private(set) var known: [BytePath: LibraryScanner.Known] = [:]

    init(_ files: some Sequence<LibraryFile>) {
        for file in files { known[file.path] = LibraryScanner.Known(bytes: file.bytes, modified: file.modified, format: file.format) }
    }

    /// The record in `part`, or none.
    static func read(in part: String) -> PartWalk {
        guard let bytes = try? ManifestFile.readRecord(part + "/" + fileName) else { return PartWalk([]) }
        return decode(bytes) ?? PartWalk([])
    }

    var encoded: [UInt8] {
        var body: [UInt8] = []
        for (path, file) in known.sorted(by: { $0.key < $1.key }) {
            BuildCache.appendInteger(UInt32(path.bytes.count), to: &body)
            body += path.bytes
            BuildCache.appendInteger(file.bytes, to: &body)
            BuildCache.appendInteger(file.modified, to: &body)
            body.append(UInt8(ImageFormat.allCases.firstIndex(of: file.format)!))
        }
        return Array((Self.header + ContentFingerprint(of: body).hex + "\n").utf8) + body
    }

    static func decode(_ bytes: [UInt8]) -> PartWalk? {
        let head = Array(header.utf8)
        let start = head.count + 33
        guard bytes.count >= start, bytes.starts(with: head), bytes[start - 1] == 0x0A else { return nil }
        guard String(decoding: bytes[head.count..<(start - 1)], as: UTF8.self) == ContentFingerprint(of: Array(bytes[start...])).hex
        else { return nil }
        var walk = PartWalk([])
        var reader = BuildCache.Reader(bytes: bytes, at: start)
        while reader.at < bytes.count {
            guard let length = reader.uint32(), let path = reader.bytes(Int(length)),
                let size = reader.int64(), let time = reader.int64(), let format = reader.integer(UInt8.self),
                Int(format) < ImageFormat.allCases.count
            else { return nil }
            walk.known[BytePath(bytes: Array(path))] = LibraryScanner.Known(
                bytes: size, modified: time, format: ImageFormat.allCases[Int(format)])
        }
        return walk
    }
}
