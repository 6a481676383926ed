import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// The list exactly as the page's Copy list and Send mail body write it (the team's
/// agreed text form).
let pageList = """
    # Anna & Ben — 3 picks — gallery 9f2c4e7a1b3d
    # By: Anna Smith
    # Note: the whole selection's note, one line
    1. Ceremony/IMG_0042.jpg
       Note: black and white please
    2. Party/IMG_0107.jpg
    3. Party/Cake table.jpg
       Note: crop tighter

    """

func readList(_ text: String) throws -> PastedList {
    try PastedListReader.read(Array(text.utf8), displayPath: "order.txt")
}

@Suite("Reading pasted lists")
struct PastedListReaderTests {
    @Test("the page's list is read as it is: title, gallery, count, name, note, picks with their notes")
    func pageFormat() throws {
        let list = try readList(pageList)
        #expect(list.title == "Anna & Ben")
        #expect(list.gallery == "9f2c4e7a1b3d")
        #expect(list.statedCount == 3)
        #expect(list.by == "Anna Smith")
        #expect(list.note == "the whole selection's note, one line")
        let file = try list.picksWithoutLibrary(displayPath: "order.txt")
        #expect(file.picks.map(\.path) == ["Ceremony/IMG_0042.jpg", "Party/IMG_0107.jpg", "Party/Cake table.jpg"])
        #expect(file.picks.map(\.note) == ["black and white please", nil, "crop tighter"])
        #expect(file.picks.map(\.line) == [4, 6, 7])
        #expect(file.skippedLines.isEmpty)
    }

