import ProofsheetKit

/// The command-line interface: parse, validate, run. `main` calls `run` and exits with
/// what it returns.
public enum CLI {
    /// `standardInput` is read for `collect -`; tests pass the bytes.
    public static func run(
        arguments: [String], console: Console = .standard(),
        standardInput: (@Sendable () -> [UInt8])? = nil
    ) async -> Int32 {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            // One line per problem (each bad --selection value).
            for line in error.message.split(separator: "\n") { console.warn("proofsheet: \(line)") }
            let help = error.command.map { "proofsheet \($0) --help" } ?? "proofsheet --help"
            console.warn("Run '\(help)' for usage.")
            return ExitCode.usage
        }
        switch invocation {
        case .help(let topic):
            console.printText(HelpText.text(for: topic))
            return ExitCode.success
        case .version:
            let formats = Thumbnailer.readableFormats.map(\.displayName).joined(separator: ", ")
            console.print(Proofsheet.generator)
            console.print("reads: \(formats)")
            return ExitCode.success
        case .build(let options, let strict, let quiet):
            return await BuildCommand(options: options, strict: strict, quiet: quiet).run(console: console)
        case .shard(let options, let shard, let strict, let quiet):
            return await ShardCommand(options: options, shard: shard, strict: strict, quiet: quiet).run(console: console)
        case .join(let options):
            return await JoinCommand(options: options).run(console: console)
        case .collect(let options, let notes):
            return await CollectCommand(options: options, notes: notes, standardInput: standardInput ?? CollectCommand.readStandardInput)
                .run(console: console)
        case .merge(let options):
            return await MergeCommand(options: options).run(console: console)
        case .mark(let options):
            return await MarkCommand(options: options).run(console: console)
        case .demo(let output, let library, let quiet):
            return await DemoCommand(output: output, library: library, quiet: quiet).run(console: console)
        }
    }
}
