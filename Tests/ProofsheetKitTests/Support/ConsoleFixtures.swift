import ProofsheetCLI

/// Runs the CLI with a console that records what it prints.
final class RecordingConsole {
    var out = ""
    var err = ""
    lazy var console = Console(out: { [unowned self] in self.out += $0 }, err: { [unowned self] in self.err += $0 }, isTerminal: false)
}