    @Test("the same list quoted in a reply, with CRLF and non-breaking spaces, reads the same")
    func quotedReply() throws {
        let quoted = pageList.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            ("> " + line).replacingOccurrences(of: "   Note", with: "\u{A0}\u{A0} Note")
        }.joined(separator: "\r\n")
        let deeper = pageList.split(separator: "\n", omittingEmptySubsequences: false).map { ">> " + $0 }.joined(separator: "\n")
        let plain = try readList(pageList).picksWithoutLibrary(displayPath: "order.txt")
        for text in [quoted, deeper] {
            let list = try readList(text)
            #expect(list.title == "Anna & Ben" && list.by == "Anna Smith" && list.statedCount == 3)
            let file = try list.picksWithoutLibrary(displayPath: "order.txt")
            #expect(file.picks.map(\.path) == plain.picks.map(\.path))
            #expect(file.picks.map(\.note) == plain.picks.map(\.note))
        }
    }

    @Test(
        "numbering and bullets before a name are taken off",
        arguments: [
            "1. a.jpg", "1) a.jpg", "(1) a.jpg", "#1 a.jpg", "12.\u{A0}a.jpg", "• a.jpg", "- a.jpg", "* a.jpg", "– a.jpg",
            "  1.  a.jpg  ", "\"a.jpg\"", "“a.jpg”", "<a.jpg>", "a.jpg,", "1. • a.jpg",
        ])
    func prefixes(line: String) throws {
        let file = try readList("Hello\n" + line + "\n").picksWithoutLibrary(displayPath: "order.txt")
        #expect(file.picks.map(\.path) == ["a.jpg"])
        #expect(file.skippedLines == [OrderFile.SkippedLine(line: 1, text: "Hello")])
    }

    @Test("the literal line comes first, so a name that starts like a number stays whole")
    func literalFirst() throws {
        let list = try readList("1. Intro.jpg\n")
        #expect(list.entries.first?.candidates.first == "1. Intro.jpg")
        #expect(list.entries.first?.candidates.contains("Intro.jpg") == true)
        // "1.jpg" is a name, not a number.
        #expect(try readList("1.jpg\n").picksWithoutLibrary(displayPath: "o").picks.map(\.path) == ["1.jpg"])
    }

    @Test("a signature ends the list: nothing below '-- ' is a pick")
    func signature() throws {
        let file = try readList("a.jpg\n-- \nAnna Smith\nlogo.png\n").picksWithoutLibrary(displayPath: "o")
        #expect(file.picks.map(\.path) == ["a.jpg"])
        #expect(file.skippedLines.map(\.text) == ["--", "Anna Smith", "logo.png"])
    }

    @Test("the older text export is still read: '# proofsheet order: TITLE', '# gallery: ID'")
    func olderExport() throws {
        let list = try readList("# proofsheet order: Summer\n# gallery: abc123\nA/a.jpg\n")
        #expect(list.title == "Summer" && list.gallery == "abc123")
    }

    @Test("a note longer than 2,000 characters is cut, with a warning")
    func longNote() throws {
        let list = try readList("a.jpg\n   Note: " + String(repeating: "é", count: 2_500) + "\n")
        #expect(list.entries[0].note?.count == 2_000)
        #expect(list.warnings.map(\.description) == ["order.txt: line 2: note longer than 2,000 characters; only the first 2,000 are kept"])
    }

    @Test("a pasted note, name and title are capped in Unicode scalars, whatever their grapheme clusters")
    func capsCountScalars() throws {
        let stacked = "e" + String(repeating: "\u{301}", count: 20_000)
        let list = try readList(
            "# \(stacked) — 1 pick — gallery abc\n# By: \(stacked)\n# Note: \(stacked)\n1. a.jpg\n   Note: \(stacked)\n")
        #expect(list.entries[0].note?.unicodeScalars.count == 2_000)
        #expect(list.note?.unicodeScalars.count == 2_000)
        #expect(list.by?.unicodeScalars.count == 200)
        #expect(list.title?.unicodeScalars.count == 1_024)
    }

    /// The page's list with a long note on its first pick, as a mail program wraps it at
    /// 72 columns: the wrap puts a photo's name at the start of a line.
    static let wrappedList = """
        # Anna & Ben — 2 picks — gallery 9f2c4e7a1b3d
        1. Ceremony/IMG_0042.jpg
           Note: black and white please, and the same crop as the one before,
        IMG_0107.jpg from the party, if you can
        2. Party/Cake table.jpg

        """

    @Test("a note's line wrapped by the mail continues the note; a photo's name at its start is not a pick")
    func wrappedNote() throws {
        let file = try readList(Self.wrappedList).picksWithoutLibrary(displayPath: "order.txt")
        #expect(file.picks.map(\.path) == ["Ceremony/IMG_0042.jpg", "Party/Cake table.jpg"])
        #expect(
            file.picks.map(\.note) == [
                "black and white please, and the same crop as the one before, IMG_0107.jpg from the party, if you can", nil,
            ])
        // A blank line ends the note: what follows the list is not part of it.
        let signed = try readList(Self.wrappedList.replacingOccurrences(of: "2. Party/Cake table.jpg\n", with: "\nThank you,\nAnna\n"))
        #expect(signed.entries.first { $0.line == 2 }?.note?.hasSuffix("if you can") == true)
        #expect(signed.entries.map(\.text).suffix(2) == ["Thank you,", "Anna"])
        // A whole line that names a photo is still the note's, and said so.
        let named = try readList("# T — 1 pick — gallery abc\n1. a.jpg\n   Note: the same crop as\nIMG_0107.jpg.\n")
        #expect(named.entries.first?.note == "the same crop as IMG_0107.jpg.")
        #expect(
            named.warnings.map(\.description) == [
                "order.txt: line 4: \"IMG_0107.jpg.\" is read as the rest of the note above it; if it is a pick, number it"
            ])
    }

    @Test("more lines naming photos than the list says it holds is refused, naming the lines")
    func moreThanStated() throws {
        // The same wrap in an unnumbered list, or a pick added by hand below the count.
        #expect(
            orderFileProblems(Array("# T — 1 pick — gallery abc\n1. a.jpg\n2. b.jpg\n".utf8), named: "order.txt") == [
                "order.txt: the list says it holds 1 pick, but 2 of its lines name photos: line 3 (\"2. b.jpg\") is not one of them (a note's line wrapped by the mail?); remove it or correct the count, then collect again"
            ])
        #expect(
            orderFileProblems(Array("# T — 2 picks — gallery abc\n1. a.jpg\nc.jpg\n2. b.jpg\nd.jpg\n".utf8), named: "order.txt") == [
                "order.txt: the list says it holds 2 picks, but 4 of its lines name photos: line 3 (\"c.jpg\"), line 5 (\"d.jpg\") are not among them (a note's line wrapped by the mail?); remove them or correct the count, then collect again"
            ])
    }

    /// The page's mail (Templates/script/finish/send.js) as it composes it, CRLF line ends.
    static let pageMail = [
        "Hello Clara,", "", "Here are my 3 picks from Anna & Ben, in order.", "",
        "Note: the whole selection's note, one line", "",
        "1. Ceremony/IMG_0042.jpg", "   Note: black and white please", "2. Party/IMG_0107.jpg", "3. Party/Cake table.jpg",
        "   Note: crop tighter", "", "Thank you,", "Anna Smith", "", "# Anna & Ben — 3 picks — gallery 9f2c4e7a1b3d",
        "# By: Anna Smith", "",
    ].joined(separator: "\r\n")

    @Test("the page's mail is read as the list is: greeting and sign-off skipped, its last lines the title, count and gallery")
    func pageMail() throws {
        let listed = try readList(pageList)
        let quoted = Self.pageMail.components(separatedBy: "\r\n").map { "> " + $0 }.joined(separator: "\r\n")
        for text in [Self.pageMail, quoted] {
            let list = try readList(text)
            #expect(list.title == listed.title && list.gallery == listed.gallery && list.statedCount == 3)
            #expect(list.by == listed.by && list.note == listed.note)
            let file = try list.picksWithoutLibrary(displayPath: "mail.txt")
            let expected = try listed.picksWithoutLibrary(displayPath: "order.txt")
            #expect(file.picks.map(\.path) == expected.picks.map(\.path))
            #expect(file.picks.map(\.note) == expected.picks.map(\.note))
            #expect(
                file.skippedLines.map(\.text) == [
                    "Hello Clara,", "Here are my 3 picks from Anna & Ben, in order.", "Thank you,", "Anna Smith",
                ])
        }
    }

    @Test("the last line wrapped by the mail is joined again; a comment above a plain list never takes a name")
    func wrappedHeader() throws {
        let title = "Anna & Ben, the wedding at the old mill by the river, June"
        let list = try readList("1. a.jpg\n\n# \(title) — 1 pick —\ngallery 9f2c4e7a1b3d\n")
        #expect(list.title == title && list.statedCount == 1 && list.gallery == "9f2c4e7a1b3d")
        let plain = try readList("# my picks\nA/a.jpg\nB/b.jpg\n").picksWithoutLibrary(displayPath: "o")
        #expect(plain.picks.map(\.path) == ["A/a.jpg", "B/b.jpg"])
    }

    @Test("bytes that are not text at all are refused in one line; a later bad line is named")
    func notText() throws {
        #expect(
            throws: CollectRefusal("order.txt", "not an order file: line 1 is not UTF-8 text (expected JSON, or a list of photo names)")
        ) {
            _ = try PastedListReader.read([0xFF, 0xD8, 0xFF, 0x0A], displayPath: "order.txt")
        }
        #expect(throws: CollectRefusal("order.txt", "line 2: not UTF-8 text")) {
            _ = try PastedListReader.read(Array("a.jpg\n".utf8) + [0xC3, 0x28, 0x0A], displayPath: "order.txt")
        }
    }
}

