import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Only one collect writes into a folder at a time: a lock file beside it
/// (`.NAME.collect.lock`), held with `flock` for the run. The kernel lets go when the
/// process ends however it ends, so a killed run never leaves the folder locked.
///
/// The lock file also says which staging folder the run holding it made (`Record`): its
/// name, device and inode, and a random token its journal repeats. A run killed part way
/// leaves the file behind, and the next run recovers that folder and no other.
///
/// The file is opened without following a symlink and must be a regular file of this
/// user's: anyone who can write beside the output could otherwise make collect create a
/// file wherever a symlink of that name points.
struct CollectLock: ~Copyable {
    private let fd: Int32
    private let path: String
    /// What the last run that held the lock was staging in, when it was killed before it
    /// finished (a finished run removes the file).
    let previous: Record?

    struct Record: Codable, Equatable {
        var format = "proofsheet-collect-lock"
        var version = 1
        /// Repeated in the staging folder's journal.
        var token: String
        /// The staging folder's name, beside the output folder.
        var staging: String
        var folder: FileIdentity
    }

    /// `.NAME.collect.lock` beside the output folder.
    static func path(output: String) -> String {
        let parent = (output as NSString).deletingLastPathComponent
        return (parent.isEmpty ? "" : parent) + "/" + String(CollectTransaction.stagingPrefix(output).dropLast()) + ".lock"
    }

    init(output: String, display: String) throws(ProofsheetError) {
        let parent = (output as NSString).deletingLastPathComponent
        let path = Self.path(output: output)
        let shown = CollectTransaction.beside(display, (path as NSString).lastPathComponent)
        // Another run may remove the file between our open and our lock: then the lock is
        // on a file no one else sees, and we open again.
        for _ in 0..<16 {
            let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode_t(0o600))
            guard fd >= 0 else {
                let code = errno
                if code == ELOOP { throw ProofsheetError(shown, "is a symlink, not collect's lock file; remove it and run again") }
                if FileSystem.kind(of: path).map({ $0 != .file }) == true {
                    throw ProofsheetError(shown, "is not a regular file, not collect's lock file; remove it and run again")
                }
                throw ProofsheetError(
                    parent.isEmpty ? "/" : parent, "cannot create a file beside \(display) (\(FileCopier.errorText(code)))")
            }
            var held = stat()
            guard fstat(fd, &held) == 0, held.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw ProofsheetError(shown, "is not a regular file, not collect's lock file; remove it and run again")
            }
            guard held.st_uid == getuid() else {
                close(fd)
                throw ProofsheetError(shown, "belongs to another user (uid \(held.st_uid)), not to you; remove it and run again")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK {
                    throw ProofsheetError(display, "another collect is writing into this folder; wait for it to finish")
                }
                throw ProofsheetError(shown, "cannot lock (\(FileCopier.errorText(code)))")
            }
            var named = stat()
            if lstat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                self.fd = fd
                self.path = path
                self.previous = Self.read(fd)
                return
            }
            close(fd)
        }
        throw ProofsheetError(display, "another collect is writing into this folder; wait for it to finish")
    }

    private static func read(_ fd: Int32) -> Record? {
        guard case .success(let bytes) = FileSystem.readFully(fd, count: 4096, at: 0), !bytes.isEmpty else { return nil }
        guard let record = try? JSONDecoder().decode(Record.self, from: Data(bytes)), record.format == "proofsheet-collect-lock",
            record.version == 1
        else { return nil }
        return record
    }

    /// Notes the staging folder this run made, on the disk before anything is staged in it.
    func record(_ record: Record) throws(ProofsheetError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array((try? encoder.encode(record)) ?? Data())
        let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress!, $0.count, 0) }
        guard ftruncate(fd, off_t(bytes.count)) == 0, written == bytes.count, fsync(fd) == 0 else {
            throw ProofsheetError(path, "cannot write (\(FileCopier.errorText()))")
        }
    }

    /// Lets go now rather than at the end of the scope.
    consuming func release() {}

    deinit {
        unlink(path)
        close(fd)
    }
}
