import Foundation
import ProofsheetKit

/// `proofsheet collect`: gathers the picked originals. The work is in ProofsheetKit's
/// `Collector`; this type only runs it and prints.
struct CollectCommand {
    var options: CollectOptions

    func run(console: Console) async -> Int32 {
        let report: CollectReport
        do {
            report = try Collector(options: options).run()
        } catch {
            for problem in error.problems { console.warn("error: \(problem)") }
            let count = error.problems.count
            console.warn("nothing was collected (\(count == 1 ? "1 problem" : "\(count) problems"))")
            return ExitCode.badInput
        }
        for warning in report.warnings { console.warn("warning: \(warning)") }
        if report.dryRun {
            for line in Self.planLines(report.plan) { console.print(line) }
        }
        console.print(Self.summary(report))
        return ExitCode.success
    }

    /// One line per file, in order: `1. Beach Day/IMG_0101.jpg → Beach picks/1-IMG_0101.jpg`.
    static func planLines(_ plan: CollectPlan) -> [String] {
        let width = String(plan.items.count).count
        var lines = plan.items.map { item in
            let number = String(item.order)
            let padding = String(repeating: " ", count: max(0, width - number.count))
            let replacing = item.replaces ? " (replaces the existing file)" : ""
            return "\(padding)\(number). \(item.path) → \(plan.display(item.name))\(replacing)"
        }
        let replacing = plan.replacesOrderFile ? " (replaces the existing file)" : ""
        lines.append(
            "\(String(repeating: " ", count: width + 2))\(plan.orderFileName) (the order file) → \(plan.display(plan.orderFileName))\(replacing)")
        return lines
    }

    /// `collected 3 photos into Anna & Ben picks/`.
    static func summary(_ report: CollectReport) -> String {
        let count = report.plan.items.count
        let photos = count == 1 ? "1 photo" : "\(count) photos"
        let folder = report.plan.display("")
        if report.dryRun { return "dry run: would collect \(photos) into \(folder) (nothing written)" }
        var line = "collected \(photos) into \(folder)"
        if report.plan.link {
            line += report.copied == 0 ? " (hard links)" : " (\(report.linked) hard-linked, \(report.copied) copied)"
        }
        return line
    }
}
