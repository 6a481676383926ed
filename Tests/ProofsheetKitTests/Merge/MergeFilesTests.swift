import Foundation
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `merge` reads each person's file once and writes two files that are two files, none of
/// them an input — whatever names, symlinks or hard links lead to them.
@Suite("Merge: the files it reads and writes")
struct MergeFilesTests {
    /// Refused with exactly these lines, and nothing written.
    func expectRefused(
        _ m: MergeFixture, _ arguments: [String], _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try snapshot(m.f.root)
        let result = await m.merge(arguments)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(result.out.isEmpty, sourceLocation: sourceLocation)
        let count = lines.count == 1 ? "1 problem" : "\(lines.count) problems"
        #expect(
            result.err == (lines.map { "error: " + $0 } + ["nothing was merged (\(count))", ""]).joined(separator: "\n"),
            sourceLocation: sourceLocation)
        #expect(try snapshot(m.f.root) == before, "something was written", sourceLocation: sourceLocation)
    }

    @Test("--table the same file as --output: by name, through a symlink, or as a hard link of it")
    func tableIsOutput() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            try await expectRefused(
                m, ["A.json", "B.json", "-o", "merged.json", "--table", "merged.json"],
                ["ROOT/merged.json: is the same file as --output ROOT/merged.json; the table needs a file of its own"])

            try FileSystem.writeAtomically("the photographer's earlier merge", to: f.root + "/earlier.json")
            #expect(symlink(f.root + "/earlier.json", f.root + "/table.json") == 0)
            try await expectRefused(
                m, ["A.json", "B.json", "-o", "earlier.json", "--table", "table.json"],
                ["ROOT/table.json: is the same file as --output ROOT/earlier.json; the table needs a file of its own"])
            #expect(link(f.root + "/earlier.json", f.root + "/hard.json") == 0)
            try await expectRefused(
                m, ["A.json", "B.json", "-o", "hard.json", "--table", "earlier.json"],
                ["ROOT/earlier.json: is the same file as --output ROOT/hard.json; the table needs a file of its own"])
        }
    }

    @Test("an output that is an input under another name (a hard link, a symlink) is refused")
    func outputIsInput() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            #expect(link(f.root + "/A.json", f.root + "/A-copy.json") == 0)
            try await expectRefused(
                m, ["A.json", "B.json", "--table", "A-copy.json"],
                ["ROOT/A-copy.json: is one of the files being merged (ROOT/A.json); choose another --table"])
            #expect(symlink(f.root + "/B.json", f.root + "/B-link.json") == 0)
            try await expectRefused(
                m, ["A.json", "B.json", "-o", "B-link.json"],
                ["ROOT/B-link.json: is one of the files being merged (ROOT/B.json); choose another --output"])
        }
    }

    @Test("the same order file twice — by name, through a symlink, as a hard link — is refused")
    func inputTwice() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            try await expectRefused(m, ["A.json", "A.json"], ["ROOT/A.json: given twice; give each person's order file once"])
            #expect(link(f.root + "/A.json", f.root + "/Anna.json") == 0)
            #expect(symlink(f.root + "/B.json", f.root + "/Ben.json") == 0)
            try await expectRefused(
                m, ["A.json", "B.json", "Anna.json", "Ben.json"],
                [
                    "ROOT/Anna.json: given twice (as ROOT/A.json); give each person's order file once",
                    "ROOT/Ben.json: given twice (as ROOT/B.json); give each person's order file once",
                ])
        }
    }

    @Test("-o a symlink to nothing: refused, saying so; nothing created where it points")
    func danglingOutput() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            #expect(symlink(f.root + "/gone/merged.json", f.root + "/out.json") == 0)
            try await expectRefused(
                m, ["A.json", "B.json", "-o", "out.json"],
                [#"ROOT/out.json: is a symlink to nothing ("ROOT/gone/merged.json"); choose another --output"#])
        }
    }

    @Test("a table that cannot be written leaves no merged order behind: nothing is written")
    func tableUnwritable() async throws {
        try await withCollectFixture { f in
            let m = MergeFixture(f: f)
            try m.write()
            try await expectRefused(m, ["A.json", "B.json", "--table", "gone/table.csv"], ["ROOT/gone: no such file or directory"])
            #expect(!FileSystem.exists(f.root + "/merged.json"))
        }
    }
}
