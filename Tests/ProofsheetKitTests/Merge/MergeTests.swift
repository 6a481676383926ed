import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

@Suite("Merging several people's picks")
struct MergeTests {
    @Test("ranked (the default): by how many picked, then Borda points, ties by the first file; the table printed and as CSV")
    func ranked() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            let result = await m.merge(["A.json", "B.json", "C.json", "--table", "table.csv"])
            #expect(result.status == 0, "\(result.err)")
            #expect(result.err.isEmpty)
            #expect(
                result.out == """
                    #  photo            Anna  Ben  C.json  pickers  points
                    1  Album/IMG_1.jpg     1    2       1        3      10
                    2  Album/IMG_3.jpg     3    1       3        3       7
                    3  Album/IMG_5.jpg     ·    3       2        2       4
                    4  Album/IMG_2.jpg     2    ·       ·        1       3
                    5  Album/IMG_4.jpg     4    ·       ·        1       1
                    6  Album/IMG_6.jpg     ·    ·       4        1       1
                    merged 3 order files (Anna, Ben, C.json) into ROOT/merged.json: 6 photos, ranked

                    """)
            #expect(
                try FileSystem.read(f.root + "/table.csv") == [0xEF, 0xBB, 0xBF]
                    + Array(
                        ("order,name,path,Anna,Ben,C.json,pickers,points\r\n"
                            + "1,IMG_1.jpg,Album/IMG_1.jpg,1,2,1,3,10\r\n"
                            + "2,IMG_3.jpg,Album/IMG_3.jpg,3,1,3,3,7\r\n"
                            + "3,IMG_5.jpg,Album/IMG_5.jpg,,3,2,2,4\r\n"
                            + "4,IMG_2.jpg,Album/IMG_2.jpg,2,,,1,3\r\n"
                            + "5,IMG_4.jpg,Album/IMG_4.jpg,4,,,1,1\r\n"
                            + "6,IMG_6.jpg,Album/IMG_6.jpg,,,4,1,1\r\n").utf8))
            let order = try m.merged()
            #expect(order.picks.map(\.path) == [1, 3, 5, 2, 4, 6].map(m.path))
            #expect(order.picks.map(\.order) == [1, 2, 3, 4, 5, 6])
            #expect(order.gallery == "9f2c4e7a1b3d" && order.title == "Anna & Ben" && order.limit == 10)
            #expect(order.by == "Anna, Ben, C.json")
            #expect(order.note == "Anna: For the album")
            // Notes travel with their author.
            #expect(order.picks.map(\.note) == ["Ben: crop tighter", nil, nil, "Anna: black and white", nil, nil])
            #expect(try order.picks.map { $0.id } == [1, 3, 5, 2, 4, 6].map { try f.contentID(m.path($0)) })

            // collect takes the merged file like any other.
            let report = try f.collector(order: "merged.json").run()
            #expect(
                report.plan.photos.map(\.name) == [
                    "1-IMG_1.jpg", "2-IMG_3.jpg", "3-IMG_5.jpg", "4-IMG_2.jpg", "5-IMG_4.jpg", "6-IMG_6.jpg",
                ])
            // The same files give the same bytes.
            let first = try FileSystem.read(f.root + "/merged.json")
            _ = await m.merge(["A.json", "B.json", "C.json"])
            #expect(try FileSystem.read(f.root + "/merged.json") == first)
        }
    }

    @Test("union keeps the first file's order, then the others' photos as they first appear")
    func union() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            let result = await m.merge(["A.json", "B.json", "C.json", "--mode", "union", "-o", "all.json", "--table", "t.csv"])
            #expect(result.status == 0, "\(result.err)")
            #expect(try m.merged("all.json").picks.map(\.path) == [1, 2, 3, 4, 5, 6].map(m.path))
            #expect(
                try readText(f.root + "/t.csv") == "\u{FEFF}order,name,path,Anna,Ben,C.json,pickers,points\r\n"
                    + "1,IMG_1.jpg,Album/IMG_1.jpg,1,2,1,3,10\r\n"
                    + "2,IMG_2.jpg,Album/IMG_2.jpg,2,,,1,3\r\n"
                    + "3,IMG_3.jpg,Album/IMG_3.jpg,3,1,3,3,7\r\n"
                    + "4,IMG_4.jpg,Album/IMG_4.jpg,4,,,1,1\r\n"
                    + "5,IMG_5.jpg,Album/IMG_5.jpg,,3,2,2,4\r\n"
                    + "6,IMG_6.jpg,Album/IMG_6.jpg,,,4,1,1\r\n")
            #expect(result.out.hasSuffix("merged 3 order files (Anna, Ben, C.json) into ROOT/all.json: 6 photos, union\n"))
        }
    }

    @Test("intersection keeps only what everyone picked, in the first file's order")
    func intersection() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            let result = await m.merge(["C.json", "A.json", "B.json", "--mode", "intersection", "--table", "t.csv"])
            #expect(result.status == 0, "\(result.err)")
            // C lists 1 before 3.
            #expect(try m.merged().picks.map(\.path) == [1, 3].map(m.path))
            #expect(
                try readText(f.root + "/t.csv") == "\u{FEFF}order,name,path,C.json,Anna,Ben,pickers,points\r\n"
                    + "1,IMG_1.jpg,Album/IMG_1.jpg,1,1,2,3,10\r\n"
                    + "2,IMG_3.jpg,Album/IMG_3.jpg,3,3,1,3,7\r\n")
        }
    }

    @Test("--limit keeps the first N and says how many it left out; the table still shows them")
    func limit() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            let result = await m.merge(["A.json", "B.json", "C.json", "--limit", "3"])
            #expect(result.status == 0)
            let order = try m.merged()
            #expect(order.picks.map(\.path) == [1, 3, 5].map(m.path))
            #expect(order.limit == 3)
            #expect(result.out.contains("\n–  Album/IMG_2.jpg     2    ·       ·        1       3\n"))
            #expect(result.out.hasSuffix("into ROOT/merged.json: 3 photos, ranked; the limit of 3 left out 3 (--limit 0 keeps them all)\n"))
        }
    }

    @Test("a photo renamed between two people's exports is one photo: its content id matches")
    func renamedBetweenExports() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            let id = try f.contentID(m.path(2))
            let size = FileSystem.fileStatus(f.library + "/" + m.path(2))!.size
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-order", "version": 1, "gallery": "9f2c4e7a1b3d", "by": "Dana", "picks": [{"order": 1, "id": "\#(id)", "path": "Renamed/two.jpg", "bytes": \#(size)}]}"#,
                to: f.root + "/D.json")
            #expect(await m.merge(["A.json", "D.json"]).status == 0)
            let order = try m.merged()
            #expect(order.picks.map(\.path) == [m.path(2), m.path(1), m.path(3), m.path(4)])
        }
    }

    @Test("another gallery's file, a photo twice in one file, a missing file: refused by name, nothing written")
    func refusals() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            try m.file("D.json", by: "Dora", [1], gallery: "1234abcd5678", title: "Smith family")
            let other = await m.merge(["A.json", "D.json"])
            #expect(other.status == 2)
            #expect(
                other.err == """
                    error: D.json: from another gallery ("Smith family", 1234abcd5678); A.json is from "Anna & Ben", 9f2c4e7a1b3d
                    nothing was merged (1 problem)

                    """)
            try m.file("E.json", by: "Eve", [1, 2, 1])
            let twice = await m.merge(["A.json", "E.json", "nope.json"])
            #expect(twice.status == 2)
            #expect(twice.err.contains(#"error: ROOT/E.json: #3: path: "Album/IMG_1.jpg" is picked twice (first as #1)"#))
            #expect(twice.err.contains("error: ROOT/E.json: #3: id: photo"))
            #expect(twice.err.contains("error: ROOT/nope.json: no such file"))
            #expect(!FileSystem.exists(f.root + "/merged.json"))
            let over = await m.merge(["A.json", "B.json", "-o", "A.json"])
            #expect(over.status == 2 && over.err.hasPrefix("error: ROOT/A.json: is one of the files being merged; choose another --output"))
            #expect(await m.merge([]).status == 64)
        }
    }

    @Test("pasted lists can be merged too; without sizes the merged file is the plain-text form")
    func pastedLists() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            try f.textOrder(["# By: Finn", "Hi!", "1. Album/IMG_6.jpg", "   Note: this one", "2. Album/IMG_1.jpg"], name: "finn.txt")
            let result = await m.merge(["A.json", "finn.txt"])
            #expect(result.status == 0, "\(result.err)")
            #expect(
                try readText(f.root + "/merged.txt") == """
                    # Anna & Ben — 5 picks — gallery 9f2c4e7a1b3d
                    # By: Anna, Finn
                    # Note: Anna: For the album
                    1. Album/IMG_1.jpg
                    2. Album/IMG_2.jpg
                       Note: Anna: black and white
                    3. Album/IMG_3.jpg
                    4. Album/IMG_6.jpg
                       Note: Finn: this one
                    5. Album/IMG_4.jpg

                    """)
            #expect(result.out.hasSuffix("into ROOT/merged.txt: 5 photos, ranked (as text: a pasted list gave no sizes)\n"))
            // collect reads it back.
            _ = try f.collector(order: "merged.txt").run()
            #expect(f.picked(f.root + "/Picks").count == 7)
        }
    }
}
