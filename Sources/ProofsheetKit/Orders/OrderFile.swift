/// An order file, read and checked: the photos a viewer picked, in the order picked.
///
/// Two forms are read (README, "The order file"): the JSON the page exports, and plain
/// text — the page's Copy list and Send mail body, or any list pasted into an email.
/// `OrderFileParser` makes one from untrusted bytes; every value here has passed its
/// checks. Plain text is read by `PastedListReader` first and becomes an `OrderFile` once
/// its lines are matched with the gallery's photos (by `collect` and `mark`).
public struct OrderFile: Sendable, Equatable {
    public static let formatName = "proofsheet-order"
    /// The version `merge` writes (a file without marks or named selections).
    public static let currentVersion = 1
    /// The newest version read: 2 adds `marks` and named `selections` (OrderFile+Marks).
    public static let newestVersion = 2
    /// Larger files are refused before they are read: a real one with the most picks the
    /// page allows (100 000) is about 15 MB.
    public static let maximumBytes = 32 * 1024 * 1024
    public static let maximumPicks = 100_000
    /// Notes are untrusted text; the page caps them at this many characters too (Unicode
    /// scalars, as `UntrustedText` counts).
    public static let maximumNoteLength = 2_000
    /// The title of a pasted list (the JSON one is capped at 1,024 bytes).
    public static let maximumTitleLength = 1_024
    /// The client's name (`by`).
    public static let maximumByLength = 200

    public enum Form: String, Sendable, Equatable {
        case json, text
    }

    public var form: Form
    /// Identifies the site.
    public var gallery: String?
    /// The gallery's title; names the default output folder.
    public var title: String?
    /// How many photos the page allowed; 0 = no limit; nil when the file does not say.
    public var limit: Int?
    /// How many the gallery asked for at least (`build --min`); nil when it does not say.
    public var minimum: Int?
    /// When the page exported the file, as written there (JSON only).
    public var exported: String?
    /// The client's note for the whole selection.
    public var note: String?
    /// The client's name, so several people's files can be told apart.
    public var by: String?
    public var picks: [Pick]
    /// What the client said of photos, picked or not (version 2); at most one a photo.
    public var marks: [Mark] = []
    /// Named selections, each with its picks in order (version 2 with `build
    /// --selection`); empty for a single selection, whose picks are `picks`.
    public var selections: [Selection] = []
    /// Lines of a pasted list that name no photo (a greeting, a signature): skipped, and
    /// listed by a dry run.
    public var skippedLines: [SkippedLine] = []
    /// How many picks a pasted list's first line says it holds ("30 picks"), to tell a
    /// list cut short in the mail.
    public var statedCount: Int?
    /// Things the reader fixed and the user should know (a note cut to the cap).
    public var warnings: [ProofsheetError] = []

    public struct Pick: Sendable, Equatable {
        /// 1, 2, 3… in the order picked.
        public var order: Int
        /// The photo's content id in the gallery (JSON only).
        public var id: String?
        /// Relative to the library, `/` separators; checked to stay inside it. A name that
        /// is not UTF-8 is here as its readable rendering (`Caf\xe9.jpg`, as the page
        /// showed it), and its exact bytes are in `pathBytes`.
        public var path: String
        /// The exact bytes of the path, when the order file gave them (`pathBytes`: a path
        /// that is not UTF-8); checked like `path`, and to render as `path`.
        public var pathBytes: BytePath?
        /// The original's size when the gallery was built (JSON only).
        public var bytes: Int64?
        /// The client's note on this pick.
        public var note: String?
        /// The line it was read from (plain text only).
        public var line: Int?

        public init(
            order: Int, id: String? = nil, path: String, pathBytes: BytePath? = nil, bytes: Int64? = nil, note: String? = nil,
            line: Int? = nil
        ) {
            self.order = order
            self.id = id
            self.path = path
            self.pathBytes = pathBytes
            self.bytes = bytes
            self.note = note
            self.line = line
        }

        /// The path as the file system knows it: `pathBytes` when given, else `path`.
        public var file: BytePath { pathBytes ?? BytePath(path) }

        /// The file's name: the last component of its path.
        public var name: String { path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path }

        /// The folder path within the library, "" at the top level.
        public var album: String {
            guard let slash = path.lastIndex(of: "/") else { return "" }
            return String(path[..<slash])
        }

        /// How messages name the pick, as the client saw it: `#21 IMG_0042.jpg`.
        public var shown: String { "#\(order) \(name)" }
    }

    public struct SkippedLine: Sendable, Equatable {
        public var line: Int
        /// As shown by a dry run: at most `shownLength` scalars, then "…" (a line of a
        /// pasted list may be megabytes long).
        public var text: String

        static let shownLength = 200

        public init(line: Int, text: String) {
            self.line = line
            let (kept, cut) = UntrustedText.capped(text, Self.shownLength)
            self.text = cut ? kept + "…" : kept
        }
    }

    public init(
        form: Form, gallery: String? = nil, title: String? = nil, limit: Int? = nil, minimum: Int? = nil, exported: String? = nil,
        note: String? = nil, by: String? = nil, picks: [Pick]
    ) {
        self.form = form
        self.gallery = gallery
        self.title = title
        self.limit = limit
        self.minimum = minimum
        self.exported = exported
        self.note = note
        self.by = by
        self.picks = picks
    }

    /// Whether any pick, or the selection as a whole, carries a note.
    public var hasNotes: Bool { note != nil || picks.contains { $0.note != nil } }
}

/// Notes, names and titles from an order file are untrusted text: cut to a length, on
/// one line where a line is wanted.
///
/// Lengths count Unicode scalars (code points), as the page's `Array.from` does
/// (Templates/script/picks/notes.js), never `Character`s: one grapheme cluster may hold a
/// million combining marks, so a cap in clusters bounds nothing. A scalar is at most 4
/// bytes in UTF-8, so a note of 2,000 is at most 8,000 bytes in every file made from it.
enum UntrustedText {
    /// `text` cut to `limit` Unicode scalars; whether it was cut.
    static func capped(_ text: String, _ limit: Int) -> (text: String, cut: Bool) {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: max(0, limit), limitedBy: scalars.endIndex), end != scalars.endIndex
        else { return (text, false) }
        return (String(scalars[..<end]), true)
    }

    /// How long `text` is as the caps count it.
    static func length(_ text: String) -> Int { text.unicodeScalars.count }

    /// Line breaks (and tabs) become spaces, other control characters are dropped.
    static func oneLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" || UnsafeCharacter.isLineBreak(scalar) {
                scalars.append(" ")
            } else if !UnsafeCharacter.isObeyed(scalar) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Control characters other than line breaks dropped; `\r\n` and `\r` become `\n`.
    static func multiLine(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar.value {
            case 0x0D: scalars.append("\n")
            case 0x0A: if !previousCR { scalars.append("\n") }
            case 0x09: scalars.append(" ")
            default: if !UnsafeCharacter.isObeyed(scalar) { scalars.append(scalar) }
            }
        }
        return String(scalars)
    }
}
