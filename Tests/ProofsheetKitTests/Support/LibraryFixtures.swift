import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// Files and folders named by bytes (names that are not UTF-8).
enum NameFixtures {
    /// Writes a file whose path is given as bytes (no String could hold some of them).
    static func writeRaw(_ contents: [UInt8], to path: BytePath) throws {
        let fd = path.withCString { open($0, O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw ProofsheetError(path.readable, "cannot create (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        let written = contents.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        guard written == contents.count else { throw ProofsheetError(path.readable, "short write") }
    }

    static func makeFolder(_ path: BytePath) throws {
        guard path.withCString({ mkdir($0, 0o755) }) == 0 else { throw ProofsheetError(path.readable, "cannot create") }
    }
}

/// A raw companion file.
enum CompanionFixtures {
    /// Any bytes will do for a RAW or a video: they are known by their names.
    static let raw = Array("II*\u{0}not really a RAW".utf8)
}

/// A file's fingerprint as the xxhsum tool computes it.
enum FingerprintFixtures {
    /// What xxHash's own command-line tool says of a file: an independent reference.
    static func xxhsum(_ path: String) throws -> String {
        let output = try ChildProcess.run("/usr/bin/xxhsum", ["-H2", path]).out
        return output.split(separator: " ").first.map(String.init) ?? ""
    }
}
