/// `mark --undo`: the last run in the journal, taken back — each sidecar it changed gets
/// its bytes from before again, each it made is removed. A sidecar changed since (by
/// Lightroom, by hand) is not touched, and said so by name; the run stays in the journal
/// only if some sidecar could not be put back.
extension LibraryMarker {
    public struct Undo: Sendable {
        /// The order file of the run taken back; nil when there was none.
        public var order: String?
        public var restored: [String]
        public var removed: [String]
        /// Already as before (a run killed before it wrote them).
        public var untouched: [String]
        public var refused: [ProofsheetError]
        public var dryRun: Bool
    }

    public func undo() throws(CollectRefusal) -> Undo {
        let library = try checkedLibrary()
        var journal: MarkJournal
        do {
            journal = try MarkJournal.read(library: library)
        } catch {
            throw CollectRefusal([error])
        }
        var undo = Undo(order: nil, restored: [], removed: [], untouched: [], refused: [], dryRun: options.dryRun)
        guard let run = journal.runs.last else { return undo }
        undo.order = run.order
        var left: [MarkJournal.File] = []
        for file in run.files {
            let path = library + "/" + file.path
            let now = FileSystem.exists(path) ? try? FileSystem.read(path) : nil
            let before = file.beforeBytes
            if now == before {
                undo.untouched.append(file.path)
                continue
            }
            guard let after = file.afterBytes, now == after else {
                undo.refused.append(ProofsheetError(file.path, "changed since mark wrote it; left as it is"))
                left.append(file)
                continue
            }
            if options.dryRun {
                if before == nil { undo.removed.append(file.path) } else { undo.restored.append(file.path) }
                continue
            }
            do {
                if let before {
                    try FileSystem.writeAtomically(before, to: path)
                    undo.restored.append(file.path)
                } else {
                    FileSystem.remove(path)
                    undo.removed.append(file.path)
                }
            } catch {
                undo.refused.append(ProofsheetError(file.path, "cannot write (\(FileSystem.describe(error))); left as it is"))
                left.append(file)
            }
        }
        guard !options.dryRun else { return undo }
        journal.runs.removeLast()
        if !left.isEmpty { journal.runs.append(MarkJournal.Run(order: run.order, files: left)) }
        do {
            try journal.write(library: library)
        } catch {
            throw CollectRefusal([error])
        }
        return undo
    }
}