@Suite("Collecting pasted lists")
struct PastedListCollectTests {
    /// A library with the photos the page list names, plus two of the same name in
    /// different albums.
    func library(_ f: CollectFixture) throws -> [String: [UInt8]] {
        var bytes: [String: [UInt8]] = [:]
        for (index, path) in [
            "Ceremony/IMG_0042.jpg", "Party/IMG_0107.jpg", "Party/Cake table.jpg", "Ceremony/IMG_0001.jpg",
            "Party/IMG_0001.jpg", "Sunset over the water.jpg",
        ].enumerated() {
            bytes[path] = try f.add(path, seed: index + 1)
        }
        return bytes
    }

    @Test("an email with a greeting, the quoted list and a signature is collected; the other lines are listed")
    func email() async throws {
        try await withCollectFixture { f in
            let originals = try library(f)
            let quoted = pageList.split(separator: "\n").map { "> " + $0 }.joined(separator: "\r\n")
            let mail = "Hi Ben,\r\n\r\nhere are our picks:\r\n\r\n" + quoted + "\r\n\r\nThanks!\r\n-- \r\nAnna\r\n"
            try FileSystem.writeAtomically(mail, to: f.root + "/mail.txt")
            let plan = try f.collector(order: "mail.txt", output: nil).plan()
            #expect(plan.outputDisplay == "Anna & Ben picks")
            #expect(plan.items.map(\.path) == ["Ceremony/IMG_0042.jpg", "Party/IMG_0107.jpg", "Party/Cake table.jpg"])
            #expect(plan.orderFile.skippedLines.map(\.text) == ["Hi Ben,", "here are our picks:", "Thanks!", "--", "Anna"])
            #expect(plan.warnings.isEmpty)

            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["collect", f.root + "/mail.txt", "-l", f.library, "-o", f.root + "/P", "--dry-run"], console: recorder.console)
            #expect(status == 0)
            #expect(
                recorder.out.contains(
                    "\nskip line 1: \"Hi Ben,\" (names no photo)\nskip line 3: \"here are our picks:\" (names no photo)\n"))
            #expect(recorder.out.contains("skip line 14: \"Thanks!\" (names no photo)"))

