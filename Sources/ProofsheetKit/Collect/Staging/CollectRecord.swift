import Foundation

/// What `collect` placed in a picks folder, kept there as `.proofsheet-collect.json`, so
/// a rerun knows its own files from everyone else's.
///
/// The order file's copy alone would not say it: the names depend on the pattern, the
/// clashes and the companions found, and a file may have been edited since. Each entry
/// keeps the size and modification time the file had when placed: a file that still has
/// them is collect's to replace or remove; any other file in the folder — the
/// photographer's own, or one of collect's edited since — is never removed.
public struct CollectRecord: Codable, Sendable, Equatable {
    public static let fileName = ".proofsheet-collect.json"
    static let formatName = "proofsheet-collect"

    public var format = CollectRecord.formatName
    public var version = 1
    public var files: [File] {
        didSet { index = Self.index(files) }
    }
    /// Where each name is in `files` (by bytes), so a folder of 20,000 is looked up quickly.
    private var index: [[UInt8]: Int] = [:]

    private enum CodingKeys: String, CodingKey {
        case format, version, files
    }

    public struct File: Codable, Sendable, Equatable {
        /// The name in the folder.
        public var name: String
        /// `photo`, `companion`, `order` (the order file's copy), `notes`, `csv`.
        public var role: String
        /// Where it came from, relative to the library (photos and companions).
        public var source: String?
        /// The placed file's size and modification time (nanoseconds since 1970).
        public var bytes: Int64
        public var modified: Int64
    }

    public init(files: [File]) {
        self.files = files
        self.index = Self.index(files)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        files = try container.decode([File].self, forKey: .files)
        index = Self.index(files)
    }

    private static func index(_ files: [File]) -> [[UInt8]: Int] {
        Dictionary(files.enumerated().map { (Array($0.element.name.utf8), $0.offset) }, uniquingKeysWith: { a, _ in a })
    }

    /// The record in `folder`, or nil when there is none. A record that cannot be read is
    /// treated as none (so nothing in the folder counts as collect's), with a reason.
    static func read(in folder: String) -> (record: CollectRecord?, problem: String?) {
        let path = folder + "/" + fileName
        guard FileSystem.kind(of: path) == .file else { return (nil, nil) }
        guard let bytes = try? FileSystem.read(path), bytes.count <= 64 * 1024 * 1024,
            let record = try? JSONDecoder().decode(CollectRecord.self, from: Data(bytes)), record.format == formatName,
            record.version == 1
        else {
            return (nil, "cannot be read; every file in the folder is treated as not placed by collect")
        }
        // A tampered record must not name anything outside the folder.
        let safe = record.files.filter { SafeFileName.isPlainName($0.name) && $0.name != fileName }
        return (CollectRecord(files: safe), nil)
    }

    func bytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values cannot fail.
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    public func entry(named name: String) -> File? {
        index[Array(name.utf8)].map { files[$0] }
    }
}

extension CollectRecord.File {
    /// Whether the file in `folder` is still as collect placed it.
    func isUnchanged(in folder: String) -> Bool {
        guard FileSystem.kind(of: folder + "/" + name) == .file, let status = FileSystem.fileStatus(folder + "/" + name) else {
            return false
        }
        return status.size == bytes && status.mtime == modified
    }
}

extension SafeFileName {
    /// One name in a folder: not empty, `.` or `..`, no `/` or NUL.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(0x2F) && !name.utf8.contains(0) && name.utf8.count <= 255
    }
}
