import Foundation

/// A page template with `{{name}}` placeholders, parsed once and rendered many times.
///
/// Values are `.text` (escaped here) or `.raw` (already HTML, made by proofsheet itself);
/// a placeholder with no value is an error, so a typo in a template cannot go unnoticed.
public struct Template: Sendable {
    public enum Value: Sendable {
        case text(String)
        case raw(String)
    }

    private enum Part: Sendable {
        case literal(String)
        case placeholder(String)
    }

    public let name: String
    /// The template as written, before parsing.
    public let source: String
    private let parts: [Part]

    public init(name: String, source: String) {
        self.name = name
        var parts: [Part] = []
        var rest = Substring(source)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            parts.append(.literal(String(rest[..<open.lowerBound])))
            let key = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            parts.append(.placeholder(key))
            rest = rest[close.upperBound...]
        }
        parts.append(.literal(String(rest)))
        self.parts = parts
        self.source = source
    }

    /// The placeholder names, in order of appearance.
    public var placeholders: [String] {
        parts.compactMap { if case .placeholder(let key) = $0 { key } else { nil } }
    }

    /// Renders into `output`, appending (so thousands of photos build one string).
    public func render(_ values: [String: Value], into output: inout String) throws {
        for part in parts {
            switch part {
            case .literal(let text): output += text
            case .placeholder(let key):
                switch values[key] {
                case .text(let text)?: output += HTML.text(text)
                case .raw(let html)?: output += html
                case nil: throw ProofsheetError(name, "unknown placeholder {{\(key)}}")
                }
            }
        }
    }

    public func render(_ values: [String: Value]) throws -> String {
        var output = ""
        try render(values, into: &output)
        return output
    }
}
