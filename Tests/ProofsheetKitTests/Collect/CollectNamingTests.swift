import ProofsheetKit
import Testing

@Suite("Collect naming")
struct CollectNamingTests {
    @Test(
        "the order is zero-padded to the width of the count",
        arguments: [
            (1, 1, "1"), (9, 9, "9"), (1, 10, "01"), (10, 10, "10"), (7, 99, "07"), (7, 100, "007"), (100, 100, "100"),
            (42, 1000, "0042"),
        ])
    func padding(order: Int, count: Int, expected: String) {
        #expect(NamePattern.paddedOrder(order, count: count) == expected)
    }

    static let values = NamePattern.Values(order: "03", name: "IMG_0042.JPG", album: "Ceremony", date: "2026-06-01_14-03-22")

    @Test(
        "every token is filled in",
        arguments: [
            ("{order}-{name}", "03-IMG_0042.JPG"),
            ("{album} {order} {stem}.{ext}", "Ceremony 03 IMG_0042.JPG"),
            ("{date} {name}", "2026-06-01_14-03-22 IMG_0042.JPG"),
            ("{stem}", "IMG_0042"),
            ("{ext}", "JPG"),
            ("print-{order}", "print-03"),
        ])
    func tokens(pattern: String, expected: String) throws {
        #expect(try NamePattern(pattern).render(Self.values) == expected)
    }

    @Test("a name without an extension has an empty {ext}; a leading dot does not start one")
    func stemAndExtension() {
        #expect(SafeFileName.split("README") == ("README", ""))
        #expect(SafeFileName.split(".hidden") == (".hidden", ""))
        #expect(SafeFileName.split("a.tar.gz") == ("a.tar", "gz"))
    }

    @Test(
        "a bad pattern is refused with the reason",
        arguments: [
            ("{order}-{nmae}", "--name-pattern: unknown token {nmae}; tokens are {order} {name} {stem} {ext} {album} {date}"),
            ("{order", #"--name-pattern: '{' without a closing '}' in "{order""#),
            ("order}", #"--name-pattern: '}' without an opening '{' in "order}""#),
            ("{album}/{name}", "--name-pattern: names a file, so it cannot contain '/'"),
            ("a\\b", "--name-pattern: names a file, so it cannot contain '\\'"),
            ("", "--name-pattern: is empty"),
        ])
    func badPatterns(pattern: String, message: String) {
        #expect(throws: CollectRefusal([ProofsheetError("--name-pattern", String(message.dropFirst("--name-pattern: ".count)))])) {
            _ = try NamePattern(pattern)
        }
    }

    @Test(
        "characters common file systems reject are replaced",
        arguments: [
            ("a/b\\c:d*e?f\"g<h>i|j.jpg", "a_b_c_d_e_f_g_h_i_j.jpg"),
            ("tab\there\u{7}.jpg", "tab_here_.jpg"),
            ("trailing dots...", "trailing dots"),
            ("trailing space.jpg . ", "trailing space.jpg"),
            ("  leading.jpg", "leading.jpg"),
            ("CON", "_CON"),
            ("con.jpg", "_con.jpg"),
            ("LPT9.txt", "_LPT9.txt"),
            ("COM1 .jpg", "_COM1 .jpg"),
            ("CONSOLE.jpg", "CONSOLE.jpg"),
            ("...", "_"),
            ("", "_"),
            ("夕焼け.jpg", "夕焼け.jpg"),
            ("Anna & Ben picks", "Anna & Ben picks"),
        ])
    func sanitizing(raw: String, expected: String) {
        #expect(SafeFileName.make(raw) == expected)
    }

    @Test("a name too long for a file system is shortened to 255 bytes, keeping whole characters and the extension")
    func longNames() {
        let long = String(repeating: "é", count: 300) + ".jpeg"
        let made = SafeFileName.make(long)
        #expect(made.utf8.count <= 255)
        #expect(made.utf8.count > 245)
        #expect(made.hasSuffix("é.jpeg"))
        let numbered = SafeFileName.numbered(made, 12)
        #expect(numbered.utf8.count <= 255)
        #expect(numbered.hasSuffix("é (12).jpeg"))
    }

    @Test("clashes get a number before the extension")
    func numbered() {
        #expect(SafeFileName.numbered("IMG_1.jpg", 2) == "IMG_1 (2).jpg")
        #expect(SafeFileName.numbered("README", 3) == "README (3)")
    }

    @Test("a {date} is written without ':'")
    func fileDate() {
        #expect(NamePattern.fileDate("2026-07-12T10:17:00") == "2026-07-12_10-17-00")
    }
}