            _ = try f.collector(order: "mail.txt", output: nil).run()
            let folder = f.root + "/Anna & Ben picks"
            #expect(f.picked(folder) == ["1-IMG_0042.jpg", "2-IMG_0107.jpg", "3-Cake table.jpg", "mail.txt", "notes.txt"])
            #expect(try FileSystem.read(folder + "/3-Cake table.jpg") == originals["Party/Cake table.jpg"])
        }
    }

    @Test("names without their folder are found when one photo has them; two of one name are listed, nothing is written")
    func bareNames() async throws {
        try await withCollectFixture { f in
            let originals = try library(f)
            try f.textOrder(["IMG_0107.jpg", "2) Cake table.jpg"])
            let report = try f.collector(order: "order.txt").run()
            #expect(report.plan.items.map(\.path) == ["Party/IMG_0107.jpg", "Party/Cake table.jpg"])
            #expect(try FileSystem.read(f.root + "/Picks/1-IMG_0107.jpg") == originals["Party/IMG_0107.jpg"])

            try f.textOrder(["IMG_0107.jpg", "IMG_0001.jpg", "gone.jpg"])
            #expect(
                f.problems(f.collector(order: "order.txt", output: "Other")) == [
                    "#2 IMG_0001.jpg: 2 photos have this name (Ceremony/IMG_0001.jpg, Party/IMG_0001.jpg); write its folder too (line 2 of order.txt)",
                    "#3 gone.jpg: missing from the library (Library/gone.jpg, line 3 of order.txt)",
                ])
            #expect(!FileSystem.exists(f.root + "/Other"))
        }
    }

    @Test("a non-breaking space where the name has a space still finds the photo")
    func nonBreakingSpace() async throws {
        try await withCollectFixture { f in
            let originals = try library(f)
            try f.textOrder(["1.\u{A0}Sunset\u{A0}over the\u{A0}water.jpg"])
            _ = try f.collector(order: "order.txt").run()
            #expect(try FileSystem.read(f.root + "/Picks/1-Sunset over the water.jpg") == originals["Sunset over the water.jpg"])
        }
    }

    @Test("'collect -' reads the list from standard input")
    func standardInput() async throws {
        try await withCollectFixture { f in
            let originals = try library(f)
            let recorder = RecordingConsole()
            let input = Array(("Hello,\n" + pageList).utf8)
            let status = await CLI.run(
                arguments: ["collect", "-", "--library", f.library, "--output", f.root + "/P"], console: recorder.console,
                standardInput: { input })
            #expect(status == 0)
            #expect(recorder.err.isEmpty)
            #expect(recorder.out == "collected 3 photos into \(f.root)/P/\n")
            // The copy of what was read is named for its form.
            #expect(f.picked(f.root + "/P") == ["1-IMG_0042.jpg", "2-IMG_0107.jpg", "3-Cake table.jpg", "notes.txt", "order.txt"])
            #expect(try FileSystem.read(f.root + "/P/order.txt") == input)
            #expect(try FileSystem.read(f.root + "/P/1-IMG_0042.jpg") == originals["Ceremony/IMG_0042.jpg"])

            // Without a title and without --output, the folder is "picks".
            let plain = Array("Party/IMG_0107.jpg\n".utf8)
            let report = try f.collector(order: "-", output: nil, standardInput: plain).run()
            #expect(report.plan.outputDisplay == "picks")
        }
    }

    @Test("a list that says it has more picks than were read warns that it may have been cut short")
    func cutShort() async throws {
        try await withCollectFixture { f in
            _ = try library(f)
            try f.textOrder(["# Anna & Ben — 30 picks — gallery 9f2c4e7a1b3d", "1. Ceremony/IMG_0042.jpg", "2. Party/IMG_0107.jpg"])
            let plan = try f.collector(order: "order.txt").plan()
            #expect(
                plan.warnings.map(\.description) == ["order.txt: the list says it holds 30 picks, but 2 were read; was the list cut short?"]
            )
        }
    }

    @Test("a wrapped note that starts a line with a photo's name of the library collects the picks alone, the name in the note")
    func wrappedNoteCollected() async throws {
        try await withCollectFixture { f in
            _ = try library(f)
            try FileSystem.writeAtomically(PastedListReaderTests.wrappedList, to: f.root + "/mail.txt")
            let report = try f.collector(order: "mail.txt").run()
            #expect(report.plan.items.map(\.path) == ["Ceremony/IMG_0042.jpg", "Party/Cake table.jpg"])
            #expect(report.warnings.isEmpty)
            #expect(try readText(f.root + "/Picks/notes.txt").contains("IMG_0107.jpg from the party"))

            // Unnumbered, the line is one too many for the count: refused, naming it.
            try FileSystem.writeAtomically(
                "# Anna & Ben — 1 pick — gallery 9f2c4e7a1b3d\nCeremony/IMG_0042.jpg\nIMG_0107.jpg\n", to: f.root + "/two.txt")
            #expect(
                f.problems(f.collector(order: "two.txt", output: "Other")) == [
                    "two.txt: the list says it holds 1 pick, but 2 of its lines name photos: line 3 (\"IMG_0107.jpg\") is not one of them (a note's line wrapped by the mail?); remove it or correct the count, then collect again"
                ])
            #expect(!FileSystem.exists(f.root + "/Other"))
        }
    }

    @Test("a skipped line of a million scalars is shown cut to 200 by the dry run")
    func longSkippedLine() async throws {
        try await withCollectFixture { f in
            _ = try library(f)
            let stacked = "e" + String(repeating: "\u{301}", count: 1_000_000)
            try f.textOrder([stacked, "1. Ceremony/IMG_0042.jpg"])
            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["collect", f.root + "/order.txt", "-l", f.library, "-o", f.root + "/P", "--dry-run"], console: recorder.console)
            #expect(status == 0)
            let skip = try #require(recorder.out.split(separator: "\n").first { $0.hasPrefix("skip line 1: ") })
            #expect(skip.unicodeScalars.count < 260)
        }
    }

    @Test("a list in which no line names a photo is refused, saying so")
    func nothingNamed() async throws {
        try await withCollectFixture { f in
            _ = try library(f)
            try f.textOrder(["Hi Ben,", "see you Monday", "Anna"])
            #expect(
                f.problems(f.collector(order: "order.txt")) == [
                    "order.txt: nothing was picked: none of its 3 lines names a photo of the gallery"
                ])
        }
    }
}

