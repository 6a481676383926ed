import ProofsheetKit

/// `build --shard K/N` and `join PART… --output SITE`.
extension ArgumentParser {
    /// `--shard K/N`, which needs the part's folder named (a part is not a site: `Site` is
    /// no default for it).
    static func shard(_ scanner: OptionScanner) throws(UsageError) -> Shard? {
        guard let text = scanner.value("--shard") else { return nil }
        switch Shard.parse(text) {
        case .failure(let problem): throw UsageError("option '--shard' '\(text)' \(problem.reason)", command: "build")
        case .success(let shard):
            guard scanner.value("--output") != nil || scanner.value("-o") != nil else {
                throw UsageError("--shard needs --output PART: the folder of this share's part", command: "build")
            }
            return shard
        }
    }

    static func parseJoin(_ arguments: [String]) throws(UsageError) -> Invocation {
        let scanner = try OptionScanner(
            command: "join", specs: ["--output": .value, "-o": .value, "--templates": .value],
            arguments: arguments)
        if scanner.wantsHelp { return .help(topic: "join") }
        guard !scanner.positionals.isEmpty else { throw UsageError("join needs the parts to join (PART…)", command: "join") }
        if let empty = scanner.positionals.first(where: \.isEmpty) {
            throw UsageError("join: an empty folder name ('\(empty)')", command: "join")
        }
        if scanner.value("--output") != nil && scanner.value("-o") != nil {
            throw UsageError("option '--output' given twice", command: "join")
        }
        guard let output = try scanner.nonEmpty("--output", "-o") else {
            throw UsageError("join needs --output SITE: the folder of the joined site", command: "join")
        }
        return .join(JoinOptions(parts: scanner.positionals, output: output, templates: try scanner.nonEmpty("--templates")))
    }
}
