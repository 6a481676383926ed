import Foundation

/// How collected files are named: `--name-pattern`, e.g. `{order}-{name}`.
///
/// Tokens: `{order}` (zero-padded to the width of the count), `{name}` (the original's
/// file name), `{stem}` and `{ext}` (the name without / only its last extension, no dot),
/// `{album}` (the folder within the library; the library's name at its top level) and
/// `{date}` (when taken, from EXIF, else the file's time, as `2026-07-12_10-17-00`).
/// The result is made safe for common file systems by `SafeFileName`.
public struct NamePattern: Sendable, Equatable {
    public enum Token: String, Sendable, CaseIterable {
        case order, name, stem, ext, album, date
    }

    enum Part: Sendable, Equatable {
        case literal(String)
        case token(Token)
    }

    let parts: [Part]
    public let text: String

    /// The values a pattern is filled with, for one pick.
    public struct Values: Sendable, Equatable {
        public var order: String
        public var name: String
        public var album: String
        public var date: String

        public init(order: String, name: String, album: String, date: String) {
            self.order = order
            self.name = name
            self.album = album
            self.date = date
        }
    }

    static let optionName = "--name-pattern"

    public init(_ text: String) throws(CollectRefusal) {
        self.text = text
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        func refuse(_ reason: String) -> CollectRefusal { CollectRefusal(Self.optionName, reason) }
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "{":
                guard let close = rest.firstIndex(of: "}") else { throw refuse("'{' without a closing '}' in \(quotedForMessage(text))") }
                let name = String(rest[..<close])
                guard let token = Token(rawValue: name) else {
                    let known = Token.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
                    throw refuse("unknown token {\(name)}; tokens are \(known)")
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.token(token))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw refuse("'}' without an opening '{' in \(quotedForMessage(text))")
            case "/", "\\":
                throw refuse("names a file, so it cannot contain '\(character)'")
            default:
                if character.unicodeScalars.contains(where: UnsafeCharacter.isASCIIControl) {
                    throw refuse("contains a control character")
                }
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        guard !parts.isEmpty else { throw refuse("is empty") }
        self.parts = parts
    }

    public func uses(_ token: Token) -> Bool { parts.contains(.token(token)) }

    /// The name for one pick, before it is made safe.
    public func render(_ values: Values) -> String {
        let (stem, ext) = SafeFileName.split(values.name)
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .token(.order): result += values.order
            case .token(.name): result += values.name
            case .token(.stem): result += stem
            case .token(.ext): result += ext
            case .token(.album): result += values.album
            case .token(.date): result += values.date
            }
        }
        return result
    }

    /// `7` of `12` → `07`: the order zero-padded to the width of the count.
    public static func paddedOrder(_ order: Int, count: Int) -> String {
        let digits = String(order)
        let width = String(max(count, 1)).count
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `2026-07-12T10:17:00` → `2026-07-12_10-17-00`: a date without ':', which some file
    /// systems reject.
    public static func fileDate(_ iso: String) -> String {
        iso.replacingOccurrences(of: "T", with: "_").replacingOccurrences(of: ":", with: "-")
    }
}
