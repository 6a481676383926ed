import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// The plain-text list exactly as the page writes it (Copy → Plain-text list, Export as
/// text, the Send mail body: Templates/script/finish/orderfile.js), read by collect as pasted,
/// quoted in a reply with CRLF line ends, and between a greeting and a signature.
/// Tests/browser/test_round_trip.py checks that the page writes this very text.
@Suite("The page's plain-text list")
struct PageListTests {
    /// What the page writes for three picks, the second with a note of two lines, the
    /// client's name and a note on the selection (its line break made a space).
    static let pageText = """
        # Anna & Ben — 3 picks — gallery 9f2c4e7a1b3d
        # By: Ben Jones
        # Note: For the album, thanks!
        1. Beach Day/Sunset over the water.jpg
        2. Beach Day/IMG_0101.jpg
           Note: black and white please
           Note: crop tighter
        3. Beach Day/Crème brûlée.jpg

        """

    static let csv =
        "order,name,path,album,note,by\r\n"
        + "1,Sunset over the water.jpg,Beach Day/Sunset over the water.jpg,Beach Day,,Ben Jones\r\n"
        + "2,IMG_0101.jpg,Beach Day/IMG_0101.jpg,Beach Day,\"black and white please\ncrop tighter\",Ben Jones\r\n"
        + "3,Crème brûlée.jpg,Beach Day/Crème brûlée.jpg,Beach Day,,Ben Jones\r\n"

    static let variants: [(String, String)] = [
        ("as the page wrote it", pageText),
        (
            "pasted between a greeting and a signature",
            "Hi Anna,\n\nhere are my picks:\n\n" + pageText + "\nBest,\nBen\n-- \nBen Jones, Cardiff\n"
        ),
        ("quoted in a reply, CRLF", "On Friday Ben wrote:\r\n" + pageText.split(separator: "\n").map { "> " + $0 + "\r\n" }.joined()),
        ("quoted twice", pageText.split(separator: "\n").map { "> > " + $0 + "\n" }.joined()),
    ]

    @Test("collect reads the page's list, its name, its notes and its header", arguments: variants)
    func read(label: String, text: String) async throws {
        try await withCollectFixture { f in
            for (seed, path) in ["Beach Day/Sunset over the water.jpg", "Beach Day/IMG_0101.jpg", "Beach Day/Crème brûlée.jpg"].enumerated()
            {
                try f.add(path, seed: seed + 1)
            }
            try FileSystem.writeAtomically(text, to: f.root + "/mail.txt")
            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["collect", f.root + "/mail.txt", "--list", "csv", "-l", f.library], console: recorder.console)
            #expect(status == 0, "\(label): \(recorder.err)")
            #expect(recorder.out == Self.csv, "\(label)")

            let list = try PastedListReader.read(Array(text.utf8), displayPath: "mail.txt")
            #expect(list.title == "Anna & Ben" && list.gallery == "9f2c4e7a1b3d" && list.statedCount == 3)
            #expect(list.by == "Ben Jones" && list.note == "For the album, thanks!")
        }
    }
}
