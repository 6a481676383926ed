import Foundation

/// The page's words in one language: `Templates/words/CODE.json` (`PageLanguage`), one
/// table for everything the client's page shows or announces — the HTML templates name a
/// word as `{{w.KEY}}`, the script as `t("KEY", {…})` (core.js), the Swift that fills the
/// pages without JavaScript as `text("KEY")` — so a language is one file (docs/page.md).
///
/// A word is text with `{name}` placeholders, or its plural forms by the categories of
/// `Intl.PluralRules` (`{"one": "{n} photo", "other": "{n} photos"}`; `other` stands in for
/// a category the table does not give). The site carries only its language's table, in
/// `index.html`, for the script.
public struct Words: Sendable {
    enum Entry: Sendable, Equatable {
        case text(String)
        /// By plural category: `one`, `other` (and `many`, … where the language has them).
        case forms([String: String])
    }

    public let language: PageLanguage
    let entries: [String: Entry]
    /// The keys in the file's order.
    let keys: [String]
    /// The table as compact JSON (its keys in the file's order), safe inside `<script>`:
    /// what the page carries for its script.
    public let json: String

    /// Reads a table; `file` names it in messages.
    init(language: PageLanguage, bytes: [UInt8], file: String) throws {
        self.language = language
        let root: StrictJSON.Value
        do { root = try StrictJSON.parse(bytes) } catch { throw ProofsheetError(file, error.description) }
        guard case .object(let members) = root else { throw ProofsheetError(file, "is not a table of words (a JSON object)") }
        var entries: [String: Entry] = [:]
        for (key, value) in members {
            switch value {
            case .string(let text): entries[key] = .text(text)
            case .object(let forms):
                var table: [String: String] = [:]
                for (form, value) in forms {
                    guard case .string(let text) = value else { throw ProofsheetError(file, "\(key).\(form) is not text") }
                    table[form] = text
                }
                guard table["other"] != nil else { throw ProofsheetError(file, "\(key) has no \"other\" form") }
                entries[key] = .forms(table)
            default: throw ProofsheetError(file, "\(key) is \(value.kindName), not text or plural forms")
            }
        }
        self.entries = entries
        keys = members.map(\.key)
        var writer = JSONWriter(capacity: bytes.count)
        writer.raw("{")
        for (index, key) in keys.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(key)
            writer.raw(":")
            switch entries[key]! {
            case .text(let text): writer.string(text)
            case .forms(let forms):
                writer.raw("{")
                for (place, form) in forms.keys.sorted().enumerated() {
                    if place > 0 { writer.raw(",") }
                    writer.string(form)
                    writer.raw(":")
                    writer.string(forms[form]!)
                }
                writer.raw("}")
            }
        }
        writer.raw("}")
        json = String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The word `key` with its placeholders filled; a plural word takes the form for `n`.
    /// Numbers are given as `Int` and written as the language writes them.
    public func text(_ key: String, _ values: [String: String] = [:], n: Int? = nil) -> String {
        var values = values
        let template: String
        switch entries[key] {
        case .text(let text)?: template = text
        case .forms(let forms)?:
            let count = n ?? 0
            template = forms[Self.pluralCategory(count, language)] ?? forms["other"]!
        case nil: return key
        }
        if let n { values["n"] = number(n) }
        return Self.fill(template, values)
    }

    /// `{name}` in `template` replaced by `values[name]`; one not given stays as it is.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            out += values[name] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// The plural category of a whole number, as `Intl.PluralRules` gives it for these
    /// languages' counts: French counts 0 and 1 as `one`, the others 1 alone.
    static func pluralCategory(_ n: Int, _ language: PageLanguage) -> String {
        switch language {
        case .fr: return n == 0 || n == 1 ? "one" : "other"
        case .en, .de, .es: return n == 1 ? "one" : "other"
        }
    }

    /// The placeholders of a word (of all its forms).
    func placeholders(_ key: String) -> Set<String> {
        let texts: [String]
        switch entries[key] {
        case .text(let text)?: texts = [text]
        case .forms(let forms)?: texts = Array(forms.values)
        case nil: texts = []
        }
        var names: Set<String> = []
        for text in texts {
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                names.insert(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
        }
        return names
    }

    /// The locale the language's dates and numbers are written in.
    var locale: Locale {
        switch language {
        case .en: Locale(identifier: "en_US_POSIX")
        case .de: Locale(identifier: "de_DE")
        case .fr: Locale(identifier: "fr_FR")
        case .es: Locale(identifier: "es_ES")
        }
    }

    /// A count as the language writes it: 1.000 · 1 000 · 1000; English as the page has
    /// always written counts, digits alone (so an English site stays byte for byte what it was).
    public func number(_ n: Int) -> String {
        language == .en ? String(n) : n.formatted(.number.locale(locale))
    }

    /// A photo's date (`2026-06-01T14:03:22`, its camera's clock, no zone) as the language
    /// writes it: `1 Jun 2026, 14:03` in English, as the page has always written it, the
    /// others by Foundation in the locale's medium date and short time, as the script does
    /// with `Intl.DateTimeFormat`.
    public func dateLabel(_ iso: String) -> String {
        guard language != .en else { return PageRenderer.dateLabel(iso) }
        let parts = iso.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard parts.count >= 5, (1...12).contains(parts[1]) else { return iso }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        guard let date = calendar.date(from: components) else { return iso }
        let style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        return date.formatted(style)
    }

    /// Every word without plural forms as a template value, `w.KEY`, its `values` filled.
    func templateValues(_ values: [String: String]) -> [String: Template.Value] {
        var result: [String: Template.Value] = [:]
        for (key, entry) in entries {
            if case .text(let text) = entry { result["w." + key] = .text(Self.fill(text, values)) }
        }
        return result
    }
}