@Suite("Untrusted bytes never trap the readers")
struct ReaderRobustnessTests {
    /// A small deterministic generator: the same bytes on every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
    }

    @Test("mutated order files and pasted lists are read or refused with a typed error, never a crash")
    func mutations() throws {
        let seeds: [[UInt8]] = [
            Array(pageList.utf8), orderJSON(),
            Array(
                #"{"format": "proofsheet-order", "version": 1, "by": "A", "note": "n", "minimum": 1, "picks": [{"order": 1, "id": "abcdef012345-2", "path": "a/b.jpg", "bytes": 3, "note": "x"}]}"#
                    .utf8),
            Array("> > 1) “a.jpg”,\r\n>   Note: ü\r\n-- \r\n".utf8),
        ]
        let interesting: [UInt8] = [
            0x00, 0x0A, 0x0D, 0x22, 0x23, 0x2C, 0x2E, 0x2F, 0x3E, 0x5B, 0x5C, 0x7B, 0x7D, 0x80, 0xA0, 0xC2, 0xE2, 0xFF,
        ]
        var random = Generator(state: 42)
        var read = 0, refused = 0
        for round in 0..<4_000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + Int(random.next() % 6)) {
                guard !bytes.isEmpty else { break }
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0: bytes[at] = interesting[Int(random.next() % UInt64(interesting.count))]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 8)], at: at)
                }
            }
            do {
                _ = try OrderFileParser.parseJSON(bytes, displayPath: "o")
                read += 1
            } catch {
                #expect(!error.problems.isEmpty)
                refused += 1
            }
            do {
                let list = try PastedListReader.read(bytes, displayPath: "o")
                _ = try? list.picksWithoutLibrary(displayPath: "o")
                read += 1
            } catch {
                #expect(!error.problems.isEmpty)
                refused += 1
            }
        }
        #expect(read > 0 && refused > 0)
    }
}
