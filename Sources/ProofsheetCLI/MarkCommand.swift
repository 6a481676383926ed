import ProofsheetKit

/// `proofsheet mark`: the order's marks into the library's sidecars, or `--undo`. The work
/// is `LibraryMarker`'s; this runs it and prints, every line through `Printable`.
struct MarkCommand {
    var options: MarkOptions

    func run(console: Console) async -> Int32 {
        func out(_ line: String) { console.print(Printable.line(line)) }
        func err(_ line: String) { console.warn(Printable.line(line)) }
        let marker = LibraryMarker(options: options)
        if options.undo { return undo(marker, out: out, err: err) }
        let report: LibraryMarker.Report
        do {
            report = try marker.run()
        } catch {
            for problem in error.problems { err("error: \(problem)") }
            return ExitCode.badInput
        }
        for problem in report.refused { err("error: \(problem)") }
        let verb = report.dryRun ? "would " : ""
        for change in report.changes {
            switch change.action {
            case .create: out("\(verb)create \(change.sidecar): \(change.mark.described) (\(change.photo))")
            case .update: out("\(verb)update \(change.sidecar): \(change.mark.described) (\(change.photo))")
            case .unchanged: if report.dryRun { out("\(change.sidecar) holds its marks already") }
            }
        }
        let written = report.written.count
        let sidecars = written == 1 ? "1 sidecar" : "\(written) sidecars"
        if written == 0 {
            out("nothing to do: the sidecars of \(options.library) hold these marks already")
        } else if report.dryRun {
            out("dry run: would write \(sidecars) in \(options.library) (nothing written)")
        } else {
            out("marked \(sidecars) in \(options.library); the same command with --undo puts them back")
        }
        return report.refused.isEmpty ? ExitCode.success : ExitCode.badInput
    }

    private func undo(_ marker: LibraryMarker, out: (String) -> Void, err: (String) -> Void) -> Int32 {
        let undo: LibraryMarker.Undo
        do {
            undo = try marker.undo()
        } catch {
            for problem in error.problems { err("error: \(problem)") }
            return ExitCode.badInput
        }
        guard let order = undo.order else {
            out("nothing to undo: mark has not changed \(options.library)")
            return ExitCode.success
        }
        for problem in undo.refused { err("error: \(problem)") }
        let verb = undo.dryRun ? "would " : ""
        for path in undo.restored { out("\(verb)restore \(path)") }
        for path in undo.removed { out("\(verb)remove \(path) (mark made it)") }
        let count = undo.restored.count + undo.removed.count
        let what = count == 1 ? "1 sidecar" : "\(count) sidecars"
        out(
            undo.dryRun
                ? "dry run: would put back \(what) as they were before marking \(order)"
                : "put back \(what) as they were before marking \(order)")
        return undo.refused.isEmpty ? ExitCode.success : ExitCode.badInput
    }
}
