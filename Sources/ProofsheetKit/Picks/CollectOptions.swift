/// What `proofsheet collect` was asked to do.
public struct CollectOptions: Sendable, Equatable {
    /// The order file (JSON version 1, or plain text: one relative path per line).
    public var orderFile: String
    /// The photo library the gallery was built from.
    public var library: String
    /// Where the picks go; nil means a folder named after the gallery title plus "picks",
    /// in the current directory.
    public var output: String?
    /// How collected files are named; tokens: {order} {name} {stem} {ext} {album} {date}.
    public var namePattern: String
    /// Print the plan, write nothing.
    public var dryRun: Bool
    /// Collect originals whose size changed since the build, and overwrite existing files.
    public var force: Bool
    /// Hard links instead of copies where the file system allows.
    public var link: Bool

    public static let defaultNamePattern = "{order}-{name}"

    public init(
        orderFile: String, library: String, output: String? = nil, namePattern: String = CollectOptions.defaultNamePattern,
        dryRun: Bool = false, force: Bool = false, link: Bool = false
    ) {
        self.orderFile = orderFile
        self.library = library
        self.output = output
        self.namePattern = namePattern
        self.dryRun = dryRun
        self.force = force
        self.link = link
    }
}
