import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A library of small photos the test draws itself, an order file for it, and a
/// collector working in the same temporary folder.
struct CollectFixture {
    let root: String
    var library: String { root + "/Library" }

    /// A small JPEG whose pixels depend on `seed`, so every photo differs; with an EXIF
    /// date when given.
    static func photo(seed: Int, date: String? = nil) throws -> [UInt8] {
        let canvas = try Canvas(width: 48 + seed % 7, height: 32)
        canvas.fillRectangle(
            x: 0, y: 0, width: 24, height: 32, color: RGB(red: seed * 37 % 256, green: seed * 91 % 256, blue: seed * 53 % 256))
        var exif = ExifWriter()
        exif.dateTaken = date
        return date == nil ? try canvas.jpegData() : try exif.inserting(into: try canvas.jpegData())
    }

    /// Writes a photo into the library with a known modification time; returns its bytes.
    @discardableResult
    func add(_ relative: String, seed: Int, date: String? = nil, modified: Int64 = 1_780_000_000_000_000_000) throws -> [UInt8] {
        let bytes = try Self.photo(seed: seed, date: date)
        try TestPhoto.write(bytes, to: library, relative)
        try FileSystem.setModificationTime(library + "/" + relative, nanoseconds: modified)
        return bytes
    }

    /// Writes a JSON order file naming `paths` in order, with their current sizes (or the
    /// sizes given).
    @discardableResult
    func order(
        _ paths: [String], sizes: [String: Int64] = [:], title: String? = "Anna & Ben", limit: Int = 0, name: String = "order.json"
    ) throws -> String {
        var picks: [String] = []
        for (index, path) in paths.enumerated() {
            let size = sizes[path] ?? FileSystem.fileStatus(library + "/" + path)?.size ?? 1
            let name = path.split(separator: "/").last.map(String.init) ?? path
            picks.append(
                #"{"order": \#(index + 1), "id": "p\#(index)", "path": \#(json(path)), "name": \#(json(name)), "bytes": \#(size)}"#)
        }
        let titleField = title.map { #""title": \#(json($0)), "# } ?? ""
        let text =
            #"{"format": "proofsheet-order", "version": 1, "gallery": "abc123", \#(titleField)"limit": \#(limit), "picks": [\#(picks.joined(separator: ", "))]}"#
        let path = root + "/" + name
        try FileSystem.writeAtomically(text, to: path)
        return path
    }

    /// Writes a plain-text order file.
    @discardableResult
    func textOrder(_ lines: [String], name: String = "order.txt") throws -> String {
        let path = root + "/" + name
        try FileSystem.writeAtomically(lines.joined(separator: "\n") + "\n", to: path)
        return path
    }

    func json(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    func collector(
        order: String = "order.json", output: String? = "Picks", pattern: String = CollectOptions.defaultNamePattern,
        dryRun: Bool = false, overwrite: Bool = false, acceptChanged: Bool = false, link: Bool = false, site: String? = nil,
        companions: Bool = true, standardInput: [UInt8]? = nil
    ) -> Collector {
        Collector(
            options: CollectOptions(
                orderFile: order, library: "Library", output: output, site: site, namePattern: pattern, dryRun: dryRun,
                overwrite: overwrite, acceptChanged: acceptChanged, link: link, companions: companions),
            workingDirectory: root, standardInput: standardInput)
    }

    /// The messages of a refusal, or [] when the run succeeds.
    func problems(_ collector: Collector) -> [String] {
        do {
            _ = try collector.run()
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    /// Names in a folder, sorted; hidden ones too (a staging folder left behind shows).
    func names(_ directory: String) -> [String] {
        FileSystem.contents(of: directory).sorted()
    }

    /// Names in a picks folder, without the files collect writes in every one (the record,
    /// the CSV).
    func picked(_ directory: String) -> [String] {
        names(directory).filter { $0 != CollectRecord.fileName && $0 != "picks.csv" }
    }
}

func withCollectFixture(_ body: (CollectFixture) async throws -> Void) async throws {
    try await withTemporaryDirectory { root in
        try FileSystem.createDirectory(root + "/Library")
        try await body(CollectFixture(root: root))
    }
}

extension CollectFixture {
    /// The content id the gallery gives a file: the first 12 hex digits of its fingerprint.
    func contentID(_ relative: String) throws -> String {
        String(try ContentFingerprint.ofFile(library + "/" + relative).hex.prefix(12))
    }

    /// A JSON order file with the given ids (content ids, as the page writes them now).
    @discardableResult
    func order(withIDs picks: [(path: String, id: String)], name: String = "order.json") throws -> String {
        let entries = picks.enumerated().map { index, pick in
            let size = FileSystem.fileStatus(library + "/" + pick.path)?.size ?? 1
            return #"{"order": \#(index + 1), "id": "\#(pick.id)", "path": \#(json(pick.path)), "bytes": \#(size)}"#
        }
        let text =
            #"{"format": "proofsheet-order", "version": 1, "gallery": "abc123", "title": "Anna & Ben", "picks": [\#(entries.joined(separator: ", "))]}"#
        try FileSystem.writeAtomically(text, to: root + "/" + name)
        return root + "/" + name
    }
}

/// Every file under a folder with its inode and modification time: shows that a rerun
/// with nothing to do touched nothing.
func fileIdentities(_ directory: String) -> [String: String] {
    var result: [String: String] = [:]
    for name in FileSystem.contents(of: directory) {
        var info = stat()
        guard lstat(directory + "/" + name, &info) == 0 else { continue }
        result[name] = "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)"
    }
    return result
}
