/// The machine-readable description of a built site, written as `manifest.json` and
/// embedded in the page for its script. It is also the build cache: a rebuild reuses
/// every photo whose file, options and images are unchanged.
public struct Manifest: Codable, Sendable, Equatable {
    public static let formatName = "proofsheet-manifest"
    public static let currentVersion = 1

    public var format = Manifest.formatName
    public var version = Manifest.currentVersion
    public var generator: String
    /// Identifies the site; kept across rebuilds, so order files stay valid.
    public var gallery: String
    public var title: String
    public var options: Options
    public var albums: [Album]
    /// In display order: albums in order, photos sorted within each.
    public var photos: [Photo]
    /// Files that could not be used, kept so an unchanged one is reported without
    /// being decoded again.
    public var problems: [Problem]

    public struct Options: Codable, Sendable, Equatable {
        public var limit: Int
        public var sort: PhotoSort
        public var thumbSize: Int
        public var previewSize: Int
        public var quality: Int
        public var includeGPS: Bool
    }

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
        public var id: String
        public var path: String
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
        /// Names the rendered images; changes when the original or an image option does.
        public var key: String
        public var thumb: Image
        public var thumb2x: Image
        public var preview: Image
        /// EXIF was damaged; what could be read is shown.
        public var exifWarning: Bool?
        /// The photo's warning line (damaged EXIF or data, an ignored colour profile), said
        /// again when the photo is reused.
        public var warning: String? = nil
    }

    public struct Problem: Codable, Sendable, Equatable {
        public var path: String
        public var bytes: Int64
        public var modified: Int64
        public var key: String
        public var reason: String
    }
}

/// How photos are ordered within an album.
public enum PhotoSort: String, Codable, Sendable, CaseIterable {
    case date, name
}
