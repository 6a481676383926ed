import Foundation
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("A killed collect", .serialized)
struct KilledCollectTests {
    /// A library of five photos, one with a RAW beside it, and two order files: A picks
    /// four (with notes), B revises it.
    func fixture(_ f: CollectFixture) throws {
        for (i, name) in ["a", "b", "c", "d", "e"].enumerated() { try f.add("Album/\(name).jpg", seed: i + 1) }
        try TestPhoto.write(Array(repeating: 7, count: 3000), to: f.library, "Album/b.CR3")
        try FileSystem.createDirectory(f.root + "/out")
        let a = #"""
            {"format": "proofsheet-order", "version": 1, "title": "Anna & Ben", "by": "Anna", "note": "all of them", "picks": [
              {"order": 1, "path": "Album/a.jpg", "bytes": \#(size(f, "a"))},
              {"order": 2, "path": "Album/b.jpg", "bytes": \#(size(f, "b")), "note": "black and white"},
              {"order": 3, "path": "Album/c.jpg", "bytes": \#(size(f, "c"))},
              {"order": 4, "path": "Album/d.jpg", "bytes": \#(size(f, "d"))}]}
            """#
        let b = #"""
            {"format": "proofsheet-order", "version": 1, "title": "Anna & Ben", "by": "Anna", "picks": [
              {"order": 1, "path": "Album/d.jpg", "bytes": \#(size(f, "d"))},
              {"order": 2, "path": "Album/b.jpg", "bytes": \#(size(f, "b"))},
              {"order": 3, "path": "Album/e.jpg", "bytes": \#(size(f, "e"))}]}
            """#
        try FileSystem.writeAtomically(a, to: f.root + "/order.json")
        try FileSystem.writeAtomically(b, to: f.root + "/v2.json")
    }

    func size(_ f: CollectFixture, _ name: String) -> Int64 { FileSystem.fileStatus(f.library + "/Album/\(name).jpg")!.size }

    /// What is beside the output folder besides it: must be nothing.
    func debris(_ f: CollectFixture) -> [String] { f.names(f.root + "/out").filter { $0 != "Picks" } }

    @Test("killed at every point while making a new folder: the folder is whole or absent, and the next run leaves nothing behind")
    func newFolder() async throws {
        #expect(FileSystem.exists(KilledBinary.shim), "could not compile Tests/fixtures/kill_at.c with clang, cc or gcc")
        try await withCollectFixture { f in
            try fixture(f)
            let arguments = ["order.json", "-l", "Library", "-o", "out/Picks"]
            let clean = KilledBinary.collect(["order.json", "-l", "Library", "-o", "Expected"], in: f.root)
            #expect(clean.status == 0, "\(clean.err)")
            let expected = try KilledBinary.state(f.root + "/Expected")
            #expect(
                expected.keys.sorted() == ["1-a.jpg", "2-b.CR3", "2-b.jpg", "3-c.jpg", "4-d.jpg", "notes.txt", "order.json", "picks.csv"])

            var kills = 0
            for point in 1...10_000 {
                FileSystem.remove(f.root + "/out")
                try FileSystem.createDirectory(f.root + "/out")
                let killed = KilledBinary.collect(arguments, in: f.root, killAt: point)
                guard killed.killed else {
                    #expect(killed.status == 0, "\(killed.err)")
                    break
                }
                kills += 1
                if FileSystem.exists(f.root + "/out/Picks") {
                    #expect(try KilledBinary.state(f.root + "/out/Picks") == expected, "killed at \(point): a partial folder")
                }
                let next = KilledBinary.collect(arguments, in: f.root)
                #expect(next.status == 0, "after a kill at \(point): \(next.err)")
                #expect(try KilledBinary.state(f.root + "/out/Picks") == expected, "after a kill at \(point)")
                #expect(debris(f) == [], "after a kill at \(point)")
            }
            #expect(kills >= 20)
        }
    }

    @Test("killed at every point while revising an existing folder: the next run finishes or rolls back, all or nothing")
    func revision() async throws {
        #expect(FileSystem.exists(KilledBinary.shim), "could not compile Tests/fixtures/kill_at.c with clang, cc or gcc")
        try await withCollectFixture { f in
            try fixture(f)
            let before = f.root + "/Before"
            #expect(KilledBinary.collect(["order.json", "-l", "Library", "-o", "Before"], in: f.root).status == 0)
            try FileSystem.writeAtomically("the photographer's own", to: before + "/contract.txt")
            let stateA = try KilledBinary.state(before)
            KilledBinary.copyTree(before, f.root + "/Revised")
            let revised = KilledBinary.collect(["v2.json", "-l", "Library", "-o", "Revised"], in: f.root)
            #expect(revised.status == 0, "\(revised.err)")
            let stateB = try KilledBinary.state(f.root + "/Revised")
            #expect(stateB.keys.sorted() == ["1-d.jpg", "2-b.CR3", "2-b.jpg", "3-e.jpg", "contract.txt", "picks.csv", "v2.json"])

            func reset() throws {
                FileSystem.remove(f.root + "/out")
                try FileSystem.createDirectory(f.root + "/out")
                KilledBinary.copyTree(before, f.root + "/out/Picks")
            }
            var kills = 0
            for point in 1...10_000 {
                try reset()
                let killed = KilledBinary.collect(["v2.json", "-l", "Library", "-o", "out/Picks"], in: f.root, killAt: point)
                guard killed.killed else {
                    #expect(killed.status == 0, "\(killed.err)")
                    break
                }
                kills += 1
                // Between the kill and the next run the folder is as it was, or as the
                // revision makes it, or half way with a journal to settle it by.
                let now = try snapshot(f.root + "/out/Picks").filter { $0.key != CollectRecord.fileName }
                if now != stateA && now != stateB {
                    let journals = debris(f).filter { FileSystem.exists(f.root + "/out/" + $0 + "/journal.json") }
                    #expect(journals.count == 1, "killed at \(point): a partial folder and no journal")
                }
                // The next run — the same revision — ends exactly revised.
                let next = KilledBinary.collect(["v2.json", "-l", "Library", "-o", "out/Picks"], in: f.root)
                #expect(next.status == 0, "after a kill at \(point): \(next.err)")
                #expect(try KilledBinary.state(f.root + "/out/Picks") == stateB, "after a kill at \(point)")
                #expect(debris(f) == [], "after a kill at \(point)")

                // Killed the same way, then the first order again: back exactly to it.
                try reset()
                #expect(KilledBinary.collect(["v2.json", "-l", "Library", "-o", "out/Picks"], in: f.root, killAt: point).killed)
                let back = KilledBinary.collect(["order.json", "-l", "Library", "-o", "out/Picks"], in: f.root)
                #expect(back.status == 0, "after a kill at \(point): \(back.err)")
                #expect(try KilledBinary.state(f.root + "/out/Picks") == stateA, "after a kill at \(point), the first order again")
                #expect(debris(f) == [], "after a kill at \(point)")
            }
            #expect(kills >= 20)
        }
    }
}
