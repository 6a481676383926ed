import Foundation
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real `proofsheet` binary, killed with SIGKILL between any two of its file
/// operations: a small preloaded library (`Tests/fixtures/kill_at.c`) counts every
/// write, rename, link, removal and folder creation and kills the process at the Nth.
/// Each test tries every N until the run completes.
enum KilledBinary {
    /// The binary built beside this test bundle.
    static let binary: String = {
        let exe = FileSystem.realPath("/proc/self/exe") ?? CommandLine.arguments[0]
        return (exe as NSString).deletingLastPathComponent + "/proofsheet"
    }()

    /// The preloaded library, compiled once with the toolchain's C compiler.
    static let shim: String = {
        let source = repositoryRoot + "/Tests/fixtures/kill_at.c"
        let library = (binary as NSString).deletingLastPathComponent + "/kill_at.so"
        let compiler = ["clang", "cc", "gcc"].lazy.compactMap(findInPath).first ?? "clang"
        let temporary = library + ".\(getpid())"
        let result = run(compiler, ["-shared", "-fPIC", "-O2", "-o", temporary, source], in: "/", environment: [:])
        if result.status == 0 { rename(temporary, library) }
        return library
    }()

    static func findInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }

    struct Result {
        var status: Int32
        var killed: Bool
        var out: String
        var err: String
    }

    static func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String]) -> Result {
        var env = environment
        // A sanitized binary accepts a preload only when told to.
        env["ASAN_OPTIONS"] = (ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "verify_asan_link_order=0"
        do {
            let child = try ChildProcess.run(executable, arguments, in: directory, environment: env)
            return Result(status: child.status, killed: child.signalled && child.status == SIGKILL, out: child.out, err: child.err)
        } catch {
            return Result(status: -1, killed: false, out: "", err: "\(error)")
        }
    }

    /// `proofsheet collect …` in `directory`; killed at the `killAt`th file operation.
    static func collect(_ arguments: [String], in directory: String, killAt: Int? = nil) -> Result {
        proofsheet(["collect"] + arguments, in: directory, killAt: killAt)
    }

    /// `proofsheet …` (any command) in `directory`; killed at the `killAt`th file operation.
    static func proofsheet(_ arguments: [String], in directory: String, killAt: Int? = nil) -> Result {
        var environment = ["LD_PRELOAD": shim]
        if let killAt { environment["KILL_AT"] = String(killAt) }
        return run(binary, arguments, in: directory, environment: environment)
    }

    /// The folder's files, path → bytes, without collect's record (it holds the times the
    /// lists were written); the record must be there and be one.
    static func state(_ folder: String) throws -> [String: [UInt8]] {
        var files = try snapshot(folder)
        let record = files.removeValue(forKey: CollectRecord.fileName)
        #expect(record.map { String(decoding: $0, as: UTF8.self).contains("\"proofsheet-collect\"") } == true, "no record in \(folder)")
        return files
    }

    /// Runs the real binary killed at the 1st, 2nd, … file operation until `stop` says the
    /// folder is in the state wanted; `reset` puts it back before each try.
    static func killUntil(
        _ f: CollectFixture, _ arguments: [String], reset: () throws -> Void, stop: () -> Bool
    ) throws -> Bool {
        for point in 1...2000 {
            try reset()
            let killed = collect(arguments, in: f.root, killAt: point)
            guard killed.killed else { return false }
            if stop() { return true }
        }
        return false
    }

    /// Staging folders beside Picks (named as mkdtemp names them).
    static func stagingFolders(_ f: CollectFixture) -> [String] {
        f.names(f.root).filter { $0.hasPrefix(".Picks.collect-") && $0.utf8.count == ".Picks.collect-".utf8.count + 6 }
    }

    /// A copy keeping modification times (the record compares them).
    static func copyTree(_ from: String, _ to: String) {
        _ = run("/bin/cp", ["-a", from, to], in: "/", environment: [:])
    }
}

extension KilledBinary {
    /// Picks/ collected from a.jpg and b.jpg; a revision to c.jpg killed after its journal
    /// was written and 1-a.jpg set aside: a real interrupted run. Returns its staging folder.
    static func interruptedRevision(_ f: CollectFixture) throws -> String {
        for (i, name) in ["a", "b", "c"].enumerated() { try f.add("\(name).jpg", seed: i + 1) }
        try f.order(["a.jpg", "b.jpg"])
        _ = try f.collector().run()
        KilledBinary.copyTree(f.root + "/Picks", f.root + "/Before")
        try f.order(["c.jpg"], name: "v2.json")
        let killed = try KilledBinary.killUntil(
            f, ["v2.json", "-l", "Library", "-o", "Picks"],
            reset: {
                for name in KilledBinary.stagingFolders(f) { FileSystem.remove(f.root + "/" + name) }
                FileSystem.remove(f.root + "/Picks")
                KilledBinary.copyTree(f.root + "/Before", f.root + "/Picks")
            },
            stop: {
                KilledBinary.stagingFolders(f).contains { FileSystem.exists(f.root + "/" + $0 + "/journal.json") }
                    && !FileSystem.exists(f.root + "/Picks/1-a.jpg")
            })
        try #require(killed)
        FileSystem.remove(f.root + "/Before")
        return f.root + "/" + KilledBinary.stagingFolders(f)[0]
    }
}
