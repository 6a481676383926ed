/// The picks of an order file (its `picks`, or one named selection's): each checked, all
/// problems reported.
extension OrderFileParser {
    /// The picks `elements` hold, in order; `prefix` names the list in messages (`""` for
    /// the file's own picks, `Album: ` for a selection's). `note` reads a pick's note
    /// (value, field) as the file's notes are read.
    static func picks(
        _ elements: [StrictJSON.Value], prefix: String, problem: (String, String) -> Void,
        note: (StrictJSON.Value?, String) -> String?
    ) -> [OrderFile.Pick] {
        var picks: [OrderFile.Pick] = []
        // Paths are compared as bytes: "Café" in NFC and in NFD are two photos.
        var firstPath: [[UInt8]: Int] = [:]
        var firstID: [[UInt8]: Int] = [:]
        for (index, element) in elements.enumerated() {
            let number = index + 1
            let at = prefix + "#\(number)"
            guard
                var pick = Entry(
                    element, at: at, shape: "order, id, path, name and bytes", known: pickFields, kind: "a pick", problem: problem)
            else { continue }
            func bad(_ field: String, _ reason: String) { pick.bad(field, reason, problem) }
            switch pick["order"] {
            case nil: bad("order", "missing")
            case .number(_, let order?) where order == Int64(number): break
            case .number(_, let order?) where order >= 1:
                bad("order", "is \(order), expected \(number) (picks are listed in the order picked, numbered from 1)")
            case let other?: bad("order", "must be a whole number from 1, not \(show(other))")
            }
            var id: String?
            switch pick["id"] {
            case nil: break
            case .string(let text) where isIdentifier(text): id = text
            case .string(let text): bad("id", "not a photo id: \(quotedForMessage(text)) (expected letters and digits)")
            case let other?: bad("id", "must be text, not \(other.kindName)")
            }
            var path: String?
            switch pick["path"] {
            case nil: bad("path", "missing")
            case .string(let text):
                if let reason = pathProblem(text) { bad("path", reason) } else { path = text }
            case let other?: bad("path", "must be text, not \(other.kindName)")
            }
            var pathBytes: BytePath?
            switch pick["pathBytes"] {
            case nil, .null?: break
            case .string(let text):
                if let reason = pathBytesProblem(text, path: path) { bad("pathBytes", reason) } else { pathBytes = exactPath(text) }
            case let other?: bad("pathBytes", "must be text (base64), not \(other.kindName)")
            }
            switch pick["name"] {
            case nil: break
            case .string(let text):
                if let path, let last = path.split(separator: "/").last, !text.utf8.elementsEqual(last.utf8) {
                    bad("name", "\(quotedForMessage(text)) does not match its path (expected \(quotedForMessage(String(last))))")
                }
            case let other?: bad("name", "must be text, not \(other.kindName)")
            }
            var size: Int64?
            switch pick["bytes"] {
            case nil: bad("bytes", "missing (the original's size when the gallery was built)")
            case .number(_, let value?) where value >= 0: size = value
            case let other?: bad("bytes", "must be a whole number of bytes, not \(show(other))")
            }
            let pickNote = note(pick["note"], "\(at): note")
            if let path {
                let key = pathBytes?.bytes ?? Array(path.utf8)
                if let first = firstPath[key] {
                    bad("path", "\(quotedForMessage(path)) is picked twice (first as #\(first))")
                } else {
                    firstPath[key] = number
                }
            }
            if let id {
                if let first = firstID[Array(id.utf8)] {
                    bad("id", "photo \(id) is picked twice (first as #\(first))")
                } else {
                    firstID[Array(id.utf8)] = number
                }
            }
            if pick.valid, let path {
                picks.append(OrderFile.Pick(order: number, id: id, path: path, pathBytes: pathBytes, bytes: size, note: pickNote))
            }
        }
        return picks
    }
}
