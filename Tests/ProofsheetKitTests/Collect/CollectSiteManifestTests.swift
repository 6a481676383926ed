import Foundation
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A site's `manifest.json` is untrusted (a site folder someone else made): it is checked
/// by its size and first bytes before it is read whole.
@Suite("A site's manifest read with care")
struct CollectSiteManifestTests {
    /// A file `size` bytes long that starts with `head` and holds nothing else (sparse:
    /// nothing is written past the head).
    func sparse(_ path: String, head: String, size: UInt64) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(head.utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
    }

    /// `proofsheet ARGUMENTS` with its address space capped at 400 MB (`ulimit -v`): a
    /// run that reads a large file whole fails for want of memory instead of passing.
    /// Under a sanitizer (Tests/sanitize/run.sh sets PROOFSHEET_SANITIZER) the cap is
    /// left off, as AddressSanitizer reserves terabytes of shadow memory at start; the
    /// refusal is still checked.
    func runCapped(_ arguments: [String]) throws -> ChildProcess {
        let executable = try #require(CommandRunner.executable, "the proofsheet executable was not built")
        let cap = ProcessInfo.processInfo.environment["PROOFSHEET_SANITIZER"] == nil ? "ulimit -v 400000 && " : ""
        return try ChildProcess.run("/bin/sh", ["-c", cap + #"exec "$0" "$@""#, executable] + arguments)
    }

    @Test("a manifest larger than a million-photo site needs is refused before it is read, in bounded memory")
    func tooLarge() async throws {
        try await withCollectFixture { f in
            _ = try f.add("a.jpg", seed: 1)
            let order = try f.textOrder(["a.jpg"])
            try FileManager.default.createDirectory(atPath: f.root + "/Site", withIntermediateDirectories: true)
            try sparse(f.root + "/Site/manifest.json", head: "{", size: UInt64(ManifestFile.maximumBytes) + 1)
            let run = try runCapped(["collect", order, "--library", f.library, "--site", f.root + "/Site", "--dry-run"])
            #expect(!run.signalled)
            #expect(run.status == 2)
            #expect(
                run.err.hasPrefix(
                    "error: \(f.root)/Site/manifest.json: too large for a site's manifest (more than 1 GB, the most a site of a million photos needs)\n"
                ), "\(run.err)")
        }
    }

    @Test("a large file that does not start as a JSON object is refused after its first bytes")
    func notJSON() async throws {
        try await withCollectFixture { f in
            _ = try f.add("a.jpg", seed: 1)
            let order = try f.textOrder(["a.jpg"])
            try FileManager.default.createDirectory(atPath: f.root + "/Site", withIntermediateDirectories: true)
            // 900 MB, under the cap, of zero bytes: more than the child may hold.
            try sparse(f.root + "/Site/manifest.json", head: "\0", size: 900 * 1024 * 1024)
            let run = try runCapped(["collect", order, "--library", f.library, "--site", f.root + "/Site", "--dry-run"])
            #expect(!run.signalled)
            #expect(run.status == 2)
            #expect(
                run.err.hasPrefix(
                    "error: \(f.root)/Site/manifest.json: not a proofsheet manifest (it does not start as a JSON object)\n"), "\(run.err)")
        }
    }

    @Test("a FIFO named manifest.json is refused, not waited on")
    func fifo() async throws {
        try await withCollectFixture { f in
            _ = try f.add("a.jpg", seed: 1)
            let order = try f.textOrder(["a.jpg"])
            try FileManager.default.createDirectory(atPath: f.root + "/Site", withIntermediateDirectories: true)
            #expect(mkfifo(f.root + "/Site/manifest.json", 0o644) == 0)
            #expect(throws: ProofsheetError(f.root + "/Site/manifest.json", "is not a regular file")) {
                _ = try SiteCatalog.read(site: f.root + "/Site", display: f.root + "/Site")
            }
            // As a rebuild reads its first bytes.
            let refusal = #expect(throws: ManifestFile.Refusal.self) {
                _ = try ManifestFile.readPrefix(f.root + "/Site/manifest.json", count: 64 * 1024)
            }
            #expect(refusal?.reason == "is not a regular file")
            _ = order
        }
    }
}
