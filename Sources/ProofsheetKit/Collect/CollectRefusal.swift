/// Why `collect` did nothing: every problem found, one per line, each naming the file,
/// field or line concerned. Checks go on after the first problem so the user can fix
/// them all at once.
public struct CollectRefusal: Error, CustomStringConvertible, Equatable, Sendable {
    public var problems: [ProofsheetError]

    public init(_ problems: [ProofsheetError]) {
        self.problems = problems
    }

    public init(_ path: String, _ reason: String) {
        self.problems = [ProofsheetError(path, reason)]
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Shows a value from an untrusted file inside a message: quoted, control characters
/// escaped so a message stays on one line, long values shortened.
func quotedForMessage(_ text: String, limit: Int = 80) -> String {
    var shown = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            shown += "…"
            break
        }
        switch scalar {
        case "\"": shown += "\\\""
        case "\\": shown += "\\\\"
        case "\n": shown += "\\n"
        case "\t": shown += "\\t"
        case "\r": shown += "\\r"
        default:
            if UnsafeCharacter.isObeyed(scalar) {
                let hex = String(scalar.value, radix: 16)
                shown += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        count += 1
    }
    return "\"" + shown + "\""
}
