import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

@Suite("Collect command")
struct CollectCommandTests {
    @Test("success: a summary on stdout, nothing on stderr, exit 0")
    func success() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.add("b.jpg", seed: 2)
            try f.add("c.jpg", seed: 3)
            try f.order(["a.jpg", "b.jpg", "c.jpg"])
            let recorder = RecordingConsole()
            let out = f.root + "/Anna & Ben picks"
            let status = await CLI.run(
                arguments: ["collect", f.root + "/order.json", "--library", f.library, "-o", out], console: recorder.console)
            #expect(status == 0)
            #expect(recorder.out == "collected 3 photos into \(out)/\n")
            #expect(recorder.err.isEmpty)
        }
    }

    @Test("a refusal: one line per problem on stderr, nothing on stdout, exit 2")
    func refusal() async throws {
        try await withCollectFixture { f in
            try f.order(["gone.jpg", "../up.jpg"], sizes: ["gone.jpg": 1, "../up.jpg": 1])
            let recorder = RecordingConsole()
            let arguments = ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P"]
            #expect(await CLI.run(arguments: arguments, console: recorder.console) == 2)
            #expect(recorder.out.isEmpty)
            #expect(
                recorder.err == """
                    error: \(f.root)/order.json: #2: path: leads out of the library ('..' in "../up.jpg")
                    nothing was collected (1 problem)

                    """)

            try f.order(["gone.jpg", "also gone.jpg"], sizes: ["gone.jpg": 1, "also gone.jpg": 1])
            let second = RecordingConsole()
            #expect(await CLI.run(arguments: arguments, console: second.console) == 2)
            #expect(second.out.isEmpty)
            #expect(
                second.err == """
                    error: #1 gone.jpg: missing from the library (\(f.library)/gone.jpg)
                    error: #2 also gone.jpg: missing from the library (\(f.library)/also gone.jpg)
                    nothing was collected (2 problems)

                    """)
            #expect(!FileSystem.exists(f.root + "/P"))
        }
    }

    @Test("--dry-run prints the plan, source → destination, in order, and a summary")
    func dryRun() async throws {
        try await withCollectFixture { f in
            try f.add("Beach/a.jpg", seed: 1)
            try f.add("b.jpg", seed: 2)
            try f.order(["b.jpg", "Beach/a.jpg"])
            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P", "-n"], console: recorder.console)
            #expect(status == 0)
            #expect(
                recorder.out == """
                    what the gallery published: unknown, no site used (no --site, no Site/ of this library here or beside the order file)
                    1. b.jpg → \(f.root)/P/1-b.jpg
                    2. Beach/a.jpg → \(f.root)/P/2-a.jpg
                       order.json (the order file) → \(f.root)/P/order.json
                       the list as CSV → \(f.root)/P/picks.csv
                    dry run: would collect 2 photos into \(f.root)/P/ (nothing written)

                    """)
            #expect(!FileSystem.exists(f.root + "/P"))
        }
    }

    @Test("--link is reported in the summary")
    func linkSummary() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.order(["a.jpg"])
            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/P", "--link"], console: recorder.console)
            #expect(status == 0)
            #expect(recorder.out == "collected 1 photo into \(f.root)/P/ (hard links)\n")
        }
    }
}
