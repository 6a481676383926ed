import Foundation
import Synchronization

/// Runs a program to its end with no input and returns what it printed: the one way the
/// tests start a child process that they do not need to kill midway.
struct ChildProcess {
    var status: Int32
    /// The child died of a signal (then `status` is the signal's number).
    var signalled: Bool
    var stdout: [UInt8]
    var stderr: [UInt8]

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }

    /// `environment` entries are added to (or replace) the test process's own.
    static func run(
        _ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:]
    ) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both to the end before waiting, so a full pipe cannot stall the child. The
        // second is read on another thread: a child that fills it while the first is still
        // open would otherwise wait on us forever.
        let errors = ErrorPipeReader(err.fileHandleForReading)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.wait()
        process.waitUntilExit()
        return ChildProcess(
            status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
            stdout: Array(outData), stderr: Array(errData))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorPipeReader: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let data = Mutex(Data())

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let read = handle.readDataToEndOfFile()
            data.withLock { $0 = read }
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data.withLock { $0 }
    }
}
