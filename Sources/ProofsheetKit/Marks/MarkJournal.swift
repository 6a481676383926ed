import Foundation

/// What `mark` changed in a library, run by run, so `mark --undo` puts back exactly what
/// was there: each sidecar's bytes before (none for one it made) and after.
///
/// Kept in the library as `.proofsheet-marks.json` (hidden, so no scan takes it for a
/// photo). A run's entry is written before its first sidecar, so a run killed part way
/// can be undone too: a sidecar that still holds its bytes from before is left alone.
struct MarkJournal: Codable, Equatable {
    static let fileName = ".proofsheet-marks.json"
    static let formatName = "proofsheet-mark-journal"

    var format = MarkJournal.formatName
    var version = 1
    var runs: [Run] = []

    struct Run: Codable, Equatable {
        /// The order file, as the user named it.
        var order: String
        var files: [File]
    }

    struct File: Codable, Equatable {
        /// Relative to the library, `/` separators (UTF-8: `mark` writes no other name).
        var path: String
        /// Base64 of the sidecar's bytes before; nil when `mark` made it.
        var before: String?
        var after: String

        var beforeBytes: [UInt8]? { before.flatMap { Data(base64Encoded: $0) }.map { Array($0) } }
        var afterBytes: [UInt8]? { Data(base64Encoded: after).map { Array($0) } }
    }

    /// The journal in `library`; an empty one when there is none. Refused when it is there
    /// and not one `mark` wrote.
    static func read(library: String) throws(ProofsheetError) -> MarkJournal {
        let path = library + "/" + fileName
        guard FileSystem.exists(path) else { return MarkJournal() }
        do {
            let journal = try JSONDecoder().decode(MarkJournal.self, from: Data(try FileSystem.read(path)))
            guard journal.format == formatName, journal.version == 1,
                journal.runs.allSatisfy({ $0.files.allSatisfy { OrderFileParser.pathProblem($0.path) == nil } })
            else { throw ProofsheetError(fileName, "not a journal of proofsheet mark") }
            return journal
        } catch let error as ProofsheetError {
            throw error
        } catch {
            throw ProofsheetError(fileName, "not a journal of proofsheet mark (\(FileSystem.describe(error)))")
        }
    }

    /// Writes the journal into `library` atomically; removes it when no run is left.
    func write(library: String) throws(ProofsheetError) {
        let path = library + "/" + Self.fileName
        guard !runs.isEmpty else {
            FileSystem.remove(path)
            return
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try FileSystem.writeAtomically(Array(try encoder.encode(self)) + [0x0A], to: path)
        } catch {
            throw ProofsheetError(Self.fileName, "cannot write (\(FileSystem.describe(error)))")
        }
    }
}
