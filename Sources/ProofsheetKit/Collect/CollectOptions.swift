/// What `proofsheet collect` was asked to do.
public struct CollectOptions: Sendable, Equatable {
    /// The order file (JSON, or a pasted list); `-` reads standard input.
    public var orderFile: String
    /// The photo library the gallery was built from; not needed for `--list`.
    public var library: String?
    /// Where the picks go; nil means a folder named after the gallery title plus "picks",
    /// in the current directory.
    public var output: String?
    /// The gallery's site: its manifest says what was published.
    public var site: String?
    /// How collected files are named; tokens: {order} {name} {stem} {ext} {album} {date}.
    public var namePattern: String
    /// Print the plan, write nothing.
    public var dryRun: Bool
    /// Replace files in the output folder that collect did not place (or that were
    /// changed since it placed them).
    public var overwrite: Bool
    /// Take originals that changed since the gallery was built.
    public var acceptChanged: Bool
    /// Hard links instead of copies where the file system allows.
    public var link: Bool
    /// Bring each pick's RAW, sidecars, Live Photo video and edits along.
    public var companions: Bool
    /// Print the picks as a list for other software, write nothing.
    public var list: ListFormat?
    /// Of an order with named selections, the one to collect (any case); nil for all.
    public var selection: String?
    /// With `list`: the marked photos that match, instead of the picks.
    public var marks: MarkFilter?

    public static let defaultNamePattern = "{order}-{name}"
    public static let standardInput = "-"

    public init(
        orderFile: String, library: String? = nil, output: String? = nil, site: String? = nil,
        namePattern: String = CollectOptions.defaultNamePattern, dryRun: Bool = false, overwrite: Bool = false,
        acceptChanged: Bool = false, link: Bool = false, companions: Bool = true, list: ListFormat? = nil
    ) {
        self.orderFile = orderFile
        self.library = library
        self.output = output
        self.site = site
        self.namePattern = namePattern
        self.dryRun = dryRun
        self.overwrite = overwrite
        self.acceptChanged = acceptChanged
        self.link = link
        self.companions = companions
        self.list = list
    }
}
