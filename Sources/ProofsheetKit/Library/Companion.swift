/// A file that belongs to a photo and travels with it, never shown as a photo of its own:
/// the RAW the JPEG was made from, an editor's XMP sidecar, the video of a Live Photo, an
/// iPhone's `.AAE` edit.
///
/// One rule says which photo a file goes with, for `build` (the manifest, the page's
/// badges) and `collect` (which takes a picked photo's companions as a scan of its folder
/// finds them, `LibraryScanner.folder`), so the two never differ:
/// - it lies in the same folder, and is named like a companion (`candidate`);
/// - names are compared as bytes, ASCII letters in either case (`img_1.cr3` goes with
///   `IMG_1.JPG`); no other folding (`été.CR3` does not go with `Été.jpg`), as file names
///   on Linux are bytes, which need not be UTF-8;
/// - an XMP sidecar named after a whole file name (`IMG_1.tif.xmp`) goes with the photo of
///   that name (`IMG_1.tif`, not `IMG_1.jpg` beside it); when there is none, the name less
///   `.xmp` is taken as a stem, then that name's own stem (`IMG_1.CR3.xmp` and
///   `IMG_1.jpeg.xmp` go with `IMG_1.jpg`);
/// - every companion goes with one photo, never two: the first, by name (bytes), of its
///   stem (`IMG_1.CR3` with `IMG_1.jpeg`, not with `IMG_1.jpg` beside it).
public struct Companion: Sendable, Equatable, Hashable {
    public typealias Kind = CompanionKind

    public var kind: Kind
    /// Relative to the library.
    public var path: BytePath
    public var bytes: Int64

    public init(kind: Kind, path: BytePath, bytes: Int64) {
        self.kind = kind
        self.path = path
        self.bytes = bytes
    }

    /// The extensions of each kind, in lowercase. An XMP sidecar may also follow a whole
    /// name (`IMG_1.CR3.xmp`).
    static let rawNames = ["cr2", "cr3", "nef", "nrw", "arw", "sr2", "raf", "orf", "rw2", "dng", "pef", "srw", "3fr", "iiq", "x3f"]
    static let videoNames = ["mov", "mp4"]
    static let xmpName = "xmp"
    static let editName = "aae"

    static let rawExtensions: Set<[UInt8]> = Set(rawNames.map { Array($0.utf8) })
    static let videoExtensions: Set<[UInt8]> = Set(videoNames.map { Array($0.utf8) })

    /// What kind of companion a file name would be, and the stems it could belong to, best
    /// first (`IMG_1.CR3.xmp` → the stem `IMG_1.CR3`, then `IMG_1`); nil for any other name.
    static func candidate(_ name: BytePath) -> (kind: Kind, stems: [BytePath])? {
        // Told without making the stem and extension first: a library is mostly photos.
        guard let packed = packedExtension(name), extensionsPacked.contains(packed), let (stem, ext) = split(name) else { return nil }
        if rawExtensions.contains(ext) { return (.raw, [stem]) }
        if videoExtensions.contains(ext) { return (.video, [stem]) }
        if ext.elementsEqual(editName.utf8) { return (.edit, [stem]) }
        if ext.elementsEqual(xmpName.utf8) {
            if let (inner, _) = split(stem) { return (.xmp, [stem, inner]) }
            return (.xmp, [stem])
        }
        return nil
    }

    /// Every companion's extension (`packedExtension`).
    private static let extensionsPacked: Set<UInt64> = Set(
        (rawNames + videoNames + [xmpName, editName]).map { name in name.utf8.reduce(0) { $0 << 8 | UInt64($1) } })

    /// The last extension of `name` as `split` takes it, in lowercase ASCII, its bytes in an
    /// integer; nil when there is none or it is longer than 7 bytes.
    private static func packedExtension(_ name: BytePath) -> UInt64? {
        name.bytes.withUnsafeBufferPointer { bytes -> UInt64? in
            var packed: UInt64 = 0
            var at = bytes.count - 1
            var length = 0
            while at > 0, bytes[at] != UInt8(ascii: ".") {
                if length == 7 { return nil }
                at -= 1
                length += 1
            }
            guard at > 0, length > 0 else { return nil }
            for byte in bytes[(at + 1)...] { packed = packed << 8 | UInt64((0x41...0x5A).contains(byte) ? byte + 0x20 : byte) }
            return packed
        }
    }

    /// The name without its last extension: `IMG_1.jpg` → `IMG_1`; a name without one is
    /// its own stem.
    static func stem(of name: BytePath) -> BytePath {
        split(name)?.stem ?? name
    }

    /// A stem as companions are matched by it: ASCII letters in lowercase.
    static func matchKey(_ stem: BytePath) -> BytePath {
        BytePath(bytes: stem.bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 })
    }

    /// The photos of one folder, added in name order, and which of them each companion goes
    /// with (the rule above).
    struct Owners {
        /// `matchKey` of each photo's whole name, and of its stem (the first photo of each).
        private var byName: [BytePath: Int] = [:]
        private var byStem: [BytePath: Int] = [:]

        mutating func add(_ name: BytePath, at index: Int) {
            if byName[matchKey(name)] == nil { byName[matchKey(name)] = index }
            if byStem[matchKey(stem(of: name))] == nil { byStem[matchKey(stem(of: name))] = index }
        }

        /// The photo a companion with these `candidate` stems goes with.
        func owner(of stems: [BytePath]) -> Int? {
            // A sidecar of a whole name (its stems: that name, then the name's stem).
            if stems.count > 1, let index = byName[matchKey(stems[0])] { return index }
            for stem in stems {
                if let index = byStem[matchKey(stem)] { return index }
            }
            return nil
        }
    }

    /// `IMG_1.CR3` → (`IMG_1`, `cr3`): the stem and the extension in lowercase ASCII;
    /// nil when there is no extension (or nothing before it).
    private static func split(_ name: BytePath) -> (stem: BytePath, ext: [UInt8])? {
        guard let dot = name.bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0, dot < name.bytes.count - 1 else {
            return nil
        }
        let ext = name.bytes[(dot + 1)...].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        return (BytePath(bytes: Array(name.bytes[..<dot])), ext)
    }
}

/// What a companion is; the manifest's `kind`, and how `collect` counts and names them.
public enum CompanionKind: String, Sendable, Codable, CaseIterable, Comparable {
    /// The camera's RAW.
    case raw
    /// An editor's XMP sidecar.
    case xmp
    /// The video of a Live Photo (`.MOV`, `.MP4`).
    case video
    /// An iPhone's edit (`.AAE`).
    case edit

    /// How summaries count them: "30 RAW", "12 XMP", "5 Live Photo videos", "2 AAE".
    public func counted(_ count: Int) -> String {
        switch self {
        case .raw: "\(count) RAW"
        case .xmp: "\(count) XMP"
        case .video: count == 1 ? "1 Live Photo video" : "\(count) Live Photo videos"
        case .edit: "\(count) AAE"
        }
    }

    /// One of them, in a plan line: "RAW", "Live Photo video".
    public var label: String {
        switch self {
        case .raw: "RAW"
        case .xmp: "XMP"
        case .video: "Live Photo video"
        case .edit: "AAE"
        }
    }

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
