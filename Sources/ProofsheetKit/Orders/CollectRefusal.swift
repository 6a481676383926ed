/// Why `collect` did nothing: every problem found, one per line, each naming the file,
/// field or line concerned. Checks go on after the first problem so the user can fix
/// them all at once.
public struct CollectRefusal: Error, CustomStringConvertible, Equatable, Sendable {
    public var problems: [ProofsheetError]

    public init(_ problems: [ProofsheetError]) {
        self.problems = problems
    }

    public init(_ path: String, _ reason: String) {
        self.problems = [ProofsheetError(path, reason)]
    }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
