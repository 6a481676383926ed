import Foundation
import ProofsheetKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: results and progress to stdout, warnings and errors to stderr.
/// Tests pass a console that records instead.
///
/// Every line is escaped on its way out (`TerminalText`): a control character in a file
/// name or in quoted input is shown as `\x1b`, `\n`, `\t`, never sent to the terminal.
/// A line is one line: a newline inside it is shown, not obeyed.
public final class Console {
    private let out: (String) -> Void
    private let err: (String) -> Void
    /// Whether stdout is a terminal (progress lines are drawn only then).
    public let isTerminal: Bool

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, isTerminal: Bool) {
        self.out = out
        self.err = err
        self.isTerminal = isTerminal
    }

    public static func standard() -> Console {
        Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            isTerminal: isatty(STDOUT_FILENO) == 1)
    }

    public func print(_ line: String) { out(TerminalText.escaped(line) + "\n") }
    public func warn(_ line: String) { err(TerminalText.escaped(line) + "\n") }

    /// Text of several lines (the help, a CSV), printed as it is but for its characters
    /// other than line ends, which are escaped.
    public func printText(_ text: String) {
        out(TerminalText.escaped(text, keepingLineEnds: true))
    }

    /// A list for other software (`collect --list`), printed byte for byte as the page's
    /// Copy list writes it — a tab or a bidirectional control in a name included, so the
    /// list still finds that file — but for control characters, which are escaped.
    public func printList(_ text: String) {
        out(TerminalText.escapingControls(text))
    }

    /// Redraws the one progress line (terminals only).
    public func progress(_ line: String) {
        guard isTerminal else { return }
        out("\r\u{1B}[2K" + TerminalText.escaped(line))
    }

    public func clearProgress() {
        guard isTerminal else { return }
        out("\r\u{1B}[2K")
    }
}
