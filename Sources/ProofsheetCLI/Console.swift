import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a command writes: results and progress to stdout, warnings and errors to stderr.
/// Tests pass a console that records instead.
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

    public func print(_ line: String, terminator: String = "\n") { out(line + terminator) }
    public func warn(_ line: String) { err(line + "\n") }

    /// Redraws the one progress line (terminals only).
    public func progress(_ line: String) {
        guard isTerminal else { return }
        out("\r\u{1B}[2K" + line)
    }

    public func clearProgress() {
        guard isTerminal else { return }
        out("\r\u{1B}[2K")
    }
}
