import Foundation

/// What a built site says was published (`collect --site DIR`): its gallery id and title,
/// and every photo's path, content id, size and fingerprint, from its `manifest.json`.
///
/// With it, `collect` takes only what the gallery showed — an excluded photo is refused
/// as "not in the gallery" — and finds a photo renamed since by its content id. Only the
/// fields `collect` needs are read, so the manifest may grow without breaking it.
public struct SiteCatalog: Sendable {
    public var gallery: String
    public var title: String
    public var photos: [Photo] {
        didSet { reindex() }
    }
    /// The `--exclude` patterns the site was built with, when it keeps them.
    public var excludes: [ExcludePattern]
    /// Which library it was built from (a site before this was recorded: nil).
    public var library: Manifest.LibraryIdentity?
    private var byID: [String: Int] = [:]
    private var byPath: [[UInt8]: Int] = [:]

    public init(gallery: String, title: String, photos: [Photo], excludes: [ExcludePattern]) {
        self.gallery = gallery
        self.title = title
        self.photos = photos
        self.excludes = excludes
        reindex()
    }

    private mutating func reindex() {
        byID = Dictionary(photos.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        byPath = Dictionary(photos.enumerated().map { ($0.element.file.bytes, $0.offset) }, uniquingKeysWith: { a, _ in a })
    }

    /// The photo with this id.
    public func photo(id: String) -> Photo? { byID[id].map { photos[$0] } }

    /// The photo at this path (compared as bytes).
    public func photo(path: BytePath) -> Photo? { byPath[path.bytes].map { photos[$0] } }

    public struct Photo: Sendable, Equatable {
        public var id: String
        /// Readable (`\xHH` for bytes that are not UTF-8); the exact bytes in `pathBytes`.
        public var path: String
        public var pathBytes: BytePath?
        public var bytes: Int64
        public var fingerprint: ContentFingerprint?
        /// The companions the gallery announced for it (its RAW and Live badges), by kind
        /// and path as they were at build time.
        public var companions: [(kind: CompanionKind, path: String)] = []

        public init(id: String, path: String, pathBytes: BytePath? = nil, bytes: Int64, fingerprint: ContentFingerprint?) {
            self.id = id
            self.path = path
            self.pathBytes = pathBytes
            self.bytes = bytes
            self.fingerprint = fingerprint
        }

        public static func == (a: Photo, b: Photo) -> Bool {
            a.id == b.id && a.path == b.path && a.pathBytes == b.pathBytes && a.bytes == b.bytes && a.fingerprint == b.fingerprint
                && a.companions.elementsEqual(b.companions) { $0.kind == $1.kind && $0.path == $1.path }
        }

        /// The path as the file system knows it.
        public var file: BytePath { pathBytes ?? BytePath(path) }
    }

    private struct ManifestFields: Decodable {
        var format: String?
        var gallery: String?
        var title: String?
        var photos: [PhotoFields]?
        var options: OptionFields?
        var library: Manifest.LibraryIdentity?
    }

    private struct PhotoFields: Decodable {
        var id: String
        var path: String
        /// Base64 (`JSONDecoder`'s way with `Data`, and the manifest's).
        var pathBytes: Data?
        var bytes: Int64
        var fingerprint: String?
        var companions: [CompanionFields]?
    }

    private struct CompanionFields: Decodable {
        /// A kind this version does not know is passed over, not a reason to refuse the site.
        var kind: String
        var path: String
    }

    private struct OptionFields: Decodable {
        var excludes: [String]?
    }

    /// Reads `DIR/manifest.json`; `display` is how messages name the folder.
    public static func read(site: String, display: String) throws(ProofsheetError) -> SiteCatalog {
        let path = (site as NSString).appendingPathComponent("manifest.json")
        guard FileSystem.isDirectory(site) else {
            throw ProofsheetError(
                display, FileSystem.exists(site) ? "not a folder (--site is the gallery's site folder)" : "no such folder")
        }
        guard FileSystem.exists(path) else {
            throw ProofsheetError(display, "no manifest.json: not a proofsheet site (--site is the folder `build` wrote)")
        }
        let bytes: [UInt8]
        do {
            bytes = try ManifestFile.read(path)
        } catch {
            throw ProofsheetError(display + "/manifest.json", error.reason)
        }
        let fields: ManifestFields
        do {
            fields = try JSONDecoder().decode(ManifestFields.self, from: Data(bytes))
        } catch {
            throw ProofsheetError(display + "/manifest.json", "not a readable proofsheet manifest; rebuild the site")
        }
        guard fields.format == Manifest.formatName, let gallery = fields.gallery, let photos = fields.photos else {
            throw ProofsheetError(display + "/manifest.json", "not a proofsheet manifest; rebuild the site")
        }
        var catalog = SiteCatalog(
            gallery: gallery, title: fields.title ?? "",
            photos: photos.map {
                var photo = Photo(
                    id: $0.id, path: $0.path, pathBytes: $0.pathBytes.map { BytePath(bytes: Array($0)) }, bytes: $0.bytes,
                    fingerprint: $0.fingerprint.flatMap(ContentFingerprint.init(hex:)))
                photo.companions = ($0.companions ?? []).compactMap { field in
                    CompanionKind(rawValue: field.kind).map { (kind: $0, path: field.path) }
                }
                return photo
            },
            excludes: (fields.options?.excludes ?? []).map(ExcludePattern.init))
        catalog.library = fields.library
        return catalog
    }

    /// Whether it was built from `library` (a real path): the same identity the build
    /// gives it, which names no path of this machine.
    func isSite(of library: String) -> Bool {
        self.library?.key == Manifest.LibraryIdentity(of: BytePath(library)).key
    }
}
