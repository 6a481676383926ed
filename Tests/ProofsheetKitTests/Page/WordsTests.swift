import Foundation
import Testing

@testable import ProofsheetKit

/// The page's words (issue 29): one table per language in `Templates/words/`, complete in
/// every language, every word the templates and the script name in it; plurals, numbers
/// and dates in the language's form.
@Suite("The page's words")
struct WordsTests {
    static let templates = Result { try TemplateSet(directory: templatesDirectory) }

    static func words(_ language: PageLanguage) throws -> Words {
        try #require(try templates.get().words[language])
    }

    /// Whether an entry has a letter outside its placeholders.
    static func hasWords(_ entry: Words.Entry?) -> Bool {
        let texts: [String]
        switch entry {
        case .text(let text)?: texts = [text]
        case .forms(let forms)?: texts = Array(forms.values)
        case nil: texts = []
        }
        return texts.contains { text in
            text.replacing(/\{[^}]*\}/, with: "").contains { $0.isLetter }
        }
    }

    @Test(
        "every language has every word of the English table, no other, with the same placeholders", arguments: [PageLanguage.de, .fr, .es])
    func complete(language: PageLanguage) throws {
        let english = try Self.words(.en), other = try Self.words(language)
        #expect(
            Set(other.keys) == Set(english.keys),
            "missing: \(Set(english.keys).subtracting(other.keys)), extra: \(Set(other.keys).subtracting(english.keys))")
        for key in english.keys {
            #expect(other.placeholders(key) == english.placeholders(key), "\(language).\(key)")
            if case .forms(let forms)? = other.entries[key] {
                #expect(forms["one"] != nil && forms["other"] != nil, "\(language).\(key) needs its one and other forms")
            }
            if case .text(let text)? = other.entries[key] { #expect(!text.isEmpty, "\(language).\(key)") }
        }
        // Written in the language: no more than a few words the same as in English (names
        // of things: CSV, ISO, Album, Details, Live Photo…). An entry of placeholders and
        // punctuation alone (`{name} ({count}):`) has no word to translate.
        let same = english.keys.filter { other.entries[$0] == english.entries[$0] && Self.hasWords(english.entries[$0]) }
        #expect(same.count <= 12, "\(language): the same as English: \(same)")
    }

    @Test("every word the templates and the script name is in the English table")
    func named() throws {
        let english = try Self.words(.en)
        var named: Set<String> = []
        let html = try ["index.html", "album-page.html", "album.html", "photo.html"].map { try readText(templatesDirectory + "/" + $0) }
        for text in html {
            for match in text.matches(of: /\{\{w\.([A-Za-z0-9.]+)\}\}/) { named.insert(String(match.1)) }
        }
        let prefixes = Set(english.keys.map { String($0.prefix { $0 != "." }) })
        for file in TemplateSet.scriptFiles {
            for match in try readText(templatesDirectory + "/" + file).matches(of: /"([a-z]+)\.([A-Za-z]+)"/)
            where prefixes.contains(String(match.1)) {
                named.insert("\(match.1).\(match.2)")
            }
        }
        #expect(named.count > 150)
        #expect(named.subtracting(english.keys).isEmpty, "not in the table: \(named.subtracting(english.keys))")
    }

    @Test(
        "plurals by the language's rules, numbers and dates in its form",
        arguments: [
            (PageLanguage.en, "0 photos", "1 photo", "12345 photos", "1 Jun 2026, 14:03"),
            (.de, "0 Fotos", "1 Foto", "12.345 Fotos", "1. Juni 2026, 14:03"),
            (.fr, "0 photo", "1 photo", "12\u{202F}345 photos", "1 juin 2026 à 14:03"),
            (.es, "0 fotos", "1 foto", "12.345 fotos", "1 jun 2026, 14:03"),
        ])
    func forms(language: PageLanguage, zero: String, one: String, many: String, date: String) throws {
        let words = try Self.words(language)
        #expect(words.text("count.photos", n: 0) == zero)
        #expect(words.text("count.photos", n: 1) == one)
        #expect(words.text("count.photos", n: 12345) == many)
        #expect(words.dateLabel("2026-06-01T14:03:22") == date)
        #expect(words.dateLabel("not a date") == "not a date")
    }

    @Test("a table that is not one is refused with the file and the reason")
    func refused() throws {
        for (json, reason) in [
            ("[1]", "is not a table of words"), ("{\"a\": 1}", "a is a number, not text or plural forms"),
            ("{\"a\": {\"one\": \"x\"}}", "a has no \"other\" form"), ("{\"a\": \"x\", \"a\": \"y\"}", "appears twice"),
        ] {
            #expect {
                _ = try Words(language: .de, bytes: Array(json.utf8), file: "words/de.json")
            } throws: { error in
                "\(error)".hasPrefix("words/de.json: ") && "\(error)".contains(reason)
            }
        }
    }
}
