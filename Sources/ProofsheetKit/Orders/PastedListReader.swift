/// Reads a pasted list from untrusted bytes, leniently, as people send it:
///
///     # Anna & Ben — 30 picks — gallery 9f2c4e7a1b3d
///     # By: Anna Smith
///     # Note: the whole selection's note
///     1. Ceremony/IMG_0042.jpg
///        Note: black and white please
///     2. Party/IMG_0107.jpg
///
/// or the page's mail: a greeting, the selection's `Note:`, the same numbered list, a
/// sign-off, and the `# … — gallery ID` line at the bottom (docs/formats.md). Both the
/// same quoted in a reply (`> `), hard-wrapped by a mail program, with CRLF line ends,
/// non-breaking spaces, `1.` `1)` `(1)` `#1` numbering or `•` `-` `*` bullets, a greeting
/// above and a signature below, bare file names without their album folder. Which lines
/// name a photo is decided when `collect` matches them with the gallery; this
/// reader only takes the text apart. It never traps, whatever the bytes; refusals are
/// typed.
public enum PastedListReader {
    /// The most lines that may name photos; far beyond what any gallery allows.
    static let maximumEntries = OrderFile.maximumPicks * 4
    /// How many lines a wrapped `# TITLE — N picks — gallery ID` line may take: a title of
    /// 1,024 characters wrapped at 72 columns.
    static let maximumHeaderLines = 16

    /// A line of the list, decoded (nil when it is not UTF-8), unquoted and trimmed.
    private struct Line {
        var number: Int
        var text: String?
    }

    /// The note that an unwrapped line continues: a mail program wraps long lines at 72–78
    /// columns, and the rest of a note must not become a line of its own (a pick, when it
    /// starts with a photo's name).
    private enum NoteTarget {
        case pick(Int)
        case selection
    }

    public static func read(_ bytes: [UInt8], displayPath: String) throws(CollectRefusal) -> PastedList {
        guard bytes.count <= OrderFile.maximumBytes else {
            throw CollectRefusal(
                displayPath,
                "too large for an order file (\(OrderFileParser.megabytes(bytes.count)); at most \(OrderFileParser.megabytes(OrderFile.maximumBytes)))"
            )
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        var lines: [Line] = []
        for (index, rawLine) in body.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            lines.append(Line(number: index + 1, text: String(validating: rawLine, as: UTF8.self).map { trimmed(unquote($0)) }))
        }
        // The page's numbered form: there an unnumbered line after a note continues it.
        let numberedForm = lines.contains { $0.text.map { number(of: $0) != nil } ?? false }
        var list = PastedList(entries: [])
        var problems: [ProofsheetError] = []
        var sawText = false
        // The note line belongs to the entry just above it.
        var previousWasEntry = false
        var continuing: NoteTarget?
        var blankSinceEntry = false
        var inSignature = false
        var headings: [PastedListSections.Heading] = []
        var position = 0
        while position < lines.count {
            let line = lines[position]
            position += 1
            let lineNumber = line.number
            guard let text = line.text else {
                if !sawText {
                    throw CollectRefusal(
                        displayPath,
                        "not an order file: line \(lineNumber) is not UTF-8 text (expected JSON, or a list of photo names)")
                }
                problems.append(ProofsheetError(displayPath, "line \(lineNumber): not UTF-8 text"))
                previousWasEntry = false
                continuing = nil
                continue
            }
            if text.isEmpty {
                // Wrapping never makes a blank line: one ends what a note's lines continue.
                continuing = nil
                blankSinceEntry = true
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
                continuing = nil
                list.entries.append(PastedList.Entry(line: lineNumber, text: text, candidates: [], looksLikePhoto: false))
                continue
            }
            let numbered = number(of: text)
            if numberedForm, numbered == nil, let target = continuing, !text.hasPrefix("#"), noteText(text) == nil {
                continueNote(target, with: text, in: &list, line: lineNumber, displayPath: displayPath)
                // Most often the wrap; said all the same, so a pick written without its
                // number is not passed over in silence.
                if spellings(of: text).all.contains(where: hasImageExtension) {
                    list.warnings.append(
                        ProofsheetError(
                            displayPath,
                            "line \(lineNumber): \(quotedForMessage(text, limit: 60)) is read as the rest of the note above it; if it is a pick, number it"
                        ))
                }
                continue
            }
            continuing = nil
            if text.hasPrefix("#") && !startsWithNumberSign(text) {
                // The `# … — N picks — gallery ID` line, wrapped by the mail: its lines joined.
                if let consumed = wrappedHeader(text, following: lines[position...]) {
                    readHeader(
                        consumed.text, into: &list, sawEntries: list.entries.contains { $0.looksLikePhoto }, displayPath: displayPath)
                    position += consumed.lines
                } else {
                    continuing = readHeader(
                        text, into: &list, sawEntries: list.entries.contains { $0.looksLikePhoto }, displayPath: displayPath)
                }
                previousWasEntry = false
                continue
            }
            if let note = noteText(text) {
                if previousWasEntry, let last = list.entries.indices.last,
                    list.entries[last].looksLikePhoto || list.entries[last].number != nil || !blankSinceEntry
                {
                    addNoteLine(note, toEntry: last, in: &list, line: lineNumber, displayPath: displayPath)
                    continuing = .pick(last)
                    continue
                }
                // Above the list (the page's mail): the note on the whole selection.
                if list.note == nil, !list.entries.contains(where: { $0.looksLikePhoto || $0.number != nil }) {
                    setSelectionNote(note, in: &list, displayPath: displayPath)
                    continuing = .selection
                    previousWasEntry = false
                    continue
                }
            }
            if numbered == nil, let heading = PastedListSections.heading(text) {
                // A selection's heading (`Album (3 of 20–30):`), taken as one only when the
                // list's count line says it holds named selections (settle).
                headings.append(PastedListSections.Heading(line: lineNumber, text: text, at: list.entries.count, parsed: heading))
                previousWasEntry = false
                blankSinceEntry = true
                continue
            }
            let (candidates, guess) = spellings(of: text)
            var entry = PastedList.Entry(
                line: lineNumber, text: text, candidates: candidates, guess: guess,
                looksLikePhoto: candidates.contains(where: hasImageExtension))
            entry.number = numbered
            list.entries.append(entry)
            previousWasEntry = true
            blankSinceEntry = false
            guard list.entries.count <= maximumEntries else {
                throw CollectRefusal(displayPath, "more than \(maximumEntries) lines; not a list of picks")
            }
        }
        guard problems.isEmpty else { throw CollectRefusal(problems) }
        try PastedListSections.settle(headings, in: &list, displayPath: displayPath)
        if !list.entries.contains(where: { !$0.candidates.isEmpty }) {
            throw CollectRefusal(displayPath, "nothing was picked: no line names a photo")
        }
        return list
    }

