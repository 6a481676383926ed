import Foundation
import Testing

@testable import ProofsheetKit

@Suite("Order file parsing")
struct OrderFileParserTests {
    @Test("a version 1 JSON order file is read with every field")
    func readsJSON() throws {
        let picks = #"""
            {"order": 1, "id": "a41f09c2", "path": "Ceremony/IMG_0042.jpg", "name": "IMG_0042.jpg", "bytes": 3481220},
            {"order": 2, "id": "b0", "path": "Party/Straße am Abend.jpg", "name": "Straße am Abend.jpg", "bytes": 9007199254740993}
            """#
        let file = try parseOrder(orderJSON(picks: picks))
        #expect(file.form == .json)
        #expect(file.gallery == "9f2c4e7a1b3d")
        #expect(file.title == "Anna & Ben")
        #expect(file.limit == 3)
        #expect(file.exported == "2026-11-30T10:04:05Z")
        #expect(file.picks.map(\.path) == ["Ceremony/IMG_0042.jpg", "Party/Straße am Abend.jpg"])
        #expect(file.picks.map(\.order) == [1, 2])
        #expect(file.picks.map(\.id) == ["a41f09c2", "b0"])
        // Sizes stay exact beyond what a Double holds.
        #expect(file.picks.map(\.bytes) == [3_481_220, 9_007_199_254_740_993])
        #expect(file.picks[1].name == "Straße am Abend.jpg")
        #expect(file.picks[1].album == "Party")
        #expect(file.picks[0].shown == "#1 IMG_0042.jpg")
    }

    @Test("the JSON the page exports is read: pretty-printed, with a byte order mark and escapes")
    func readsPageJSON() throws {
        let text =
            "\u{FEFF}{\n  \"format\": \"proofsheet-order\",\n  \"version\": 1,\n  \"gallery\": \"05ccaaae5c8b\",\n"
            + "  \"title\": \"Caf\\u00e9 \\\"Mo\\\" \\ud83d\\udcf7\",\n  \"limit\": 0,\n  \"exported\": \"2026-11-30T10:04:05Z\",\n"
            + "  \"picks\": [\n    {\n      \"order\": 1,\n      \"id\": \"2b627455551a\",\n      \"path\": \"Beach Day\\/IMG_0101.jpg\",\n"
            + "      \"name\": \"IMG_0101.jpg\",\n      \"bytes\": 89273\n    }\n  ]\n}\n"
        let file = try parseOrder(Array(text.utf8))
        #expect(file.title == "Café \"Mo\" 📷")
        #expect(file.limit == 0)
        #expect(file.picks.map(\.path) == ["Beach Day/IMG_0101.jpg"])
    }

    @Test("optional fields may be left out; limit 0 means no limit")
    func optionalFields() throws {
        let picks = (1...5).map { #"{"order": \#($0), "path": "p\#($0).jpg", "bytes": 1}"# }.joined(separator: ",")
        let file = try parseOrder(orderJSON(picks: picks, top: #""format": "proofsheet-order", "version": 1, "limit": 0"#))
        #expect(file.picks.count == 5)
        #expect(file.title == nil)
        #expect(file.gallery == nil)
        #expect(file.picks.allSatisfy { $0.id == nil })
    }

    static let top = #""format": "proofsheet-order", "version": 1"#

    @Test(
        "a file that is not an order file is refused with one clear line",
        arguments: [
            ("{", "order.json: not valid JSON: line 1, column 2: the file ends inside an object"),
            (
                #"{"format": "proofsheet-order", "version": 1, "picks": [}"#,
                "order.json: not valid JSON: line 1, column 56: unexpected character '}' where a value was expected"
            ),
            (
                "{\n  \"format\": \"proofsheet-order\"\n  \"version\": 1}",
                "order.json: not valid JSON: line 3, column 3: expected ',' or '}' after the value of \"format\""
            ),
            (
                #"{"format": "proofsheet-order", "format": "x"}"#,
                "order.json: not valid JSON: line 1, column 32: field \"format\" appears twice"
            ),
            (
                #"{"format": "proofsheet-order"} x"#,
                "order.json: not valid JSON: line 1, column 32: unexpected text after the end of the JSON value"
            ),
            (
                #"{"format": "proofsheet-order", "version": 01}"#,
                "order.json: not valid JSON: line 1, column 43: numbers do not start with 0"
            ),
            (
                #"{"format": "\ud800"}"#,
                "order.json: not valid JSON: line 1, column 13: a \\u escape names half of a character (a lone surrogate)"
            ),
            (
                "{\"format\": \"a\tb\"}",
                "order.json: not valid JSON: line 1, column 14: a control character inside text (write it as \\u0009)"
            ),
            (#"{"format": "\q"}"#, "order.json: not valid JSON: line 1, column 13: unknown escape \\q"),
            (#"{"format": tru}"#, "order.json: not valid JSON: line 1, column 12: unexpected text; expected 'true'"),
            ("[]", "order.json: not an order file: the JSON is a list, not an object"),
            ("{}", "order.json: not a proofsheet order file (no \"format\" field)"),
            (#"{"format": 1}"#, "order.json: format: must be text, not a number"),
            (
                #"{"format": "proofsheet-manifest", "version": 1}"#,
                "order.json: format: this is a gallery's manifest, not an order file; export the picks from the page"
            ),
            (
                #"{"format": "lightroom-picks", "version": 1}"#,
                "order.json: format: \"lightroom-picks\" is not a proofsheet order file (expected \"proofsheet-order\")"
            ),
            (#"{"format": "proofsheet-order", "picks": []}"#, "order.json: version: missing"),
            (
                #"{"format": "proofsheet-order", "version": 3, "picks": []}"#,
                "order.json: version: 3 is newer than this proofsheet reads (version 2); update proofsheet"
            ),
            (
                #"{"format": "proofsheet-order", "version": "1", "picks": []}"#,
                "order.json: version: must be a whole number from 1, not \"1\""
            ),
            (
                #"{"format": "proofsheet-order", "version": 1.5, "picks": []}"#,
                "order.json: version: must be a whole number from 1, not 1.5"
            ),
            (
                #"{"format": "proofsheet-order", "version": 0, "picks": []}"#,
                "order.json: version: must be a whole number from 1, not 0"
            ),
            (#"{"format": "proofsheet-order", "version": 1}"#, "order.json: picks: missing"),
            (#"{"format": "proofsheet-order", "version": 1, "picks": {}}"#, "order.json: picks: must be a list, not an object"),
            (#"{"format": "proofsheet-order", "version": 1, "picks": []}"#, "order.json: picks: nothing was picked (the list is empty)"),
        ])
    func refusesNonOrderFiles(text: String, message: String) {
        #expect(orderFileProblems(Array(text.utf8)) == [message])
    }

    @Test(
        "every problem with a field is refused, pointing at the field",
        arguments: [
            (
                #"{"order": 1, "path": "/etc/passwd", "bytes": 1}"#,
                #"order.json: #1: path: not a relative path ("/etc/passwd"); paths are relative to the library"#
            ),
            (
                #"{"order": 1, "path": "../secret.jpg", "bytes": 1}"#,
                #"order.json: #1: path: leads out of the library ('..' in "../secret.jpg")"#
            ),
            (
                #"{"order": 1, "path": "A/../../x.jpg", "bytes": 1}"#,
                #"order.json: #1: path: leads out of the library ('..' in "A/../../x.jpg")"#
            ),
            (#"{"order": 1, "path": "A/x.jpg\u0000.png", "bytes": 1}"#, "order.json: #1: path: contains a NUL byte"),
            (#"{"order": 1, "path": "", "bytes": 1}"#, "order.json: #1: path: is empty"),
            (
                #"{"order": 1, "path": "A//x.jpg", "bytes": 1}"#,
                #"order.json: #1: path: has an empty folder name ("A//x.jpg": '//' or a '/' at either end)"#
            ),
            (
                #"{"order": 1, "path": "./x.jpg", "bytes": 1}"#,
                #"order.json: #1: path: has a '.' folder ("./x.jpg"); write the path without it"#
            ),
            (#"{"order": 1, "bytes": 1}"#, "order.json: #1: path: missing"),
            (#"{"order": 1, "path": ["x"], "bytes": 1}"#, "order.json: #1: path: must be text, not a list"),
            (
                #"{"order": 1, "path": "x.jpg", "name": "y.jpg", "bytes": 1}"#,
                #"order.json: #1: name: "y.jpg" does not match its path (expected "x.jpg")"#
            ),
            (#"{"order": 1, "path": "x.jpg", "name": 7, "bytes": 1}"#, "order.json: #1: name: must be text, not a number"),
            (#"{"order": 1, "path": "x.jpg"}"#, "order.json: #1: bytes: missing (the original's size when the gallery was built)"),
            (#"{"order": 1, "path": "x.jpg", "bytes": -1}"#, "order.json: #1: bytes: must be a whole number of bytes, not -1"),
            (#"{"order": 1, "path": "x.jpg", "bytes": 1e3}"#, "order.json: #1: bytes: must be a whole number of bytes, not 1e3"),
            (#"{"order": 1, "path": "x.jpg", "bytes": "12"}"#, #"order.json: #1: bytes: must be a whole number of bytes, not "12""#),
            (
                #"{"order": 1, "path": "x.jpg", "bytes": 99999999999999999999}"#,
                "order.json: #1: bytes: must be a whole number of bytes, not 99999999999999999999"
            ),
            (#"{"path": "x.jpg", "bytes": 1}"#, "order.json: #1: order: missing"),
            (
                #"{"order": 4, "path": "x.jpg", "bytes": 1}"#,
                "order.json: #1: order: is 4, expected 1 (picks are listed in the order picked, numbered from 1)"
            ),
            (#"{"order": true, "path": "x.jpg", "bytes": 1}"#, "order.json: #1: order: must be a whole number from 1, not true/false"),
            (
                #"{"order": 1, "id": "../x", "path": "x.jpg", "bytes": 1}"#,
                #"order.json: #1: id: not a photo id: "../x" (expected letters and digits)"#
            ),
            (#"{"order": 1, "id": null, "path": "x.jpg", "bytes": 1}"#, "order.json: #1: id: must be text, not null"),
            (
                #"{"order": 1, "path": "x.jpg", "bytes": 1, "rotate": 90}"#,
                "order.json: #1: rotate: unknown field (a pick has: order, id, path, pathBytes, name, bytes, note)"
            ),
            (#"{"order": 1, "path": "x.jpg", "bytes": 1, "note": false}"#, "order.json: #1: note: must be text, not true/false"),
            (#""x.jpg""#, "order.json: #1: must be an object with order, id, path, name and bytes, not text"),
        ])
    func refusesBadPicks(pick: String, message: String) {
        #expect(orderFileProblems(orderJSON(picks: pick)) == [message])
    }

    @Test(
        "bad top-level fields are refused by name",
        arguments: [
            (#""limit": -1"#, "order.json: limit: must be a whole number from 0 (no limit) to 100000, not -1"),
            (#""limit": "3""#, #"order.json: limit: must be a whole number from 0 (no limit) to 100000, not "3""#),
            (#""title": 5"#, "order.json: title: must be text, not a number"),
            (#""gallery": {}"#, "order.json: gallery: must be text, not an object"),
            (
                #""colour": "red""#,
                "order.json: colour: unknown field (an order file has: format, version, gallery, title, limit, minimum, exported, by, note, picks)"
            ),
            (#""minimum": -2"#, "order.json: minimum: must be a whole number from 0 (no minimum) to 100000, not -2"),
            (#""limit": 3, "minimum": 4"#, "order.json: minimum: 4 is above the limit of 3"),
            (#""note": 12"#, "order.json: note: must be text, not a number"),
            (#""by": ["Anna"]"#, "order.json: by: must be text, not a list"),
        ])
    func refusesBadTopFields(field: String, message: String) {
        let top = Self.top + ", " + field
        #expect(orderFileProblems(orderJSON(top: top)) == [message])
    }

    @Test("duplicates and more picks than the file's own limit are refused, every one listed")
    func duplicatesAndLimit() {
        let picks = [
            #"{"order": 1, "id": "a", "path": "A/1.jpg", "bytes": 1}"#,
            #"{"order": 2, "id": "b", "path": "A/2.jpg", "bytes": 1}"#,
            #"{"order": 3, "id": "c", "path": "A/1.jpg", "bytes": 1}"#,
            #"{"order": 4, "id": "b", "path": "A/4.jpg", "bytes": 1}"#,
        ].joined(separator: ",")
        #expect(
            orderFileProblems(orderJSON(picks: picks, top: Self.top + #", "limit": 3"#)) == [
                "order.json: picks: 4 photos picked, but the gallery allows at most 3",
                #"order.json: #3: path: "A/1.jpg" is picked twice (first as #1)"#,
                "order.json: #4: id: photo b is picked twice (first as #2)",
            ])
        // limit 0 is no limit; a limit the picks fit is fine.
        let four = (1...4).map { #"{"order": \#($0), "path": "\#($0).jpg", "bytes": 1}"# }.joined(separator: ",")
        #expect(orderFileProblems(orderJSON(picks: four, top: Self.top + #", "limit": 0"#)) == [])
        #expect(orderFileProblems(orderJSON(picks: four, top: Self.top + #", "limit": 4"#)) == [])
    }

    @Test("problems in several picks are all reported, in order")
    func allProblemsReported() {
        let picks = [
            #"{"order": 1, "path": "/abs.jpg", "bytes": 1}"#,
            #"{"order": 2, "path": "ok.jpg", "bytes": 1}"#,
            #"{"order": 3, "path": "../up.jpg"}"#,
        ].joined(separator: ",")
        #expect(
            orderFileProblems(orderJSON(picks: picks)) == [
                #"order.json: #1: path: not a relative path ("/abs.jpg"); paths are relative to the library"#,
                #"order.json: #3: path: leads out of the library ('..' in "../up.jpg")"#,
                "order.json: #3: bytes: missing (the original's size when the gallery was built)",
            ])
    }

    @Test("nesting deeper than any order file needs is refused, not followed")
    func deepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let problems = orderFileProblems(Array(#"{"format": "proofsheet-order", "x": \#(deep)}"#.utf8))
        #expect(problems.count == 1)
        #expect(problems.first?.hasSuffix("nested too deeply") == true)
    }

    // MARK: Plain text

    @Test("plain text: one path per line, in order; comments, blank lines, CRLF and spaces around paths ignored")
    func readsText() throws {
        let text =
            "\u{FEFF}# proofsheet order: Anna & Ben\n# gallery: 05ccaaae5c8b\n\nBeach Day/IMG_0101.jpg\r\n  City Walk/夕焼け.jpg  \n# a note\nIMG 3.jpg\n"
        guard case .text(let list) = try OrderFileParser.parse(Array(text.utf8), displayPath: "order.txt") else {
            Issue.record("not read as text")
            return
        }
        let file = try list.picksWithoutLibrary(displayPath: "order.txt")
        #expect(file.form == .text)
        #expect(file.picks.map(\.path) == ["Beach Day/IMG_0101.jpg", "City Walk/夕焼け.jpg", "IMG 3.jpg"])
        #expect(file.picks.map(\.order) == [1, 2, 3])
        #expect(file.picks.map(\.line) == [4, 5, 7])
        #expect(file.picks.allSatisfy { $0.bytes == nil })
        #expect(file.title == "Anna & Ben")
        #expect(file.gallery == "05ccaaae5c8b")
        #expect(file.limit == nil)
    }

    @Test(
        "plain text: each bad line is refused by its number",
        arguments: [
            ("", ["order.txt: nothing was picked: no line names a photo"]),
            ("# only a comment\n\n   \n", ["order.txt: nothing was picked: no line names a photo"]),
            ("a.jpg\n/home/me/b.jpg\n", [#"order.txt: line 2: not a relative path ("/home/me/b.jpg"); paths are relative to the library"#]),
            (
                "a.jpg\n../../b.jpg\nc/../d.jpg\n",
                [
                    #"order.txt: line 2: leads out of the library ('..' in "../../b.jpg")"#,
                    #"order.txt: line 3: leads out of the library ('..' in "c/../d.jpg")"#,
                ]
            ),
            ("a.jpg\nb.jpg\na.jpg\n", [#"order.txt: line 3: "a.jpg" is picked twice (first on line 1)"#]),
            ("a.jpg\nb\u{0}c.jpg\n", ["order.txt: line 2: contains a NUL byte"]),
        ])
    func refusesBadText(text: String, messages: [String]) {
        #expect(orderFileProblems(Array(text.utf8), named: "order.txt") == messages)
    }

    @Test("a binary file given as an order file is refused in one line")
    func refusesBinary() throws {
        let jpeg = try Canvas(width: 16, height: 16).jpegData()
        #expect(
            orderFileProblems(jpeg, named: "photo.jpg") == [
                "photo.jpg: not an order file: line 1 is not UTF-8 text (expected JSON, or a list of photo names)"
            ])
    }

    // MARK: Caps

    /// "e" and `marks` combining acute accents: one `Character`, `marks + 1` scalars.
    static func stacked(_ marks: Int) -> String { "e" + String(repeating: "\u{301}", count: marks) }

    @Test("notes and the name are capped in Unicode scalars, as the page counts them, not in grapheme clusters")
    func capsCountScalars() throws {
        let note = Self.stacked(20_000)
        let name = Self.stacked(5_000)
        #expect(note.count == 1)
        let top = #""format": "proofsheet-order", "version": 1, "by": "\#(name)", "note": "\#(note)""#
        let file = try parseOrder(orderJSON(picks: #"{"order": 1, "path": "a.jpg", "bytes": 1, "note": "\#(note)"}"#, top: top))
        #expect(file.note?.unicodeScalars.count == OrderFile.maximumNoteLength)
        #expect(file.picks[0].note?.unicodeScalars.count == OrderFile.maximumNoteLength)
        #expect(file.by?.unicodeScalars.count == OrderFile.maximumByLength)
        #expect(
            file.warnings.map(\.description) == [
                "order.json: note: longer than 2,000 characters; only the first 2,000 are kept",
                "order.json: by: longer than 200 characters; only the first 200 are kept",
                "order.json: #1: note: longer than 2,000 characters; only the first 2,000 are kept",
            ])
    }

    @Test("an order file of millions of tiny values is refused where the count passes what a full order holds")
    func refusesTooManyValues() throws {
        // 30 MB: 15 million zeros in the list of picks, under the 32 MB cap.
        var bytes = Array(#"{"format": "proofsheet-order", "version": 1, "picks": ["#.utf8)
        bytes.reserveCapacity(30_000_100)
        for _ in 0..<15_000_000 { bytes += [UInt8(ascii: "0"), UInt8(ascii: ",")] }
        bytes[bytes.count - 1] = UInt8(ascii: "]")
        bytes.append(UInt8(ascii: "}"))
        let problems = orderFileProblems(bytes)
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(problem.hasPrefix("order.json: too many values for an order file (more than 1,600,313, at line 1, column "))
        #expect(problem.hasSuffix("one with the most picks a gallery allows (100,000) holds 1,600,313"))
        // Refused after 1,600,313 values, at about 3.2 MB of the 30: read no further.
        let column = try #require(Int(problem.split(separator: "column ")[1].prefix { $0 != ")" }.filter(\.isNumber)))
        #expect(column < 4_000_000)
        // A pick with every field is 8 values, as the count allows for each.
        let pick = Array(
            #"[{"order": 1, "id": "a1", "path": "A/one.jpg", "name": "one.jpg", "bytes": 10, "note": "n", "pathBytes": null}]"#.utf8)
        _ = try StrictJSON.parse(pick, maximumValues: 1 + 1 + OrderFileParser.pickFields.count)
        #expect(throws: StrictJSON.SyntaxError.self) { _ = try StrictJSON.parse(pick, maximumValues: OrderFileParser.pickFields.count + 1) }
    }

    // MARK: Reading the file

    @Test("an absurdly large file is refused before it is read")
    func refusesHugeFile() async throws {
        try await withTemporaryDirectory { dir in
            let path = dir + "/order.json"
            #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
            // Sparse: 40 MB long without writing 40 MB.
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 40 * 1024 * 1024)
            try handle.close()
            #expect(throws: CollectRefusal("order.json", "too large for an order file (40 MB; at most 32 MB)")) {
                _ = try OrderFileParser.read(path, displayPath: "order.json")
            }
        }
    }

    @Test("a missing order file and a folder given as one are refused")
    func refusesMissingAndFolder() async {
        await withTemporaryDirectory { dir in
            #expect(throws: CollectRefusal("nope.json", "no such file")) {
                _ = try OrderFileParser.read(dir + "/nope.json", displayPath: "nope.json")
            }
            #expect(throws: CollectRefusal("picks", "is a folder, not an order file")) {
                _ = try OrderFileParser.read(dir, displayPath: "picks")
            }
        }
    }

    @Test("reading returns the very bytes that were checked")
    func readReturnsBytes() async throws {
        try await withTemporaryDirectory { dir in
            let bytes = orderJSON()
            try FileSystem.writeAtomically(bytes, to: dir + "/o.json")
            let (document, read) = try OrderFileParser.read(dir + "/o.json", displayPath: "o.json")
            #expect(read == bytes)
            guard case .json(let file) = document else {
                Issue.record("not read as JSON")
                return
            }
            #expect(file.picks.count == 1)
        }
    }
}
