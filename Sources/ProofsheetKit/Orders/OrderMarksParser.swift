/// Version 2's `marks` and `selections`, read as strictly as the picks: every field
/// checked, unknown fields refused, every problem reported (docs/formats.md).
extension OrderFileParser {
    static let markFields = ["id", "path", "pathBytes", "name", "rating", "label", "rejected"]
    static let selectionFields = ["name", "min", "limit", "picks"]

    /// The `marks` list: one entry a photo, each with a path and a rating.
    static func marks(_ value: StrictJSON.Value?, problem: (String, String) -> Void) -> [OrderFile.Mark] {
        guard let value else { return [] }
        if case .null = value { return [] }
        guard case .array(let elements) = value else {
            problem("marks", "must be a list, not \(value.kindName)")
            return []
        }
        guard elements.count <= OrderFile.maximumPicks else {
            problem("marks", "\(elements.count) marked photos; at most \(OrderFile.maximumPicks)")
            return []
        }
        var marks: [OrderFile.Mark] = []
        var firstPath: [[UInt8]: Int] = [:]
        for (index, element) in elements.enumerated() {
            guard
                var entry = Entry(
                    element, at: "marks #\(index + 1)", shape: "id, path, name, rating and label or rejected", known: markFields,
                    kind: "a mark", problem: problem)
            else { continue }
            func bad(_ field: String, _ reason: String) { entry.bad(field, reason, problem) }
            var id: String?
            switch entry["id"] {
            case nil, .null?: break
            case .string(let text) where isIdentifier(text): id = text
            case .string(let text): bad("id", "not a photo id: \(quotedForMessage(text)) (expected letters and digits)")
            case let other?: bad("id", "must be text, not \(other.kindName)")
            }
            var path: String?
            switch entry["path"] {
            case nil: bad("path", "missing")
            case .string(let text):
                if let reason = pathProblem(text) { bad("path", reason) } else { path = text }
            case let other?: bad("path", "must be text, not \(other.kindName)")
            }
            var pathBytes: BytePath?
            switch entry["pathBytes"] {
            case nil, .null?: break
            case .string(let text):
                if let reason = pathBytesProblem(text, path: path) { bad("pathBytes", reason) } else { pathBytes = exactPath(text) }
            case let other?: bad("pathBytes", "must be text (base64), not \(other.kindName)")
            }
            switch entry["name"] {
            case nil, .null?: break
            case .string(let text):
                if let path, let last = path.split(separator: "/").last, !text.utf8.elementsEqual(last.utf8) {
                    bad("name", "\(quotedForMessage(text)) does not match its path (expected \(quotedForMessage(String(last))))")
                }
            case let other?: bad("name", "must be text, not \(other.kindName)")
            }
            var rating = 0
            switch entry["rating"] {
            case nil, .null?: break
            case .number(_, let stars?) where PhotoMark.ratings.contains(Int(clamping: stars)): rating = Int(stars)
            case let other?: bad("rating", "must be a whole number of stars from 0 to 5, not \(show(other))")
            }
            var label: ColorLabel?
            switch entry["label"] {
            case nil, .null?: break
            case .string(let text) where ColorLabel(rawValue: text) != nil: label = ColorLabel(rawValue: text)
            case let other?:
                let names = ColorLabel.allCases.map(\.rawValue).joined(separator: ", ")
                bad("label", "must be one of \(names), not \(show(other))")
            }
            var rejected = false
            switch entry["rejected"] {
            case nil, .null?: break
            case .bool(let flag): rejected = flag
            case let other?: bad("rejected", "must be true or absent, not \(show(other))")
            }
            if let path {
                let key = pathBytes?.bytes ?? Array(path.utf8)
                if let first = firstPath[key] {
                    bad("path", "\(quotedForMessage(path)) is marked twice (first as marks #\(first))")
                } else {
                    firstPath[key] = index + 1
                }
            }
            if entry.valid, let path {
                marks.append(
                    OrderFile.Mark(
                        id: id, path: path, pathBytes: pathBytes, mark: PhotoMark(rating: rating, label: label, rejected: rejected)))
            }
        }
        return marks
    }

    /// The `selections` list: each with a name unique in any case, its limits and picks.
    static func selections(
        _ value: StrictJSON.Value, problem: (String, String) -> Void, note: (StrictJSON.Value?, String) -> String?
    ) -> [OrderFile.Selection] {
        guard case .array(let elements) = value else {
            problem("selections", "must be a list, not \(value.kindName)")
            return []
        }
        guard (1...OrderFile.maximumSelections).contains(elements.count) else {
            problem("selections", "\(elements.count) selections; from 1 to \(OrderFile.maximumSelections)")
            return []
        }
        var selections: [OrderFile.Selection] = []
        var names: [String: Int] = [:]
        var total = 0
        for (index, element) in elements.enumerated() {
            guard
                var entry = Entry(
                    element, at: "selections #\(index + 1)", shape: "name, min, limit and picks", known: selectionFields,
                    kind: "a selection", problem: problem)
            else { continue }
            func bad(_ field: String, _ reason: String) { entry.bad(field, reason, problem) }
            var name = ""
            switch entry["name"] {
            case .string(let text):
                name = UntrustedText.oneLine(text).trimmingBlanks()
                if name.isEmpty || UntrustedText.length(name) > OrderFile.maximumSelectionNameLength || name != text {
                    bad("name", "must be 1 to \(OrderFile.maximumSelectionNameLength) characters on one line, not \(show(.string(text)))")
                } else if let first = names[name.lowercased()] {
                    bad("name", "\(quotedForMessage(name)) names two selections (first #\(first))")
                } else {
                    names[name.lowercased()] = index + 1
                    entry.at = "selection \(quotedForMessage(name))"
                }
            case nil: bad("name", "missing")
            case let other?: bad("name", "must be text, not \(other.kindName)")
            }
            func count(_ field: String) -> Int? {
                switch entry[field] {
                case nil, .null?: return nil
                case .number(_, let integer?) where (0...Int64(OrderFile.maximumPicks)).contains(integer): return Int(integer)
                case let other?:
                    bad(field, "must be a whole number from 0 to \(OrderFile.maximumPicks), not \(show(other))")
                    return nil
                }
            }
            let minimum = count("min")
            let limit = count("limit")
            if let minimum, let limit, limit > 0, minimum > limit { bad("min", "\(minimum) is above the limit of \(limit)") }
            var picks: [OrderFile.Pick] = []
            switch entry["picks"] {
            case .array(let list)?:
                total += list.count
                guard total <= OrderFile.maximumPicks else {
                    bad("picks", "more than \(OrderFile.maximumPicks) picks in all")
                    return selections
                }
                if let limit, limit > 0, list.count > limit {
                    bad("picks", "\(list.count) photos picked, but the selection allows at most \(limit)")
                }
                var sound = true
                picks = self.picks(
                    list, prefix: "\(entry.at): ",
                    problem: {
                        sound = false; problem($0, $1)
                    }, note: note)
                entry.valid = entry.valid && sound
            case nil: bad("picks", "missing")
            case let other?: bad("picks", "must be a list, not \(other.kindName)")
            }
            if entry.valid { selections.append(OrderFile.Selection(name: name, minimum: minimum, limit: limit, picks: picks)) }
        }
        return selections
    }
}
