/// Named selections in a pasted list: the page's Copy list and mail with `build
/// --selection` give every selection under a heading of its own, in the page's language,
/// each numbered from 1 (docs/formats.md):
///
///     Album (2 of 20–30):
///     1. Ceremony/IMG_0042.jpg
///     2. Party/IMG_0107.jpg
///
///     Cover (0 of 1):
///
///     # Anna & Ben — 2 picks in 2 selections — gallery 9f2c4e7a1b3d
///
/// Only the name, the first number in the brackets (the picks under it) and the last
/// (the limits: `20–30`, `1`, `5+`) are read, so the words between may be any language's.
/// A heading counts only in a list whose count line says `in N selections`, and then
/// strictly: exactly N headings, names unique in any case, no pick above the first, the
/// headings' counts adding up to the line's.
extension PastedList {
    public struct Section: Sendable, Equatable {
        public var name: String
        public var minimum: Int?
        /// 0 = no limit; nil when the heading gives none.
        public var limit: Int?
        /// How many picks the heading says are under it.
        public var statedCount: Int
        /// The heading's line, 1-based.
        public var line: Int
        /// Its entries: indices into `entries`.
        public var entries: Range<Int>
    }

    /// The list of one section, as a list of one selection: its entries, its count; the
    /// list's title, gallery, name and note.
    public func only(_ section: Section) -> PastedList {
        var list = self
        list.sections = []
        list.statedSelections = nil
        list.entries = Array(entries[section.entries])
        list.statedCount = section.statedCount
        return list
    }

    /// Whether any line under the section may be a pick.
    public func hasPicks(_ section: Section) -> Bool {
        entries[section.entries].contains { $0.looksLikePhoto || $0.number != nil }
    }

    /// The sections read without a library (`--list`, `merge`): an order with named
    /// selections, each read as a list of one.
    func selectionsWithoutLibrary(displayPath: String) throws(CollectRefusal) -> OrderFile {
        var selections: [OrderFile.Selection] = []
        var skipped: [OrderFile.SkippedLine] = []
        var problems: [ProofsheetError] = []
        for section in sections {
            var picks: [OrderFile.Pick] = []
            if hasPicks(section) {
                do {
                    let file = try only(section).picksWithoutLibrary(displayPath: displayPath)
                    picks = file.picks
                    skipped += file.skippedLines
                } catch {
                    problems += error.problems.map {
                        ProofsheetError("\(displayPath): selection \(quotedForMessage(section.name))", $0.reason)
                    }
                }
            }
            selections.append(OrderFile.Selection(name: section.name, minimum: section.minimum, limit: section.limit, picks: picks))
        }
        guard problems.isEmpty else { throw CollectRefusal(problems) }
        guard selections.contains(where: { !$0.picks.isEmpty }) else {
            throw CollectRefusal(displayPath, "nothing was picked: every selection is empty")
        }
        var file = orderFile(picks: [], skipped: skipped)
        file.selections = selections
        return file
    }
}

enum PastedListSections {
    /// A heading line as read, before the list's count line says whether it is one.
    struct Heading {
        var line: Int
        var text: String
        /// Where the entries under it start.
        var at: Int
        var parsed: Parsed
    }

    struct Parsed: Equatable {
        var name: String
        var count: Int
        var minimum: Int?
        var limit: Int?
    }

    /// `NAME (N …):`, `NAME (N … 20–30) :`: the name, the count and the limits; nil for
    /// any other line.
    static func heading(_ text: String) -> Parsed? {
        var scalars = Array(text.unicodeScalars)
        guard scalars.last == ":" else { return nil }
        scalars.removeLast()
        while let last = scalars.last, PastedListReader.isBlank(last) { scalars.removeLast() }
        guard scalars.last == ")", let open = scalars.lastIndex(of: "(") else { return nil }
        let inside = String(String.UnicodeScalarView(scalars[(open + 1)..<(scalars.count - 1)]))
        let name = PastedListReader.trimmed(String(String.UnicodeScalarView(scalars[..<open])))
        let words = inside.unicodeScalars.split(whereSeparator: PastedListReader.isBlank).map { String(String.UnicodeScalarView($0)) }
        guard !name.isEmpty, UntrustedText.length(name) <= OrderFile.maximumSelectionNameLength,
            UntrustedText.oneLine(name) == name, let first = words.first, let count = digits(first)
        else { return nil }
        var parsed = Parsed(name: name, count: count)
        guard words.count > 1, let last = words.last else { return parsed }
        if last.hasSuffix("+"), let minimum = digits(String(last.dropLast())) {
            parsed.minimum = minimum
        } else if let dash = last.firstIndex(where: { $0 == "–" || $0 == "-" }),
            let minimum = digits(String(last[..<dash])), let limit = digits(String(last[last.index(after: dash)...]))
        {
            parsed.minimum = minimum
            parsed.limit = limit
        } else if let limit = digits(last) {
            parsed.limit = limit
        }
        return parsed
    }

    /// 1 to 6 ASCII digits, as a number.
    private static func digits(_ text: String) -> Int? {
        guard (1...6).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    /// Makes the headings sections when the count line says the list has named selections,
    /// and checks them; else puts their lines back as lines that name no photo.
    static func settle(_ headings: [Heading], in list: inout PastedList, displayPath: String) throws(CollectRefusal) {
        guard let stated = list.statedSelections else {
            for heading in headings.reversed() {
                let (candidates, guess) = PastedListReader.spellings(of: heading.text)
                list.entries.insert(
                    PastedList.Entry(line: heading.line, text: heading.text, candidates: candidates, guess: guess, looksLikePhoto: false),
                    at: heading.at)
            }
            return
        }
        func refuse(_ reason: String) -> CollectRefusal { CollectRefusal(displayPath, reason) }
        guard headings.count == stated else {
            let read =
                headings.isEmpty ? "no heading was read" : "\(headings.count) \(headings.count == 1 ? "heading was" : "headings were") read"
            throw refuse(
                "the list says it holds \(stated) \(stated == 1 ? "selection" : "selections"), but \(read) (a line such as \"Album (3 of 20–30):\" above each selection's picks); was the list cut short?"
            )
        }
        var seen: [String: Int] = [:]
        for heading in headings {
            if let first = seen[heading.parsed.name.lowercased()] {
                throw refuse("line \(heading.line): \(quotedForMessage(heading.parsed.name)) names two selections (first on line \(first))")
            }
            seen[heading.parsed.name.lowercased()] = heading.line
        }
        if let stray = list.entries[..<headings[0].at].first(where: { $0.looksLikePhoto || $0.number != nil }) {
            throw refuse(
                "line \(stray.line): \(quotedForMessage(stray.text, limit: 60)) is above the first selection's heading; each pick belongs under one"
            )
        }
        let total = headings.reduce(0) { $0 + $1.parsed.count }
        if let count = list.statedCount, count != total {
            throw refuse("the list says it holds \(count) picks, but its selections' headings say \(total)")
        }
        list.sections = headings.indices.map { index in
            let heading = headings[index]
            let end = index + 1 < headings.count ? headings[index + 1].at : list.entries.count
            return PastedList.Section(
                name: heading.parsed.name, minimum: heading.parsed.minimum, limit: heading.parsed.limit,
                statedCount: heading.parsed.count, line: heading.line, entries: heading.at..<end)
        }
    }
}
