/// What `collect` will do, fully checked, before anything is written: each original and
/// the name it gets, in the picked order. A dry run prints it; `Collector.execute` does it.
public struct CollectPlan: Sendable {
    public var orderFile: OrderFile
    /// The order file as read; a copy goes into the output folder.
    public var orderFileBytes: [UInt8]
    /// The name of that copy in the output folder.
    public var orderFileName: String
    /// Whether an existing order file copy of that name is replaced (with `--force`).
    public var replacesOrderFile: Bool
    /// The library, absolute, symlinks resolved.
    public var library: String
    /// The output folder, absolute.
    public var output: String
    /// The output folder as the user named it (or the default name), for messages.
    public var outputDisplay: String
    /// Whether the output folder exists already; new files go into it then.
    public var outputExists: Bool
    public var items: [Item]
    /// Originals collected although they changed since the build (`--force`).
    public var warnings: [ProofsheetError]
    public var link: Bool

    public struct Item: Sendable, Equatable {
        public var order: Int
        /// Relative to the library, as in the order file.
        public var path: String
        /// Absolute, symlinks resolved, inside the library.
        public var source: String
        /// The file name in the output folder.
        public var name: String
        /// The original's size and modification time when checked.
        public var bytes: Int64
        public var modified: Int64
        /// An existing file of that name is replaced (`--force`).
        public var replaces: Bool
    }

    /// How a destination is shown: `Anna & Ben picks/01-IMG_0042.jpg`.
    public func display(_ name: String) -> String {
        (outputDisplay.hasSuffix("/") ? outputDisplay : outputDisplay + "/") + name
    }
}

/// What `collect` did.
public struct CollectReport: Sendable {
    public var plan: CollectPlan
    /// Nothing was written: the plan only.
    public var dryRun: Bool
    /// How many originals were hard-linked, and how many copied.
    public var linked: Int
    public var copied: Int
    /// Things the user should know that did not stop the run (changed originals collected
    /// with `--force`, hard links that fell back to copies).
    public var warnings: [ProofsheetError]
}