    // MARK: Notes

    /// One more `Note:` line of a pick: its notes are lines of one note.
    private static func addNoteLine(_ note: String, toEntry index: Int, in list: inout PastedList, line: Int, displayPath: String) {
        let cleaned = UntrustedText.multiLine(note).trimmingBlanks()
        let joined = list.entries[index].note.map { $0 + "\n" + cleaned } ?? cleaned
        setPickNote(joined, entry: index, in: &list, line: line, displayPath: displayPath)
    }

    private static func setPickNote(_ text: String, entry index: Int, in list: inout PastedList, line: Int, displayPath: String) {
        let (kept, cut) = UntrustedText.capped(text, OrderFile.maximumNoteLength)
        if cut && UntrustedText.length(list.entries[index].note ?? "") < OrderFile.maximumNoteLength {
            let cap = OrderFileParser.grouped(OrderFile.maximumNoteLength)
            list.warnings.append(
                ProofsheetError(displayPath, "line \(line): note longer than \(cap) characters; only the first \(cap) are kept"))
        }
        list.entries[index].note = kept.isEmpty ? nil : kept
    }

    private static func setSelectionNote(_ note: String, in list: inout PastedList, displayPath: String) {
        guard !note.isEmpty else { return }
        let (kept, cut) = UntrustedText.capped(UntrustedText.oneLine(note), OrderFile.maximumNoteLength)
        if cut, UntrustedText.length(list.note ?? "") < OrderFile.maximumNoteLength {
            let cap = OrderFileParser.grouped(OrderFile.maximumNoteLength)
            list.warnings.append(ProofsheetError(displayPath, "note: longer than \(cap) characters; only the first \(cap) are kept"))
        }
        list.note = kept
    }

    /// A line that a mail program wrapped off a note: joined to it by the
    /// space the wrap took.
    private static func continueNote(_ target: NoteTarget, with text: String, in list: inout PastedList, line: Int, displayPath: String) {
        switch target {
        case .pick(let index):
            let rest = UntrustedText.multiLine(text).trimmingBlanks()
            setPickNote(
                (list.entries[index].note.map { $0 + " " } ?? "") + rest, entry: index, in: &list, line: line, displayPath: displayPath)
        case .selection:
            setSelectionNote((list.note.map { $0 + " " } ?? "") + text, in: &list, displayPath: displayPath)
        }
    }

