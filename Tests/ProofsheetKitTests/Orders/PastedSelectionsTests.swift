import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// The page's mail with named selections, as Send writes it (German words, the machine
/// line in English as in every language).
let selectionsMail = """
    Hallo Clara,

    Hier sind meine Auswahlen aus Anna & Ben.

    Note: the whole order's note

    Album (2 von 20–30):
    1. Wedding/IMG_3.jpg
       Note: black and white
    2. Wedding/IMG_1.jpg

    Eltern (Mama) (1 von 10–15):
    1. Wedding/IMG_1.jpg

    Cover (0 von 1) :

    Danke,
    Anna

    # Anna & Ben — 3 picks in 3 selections — gallery 9f2c4e7a1b3d
    # By: Anna

    """

@Suite("Pasted lists with named selections")
struct PastedSelectionsTests {
    @Test("each heading starts a selection: its name, count and limits, in any language's words")
    func sections() throws {
        let list = try readList(selectionsMail)
        #expect(list.statedSelections == 3 && list.statedCount == 3 && list.note == "the whole order's note")
        #expect(list.sections.map(\.name) == ["Album", "Eltern (Mama)", "Cover"])
        #expect(list.sections.map(\.statedCount) == [2, 1, 0])
        #expect(list.sections.map(\.minimum) == [20, 10, nil] && list.sections.map(\.limit) == [30, 15, 1])
        let file = try list.picksWithoutLibrary(displayPath: "order.txt")
        #expect(file.picks.isEmpty)
        #expect(file.selections.map { $0.picks.map(\.path) } == [["Wedding/IMG_3.jpg", "Wedding/IMG_1.jpg"], ["Wedding/IMG_1.jpg"], []])
        #expect(file.selections[0].picks.map(\.note) == ["black and white", nil])
        #expect(file.selections[0].picks.map(\.order) == [1, 2])
    }

    @Test("quoted in a reply it reads the same")
    func quoted() throws {
        let quoted = selectionsMail.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\r\n")
        let file = try readList(quoted).picksWithoutLibrary(displayPath: "order.txt")
        #expect(file.selections.map(\.name) == ["Album", "Eltern (Mama)", "Cover"])
        #expect(file.selections.map(\.picks.count) == [2, 1, 0])
    }

    @Test("without `in N selections` on the count line a heading is an ordinary line")
    func notDeclared() throws {
        let text = "My favourites (2 of us):\n1. a.jpg\n2. b.jpg\n\n# T — 2 picks — gallery abc123\n"
        let list = try readList(text)
        #expect(list.sections.isEmpty)
        #expect(list.entries.first?.text == "My favourites (2 of us):" && list.entries.first?.looksLikePhoto == false)
        #expect(try list.picksWithoutLibrary(displayPath: "order.txt").picks.map(\.path) == ["a.jpg", "b.jpg"])
    }

    @Test(
        "a list whose headings do not agree with its count line is refused, naming why",
        arguments: [
            (
                selectionsMail.replacingOccurrences(of: "Cover (0 von 1) :\n", with: ""),
                "order.txt: the list says it holds 3 selections, but 2 headings were read (a line such as \"Album (3 of 20–30):\" above each selection's picks); was the list cut short?"
            ),
            (
                selectionsMail.replacingOccurrences(of: "Cover (0", with: "album (0"),
                #"order.txt: line 15: "album" names two selections (first on line 7)"#
            ),
            (
                selectionsMail.replacingOccurrences(of: "Note: the whole order's note", with: "1. Wedding/IMG_2.jpg"),
                #"order.txt: line 5: "1. Wedding/IMG_2.jpg" is above the first selection's heading; each pick belongs under one"#
            ),
            (
                selectionsMail.replacingOccurrences(of: "3 picks in", with: "4 picks in"),
                "order.txt: the list says it holds 4 picks, but its selections' headings say 3"
            ),
        ])
    func refused(text: String, message: String) {
        #expect(throws: CollectRefusal("order.txt", String(message.dropFirst("order.txt: ".count)))) { try readList(text) }
    }

    @Test("a selection with more lines than its heading says is refused, naming the selection and line")
    func tooMany() throws {
        let text = selectionsMail.replacingOccurrences(of: "Eltern (Mama) (1 von", with: "Eltern (Mama) (0 von")
            .replacingOccurrences(of: "3 picks in 3", with: "2 picks in 3")
        let list = try readList(text)
        #expect(throws: CollectRefusal.self) { try list.picksWithoutLibrary(displayPath: "order.txt") }
        do {
            _ = try list.picksWithoutLibrary(displayPath: "order.txt")
        } catch {
            #expect(error.problems.first?.path == #"order.txt: selection "Eltern (Mama)""#)
            #expect(error.problems.first?.reason.contains("line 13") == true)
        }
    }

    @Test("collect makes one folder per selection from the pasted mail; --selection takes one")
    func collect() async throws {
        try await withCollectFixture { f in
            for n in 1...4 { try f.add("Wedding/IMG_\(n).jpg", seed: n) }
            try FileSystem.writeAtomically(Array(selectionsMail.utf8), to: f.root + "/mail.txt")
            let recorder = RecordingConsole()
            let base = ["collect", f.root + "/mail.txt", "-l", f.library]
            #expect(await CLI.run(arguments: base + ["-o", f.root + "/P"], console: recorder.console) == 0)
            #expect(f.names(f.root + "/P") == ["Album", "Eltern (Mama)"])
            #expect(try String(decoding: FileSystem.read(f.root + "/P/Album/notes.txt"), as: UTF8.self).contains("black and white"))
            #expect(f.picked(f.root + "/P/Album") == ["1-IMG_3.jpg", "2-IMG_1.jpg", "mail.txt", "notes.txt"])
            #expect(f.picked(f.root + "/P/Eltern (Mama)") == ["1-IMG_1.jpg", "mail.txt", "notes.txt"])
            #expect(recorder.out.contains("Cover: nothing picked; no folder made\n"))
            let one = RecordingConsole()
            #expect(await CLI.run(arguments: base + ["-o", f.root + "/Q", "--selection", "album"], console: one.console) == 0)
            #expect(f.names(f.root + "/Q") == ["Album"])
            let list = RecordingConsole()
            #expect(
                await CLI.run(
                    arguments: ["collect", f.root + "/mail.txt", "--list", "lightroom", "--selection", "Album"], console: list.console) == 0
            )
            #expect(list.out == "IMG_3, IMG_1\n")
        }
    }

    @Test("merge --selection merges one selection of each pasted mail")
    func merge() async throws {
        try await withTemporaryDirectory { root in
            try FileSystem.writeAtomically(selectionsMail, to: root + "/anna.txt")
            let ben = selectionsMail.replacingOccurrences(of: "1. Wedding/IMG_3.jpg", with: "1. Wedding/IMG_4.jpg")
            try FileSystem.writeAtomically(ben, to: root + "/ben.txt")
            let merged = RecordingConsole()
            let arguments = ["merge", root + "/anna.txt", root + "/ben.txt", "-o", root + "/m.txt", "--selection", "Album"]
            #expect(await CLI.run(arguments: arguments, console: merged.console) == 0)
            let text = String(decoding: try FileSystem.read(root + "/m.txt"), as: UTF8.self)
            let order = try readList(text).picksWithoutLibrary(displayPath: "m.txt")
            #expect(order.picks.map(\.path) == ["Wedding/IMG_1.jpg", "Wedding/IMG_3.jpg", "Wedding/IMG_4.jpg"])
        }
    }
}
