/// What `collect` will do, fully checked, before anything is written: each original (and
/// its companions) and the name it gets, in the picked order; the files it writes beside
/// them; and, in a folder it made before, what is already there and what goes. A dry run
/// prints it; `Collector.execute` does it.
public struct CollectPlan: Sendable {
    public var orderFile: OrderFile
    /// The order file as read; a copy goes into the output folder.
    public var orderFileBytes: [UInt8]
    /// The library, absolute, symlinks resolved.
    public var library: String
    /// The output folder, absolute.
    public var output: String
    /// The output folder as the user named it (or the default name), for messages.
    public var outputDisplay: String
    /// Whether the output folder exists already.
    public var outputExists: Bool
    /// Photos and their companions, in order.
    public var items: [Item]
    /// The order file's copy, `notes.txt`, `picks.csv`.
    public var generated: [Generated]
    /// Files collect placed here before that the order no longer has: removed.
    public var removals: [String]
    /// Files collect placed here before, changed since, that the order no longer has:
    /// left where they are.
    public var kept: [String]
    /// What collect placed in the folder before, when it did.
    public var previousRecord: CollectRecord?
    /// Whether a record file is there now (it is replaced).
    public var replacesRecord: Bool
    public var warnings: [ProofsheetError]
    /// "#21 IMG_0042.jpg: now at Party/IMG_0042-2.jpg".
    public var notices: [String]
    /// Staging folders an interrupted collect left beside the output folder; a real run
    /// finishes or rolls them back first (a dry run only says so).
    public var interrupted: [String]
    public var link: Bool
    /// The site whose manifest said what was published (`--site`, or `Site/` when it is
    /// the order's gallery); nil when the scanner's rules did.
    public var site: String?

    public enum Action: Sendable, Equatable {
        /// A new file.
        case add
        /// Replaces a file of that name: collect's own, out of date, or (`--overwrite`)
        /// someone else's.
        case replace
        /// Already there as collect placed it.
        case unchanged
    }

    public struct Item: Sendable, Equatable {
        public var order: Int
        /// nil for the picked photo itself.
        public var companion: CompanionKind?
        /// Relative to the library: where the file is now, readable (`\xHH` for bytes
        /// that are not UTF-8).
        public var path: String
        /// Absolute, symlinks resolved, inside the library: the exact bytes.
        public var source: BytePath
        /// The file name in the output folder.
        public var name: String
        /// The original's size and modification time when checked.
        public var bytes: Int64
        public var modified: Int64
        /// The original's content, when it was read to check it.
        public var fingerprint: ContentFingerprint?
        public var action: Action
    }

    public enum Role: String, Sendable, Equatable {
        /// `sidecar`: a photo's XMP with the client's marks (`CollectSidecars`).
        case order, notes, csv, sidecar
    }

    public struct Generated: Sendable, Equatable {
        public var role: Role
        public var name: String
        public var bytes: [UInt8]
        public var action: Action
        /// A sidecar's photo, by its order, and the library's sidecar it was made from
        /// (relative, readable; nil for one made from nothing).
        public var order: Int? = nil
        public var source: String? = nil
    }

    /// How a destination is shown: `Anna & Ben picks/01-IMG_0042.jpg`.
    public func display(_ name: String) -> String {
        (outputDisplay.hasSuffix("/") ? outputDisplay : outputDisplay + "/") + name
    }

    public var photos: [Item] { items.filter { $0.companion == nil } }
    public var companions: [Item] { items.filter { $0.companion != nil } }

    /// The folder already is what this order makes it.
    public var isNothingToDo: Bool {
        outputExists && items.allSatisfy { $0.action == .unchanged } && generated.allSatisfy { $0.action == .unchanged }
            && removals.isEmpty
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
    /// Things the user should know that did not stop the run (changed originals taken
    /// with `--accept-changed`, companions left out, hard links that fell back to copies).
    public var warnings: [ProofsheetError]
    /// What an interrupted collect left, and how it was settled: "finished an interrupted
    /// collect into Picks/".
    public var recovered: [String]
}
