import Foundation
import ProofsheetKit

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `proofsheet` executable as a user would, optionally as the unprivileged
/// user `nobody` (through `setpriv`, so permissions apply even when the tests run as root).
enum CommandRunner {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The raw bytes of both, to check that no control character reached them.
        var output: [UInt8]
    }

    static var executable: String? { SiteFixtures.executable }

    static var isRoot: Bool { getuid() == 0 }

    /// `setpriv` is there and we may use it (root only).
    static var canRunAsNobody: Bool {
        isRoot && FileSystem.kind(of: "/usr/bin/setpriv") == .file
    }

    static func run(_ arguments: [String], asNobody: Bool = false, directory: String? = nil) throws -> Run {
        let child =
            asNobody
            ? try ChildProcess.run(
                "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", executable!] + arguments, in: directory)
            : try ChildProcess.run(executable!, arguments, in: directory)
        return Run(status: child.status, stdout: child.out, stderr: child.err, output: child.stdout + child.stderr)
    }

    /// Runs a system command (mount, chown…), throwing when it fails.
    @discardableResult
    static func system(_ tool: String, _ arguments: [String]) throws -> String {
        let child = try ChildProcess.run(tool, arguments)
        guard child.status == 0 else {
            throw ProofsheetError(tool, "\(arguments.joined(separator: " ")) failed: \(child.out)\(child.err)")
        }
        return child.out + child.err
    }

    /// Makes a tree readable (and folders enterable) by everyone, for a build as `nobody`.
    static func openUp(_ path: String) throws {
        try system("/bin/chmod", ["-R", "a+rX", path])
        // The folders above it too (mktemp folders are private).
        var parent = (path as NSString).deletingLastPathComponent
        while parent != "/" && !parent.isEmpty {
            try system("/bin/chmod", ["a+x", parent])
            parent = (parent as NSString).deletingLastPathComponent
        }
    }
}
