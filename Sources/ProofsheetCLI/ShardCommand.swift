import Foundation
import ProofsheetKit

/// `proofsheet build --shard K/N`: builds one share's part and says which share, of how
/// many photos.
struct ShardCommand {
    var options: BuildOptions
    var shard: Shard
    var strict: Bool
    var quiet: Bool

    func run(console: Console) async -> Int32 {
        let report: ShardReport
        do {
            report = try await ShardBuilder(options: options, shard: shard).build { progress in
                guard !quiet else { return }
                console.progress("shard \(shard): " + BuildCommand.progressLine(progress))
            }
        } catch {
            console.clearProgress()
            console.warn("error: \(error)")
            return ExitCode.badInput
        }
        return BuildCommand.finish(
            console: console, quiet: quiet, strict: strict, failures: report.failures, warnings: report.warnings,
            summary: Self.summary(report))
    }

    /// `shard 2/3: 81 of 240 photos (2 rendered, 79 unchanged, 0 failed) in 1.2 s → parts/2`
    static func summary(_ report: ShardReport) -> String {
        let total = report.total == 1 ? "1 photo" : "\(report.total) photos"
        let details = "\(report.rendered) rendered, \(report.reused) unchanged, \(report.failures.count) failed"
        return
            "shard \(report.shard): \(report.photos) of \(total) (\(details)) in \(BuildCommand.duration(report.seconds)) → \(report.partPath)"
    }
}

/// `proofsheet join PART… --output SITE`.
struct JoinCommand {
    var options: JoinOptions

    func run(console: Console) async -> Int32 {
        let report: JoinReport
        do {
            report = try await SiteJoiner(options: options).join()
        } catch {
            console.warn("error: \(error)")
            return ExitCode.badInput
        }
        if let reason = report.copiedBecause, report.copied > 0 {
            console.warn("note: \(report.copied) images copied, not hard-linked: \(reason)")
        }
        console.print(Self.summary(report))
        return ExitCode.success
    }

    /// `Joined 3 parts: 240 photos in 5 albums (0 failed) in 0.4 s → Site/index.html`
    static func summary(_ report: JoinReport) -> String {
        let parts = report.parts == 1 ? "1 part" : "\(report.parts) parts"
        let photos = report.photos == 1 ? "1 photo" : "\(report.photos) photos"
        let albums = report.albums == 1 ? "1 album" : "\(report.albums) albums"
        return
            "Joined \(parts): \(photos) in \(albums) (\(report.failed) failed) in \(BuildCommand.duration(report.seconds)) → \(report.indexPath)"
    }
}
