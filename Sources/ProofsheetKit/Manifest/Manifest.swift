import Foundation

/// The machine-readable description of a built site, written as `manifest.json` and
/// embedded in the page for its script. It is also the build cache: a rebuild reuses
/// every photo whose file, options and images are unchanged.
///
/// Version 2 (this one): photo ids are content ids (see `PhotoIDs`), each photo keeps
/// its `fingerprint`, the site keeps its settings (`options`) and which library it is of
/// (`library`). A version 1 site is read as the previous build and upgraded.
public struct Manifest: Codable, Sendable, Equatable {
    public static let formatName = "proofsheet-manifest"
    public static let currentVersion = 2
    /// The versions a build can take over as the previous one.
    static let readableVersions = 1...2

    public var format = Manifest.formatName
    public var version = Manifest.currentVersion
    public var generator: String
    /// Identifies the site; kept across rebuilds, so order files stay valid.
    public var gallery: String
    /// Which library the site was built from (nil in version 1).
    public var library: LibraryIdentity?
    public var title: String
    /// The settings the site was built with; a bare rebuild uses them again.
    public var options: SiteSettings
    public var albums: [Album]
    /// In display order: albums in order, photos sorted within each.
    public var photos: [Photo]
    /// Files that could not be used, kept so an unchanged one is reported without
    /// being decoded again.
    public var problems: [Problem]

    public struct Album: Codable, Sendable, Equatable {
        /// Relative to the library; "" for photos at its top level.
        public var path: String
        public var name: String
        public var count: Int
    }

    public struct Image: Codable, Sendable, Equatable {
        /// Relative to the site.
        public var src: String
        public var width: Int
        public var height: Int
    }

    public struct Photo: Codable, Sendable, Equatable {
        /// The content id: the first 12 hex digits of `fingerprint`, with `-2`, `-3`… for
        /// the second and later photos (by path bytes) whose digits are the same.
        public var id: String
        /// The ids the photo had in a version 1 site (derived from its path), so picks
        /// stored or exported under them still find it; only in sites upgraded from
        /// version 1, carried from build to build.
        public var formerIds: [String]?
        /// XXH3-128 of the original's bytes, 32 hex digits (`ContentFingerprint`). nil only
        /// in a version 1 site, and for one of its photos kept because it could not be read
        /// again (it keeps its old id).
        public var fingerprint: String?
        /// Relative to the library, `/` separators. Exact when the path is UTF-8; else a
        /// readable rendering (bytes that are not UTF-8 as `\xHH`), and `pathBytes` holds
        /// the exact bytes.
        public var path: String
        /// The exact bytes of `path`, base64, present only when they are not UTF-8.
        public var pathBytes: Data?
        public var name: String
        public var album: String
        public var format: ImageFormat
        public var bytes: Int64
        /// The original's modification time in nanoseconds: with `bytes`, what says it is unchanged.
        public var modified: Int64
        /// Upright pixel size of the original.
        public var width: Int
        public var height: Int
        /// `YYYY-MM-DDTHH:MM:SS`: when taken (EXIF), else the file's time (UTC).
        public var date: String
        public var dateSource: String
        public var camera: String?
        public var lens: String?
        public var exposure: String?
        public var aperture: String?
        public var iso: Int?
        public var focalLength: String?
        public var description: String?
        public var gps: GPSPosition?
        /// Names the rendered images with the fingerprint; changes when an image option does.
        public var key: String
        public var thumb: Image
        public var thumb2x: Image
        public var preview: Image
        /// EXIF was damaged; what could be read is shown.
        public var exifWarning: Bool?
        /// The photo's warning line (damaged EXIF or data, an ignored colour profile), said
        /// again when the photo is reused.
        public var warning: String?
        /// The files that go with the photo (RAW, XMP, Live Photo video, AAE); absent when none.
        public var companions: [Companion]?

        /// The exact bytes of the path.
        public var pathKey: BytePath { Manifest.pathKey(path, pathBytes) }
    }

    /// A file that belongs to a photo (see `ProofsheetKit.Companion`).
    public struct Companion: Codable, Sendable, Equatable {
        /// `raw`, `xmp`, `video` (the video of a Live Photo) or `edit` (an iPhone's `.AAE`).
        public var kind: ProofsheetKit.Companion.Kind
        /// Like `Photo.path`: relative to the library, readable; `pathBytes` when not UTF-8.
        public var path: String
        public var pathBytes: Data?
        /// Its size at build time.
        public var bytes: Int64
    }

    public struct Problem: Codable, Sendable, Equatable {
        public var path: String
        public var pathBytes: Data?
        public var bytes: Int64
        public var modified: Int64
        public var key: String
        public var reason: String

        public var pathKey: BytePath { Manifest.pathKey(path, pathBytes) }
    }

    /// Which library a site is of, without saying where it is: the folder's name, and a
    /// hash of its real path (a path never enters the site).
    public struct LibraryIdentity: Codable, Sendable, Equatable {
        public var name: String
        public var key: String
    }

    static func pathKey(_ path: String, _ bytes: Data?) -> BytePath {
        bytes.map { BytePath(bytes: Array($0)) } ?? BytePath(path)
    }

    /// `path` and `pathBytes` for a path as the manifest stores it.
    static func stored(_ path: BytePath) -> (path: String, bytes: Data?) {
        if let text = path.string { return (text, nil) }
        return (path.readable, Data(path.bytes))
    }
}

/// How photos are ordered within an album.
public enum PhotoSort: String, Codable, Sendable, CaseIterable {
    case date, name
}

extension Manifest.LibraryIdentity {
    /// The library's folder name, and a hash of its real path: enough to tell libraries
    /// apart without putting a path of this machine into the site.
    init(of library: BytePath) {
        let hash = ContentFingerprint(of: Array("proofsheet library\0".utf8) + library.bytes)
        self.init(name: library.lastComponent.readable, key: String(hash.hex.prefix(16)))
    }
}
