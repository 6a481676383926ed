import Foundation
import ProofsheetKit

/// `proofsheet build`: runs the site builder and reports, with a live progress line on
/// a terminal.
struct BuildCommand {
    var options: BuildOptions
    var strict: Bool
    var quiet: Bool

    func run(console: Console) async -> Int32 {
        let report: BuildReport
        do {
            report = try await SiteBuilder(options: options).build { progress in
                guard !quiet else { return }
                console.progress(Self.progressLine(progress))
            }
        } catch {
            console.clearProgress()
            console.warn("error: \(error)")
            return ExitCode.badInput
        }
        return Self.finish(
            console: console, quiet: quiet, strict: strict, failures: report.failures, warnings: report.warnings,
            summary: Self.summary(report))
    }

    /// A build's end, a whole one's or a shard's: its failures and warnings, a line each,
    /// then its summary; the exit status (`--strict` fails when a photo failed).
    static func finish<Failure, Warning>(
        console: Console, quiet: Bool, strict: Bool, failures: [Failure], warnings: [Warning], summary: String
    ) -> Int32 {
        if !quiet { console.clearProgress() }
        for failure in failures { console.warn("warning: \(failure)") }
        for warning in warnings { console.warn("warning: \(warning)") }
        console.print(summary)
        return strict && !failures.isEmpty ? ExitCode.strictFailure : ExitCode.success
    }

    static func progressLine(_ progress: BuildProgress) -> String {
        let rate = progress.elapsed > 0 ? Double(progress.done) / progress.elapsed : 0
        let remaining = rate > 0 ? Double(progress.total - progress.done) / rate : 0
        return "\(progress.done)/\(progress.total) photos · \(format(rate)) photos/s · ETA \(duration(remaining))"
    }

    /// The one summary line: photos (with RAW and Live Photos), albums, skipped, failed,
    /// settings changed, time, and where the page is.
    static func summary(_ report: BuildReport) -> String {
        var photos = report.photos == 1 ? "1 photo" : "\(report.photos) photos"
        if report.withRAW > 0 { photos += ", \(report.withRAW) RAW" }
        if report.livePhotos > 0 { photos += report.livePhotos == 1 ? ", 1 Live Photo" : ", \(report.livePhotos) Live Photos" }
        let albums = report.albums == 1 ? "1 album" : "\(report.albums) albums"
        var details = ["\(report.skipped) skipped", "\(report.failures.count) failed"]
        if report.reused > 0 { details.append("\(report.reused) unchanged") }
        if report.resumed { details.append("carried on after an interrupted first build") }
        var inParentheses = details.joined(separator: ", ")
        if !report.changes.isEmpty { inParentheses += "; " + report.changes.joined(separator: ", ") }
        return "Built \(photos) in \(albums) (\(inParentheses)) in \(duration(report.seconds)) → \(report.indexPath)"
    }

    static func format(_ rate: Double) -> String {
        rate >= 10 ? String(Int(rate.rounded())) : String(format: "%.1f", rate)
    }

    static func duration(_ seconds: Double) -> String {
        if seconds < 10 { return String(format: "%.1f s", seconds) }
        if seconds < 90 { return "\(Int(seconds.rounded())) s" }
        return "\(Int(seconds) / 60) min \(Int(seconds) % 60) s"
    }
}

/// The exit statuses, documented in the help text and the README.
enum ExitCode {
    static let success: Int32 = 0
    static let strictFailure: Int32 = 1
    static let badInput: Int32 = 2
    static let usage: Int32 = 64
}
