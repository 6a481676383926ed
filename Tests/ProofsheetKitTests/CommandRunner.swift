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

    static var executable: String? { AtomicBuildTests.executable }

    static var isRoot: Bool { getuid() == 0 }

    /// `setpriv` is there and we may use it (root only).
    static var canRunAsNobody: Bool {
        isRoot && FileSystem.kind(of: "/usr/bin/setpriv") == .file
    }

    static func run(_ arguments: [String], asNobody: Bool = false, directory: String? = nil) throws -> Run {
        let process = Process()
        if asNobody {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable!] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable!)
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both to the end before waiting, so a full pipe cannot stall the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), output: Array(outData) + Array(errData))
    }

    /// Runs a system command (mount, chown…), throwing when it fails.
    @discardableResult
    static func system(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw ProofsheetError(tool, "\(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
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
