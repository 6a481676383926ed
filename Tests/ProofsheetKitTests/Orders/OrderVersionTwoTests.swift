import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

@Suite("Order files of version 2: marks and named selections")
struct OrderVersionTwoTests {
    static let head = #"{"format": "proofsheet-order", "version": 2, "gallery": "g1", "#

    @Test("marks and selections are read with every field")
    func reads() throws {
        let text =
            Self.head
            + #""selections": [{"name": "Album", "min": 1, "limit": 2, "picks": [{"order": 1, "id": "a1", "path": "A/1.jpg", "name": "1.jpg", "bytes": 10}]}, {"name": "Cover", "limit": 1, "picks": []}], "marks": [{"id": "a1", "path": "A/1.jpg", "name": "1.jpg", "rating": 4, "label": "red"}, {"path": "A/2.jpg", "rating": 0, "rejected": true}]}"#
        let order = try parseOrder(Array(text.utf8))
        #expect(order.picks.isEmpty)
        #expect(order.selections.map(\.name) == ["Album", "Cover"])
        #expect(order.selections[0].minimum == 1 && order.selections[0].limit == 2)
        #expect(order.selections[0].picks.map(\.path) == ["A/1.jpg"])
        #expect(
            order.marks == [
                OrderFile.Mark(id: "a1", path: "A/1.jpg", mark: PhotoMark(rating: 4, label: .red)),
                OrderFile.Mark(path: "A/2.jpg", mark: PhotoMark(rejected: true)),
            ])
        #expect(order.mark(for: order.selections[0].picks[0]) == PhotoMark(rating: 4, label: .red))
    }

    @Test("version 2 with picks and marks, or marks alone")
    func picksAndMarks() throws {
        let order = try parseOrder(Array((Self.head + #""picks": [], "marks": [{"path": "x.jpg", "rating": 5}]}"#).utf8))
        #expect(order.picks.isEmpty && order.marks.count == 1)
    }

    @Test(
        "every bad mark or selection is refused, naming it",
        arguments: [
            (
                #""picks": [], "marks": [{"path": "x.jpg", "rating": 6}]}"#,
                "order.json: marks #1: rating: must be a whole number of stars from 0 to 5, not 6"
            ),
            (
                #""picks": [], "marks": [{"path": "x.jpg", "label": "orange"}]}"#,
                #"order.json: marks #1: label: must be one of red, yellow, green, blue, purple, not "orange""#
            ),
            (
                #""picks": [], "marks": [{"path": "x.jpg", "rejected": "yes"}]}"#,
                #"order.json: marks #1: rejected: must be true or absent, not "yes""#
            ),
            (
                #""picks": [], "marks": [{"path": "../x.jpg"}]}"#,
                #"order.json: marks #1: path: leads out of the library ('..' in "../x.jpg")"#
            ),
            (
                #""picks": [], "marks": [{"path": "x.jpg"}, {"path": "x.jpg"}]}"#,
                #"order.json: marks #2: path: "x.jpg" is marked twice (first as marks #1)"#
            ),
            (
                #""picks": [], "marks": [{"path": "x.jpg", "stars": 2}]}"#,
                "order.json: marks #1: stars: unknown field (a mark has: id, path, pathBytes, name, rating, label, rejected)"
            ),
            (#""picks": [], "marks": {}}"#, "order.json: marks: must be a list, not an object"),
            (
                #""selections": [{"name": "A", "picks": []}, {"name": "a", "picks": []}], "marks": [{"path": "x.jpg"}]}"#,
                #"order.json: selections #2: name: "a" names two selections (first #1)"#
            ),
            (
                #""selections": [{"name": "A", "limit": 1, "picks": [{"order": 1, "path": "x.jpg", "bytes": 1}, {"order": 2, "path": "y.jpg", "bytes": 1}]}]}"#,
                #"order.json: selection "A": picks: 2 photos picked, but the selection allows at most 1"#
            ),
            (
                #""selections": [{"name": "A", "picks": [{"order": 2, "path": "x.jpg", "bytes": 1}]}]}"#,
                #"order.json: selection "A": #1: order: is 2, expected 1 (picks are listed in the order picked, numbered from 1)"#
            ),
            (#""selections": [{"name": "A", "picks": []}]}"#, "order.json: selections: nothing was picked (every selection is empty)"),
            (#""selections": [], "picks": []}"#, "order.json: picks: not with named selections (each selection has its own)"),
            (
                #""selections": [{"name": "A\nB", "picks": []}], "marks": [{"path": "x.jpg"}]}"#,
                #"order.json: selections #1: name: must be 1 to 64 characters on one line, not "A\nB""#
            ),
        ])
    func refused(body: String, message: String) {
        #expect(orderFileProblems(Array((Self.head + body).utf8)).contains(message))
    }

    @Test("a version 1 file with marks is refused as before: marks are version 2's")
    func versionOneStrict() {
        let text = #"{"format": "proofsheet-order", "version": 1, "picks": [{"order": 1, "path": "x.jpg", "bytes": 1}], "marks": []}"#
        #expect(orderFileProblems(Array(text.utf8)).first?.hasPrefix("order.json: marks: unknown field") == true)
    }

    @Test("merge --selection merges one selection of each file; without it, a file with selections is refused")
    func merge() async throws {
        try await withTemporaryDirectory { root in
            func file(_ name: String, _ album: [String]) throws {
                let picks = album.enumerated().map { #"{"order": \#($0.offset + 1), "path": "\#($0.element)", "bytes": 1}"# }
                let text =
                    Self.head
                    + #""selections": [{"name": "Album", "limit": 3, "picks": [\#(picks.joined(separator: ", "))]}, {"name": "Cover", "limit": 1, "picks": [{"order": 1, "path": "c.jpg", "bytes": 1}]}]}"#
                try FileSystem.writeAtomically(text, to: root + "/" + name)
            }
            try file("anna.json", ["a.jpg", "b.jpg"])
            try file("ben.json", ["b.jpg", "c.jpg"])
            let refused = RecordingConsole()
            #expect(
                await CLI.run(
                    arguments: ["merge", root + "/anna.json", root + "/ben.json", "-o", root + "/m.json"], console: refused.console) == 2)
            #expect(refused.err.contains(#"anna.json: has named selections ("Album", "Cover"); merge one at a time with --selection NAME"#))
            let merged = RecordingConsole()
            #expect(
                await CLI.run(
                    arguments: ["merge", root + "/anna.json", root + "/ben.json", "-o", root + "/m.json", "--selection", "album"],
                    console: merged.console)
                    == 0)
            let order = try parseOrder(try FileSystem.read(root + "/m.json"))
            #expect(order.picks.map(\.path) == ["b.jpg", "a.jpg", "c.jpg"] && order.limit == 3)
        }
    }
}
