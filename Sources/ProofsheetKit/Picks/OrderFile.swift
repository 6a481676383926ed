/// An order file, read and checked: the photos a viewer picked, in the order picked.
///
/// Two forms are read (see PRODUCT.md, "The order file, version 1"): the JSON the page
/// exports, and plain text with one library-relative path per line. `OrderFileParser`
/// makes one from untrusted bytes; every value here has passed its checks.
public struct OrderFile: Sendable, Equatable {
    public static let formatName = "proofsheet-order"
    public static let currentVersion = 1
    /// Larger files are refused before they are read: a real one with the most picks the
    /// page allows (100 000) is about 15 MB.
    public static let maximumBytes = 32 * 1024 * 1024
    public static let maximumPicks = 100_000

    public enum Form: String, Sendable, Equatable {
        case json, text
    }

    public var form: Form
    /// Identifies the site (JSON only).
    public var gallery: String?
    /// The gallery's title (JSON; in plain text, from a first `# proofsheet order: TITLE`
    /// comment); names the default output folder.
    public var title: String?
    /// How many photos the page allowed; 0 = no limit; nil when the file does not say.
    public var limit: Int?
    /// When the page exported the file, as written there (JSON only).
    public var exported: String?
    public var picks: [Pick]

    public struct Pick: Sendable, Equatable {
        /// 1, 2, 3… in the order picked.
        public var order: Int
        /// The photo's id in the gallery (JSON only).
        public var id: String?
        /// Relative to the library, `/` separators; checked to stay inside it.
        public var path: String
        /// The original's size when the gallery was built (JSON only).
        public var bytes: Int64?
        /// Where the pick is in the file, for messages: `picks[2]` or `line 7`.
        public var location: String

        public init(order: Int, id: String? = nil, path: String, bytes: Int64? = nil, location: String) {
            self.order = order
            self.id = id
            self.path = path
            self.bytes = bytes
            self.location = location
        }

        /// The file's name: the last component of its path.
        public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

        /// The folder path within the library, "" at the top level.
        public var album: String {
            guard let slash = path.lastIndex(of: "/") else { return "" }
            return String(path[..<slash])
        }

        /// Where the path field is, for messages: `picks[2].path` or `line 7`.
        public var pathLocation: String { location.hasPrefix("line") ? location : location + ".path" }
    }

    public init(
        form: Form, gallery: String? = nil, title: String? = nil, limit: Int? = nil, exported: String? = nil, picks: [Pick]
    ) {
        self.form = form
        self.gallery = gallery
        self.title = title
        self.limit = limit
        self.exported = exported
        self.picks = picks
    }
}
