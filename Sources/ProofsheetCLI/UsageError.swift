/// A mistake in the command line. Exit status 64 (EX_USAGE); the message names the
/// option and what was wrong, and points at `--help`.
public struct UsageError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    /// The command whose help to point at, if any.
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
