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
    /// The list in `format`, one line (or one CSV row per pick), ending with a newline.
    public static func text(_ order: OrderFile, format: ListFormat) -> String {
        switch format {
        case .lightroom: return baseNames(order).joined(separator: ", ") + "\n"
        case .captureOne: return baseNames(order).map(quotedIfSpaced).joined(separator: " ") + "\n"
        case .finder: return baseNames(order).map(quotedIfSpaced).joined(separator: " OR ") + "\n"
        case .csv: return csv(order)
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
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
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
