import ProofsheetCLI
import ProofsheetKit
import Testing

@Suite("build --shard and join: options")
struct ShardOptionTests {
    @Test("--shard K/N makes a shard's build; join takes its parts and --output")
    func parsed() throws {
        let shard = try ArgumentParser.parse(["build", "Lib", "--shard", "2/3", "--output", "parts/2", "--limit", "5"])
        guard case .shard(let options, let share, let strict, let quiet) = shard else {
            Issue.record("not a shard: \(shard)")
            return
        }
        #expect(options.output == "parts/2" && options.limit == 5 && share == Shard(index: 2, count: 3) && !strict && !quiet)
        #expect(
            try ArgumentParser.parse(["join", "p/1", "p/2", "-o", "Site"]) == .join(JoinOptions(parts: ["p/1", "p/2"], output: "Site")))
        #expect(try ArgumentParser.parse(["join", "--help"]) == .help(topic: "join"))
        #expect(try ArgumentParser.parse(["help", "join"]) == .help(topic: "join"))
    }

    @Test(
        "a bad --shard or join is one usage line",
        arguments: [
            (["build", "Lib", "--shard", "4/3", "-o", "P"], "option '--shard' '4/3' has no share 4 of 3; K is from 1 to N"),
            (["build", "Lib", "--shard", "two", "-o", "P"], "option '--shard' 'two' is not K/N (this share, of how many: 2/3)"),
            (["build", "Lib", "--shard", "1/3"], "--shard needs --output PART: the folder of this share's part"),
            (["join", "-o", "Site"], "join needs the parts to join (PART…)"),
            (["join", "p/1", "p/2"], "join needs --output SITE: the folder of the joined site"),
        ])
    func refused(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(arguments) }
        do {
            _ = try ArgumentParser.parse(arguments)
        } catch {
            #expect(error.message == message)
        }
    }
}
