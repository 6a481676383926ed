import ProofsheetKit

/// What the command line asks for, parsed and validated, not yet run.
public enum Invocation: Equatable, Sendable {
    case help(topic: String?)
    case version
    case build(BuildOptions, strict: Bool, quiet: Bool)
    /// `build --shard K/N`: one share of the library, written as a part.
    case shard(BuildOptions, Shard, strict: Bool, quiet: Bool)
    case join(JoinOptions)
    /// `notes`: what to say first (a deprecated option).
    case collect(CollectOptions, notes: [String])
    case merge(MergeOptions)
    case mark(MarkOptions)
    case demo(output: String, library: String?, quiet: Bool)
}
