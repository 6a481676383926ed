/// One object of a list an order file holds (a pick, a mark, a selection), read as
/// strictly as the file: its fields by name, where it stands in messages (`marks #2`), and
/// whether a problem was found in it, which leaves it out.
extension OrderFileParser {
    struct Entry {
        let fields: [String: StrictJSON.Value]
        var at: String
        var valid = true

        /// nil, the problem reported, when `element` is not an object (`shape` names the
        /// fields it should hold); its unknown fields are reported as it is made (`kind`:
        /// `a mark`).
        init?(
            _ element: StrictJSON.Value, at: String, shape: String, known: [String], kind: String, problem: (String, String) -> Void
        ) {
            guard case .object(let members) = element else {
                problem(at, "must be an object with \(shape), not \(element.kindName)")
                return nil
            }
            fields = Dictionary(members, uniquingKeysWith: { a, _ in a })
            self.at = at
            for (key, _) in members where !known.contains(key) {
                bad(quotedKey(key), "unknown field (\(kind) has: \(known.joined(separator: ", ")))", problem)
            }
        }

        subscript(field: String) -> StrictJSON.Value? { fields[field] }

        /// Reports a problem with `field` of this entry, which is then left out.
        mutating func bad(_ field: String, _ reason: String, _ problem: (String, String) -> Void) {
            problem("\(at): \(field)", reason)
            valid = false
        }
    }
}
