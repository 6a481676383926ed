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
        var picks: [OrderFile.Pick] = []
        var skipped: [OrderFile.SkippedLine] = []
        var problems: [ProofsheetError] = []
        var first: [[UInt8]: Int] = [:]
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
                    ProofsheetError(displayPath, "line \(entry.line): \(quotedForMessage(path)) is picked twice (first on line \(earlier))"))
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

    /// An order file of these picks, with the list's title, gallery, name and note.
    func orderFile(picks: [OrderFile.Pick], skipped: [OrderFile.SkippedLine]) -> OrderFile {
        var file = OrderFile(form: .text, gallery: gallery, title: title, note: note, by: by, picks: picks)
        file.skippedLines = skipped
        file.statedCount = statedCount
        file.warnings = warnings
        return file
    }
}

/// Reads a pasted list from untrusted bytes, leniently, as people send it:
///
///     # Anna & Ben — 30 picks — gallery 9f2c4e7a1b3d
///     # By: Anna Smith
///     # Note: the whole selection's note
///     1. Ceremony/IMG_0042.jpg
///        Note: black and white please
///     2. Party/IMG_0107.jpg
///
/// and the same quoted in a reply (`> `), with CRLF line ends, non-breaking spaces,
/// `1.` `1)` `(1)` `#1` numbering or `•` `-` `*` bullets, a greeting above and a signature
/// below, bare file names without their album folder. Which lines name a photo is decided
/// when they are matched with the gallery (`PickResolver`); this reader only takes the
/// text apart. It never traps, whatever the bytes; refusals are typed.
public enum PastedListReader {
    /// The most lines that may name photos; far beyond what any gallery allows.
    static let maximumEntries = OrderFile.maximumPicks * 4

    public static func read(_ bytes: [UInt8], displayPath: String) throws(CollectRefusal) -> PastedList {
        guard bytes.count <= OrderFile.maximumBytes else {
            throw CollectRefusal(
                displayPath,
                "too large for an order file (\(OrderFileParser.megabytes(bytes.count)); at most \(OrderFileParser.megabytes(OrderFile.maximumBytes)))")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        var list = PastedList(entries: [])
        var problems: [ProofsheetError] = []
        var lineNumber = 0
        var sawText = false
        // The note line belongs to the entry just above it.
        var previousWasEntry = false
        var inSignature = false
        for rawLine in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            guard let decoded = String(validating: rawLine, as: UTF8.self) else {
                if !sawText {
                    throw CollectRefusal(
                        displayPath,
                        "not an order file: line \(lineNumber) is not UTF-8 text (expected JSON, or a list of photo names)")
                }
                problems.append(ProofsheetError(displayPath, "line \(lineNumber): not UTF-8 text"))
                previousWasEntry = false
                continue
            }
            let unquoted = unquote(decoded)
            let text = trimmed(unquoted)
            if text.isEmpty {
                continue
            }
            sawText = true
            if inSignature {
                list.entries.append(PastedList.Entry(line: lineNumber, text: text, candidates: [], looksLikePhoto: false))
                continue
            }
            // "-- " starts an email signature (RFC 3676): nothing below it names a pick.
            if text == "--" {
                inSignature = true
                previousWasEntry = false
                list.entries.append(PastedList.Entry(line: lineNumber, text: text, candidates: [], looksLikePhoto: false))
                continue
            }
            if text.hasPrefix("#") && !startsWithNumberSign(text) {
                // A greeting may come before the list's first line; a photo may not.
                readHeader(text, into: &list, sawEntries: list.entries.contains { $0.looksLikePhoto }, displayPath: displayPath)
                previousWasEntry = false
                continue
            }
            if let note = noteText(text) {
                if previousWasEntry, let last = list.entries.indices.last {
                    let cleaned = UntrustedText.multiLine(note).trimmingBlanks()
                    let joined = list.entries[last].note.map { $0 + "\n" + cleaned } ?? cleaned
                    let (kept, cut) = UntrustedText.capped(joined, OrderFile.maximumNoteLength)
                    if cut && list.entries[last].note?.count ?? 0 < OrderFile.maximumNoteLength {
                        list.warnings.append(
                            ProofsheetError(
                                displayPath,
                                "line \(lineNumber): note longer than \(OrderFileParser.grouped(OrderFile.maximumNoteLength)) characters; only the first \(OrderFileParser.grouped(OrderFile.maximumNoteLength)) are kept"
                            ))
                    }
                    list.entries[last].note = kept.isEmpty ? nil : kept
                    continue
                }
            }
            let (candidates, guess) = spellings(of: text)
            let entry = PastedList.Entry(
                line: lineNumber, text: text, candidates: candidates, guess: guess,
                looksLikePhoto: candidates.contains(where: hasImageExtension))
            list.entries.append(entry)
            previousWasEntry = true
            guard list.entries.count <= maximumEntries else {
                throw CollectRefusal(displayPath, "more than \(maximumEntries) lines; not a list of picks")
            }
        }
        guard problems.isEmpty else { throw CollectRefusal(problems) }
        if !list.entries.contains(where: { !$0.candidates.isEmpty }) {
            throw CollectRefusal(displayPath, "nothing was picked: no line names a photo")
        }
        return list
    }

