#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file written in full beside its destination, not yet in place: `commit` renames it
/// over the destination; dropped without a commit, it is deleted.
///
/// Several files that must change together (the manifest and the page) are all staged
/// first — that is where a full disk or a read-only folder shows — and only then renamed,
/// so a failure leaves every destination as it was.
public struct StagedFile: ~Copyable {
    public let destination: String
    private let temporary: String
    private var committed = false

    /// Writes `bytes` to a temporary file beside `destination`. Throws like
    /// `FileSystem.writeAtomically`, naming the folder and the reason.
    public init(_ bytes: some Collection<UInt8>, for destination: String) throws {
        self.destination = destination
        temporary = try FileSystem.writeTemporary(bytes, beside: destination)
    }

    /// Puts the file in place.
    public consuming func commit() throws {
        guard rename(temporary, destination) == 0 else {
            throw ProofsheetError(destination, "cannot write (\(FileSystem.reason(errno)))")
        }
        committed = true
    }

    deinit {
        if !committed { unlink(temporary) }
    }
}
