import Foundation
import ProofsheetKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `proofsheet collect`: gathers the picked originals. The work is in ProofsheetKit's
/// `Collector`; this type only runs it and prints — every line through `Printable`, so
/// names from the order file or the library cannot reach the terminal raw.
struct CollectCommand {
    var options: CollectOptions
    /// Said before anything else (a deprecated option).
    var notes: [String] = []
    /// Reads standard input, for `collect -`.
    var standardInput: @Sendable () -> [UInt8]

    func run(console: Console) async -> Int32 {
        func out(_ line: String) { console.print(Printable.line(line)) }
        func err(_ line: String) { console.warn(Printable.line(line)) }
        for note in notes { err("warning: \(note)") }
        let input = options.orderFile == CollectOptions.standardInput ? standardInput() : nil
        let collector = Collector(options: options, standardInput: input)

        if let format = options.list {
            do {
                let (text, warnings) = try collector.list(format)
                for warning in warnings { err("warning: \(warning)") }
                console.printList(text)
            } catch {
                for problem in error.problems { err("error: \(problem)") }
                return ExitCode.badInput
            }
            return ExitCode.success
        }

        let run: Collector.Run
        do {
            run = try collector.runAll()
        } catch {
            for problem in error.problems { err("error: \(problem)") }
            let count = error.problems.count
            err("nothing was collected (\(count == 1 ? "1 problem" : "\(count) problems"))")
            return ExitCode.badInput
        }
        for note in run.notes { out(note) }
        for report in run.reports {
            for line in report.recovered { out(line) }
            for warning in report.warnings { err("warning: \(warning)") }
            for notice in report.plan.notices { out(notice) }
            if report.dryRun {
                for line in Self.planLines(report.plan) { out(line) }
            }
            out(Self.summary(report))
        }
        return ExitCode.success
    }

    /// One line per file, in order: `1. Beach Day/IMG_0101.jpg → Beach picks/1-IMG_0101.jpg`,
    /// companions under their photo, then the files collect writes beside them, what
    /// goes, and the lines of a pasted list that were skipped.
    static func planLines(_ plan: CollectPlan) -> [String] {
        let width = String(plan.orderFile.picks.count).count
        let indent = String(repeating: " ", count: width + 2)
        func state(_ action: CollectPlan.Action, _ name: String) -> String {
            switch action {
            case .add: ""
            case .unchanged: " (already there)"
            case .replace:
                plan.previousRecord?.entry(named: name) != nil ? " (replaces the copy collected before)" : " (replaces the existing file)"
            }
        }
        var lines: [String] = []
        let order = plan.orderFile
        if let site = plan.site {
            lines.append("what the gallery published: as \(site)/manifest.json says")
        } else {
            lines.append(
                "what the gallery published: unknown, no site used (no --site, no Site/ of this library here or beside the order file)")
        }
        if let by = order.by { lines.append("picked by \(by)") }
        if let note = order.note { lines += note.split(separator: "\n", omittingEmptySubsequences: false).map { "note: \($0)" } }
        let notes = Dictionary(order.picks.compactMap { pick in pick.note.map { (pick.order, $0) } }, uniquingKeysWith: { a, _ in a })
        for item in plan.items {
            if let kind = item.companion {
                lines.append("\(indent)+ \(item.path) → \(plan.display(item.name)) (\(kind.label))\(state(item.action, item.name))")
            } else {
                let number = String(item.order)
                let padding = String(repeating: " ", count: max(0, width - number.count))
                lines.append("\(padding)\(number). \(item.path) → \(plan.display(item.name))\(state(item.action, item.name))")
                if let note = notes[item.order] {
                    lines += note.split(separator: "\n", omittingEmptySubsequences: false).map { "\(indent)note: \($0)" }
                }
            }
        }
        for file in plan.generated {
            let what =
                switch file.role {
                case .order: "\(file.name) (the order file)"
                case .csv: "the list as CSV"
                case .notes: "the notes"
                case .sidecar: "#\(file.order ?? 0)'s marks in \(file.source ?? "a new XMP sidecar")"
                }
            lines.append("\(indent)\(what) → \(plan.display(file.name))\(state(file.action, file.name))")
        }
        for name in plan.removals { lines.append("remove \(plan.display(name)) (collected before, no longer picked)") }
        for name in plan.kept { lines.append("keep \(plan.display(name)) (collected before and changed since)") }
        for skipped in plan.orderFile.skippedLines {
            lines.append("skip line \(skipped.line): \"\(skipped.text)\" (names no photo)")
        }
        for staging in plan.interrupted {
            lines.append(
                "\((staging as NSString).lastPathComponent), named like collect's staging folder: the next run settles it first if an interrupted collect of yours left it, else leaves it alone"
            )
        }
        return lines
    }

    /// `collected 3 photos into Anna & Ben picks/`.
    static func summary(_ report: CollectReport) -> String {
        let plan = report.plan
        let photos = plan.photos
        var what = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
        // "these 3 photos", "this photo": the folder already holds them.
        var held = photos.count == 1 ? "this photo" : "these \(photos.count) photos"
        let companions = plan.companions
        if !companions.isEmpty {
            let kinds = CompanionKind.allCases.compactMap { kind -> String? in
                let count = companions.filter { $0.companion == kind }.count
                return count == 0 ? nil : kind.counted(count)
            }
            let counted = companions.count == 1 ? "1 companion" : "\(companions.count) companions"
            what += " and \(counted) (\(kinds.joined(separator: ", ")))"
            held +=
                " and \(photos.count == 1 ? "its" : "their") \(companions.count == 1 ? "companion" : counted) (\(kinds.joined(separator: ", ")))"
        }
        let folder = plan.display("")
        if plan.isNothingToDo {
            return report.dryRun
                ? "dry run: \(folder) already holds \(held); nothing to do" : "nothing to do: \(folder) already holds \(held)"
        }
        var changes = ""
        if plan.outputExists && plan.previousRecord != nil {
            let files = plan.items
            let new = files.filter { $0.action == .add }.count
            let replaced = files.filter { $0.action == .replace }.count
            let same = files.filter { $0.action == .unchanged }.count
            // Photos and companions removed; the order file's old copy and lists go unsaid.
            let removed = plan.removals.filter { name in
                let role = plan.previousRecord?.entry(named: name)?.role
                return role == "photo" || role == "companion"
            }.count
            var parts: [String] = []
            if new > 0 { parts.append("\(new) new") }
            if replaced > 0 { parts.append("\(replaced) replaced") }
            if same > 0 { parts.append("\(same) already there") }
            if removed > 0 { parts.append("\(removed) removed") }
            if !parts.isEmpty { changes = ": " + parts.joined(separator: ", ") }
        }
        if report.dryRun { return "dry run: would collect \(what) into \(folder)\(changes) (nothing written)" }
        var line = "collected \(what) into \(folder)\(changes)"
        if plan.link {
            line += report.copied == 0 ? " (hard links)" : " (\(report.linked) hard-linked, \(report.copied) copied)"
        }
        return line
    }

    /// Standard input, whole, up to one byte past the largest order file (so a larger one
    /// is refused by the parser, not cut).
    static func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while bytes.count <= OrderFile.maximumBytes {
            let got = FileSystem.uninterrupted { buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) } }
            if got <= 0 { break }  // the end, or an error
            bytes.append(contentsOf: buffer[0..<got])
        }
        return bytes
    }
}
