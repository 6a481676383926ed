import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// Three people's picks of one gallery of six photos (Album/IMG_1.jpg … IMG_6.jpg):
///
///     Anna (A.json):  1 2 3 4     note on 2
///     Ben  (B.json):  3 1 5       note on 1
///     C.json (no by): 1 5 3 6
///
/// Borda points (the first of n gets n): photo 1 = 4+2+4 = 10, 3 = 2+3+2 = 7, 5 = 1+3 = 4,
/// 2 = 3, 4 = 1, 6 = 1.
struct MergeFixture {
    let f: CollectFixture

    func path(_ n: Int) -> String { "Album/IMG_\(n).jpg" }

    func write() throws {
        for n in 1...6 { try f.add(path(n), seed: n) }
        try file("A.json", by: "Anna", [1, 2, 3, 4], notes: [2: "black and white"], note: "For the album")
        try file("B.json", by: "Ben", [3, 1, 5], notes: [1: "crop tighter"])
        try file("C.json", by: nil, [1, 5, 3, 6])
    }

    func file(
        _ name: String, by: String?, _ photos: [Int], notes: [Int: String] = [:], note: String? = nil, gallery: String = "9f2c4e7a1b3d",
        title: String = "Anna & Ben"
    ) throws {
        let picks = try photos.enumerated().map { index, n in
            let size = FileSystem.fileStatus(f.library + "/" + path(n))!.size
            let id = try f.contentID(path(n))
            let noteField = notes[n].map { #", "note": "\#($0)""# } ?? ""
            return
                #"{"order": \#(index + 1), "id": "\#(id)", "path": "\#(path(n))", "name": "IMG_\#(n).jpg", "bytes": \#(size)\#(noteField)}"#
        }
        let byField = by.map { #""by": "\#($0)", "# } ?? ""
        let noteField = note.map { #""note": "\#($0)", "# } ?? ""
        try FileSystem.writeAtomically(
            #"{"format": "proofsheet-order", "version": 1, "gallery": "\#(gallery)", "title": "\#(title)", "limit": 10, \#(byField)\#(noteField)"exported": "2026-11-3\#(name.first == "B" ? "0" : "0")T10:00:00Z", "picks": [\#(picks.joined(separator: ", "))]}"#,
            to: f.root + "/" + name)
    }

    /// `merge` of files in the fixture's folder (file names and the values of `-o` and
    /// `--table` are made absolute; the output is `merged.json` there unless `-o` says).
    /// Messages then show the folder: `out` and `err` have it replaced by `ROOT`.
    func merge(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        var absolute: [String] = []
        var previous = ""
        for word in arguments {
            let isValue = previous == "-o" || previous == "--table"
            absolute.append(
                !word.hasPrefix("-") && (isValue || word.hasSuffix(".json") || word.hasSuffix(".txt")) ? f.root + "/" + word : word)
            previous = word
        }
        if !arguments.isEmpty && !arguments.contains("-o") {
            absolute += ["-o", f.root + "/merged" + (arguments.contains { $0.hasSuffix(".txt") } ? ".txt" : ".json")]
        }
        let recorder = RecordingConsole()
        let status = await CLI.run(arguments: ["merge"] + absolute, console: recorder.console)
        return (
            status, recorder.out.replacingOccurrences(of: f.root, with: "ROOT"), recorder.err.replacingOccurrences(of: f.root, with: "ROOT")
        )
    }

    func merged(_ name: String = "merged.json") throws -> OrderFile {
        try OrderFileParser.parseJSON(try FileSystem.read(f.root + "/" + name), displayPath: name)
    }
}
