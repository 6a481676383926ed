/// An error about one file or folder, with the reason in plain words.
///
/// `description` is the one line shown to the user: `PATH: reason`.
public struct ProofsheetError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file or folder concerned, as the user should see it (relative when possible).
    public var path: String
    public var reason: String

    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }
}
