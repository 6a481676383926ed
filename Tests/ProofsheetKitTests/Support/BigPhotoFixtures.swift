import Foundation
import Testing

/// What the big-photo suites share: a build's peak memory under /usr/bin/time, and the
/// picture compared with libvips' at 64×64 grey.
enum BigPhotoFixtures {
    /// What a build may take at its peak, in KB (the child's maximum resident set).
    static let peakLimitKB = 400 * 1024
    /// Under a sanitizer (Tests/sanitize/run.sh sets PROOFSHEET_SANITIZER) the resident set
    /// is the sanitizer's, no measure of the build: the pictures and refusals are still
    /// checked, the peaks are not.
    static let measuresMemory = ProcessInfo.processInfo.environment["PROOFSHEET_SANITIZER"] == nil

    /// Runs `arguments` under /usr/bin/time: its status, what it printed, and its peak
    /// resident memory in KB.
    static func peakKB(of arguments: [String]) throws -> (status: Int32, output: String, kilobytes: Int) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("peak-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: report) }
        let child = try ChildProcess.run("/usr/bin/time", ["-f", "%M", "-o", report] + arguments)
        let kilobytes = Int(try readText(report).trimmingCharacters(in: .whitespacesAndNewlines)) ?? Int.max
        return (child.status, child.out + child.err, kilobytes)
    }

    /// The mean absolute difference, out of 255, between two pictures reduced to 64×64
    /// grey by libvips.
    static func greyDifference(_ a: String, _ b: String, in directory: String) throws -> Double {
        func grey(_ path: String) throws -> String {
            let small = directory + "/grey-\(UUID().uuidString).v", out = directory + "/grey-\(UUID().uuidString).v"
            try Tool.run(["vipsthumbnail", path, "--size", "64x64!", "-o", small])
            try Tool.run(["vips", "colourspace", small, out, "b-w"])
            return out
        }
        let difference = directory + "/difference.v", absolute = directory + "/absolute.v"
        try Tool.run(["vips", "subtract", try grey(a), try grey(b), difference])
        try Tool.run(["vips", "abs", difference, absolute])
        return Double(try Tool.run(["vips", "avg", absolute]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity
    }
}