    /// The `# TITLE — N picks — gallery ID` line whose end a mail program wrapped onto the
    /// next lines, joined again, and how many lines after `first` it took; nil when `first`
    /// is not such a line. Only a join that ends in a gallery id counts, so a comment
    /// above a plain list of names never takes a name.
    private static func wrappedHeader(_ first: String, following: ArraySlice<Line>) -> (text: String, lines: Int)? {
        var probe = PastedList(entries: [])
        readHeader(first, into: &probe, sawEntries: false, displayPath: "")
        guard probe.statedCount == nil else { return nil }
        var joined = first
        var taken = 0
        for line in following.prefix(maximumHeaderLines) {
            guard let text = line.text, !text.isEmpty, !text.hasPrefix("#"), number(of: text) == nil, noteText(text) == nil else {
                return nil
            }
            joined += " " + text
            taken += 1
            var list = PastedList(entries: [])
            readHeader(joined, into: &list, sawEntries: false, displayPath: "")
            if list.statedCount != nil && list.gallery != nil { return (joined, taken) }
        }
        return nil
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
    /// The first line may also be the last (the page's mail puts it at the bottom) when it
    /// names the gallery. Returns the note that a wrapped line after it continues.
    @discardableResult
    private static func readHeader(_ text: String, into list: inout PastedList, sawEntries: Bool, displayPath: String) -> NoteTarget? {
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
            return nil
        }
        if let note = value(after: "note:") {
            if list.note == nil, !note.isEmpty {
                setSelectionNote(note, in: &list, displayPath: displayPath)
                return .selection
            }
            return nil
        }
        if let title = value(after: "proofsheet order:") {
            if list.title == nil, !sawEntries, !title.isEmpty {
                list.title = UntrustedText.capped(title, OrderFile.maximumTitleLength).text
            }
            return nil
        }
        if let gallery = value(after: "gallery:") {
            if list.gallery == nil, OrderFileParser.isIdentifier(gallery) { list.gallery = gallery }
            return nil
        }
        guard list.statedCount == nil else { return nil }
        // "TITLE — 30 picks — gallery ID", read from the right: a title may hold " — ".
        var parts = body.components(separatedBy: " — ")
        guard parts.count >= 2 else { return nil }
        var gallery: String?
        if let last = parts.last, last.hasPrefix("gallery ") {
            let id = trimmed(String(last.dropFirst("gallery ".count)))
            guard OrderFileParser.isIdentifier(id) else { return nil }
            gallery = id
            parts.removeLast()
        }
        // Below the picks only the whole line counts, gallery and all.
        guard !sawEntries || gallery != nil else { return nil }
        guard parts.count >= 2, let countPart = parts.last else { return nil }
        let words = countPart.split(separator: " ")
        guard words.count == 2 || words.count == 5, let count = Int(words[0]), count >= 0, words[1] == "picks" || words[1] == "pick"
        else { return nil }
        // "4 picks in 3 selections": the list holds named selections, each under its heading.
        var selections: Int?
        if words.count == 5 {
            guard words[2] == "in", let stated = Int(words[3]), (1...OrderFile.maximumSelections).contains(stated),
                words[4] == (stated == 1 ? "selection" : "selections")
            else { return nil }
            selections = stated
        }
        parts.removeLast()
        let title = trimmed(parts.joined(separator: " — "))
        list.statedCount = count
        list.statedSelections = selections
        list.gallery = list.gallery ?? gallery
        if list.title == nil, !title.isEmpty { list.title = UntrustedText.capped(title, OrderFile.maximumTitleLength).text }
        return nil
    }

    // MARK: Spellings

    /// The number of a numbered line (`12. x.jpg` → 12), or nil.
    static func number(of text: String) -> Int? {
        guard withoutNumber(text) != nil else { return nil }
        return Int(
            String(String.UnicodeScalarView(text.unicodeScalars.drop { !("0"..."9").contains($0) }.prefix { ("0"..."9").contains($0) })))
    }

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
        let pairs: [(Unicode.Scalar, Unicode.Scalar)] = [
            ("\"", "\""), ("“", "”"), ("„", "“"), ("'", "'"), ("‘", "’"), ("<", ">"), ("`", "`"), ("«", "»"),
        ]
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
