/// The picks as text for other software: `collect ORDER --list FORMAT`, the CSV written
/// beside the photos, and `notes.txt`.
public enum ListFormat: String, Sendable, CaseIterable, Equatable {
    /// Base names joined by ", ": Lightroom Classic's Library Filter → Text → Filename
    /// contains (a base name also matches the RAW of the same stem).
    case lightroom
    /// Base names separated by spaces: Capture One's filter search.
    case captureOne = "capture-one"
    /// `A OR B OR C`: the Finder's (Spotlight's) search field.
    case finder
    /// order, name, path, album, note, by: a spreadsheet.
    case csv
}

public enum PickLists {
    /// The list in `format`, one line (or one CSV row per pick), ending with a newline:
    /// the same bytes as the page's Copy list (Templates/script/finish/lists.js). A name the
    /// format cannot hold exactly is left out (`leftOut` says which).
    public static func text(_ order: OrderFile, format: ListFormat) -> String {
        let names = baseNames(order).filter { unwritable($0, in: format) == nil }
        switch format {
        case .lightroom: return names.joined(separator: ", ") + "\n"
        case .captureOne: return names.map(quotedIfSpaced).joined(separator: " ") + "\n"
        case .finder: return names.map(finderTerm).joined(separator: " OR ") + "\n"
        case .csv: return csv(order)
        }
    }

    /// The base names `text` leaves out of `format`'s list, each with why, in pick order.
    public static func leftOut(_ order: OrderFile, format: ListFormat) -> [(name: String, reason: String)] {
        baseNames(order).compactMap { name in unwritable(name, in: format).map { (name, $0) } }
    }

    /// Why `name` cannot be written in `format`'s list so that it finds that photo alone,
    /// or nil when it can. From each program's search syntax: Lightroom Classic's text
    /// filter splits its terms at commas, reads a leading `!` as "does not contain" and a
    /// leading or trailing `+` as "starts/ends with", and drops blanks around a term;
    /// Capture One and the Finder take a term with spaces in double quotes and have no
    /// way to write a double quote inside one; no search field holds a line break or a
    /// control character (a tab it does).
    static func unwritable(_ name: String, in format: ListFormat) -> String? {
        guard format != .csv else { return nil }
        let scalars = name.unicodeScalars
        if scalars.contains(where: UnsafeCharacter.breaksListLine) { return "it holds a control character or a line break" }
        switch format {
        case .lightroom:
            if scalars.contains(",") { return "a comma separates the filter's terms" }
            if scalars.first == "!" || scalars.first == "+" || scalars.last == "+" {
                return "a leading ! or + or a trailing + is an operator"
            }
            if let first = scalars.first, let last = scalars.last, PastedListReader.isBlank(first) || PastedListReader.isBlank(last) {
                return "blanks at either end are dropped"
            }
            return nil
        case .captureOne, .finder:
            return scalars.contains("\"") ? "a double quote cannot be written inside a quoted term" : nil
        case .csv:
            return nil
        }
    }

    /// File names without their extension, each once, in pick order.
    static func baseNames(_ order: OrderFile) -> [String] {
        var seen = Set<[UInt8]>()
        var names: [String] = []
        for pick in order.picks {
            let base = SafeFileName.split(pick.name).stem
            if seen.insert(Array(base.utf8)).inserted { names.append(base) }
        }
        return names
    }

    /// A name with a space is one search term only in quotes.
    static func quotedIfSpaced(_ name: String) -> String {
        name.unicodeScalars.contains(where: { $0 == " " || PastedListReader.isBlank($0) }) ? "\"" + name + "\"" : name
    }

    /// The Finder reads `AND`, `OR` and `NOT` as operators: such a name is quoted too.
    static func finderTerm(_ name: String) -> String {
        ["AND", "OR", "NOT"].contains(where: { name.utf8.elementsEqual($0.utf8) }) ? "\"" + name + "\"" : quotedIfSpaced(name)
    }

    // MARK: CSV

    public static let csvHeader = ["order", "name", "path", "album", "note", "by"]

    /// RFC 4180: CRLF between rows, fields with a comma, a quote or a line break quoted and
    /// their quotes doubled; a field a spreadsheet would run as a formula (starting with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return) gets a `'` in front.
    public static func csv(_ order: OrderFile) -> String {
        var rows = [csvHeader]
        for pick in order.picks {
            rows.append([String(pick.order), pick.name, pick.path, pick.album, pick.note ?? "", order.by ?? ""])
        }
        return rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    static func csvField(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) { text = "'" + text }
        let needsQuotes =
            text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.hasPrefix(" ") || text.hasSuffix(" ")
        guard needsQuotes else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted += "\"\"" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "\""
    }

    // MARK: notes.txt

    /// The notes for the photographer, in pick order: the selection's title, who picked
    /// and their note, then each pick that has a note, by its number and the name it was
    /// collected as.
    static func notes(_ order: OrderFile, collectedNames: [Int: String]) -> String {
        var lines: [String] = []
        var heading = order.title.map { $0.isEmpty ? "Picks" : $0 } ?? "Picks"
        heading += " — " + (order.picks.count == 1 ? "1 pick" : "\(order.picks.count) picks")
        if let by = order.by { heading += " — by " + by }
        lines.append(heading)
        if let minimum = order.minimum, minimum > order.picks.count {
            lines.append("The gallery asked for at least \(minimum).")
        }
        if let note = order.note { lines.append(contentsOf: indented(note, first: "Note: ", rest: "      ")) }
        for pick in order.picks {
            guard let note = pick.note else { continue }
            lines.append("")
            let name = collectedNames[pick.order] ?? pick.name
            lines.append("#\(pick.order) \(name) (\(pick.path))")
            lines.append(contentsOf: indented(note, first: "   ", rest: "   "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func indented(_ text: String, first: String, rest: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            (index == 0 ? first : rest) + line
        }
    }
}
