/// A plain-text list of picks as read, before its lines are matched with the gallery's
/// photos: what the page's Copy list and Send mail body write, or anything a client
/// pasted into an email.
public struct PastedList: Sendable, Equatable {
    /// From the first line (`# Anna & Ben — 30 picks — gallery 9f2c4e7a1b3d`), or the
    /// older `# proofsheet order: TITLE`.
    public var title: String?
    public var gallery: String?
    /// How many picks the first line says the list holds.
    public var statedCount: Int?
    /// `# By: NAME`.
    public var by: String?
    /// `# Note: TEXT`: the note for the whole selection.
    public var note: String?
    /// Every line that may name a photo, in order.
    public var entries: [Entry]
    /// With named selections (`build --selection`): each one's heading and the entries
    /// under it, in order; empty for a list of one selection (PastedList+Sections).
    public var sections: [Section] = []
    /// How many selections the `# … — N picks in S selections — gallery ID` line says the
    /// list holds; nil when it does not say (a list of one selection).
    public var statedSelections: Int?
    /// Notes cut to the cap, and the like.
    public var warnings: [ProofsheetError] = []

    public struct Entry: Sendable, Equatable {
        /// 1-based, in the file.
        public var line: Int
        /// The line as shown in messages: unquoted, trimmed.
        public var text: String
        /// Spellings to look the photo up by, the most literal first: the line as it is,
        /// then without its numbering or bullet, with ordinary spaces for non-breaking
        /// ones, without quotes around it.
        public var candidates: [String]
        /// The spelling to take when there is no library to try them against: without
        /// numbering, bullets, quotes or trailing punctuation, with ordinary spaces.
        public var guess: String
        /// The `Note: …` line under it.
        public var note: String?
        /// The number written before it (`12. …`), when it has one.
        public var number: Int?
        /// Whether a spelling ends in an image file's extension. Such a line that matches
        /// no photo is a problem ("missing"); any other line that matches none is skipped
        /// as a greeting or a signature.
        public var looksLikePhoto: Bool

        public init(line: Int, text: String, candidates: [String], guess: String? = nil, note: String? = nil, looksLikePhoto: Bool) {
            self.line = line
            self.text = text
            self.candidates = candidates
            self.guess = guess ?? text
            self.note = note
            self.looksLikePhoto = looksLikePhoto
        }
    }

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The list read without a library to match it with (for `--list` and `merge`): lines
    /// that look like photos are the picks, by their first spelling that is a safe path;
    /// the others are skipped.
    public func picksWithoutLibrary(displayPath: String) throws(CollectRefusal) -> OrderFile {
        if !sections.isEmpty { return try selectionsWithoutLibrary(displayPath: displayPath) }
        var picks: [OrderFile.Pick] = []
        var skipped: [OrderFile.SkippedLine] = []
        var problems: [ProofsheetError] = []
        var first: [[UInt8]: Int] = [:]
        let picked = entries.filter(\.looksLikePhoto)
        if let tooMany = tooMany(picked, displayPath: displayPath) { throw CollectRefusal([tooMany]) }
        for entry in entries {
            guard entry.looksLikePhoto else {
                skipped.append(OrderFile.SkippedLine(line: entry.line, text: entry.text))
                continue
            }
            let path = entry.guess
            if let reason = OrderFileParser.pathProblem(path) {
                problems.append(ProofsheetError(displayPath, "line \(entry.line): \(reason)"))
                continue
            }
            if let earlier = first[Array(path.utf8)] {
                problems.append(
                    ProofsheetError(displayPath, "line \(entry.line): \(quotedForMessage(path)) is picked twice (first on line \(earlier))")
                )
                continue
            }
            first[Array(path.utf8)] = entry.line
            picks.append(OrderFile.Pick(order: picks.count + 1, path: path, note: entry.note, line: entry.line))
        }
        if picks.isEmpty && problems.isEmpty {
            problems.append(ProofsheetError(displayPath, "nothing was picked: no line names a photo"))
        }
        guard problems.isEmpty else { throw CollectRefusal(problems) }
        return orderFile(picks: picks, skipped: skipped)
    }

    /// Why these entries, read as the list's picks, are more than its count line says
    /// ("3 picks"), naming the lines past it; nil when they are not. A line more is never
    /// taken as a pick: it is most often a note's line that the mail wrapped.
    func tooMany(_ picked: [Entry], displayPath: String) -> ProofsheetError? {
        guard let stated = statedCount, picked.count > stated else { return nil }
        let excess = picked.count - stated
        var extra = picked.contains { $0.number != nil } ? picked.filter { $0.number == nil } : []
        if extra.isEmpty { extra = picked.filter { ($0.number ?? 0) > stated } }
        if extra.isEmpty { extra = Array(picked.suffix(excess)) }
        let shown =
            extra.prefix(5).map { "line \($0.line) (\(quotedForMessage($0.text, limit: 60)))" }.joined(separator: ", ")
            + (extra.count > 5 ? ", …" : "")
        let which = extra.count == 1 ? "\(shown) is not one of them" : "\(shown) are not among them"
        return ProofsheetError(
            displayPath,
            "the list says it holds \(stated == 1 ? "1 pick" : "\(stated) picks"), but \(picked.count) of its lines name photos: \(which) (a note's line wrapped by the mail?); remove \(extra.count == 1 ? "it" : "them") or correct the count, then collect again"
        )
    }

    /// An order file of these picks, with the list's title, gallery, name and note.
    func orderFile(picks: [OrderFile.Pick], skipped: [OrderFile.SkippedLine]) -> OrderFile {
        var file = OrderFile(form: .text, gallery: gallery, title: title, note: note, by: by, picks: picks)
        file.skippedLines = skipped
        file.statedCount = statedCount
        file.warnings = warnings
        return file
    }
}
