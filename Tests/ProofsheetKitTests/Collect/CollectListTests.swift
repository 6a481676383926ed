import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

@Suite("Notes, minimums and lists for other software")
struct CollectListTests {
    /// Three photos and an order file with every optional field: the client's name and
    /// note, the gallery's minimum, and notes that a spreadsheet must not misread.
    func fixture(_ f: CollectFixture) throws {
        try f.add("Ceremony/IMG_0042.jpg", seed: 1)
        try f.add("Party/Cake, table.jpg", seed: 2)
        try f.add("Sunset over the water.jpg", seed: 3)
        func size(_ path: String) -> Int64 { FileSystem.fileStatus(f.library + "/" + path)!.size }
        let text = #"""
            {"format": "proofsheet-order", "version": 1, "gallery": "9f2c4e7a1b3d", "title": "Anna & Ben", "limit": 30, "minimum": 20,
             "by": "Anna \"Nan\" Smith", "note": "Prints by Friday, please.\nThank you!",
             "picks": [
              {"order": 1, "id": "a1", "path": "Ceremony/IMG_0042.jpg", "name": "IMG_0042.jpg", "bytes": \#(size("Ceremony/IMG_0042.jpg")), "note": "black and white please"},
              {"order": 2, "id": "a2", "path": "Party/Cake, table.jpg", "bytes": \#(size("Party/Cake, table.jpg")), "note": "=HYPERLINK(\"http://x\")"},
              {"order": 3, "id": "a3", "path": "Sunset over the water.jpg", "bytes": \#(size("Sunset over the water.jpg")), "note": "crop tighter,\nthen \"warmer\""}
             ]}
            """#
        try FileSystem.writeAtomically(text, to: f.root + "/order.json")
    }

    static let csv =
        "order,name,path,album,note,by\r\n"
        + "1,IMG_0042.jpg,Ceremony/IMG_0042.jpg,Ceremony,black and white please,\"Anna \"\"Nan\"\" Smith\"\r\n"
        + "2,\"Cake, table.jpg\",\"Party/Cake, table.jpg\",Party,\"'=HYPERLINK(\"\"http://x\"\")\",\"Anna \"\"Nan\"\" Smith\"\r\n"
        + "3,Sunset over the water.jpg,Sunset over the water.jpg,,\"crop tighter,\nthen \"\"warmer\"\"\",\"Anna \"\"Nan\"\" Smith\"\r\n"

    @Test("collect writes notes.txt in pick order and picks.csv, and reports an order below its minimum but collects it")
    func notesAndCSV() async throws {
        try await withCollectFixture { f in
            try fixture(f)
            let report = try f.collector().run()
            #expect(
                report.warnings.map(\.description) == [
                    "order.json: 3 picks, fewer than the gallery's minimum of 20; collected all the same"
                ])
            #expect(
                f.picked(f.root + "/Picks") == [
                    "1-IMG_0042.jpg", "2-Cake, table.jpg", "3-Sunset over the water.jpg", "notes.txt", "order.json",
                ])
            #expect(
                try readText(f.root + "/Picks/notes.txt") == """
                    Anna & Ben — 3 picks — by Anna "Nan" Smith
                    The gallery asked for at least 20.
                    Note: Prints by Friday, please.
                          Thank you!

                    #1 1-IMG_0042.jpg (Ceremony/IMG_0042.jpg)
                       black and white please

                    #2 2-Cake, table.jpg (Party/Cake, table.jpg)
                       =HYPERLINK("http://x")

                    #3 3-Sunset over the water.jpg (Sunset over the water.jpg)
                       crop tighter,
                       then "warmer"

                    """)
            // A byte order mark so Excel reads it as UTF-8; RFC 4180 quoting; the formula
            // made harmless.
            #expect(try FileSystem.read(f.root + "/Picks/picks.csv") == [0xEF, 0xBB, 0xBF] + Array(Self.csv.utf8))
        }
    }

    @Test("the dry run shows who picked, their note, and each pick's note under it")
    func dryRunShowsNotes() async throws {
        try await withCollectFixture { f in
            try fixture(f)
            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P", "-n"], console: recorder.console)
            #expect(status == 0)
            #expect(
                recorder.out.hasPrefix(
                    """
                    what the gallery published: unknown, no site used (no --site, no Site/ of this library here or beside the order file)
                    picked by Anna "Nan" Smith
                    note: Prints by Friday, please.
                    note: Thank you!
                    1. Ceremony/IMG_0042.jpg → \(f.root)/P/1-IMG_0042.jpg
                       note: black and white please
                    2. Party/Cake, table.jpg → \(f.root)/P/2-Cake, table.jpg
                       note: =HYPERLINK("http://x")
                    3. Sunset over the water.jpg → \(f.root)/P/3-Sunset over the water.jpg
                       note: crop tighter,
                       note: then "warmer"

                    """))
            #expect(
                recorder.err
                    == "warning: order.json: 3 picks, fewer than the gallery's minimum of 20; collected all the same\n"
                    .replacingOccurrences(of: "order.json", with: f.root + "/order.json"))
        }
    }

    @Test(
        "--list prints each format to stdout and writes nothing",
        arguments: [
            // "Cake, table" would be two terms: left out, and said so.
            ("lightroom", "IMG_0042, Sunset over the water\n"),
            ("capture-one", "IMG_0042 \"Cake, table\" \"Sunset over the water\"\n"),
            ("finder", "IMG_0042 OR \"Cake, table\" OR \"Sunset over the water\"\n"),
            ("csv", CollectListTests.csv),
        ])
    func lists(format: String, expected: String) async throws {
        try await withCollectFixture { f in
            try fixture(f)
            let before = try snapshot(f.root)
            let recorder = RecordingConsole()
            // No library needed: the order file names the photos.
            let status = await CLI.run(arguments: ["collect", f.root + "/order.json", "--list", format], console: recorder.console)
            #expect(status == 0)
            #expect(recorder.out == expected)
            #expect(recorder.err.isEmpty == (format != "lightroom"))
            #expect(try snapshot(f.root) == before)
            #expect(f.names(f.root) == ["Library", "order.json"])
        }
    }

    /// Names that break a list's syntax, as a library may hold them.
    static let awkward = [
        "Smith, John.jpg", "Say \"cheese\".jpg", "Tab\there.jpg", "Bidi \u{202E}gpj.jpg", "OR.jpg", "!bang.jpg", "Esc\u{1B}x.jpg",
        "plain.jpg",
    ]

    @Test(
        "--list writes every name its format can hold, as it is, and says on one line which it leaves out",
        arguments: [
            (
                "lightroom", "Say \"cheese\", Tab\there, Bidi \u{202E}gpj, OR, plain\n",
                #"warning: ORDER: --list lightroom leaves out 3 names it cannot write exactly: "Smith, John" (a comma separates the filter's terms), "!bang" (a leading ! or + or a trailing + is an operator), "Esc\u001bx" (it holds a control character or a line break)"#
            ),
            (
                "capture-one", "\"Smith, John\" \"Tab\there\" \"Bidi \u{202E}gpj\" OR !bang plain\n",
                #"warning: ORDER: --list capture-one leaves out 2 names it cannot write exactly: "Say \"cheese\"" (a double quote cannot be written inside a quoted term), "Esc\u001bx" (it holds a control character or a line break)"#
            ),
            (
                "finder", "\"Smith, John\" OR \"Tab\there\" OR \"Bidi \u{202E}gpj\" OR \"OR\" OR !bang OR plain\n",
                #"warning: ORDER: --list finder leaves out 2 names it cannot write exactly: "Say \"cheese\"" (a double quote cannot be written inside a quoted term), "Esc\u001bx" (it holds a control character or a line break)"#
            ),
        ])
    func awkwardNames(format: String, expected: String, warning: String) async throws {
        try await withCollectFixture { f in
            let picks = Self.awkward.enumerated().map { index, name in
                #"{"order": \#(index + 1), "path": \#(f.json(name)), "bytes": 1}"#
            }
            let order = f.root + "/order.json"
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-order", "version": 1, "picks": [\#(picks.joined(separator: ", "))]}"#, to: order)
            let recorder = RecordingConsole()
            #expect(await CLI.run(arguments: ["collect", order, "--list", format], console: recorder.console) == 0)
            #expect(recorder.out == expected)
            #expect(recorder.err == warning.replacingOccurrences(of: "ORDER", with: order) + "\n")
        }
    }

    @Test("a control character that reaches the CSV is printed escaped; a tab and a bidirectional control as they are")
    func csvControls() async throws {
        try await withCollectFixture { f in
            let picks = Self.awkward.enumerated().map { index, name in
                #"{"order": \#(index + 1), "path": \#(f.json(name)), "bytes": 1}"#
            }
            let order = f.root + "/order.json"
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-order", "version": 1, "picks": [\#(picks.joined(separator: ", "))]}"#, to: order)
            let recorder = RecordingConsole()
            #expect(await CLI.run(arguments: ["collect", order, "--list", "csv"], console: recorder.console) == 0)
            #expect(recorder.out.contains("\r\n3,Tab\there.jpg,Tab\there.jpg,,,\r\n4,Bidi \u{202E}gpj.jpg,"))
            #expect(recorder.out.contains("\r\n7,Esc\\x1bx.jpg,"))
            #expect(recorder.err.isEmpty)
        }
    }

    @Test("--list reads a pasted list too, and with --library finds its bare names and moved photos")
    func listFromText() async throws {
        try await withCollectFixture { f in
            try fixture(f)
            try f.textOrder(["Hi!", "1. IMG_0042.jpg", "2) Sunset over the water.jpg"])
            let plain = RecordingConsole()
            #expect(await CLI.run(arguments: ["collect", f.root + "/order.txt", "--list", "csv"], console: plain.console) == 0)
            #expect(
                plain.out
                    == "order,name,path,album,note,by\r\n1,IMG_0042.jpg,IMG_0042.jpg,,,\r\n2,Sunset over the water.jpg,Sunset over the water.jpg,,,\r\n"
            )
            let resolved = RecordingConsole()
            #expect(
                await CLI.run(arguments: ["collect", f.root + "/order.txt", "--list", "csv", "-l", f.library], console: resolved.console)
                    == 0)
            #expect(resolved.out.contains("\r\n1,IMG_0042.jpg,Ceremony/IMG_0042.jpg,Ceremony,,\r\n"))
        }
    }

    @Test("a note longer than 2,000 characters is cut to 2,000, with a warning; the picks are collected")
    func longNote() async throws {
        try await withCollectFixture { f in
            let size = try f.add("a.jpg", seed: 1).count
            let note = String(repeating: "ü", count: 2_001)
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-order", "version": 1, "picks": [{"order": 1, "path": "a.jpg", "bytes": \#(size), "note": "\#(note)"}]}"#,
                to: f.root + "/order.json")
            let report = try f.collector().run()
            #expect(report.plan.orderFile.picks[0].note == String(repeating: "ü", count: 2_000))
            #expect(
                report.warnings.map(\.description) == ["order.json: #1: note: longer than 2,000 characters; only the first 2,000 are kept"])
        }
    }

    @Test("a note of one grapheme cluster and 20,000 accents gives a CSV of a bounded size")
    func stackedNoteBounded() async throws {
        try await withCollectFixture { f in
            let stacked = "e" + String(repeating: "\u{301}", count: 20_000)
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-order", "version": 1, "by": "\#(stacked)", "note": "\#(stacked)", "picks": [{"order": 1, "path": "a.jpg", "bytes": 1, "note": "\#(stacked)"}]}"#,
                to: f.root + "/order.json")
            let recorder = RecordingConsole()
            #expect(await CLI.run(arguments: ["collect", f.root + "/order.json", "--list", "csv"], console: recorder.console) == 0)
            // Two notes of 2,000 scalars and a name of 200, each at most 4 bytes in UTF-8
            // (an accent is 2), on one row: bounded by the caps, not by the input.
            let bound: Int = 2 * (2 * 2_000 + 200) + 200
            #expect(recorder.out.utf8.count < bound)
        }
    }

    @Test("control characters in a note are dropped before they reach notes.txt or the CSV")
    func hostileNote() async throws {
        try await withCollectFixture { f in
            let size = try f.add("a.jpg", seed: 1).count
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-order", "version": 1, "by": "A\u001b[2Jnna", "picks": [{"order": 1, "path": "a.jpg", "bytes": \#(size), "note": "x\u001b]0;owned\u0007y"}]}"#,
                to: f.root + "/order.json")
            _ = try f.collector().run()
            let notes = try readText(f.root + "/Picks/notes.txt")
            #expect(notes.contains("by A[2Jnna") && notes.contains("   x]0;ownedy"))
            #expect(!(try FileSystem.read(f.root + "/Picks/notes.txt")).contains(0x1B))
            #expect(!(try FileSystem.read(f.root + "/Picks/picks.csv")).contains(0x1B))
        }
    }
}