    // MARK: Lines

    /// Characters that separate words but are not a plain space: what mail clients put in
    /// place of spaces (no-break space, narrow no-break space, figure space, the fixed
    /// widths), and the invisible ones that creep in (zero width space, byte order mark).
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0D, 0xA0, 0x2000...0x200B, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    static func isNonBreaking(_ scalar: Unicode.Scalar) -> Bool {
        isBlank(scalar) && scalar != " " && scalar != "\t" && scalar != "\r"
    }

    static func trimmed(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, isBlank(first) { scalars.removeFirst() }
        while let last = scalars.last, isBlank(last) { scalars.removeLast() }
        return String(scalars)
    }

    /// Without the `>` marks of quoted mail, however deep (`> > x`, `>> x`).
    static func unquote(_ line: String) -> String {
        var scalars = Substring(line).unicodeScalars
        while true {
            var rest = scalars
            while let first = rest.first, isBlank(first) { rest.removeFirst() }
            guard rest.first == ">" else { return String(scalars) }
            rest.removeFirst()
            // One space after the mark belongs to it; more is indentation.
            if let first = rest.first, isBlank(first) { rest.removeFirst() }
            scalars = rest
        }
    }

    /// `#21 IMG_0042.jpg` numbers a pick; `# …` is a comment.
    static func startsWithNumberSign(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(2))
        return scalars.count == 2 && scalars[0] == "#" && ("0"..."9").contains(scalars[1])
    }

    /// The text after `Note:` (any case), or nil.
    static func noteText(_ text: String) -> String? {
        let prefix = "note:"
        guard text.unicodeScalars.count >= prefix.unicodeScalars.count,
            String(text.unicodeScalars.prefix(prefix.unicodeScalars.count)).lowercased() == prefix
        else { return nil }
        return trimmed(String(text.unicodeScalars.dropFirst(prefix.unicodeScalars.count)))
    }

    /// Reads a comment line: the list's first line, `# By:`, `# Note:`, and the older
    /// `# proofsheet order:` and `# gallery:`; other comments are ignored.
    static func readHeader(_ text: String, into list: inout PastedList, sawEntries: Bool, displayPath: String) {
        let body = trimmed(String(text.unicodeScalars.dropFirst()))
        func value(after key: String) -> String? {
            let count = key.unicodeScalars.count
            guard body.unicodeScalars.count >= count, String(body.unicodeScalars.prefix(count)).lowercased() == key else { return nil }
            return trimmed(String(body.unicodeScalars.dropFirst(count)))
        }
        if let by = value(after: "by:") {
            if list.by == nil, !by.isEmpty {
                list.by = UntrustedText.capped(UntrustedText.oneLine(by), OrderFile.maximumByLength).text
            }
            return
        }
        if let note = value(after: "note:") {
            if list.note == nil, !note.isEmpty {
                let (kept, cut) = UntrustedText.capped(UntrustedText.oneLine(note), OrderFile.maximumNoteLength)
                list.note = kept
                if cut {
                    let cap = OrderFileParser.grouped(OrderFile.maximumNoteLength)
                    list.warnings.append(ProofsheetError(displayPath, "note: longer than \(cap) characters; only the first \(cap) are kept"))
                }
            }
            return
        }
        if let title = value(after: "proofsheet order:") {
            if list.title == nil, !sawEntries, !title.isEmpty { list.title = String(title.prefix(1024)) }
            return
        }
        if let gallery = value(after: "gallery:") {
            if list.gallery == nil, OrderFileParser.isIdentifier(gallery) { list.gallery = gallery }
            return
        }
        guard list.title == nil, list.statedCount == nil, !sawEntries else { return }
        // "TITLE — 30 picks — gallery ID", read from the right: a title may hold " — ".
        var parts = body.components(separatedBy: " — ")
        guard parts.count >= 2 else { return }
        var gallery: String?
        if let last = parts.last, last.hasPrefix("gallery ") {
            let id = trimmed(String(last.dropFirst("gallery ".count)))
            guard OrderFileParser.isIdentifier(id) else { return }
            gallery = id
            parts.removeLast()
        }
        guard parts.count >= 2, let countPart = parts.last else { return }
        let words = countPart.split(separator: " ")
        guard words.count == 2, let count = Int(words[0]), count >= 0, words[1] == "picks" || words[1] == "pick" else { return }
        parts.removeLast()
        let title = trimmed(parts.joined(separator: " — "))
        list.statedCount = count
        list.gallery = list.gallery ?? gallery
        if !title.isEmpty { list.title = String(title.prefix(1024)) }
    }

    // MARK: Spellings

    /// `1. `, `1) `, `(1) `, `#1 `: numbering before a name.
    static func withoutNumber(_ text: String) -> String? {
        var scalars = Substring(text).unicodeScalars
        var bracketed = false
        if scalars.first == "(" {
            bracketed = true
            scalars.removeFirst()
        } else if scalars.first == "#" {
            scalars.removeFirst()
        }
        var digits = 0
        while let first = scalars.first, ("0"..."9").contains(first) {
            scalars.removeFirst()
            digits += 1
        }
        guard digits > 0, digits <= 6 else { return nil }
        if bracketed {
            guard scalars.first == ")" else { return nil }
            scalars.removeFirst()
        } else if text.unicodeScalars.first != "#" {
            guard scalars.first == "." || scalars.first == ")" else { return nil }
            scalars.removeFirst()
        }
        // A blank must follow, so "1.jpg" stays a name.
        guard let blank = scalars.first, isBlank(blank) else { return nil }
        return trimmed(String(scalars))
    }

    static let bullets: Set<Unicode.Scalar> = ["•", "·", "‣", "◦", "▪", "▫", "●", "○", "■", "□", "–", "—", "-", "*", "+", "→", "✓", "✔"]

    static func withoutBullet(_ text: String) -> String? {
        var scalars = Substring(text).unicodeScalars
        guard let first = scalars.first, bullets.contains(first) else { return nil }
        scalars.removeFirst()
        guard let blank = scalars.first, isBlank(blank) else { return nil }
        return trimmed(String(scalars))
    }

    /// Quotes or brackets around a name: `"x.jpg"`, `“x.jpg”`, `<x.jpg>`, `` `x.jpg` ``.
    static func withoutQuotes(_ text: String) -> String? {
        let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [("\"", "\""), ("“", "”"), ("„", "“"), ("'", "'"), ("‘", "’"), ("<", ">"), ("`", "`"), ("«", "»")]
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 2 else { return nil }
        for (open, close) in pairs where scalars.first == open && scalars.last == close {
            return trimmed(String(String.UnicodeScalarView(scalars.dropFirst().dropLast())))
        }
        return nil
    }

    static func withoutTrailingPunctuation(_ text: String) -> String? {
        var scalars = Substring(text).unicodeScalars
        var changed = false
        while let last = scalars.last, [",", ";", "!", "?", "."].contains(last) {
            scalars.removeLast()
            changed = true
        }
        return changed && !scalars.isEmpty ? String(scalars) : nil
    }

    /// The spellings a line may name a photo by, the most literal first; and the one to
    /// take without a library (the cleanest that looks like a photo's name).
    static func spellings(of text: String) -> (all: [String], guess: String) {
        var stripped: [String] = [text]
        var current = text
        for _ in 0..<3 {
            guard let next = withoutNumber(current) ?? withoutBullet(current), !next.isEmpty else { break }
            stripped.append(next)
            current = next
        }
        var result: [String] = []
        var seen = Set<[UInt8]>()
        func add(_ spelling: String) {
            guard !spelling.isEmpty, seen.insert(Array(spelling.utf8)).inserted else { return }
            result.append(spelling)
        }
        for spelling in stripped { add(spelling) }
        for spelling in stripped {
            let spaced = String(String.UnicodeScalarView(spelling.unicodeScalars.map { isNonBreaking($0) ? " " : $0 }))
            add(spaced)
            if let unquoted = withoutQuotes(spaced) { add(unquoted) }
            if let bare = withoutTrailingPunctuation(spaced) { add(bare) }
            // Typed on Windows: `Ceremony\IMG_0042.jpg`.
            if spaced.contains("\\") { add(spaced.replacingAll("\\", with: "/")) }
        }
        var guess = String(String.UnicodeScalarView(stripped[stripped.count - 1].unicodeScalars.map { isNonBreaking($0) ? " " : $0 }))
        if let unquoted = withoutQuotes(guess) { guess = unquoted }
        if !hasImageExtension(guess), let bare = withoutTrailingPunctuation(guess) { guess = bare }
        return (result, guess)
    }

    /// Whether the last component ends in an image file's extension (any case).
    static func hasImageExtension(_ spelling: String) -> Bool {
        let name = spelling.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? spelling
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return LibraryScanner.imageExtensions[String(name[name.index(after: dot)...]).lowercased()] != nil
    }
}

extension String {
    /// Every occurrence of `target` replaced, compared scalar by scalar (not by the
    /// canonical equivalence of `String ==`).
    func replacingAll(_ target: Unicode.Scalar, with replacement: Unicode.Scalar) -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == target ? replacement : $0 }))
    }
}
