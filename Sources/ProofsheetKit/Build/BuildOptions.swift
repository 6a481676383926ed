import Foundation

/// What `proofsheet build` was asked to do.
///
/// The settings that shape the gallery are kept in the site; `settings` holds the ones
/// given for this build (defaults for the rest) and `given` which they are, so a rebuild
/// changes only those. Set them by name — `options.limit = 30` — which records them as
/// given.
@dynamicMemberLookup
public struct BuildOptions: Sendable, Equatable {
    public var library: String
    public var output: String
    public private(set) var settings = SiteSettings()
    /// The manifest keys of the settings given for this build.
    public private(set) var given: Set<String> = []
    /// Photos processed at once.
    public var jobs: Int
    /// A folder with the user's own templates instead of the built-in ones.
    public var templates: String?
    /// Build this library into a site of another library (its gallery, settings and
    /// photos are replaced); without it that is refused.
    public var replace: Bool
    /// A logo to copy into the site (`--logo FILE`): checked and copied before anything
    /// is written, its name in the site becoming the `logo` setting (see `Logo`).
    public var logoFile: String?

    public init(
        library: String, output: String = "Site", jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        templates: String? = nil, replace: Bool = false
    ) {
        self.library = library
        self.output = output
        self.jobs = jobs
        self.templates = templates
        self.replace = replace
    }

    /// A setting, given for this build when set.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<SiteSettings, Value>) -> Value {
        get { settings[keyPath: keyPath] }
        set {
            settings[keyPath: keyPath] = newValue
            guard let field = SiteSettings.fields.first(where: { $0.keyPath == keyPath }) else {
                preconditionFailure("a setting without a line in SiteSettings.fields")
            }
            given.insert(field.key)
        }
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<SiteSettings, Value>) -> Value {
        settings[keyPath: keyPath]
    }

    /// The settings of this build: `stored` (the site's, or the defaults for a new site)
    /// with the given ones in place; and what changed.
    func settings(replacing stored: SiteSettings?) -> (settings: SiteSettings, changes: [String]) {
        guard let stored else { return (settings, []) }
        return stored.updated(with: settings, names: given)
    }
}

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
    public var photos: Int
    public var albums: Int
    /// Non-images (a RAW without its photo, say), hidden and excluded files left out on purpose.
    public var skipped: Int
    /// Photos that could not be used, or were kept as they were, one line each (`path: reason`).
    public var failures: [ProofsheetError]
    /// Other things worth saying (damaged EXIF on a photo that is still shown, a companion
    /// left out).
    public var warnings: [ProofsheetError]
    /// Photos decoded this time; the others came from the previous build.
    public var rendered: Int
    public var reused: Int
    public var seconds: Double
    /// Path of the page, as the user gave the output folder.
    public var indexPath: String
    public var gallery: String
    /// Settings that differ from the site's (`limit 30 → 10`).
    public var changes: [String] = []
    /// Photos with a RAW, and with a Live Photo video.
    public var withRAW = 0
    public var livePhotos = 0
    /// This build carried on after an interrupted first build in the same folder.
    public var resumed = false
    /// Albums a rebuild took from the previous build as they were, none of their photos
    /// decoded (`AlbumRebuild`); nil when it read the previous manifest whole.
    var albumsKept: Int?
}

/// Where a build is, for the progress line.
public struct BuildProgress: Sendable {
    public var done: Int
    public var total: Int
    public var elapsed: Double
}
