import Foundation

/// What `proofsheet build` was asked to do.
public struct BuildOptions: Sendable, Equatable {
    public var library: String
    public var output: String
    /// Defaults to the library folder's name.
    public var title: String?
    /// How many photos a viewer may pick; 0 means no limit.
    public var limit: Int
    public var sort: PhotoSort
    public var sizes: ImageSizes
    /// Photos processed at once.
    public var jobs: Int
    public var excludes: [ExcludePattern]
    public var includeGPS: Bool
    /// A folder with the user's own templates instead of the built-in ones.
    public var templates: String?

    public init(
        library: String, output: String = "Site", title: String? = nil, limit: Int = 1,
        sort: PhotoSort = .date, sizes: ImageSizes = ImageSizes(),
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        excludes: [ExcludePattern] = [], includeGPS: Bool = false, templates: String? = nil
    ) {
        self.library = library
        self.output = output
        self.title = title
        self.limit = limit
        self.sort = sort
        self.sizes = sizes
        self.jobs = jobs
        self.excludes = excludes
        self.includeGPS = includeGPS
        self.templates = templates
    }
}

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
    public var photos: Int
    public var albums: Int
    /// Non-images, hidden and excluded files left out on purpose.
    public var skipped: Int
    /// Photos that could not be used, one line each (`path: reason`).
    public var failures: [ProofsheetError]
    /// Other things worth saying (damaged EXIF on a photo that is still shown).
    public var warnings: [ProofsheetError]
    /// Photos decoded this time; the others came from the previous build.
    public var rendered: Int
    public var reused: Int
    public var seconds: Double
    /// Path of the page, as the user gave the output folder.
    public var indexPath: String
    public var gallery: String
}

/// Where a build is, for the progress line.
public struct BuildProgress: Sendable {
    public var done: Int
    public var total: Int
    public var elapsed: Double
}
