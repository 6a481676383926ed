import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Carries out a collect plan so that the output folder changes all or nothing, even if
/// the process is killed at any point.
///
/// Everything is first staged in a private folder beside the output folder
/// (`.NAME.collect-XXXXXX/new/`): the originals copied and checked, the order file's
/// copy, the lists, the new record. A new output folder then appears in one rename. An
/// existing one is changed by moves only: a journal listing them is written first
/// (atomically) into the staging folder; then the files that go are moved aside
/// (`…/aside/`) and the staged ones moved in. A run killed before the journal exists has
/// changed nothing, and the next run removes its staging folder; one killed after is
/// finished by the next run from the journal (each move is done only if it is not done
/// yet), or rolled back if something is now in the way. Removing the journal is the
/// commit; the staging folder goes after it.
struct CollectTransaction {
    let plan: CollectPlan
    /// The library as the user named it, for messages.
    let library: String

    /// The journal: which names leave the folder and which come in, in that order.
    struct Journal: Codable, Equatable {
        var format = "proofsheet-collect-journal"
        var version = 1
        /// The output folder's name, to tell the journal belongs to it.
        var output: String
        var aside: [String]
        var add: [String]
    }

    static let journalName = "journal.json"

    func run() throws(CollectRefusal) -> CollectReport {
        let parent = (plan.output as NSString).deletingLastPathComponent
        let staging: String
        do {
            staging = try FileCopier.makeTemporaryDirectory(in: parent.isEmpty ? "/" : parent, prefix: Self.stagingPrefix(plan.output))
        } catch {
            throw CollectRefusal([error])
        }
        var cleanedUp = false
        defer { if !cleanedUp { FileSystem.remove(staging) } }
        let new = staging + "/new"
        guard mkdir(new, 0o700) == 0 else {
            throw CollectRefusal(staging, "cannot create a folder (\(FileCopier.errorText()))")
        }

        var linked = 0, copied = 0
        var warnings = plan.warnings
        var linkProblem: String?
        var placed: [CollectRecord.File] = []
        var buffer: [UInt8] = []
        do throws(ProofsheetError) {
            for item in plan.items {
                let role = item.companion == nil ? "photo" : "companion"
                if item.action == .unchanged, let entry = plan.previousRecord?.entry(named: item.name) {
                    placed.append(entry)
                    continue
                }
                let display = (library as NSString).appendingPathComponent(item.path)
                let staged = new + "/" + item.name
                var fingerprint: ContentFingerprint?
                if plan.link {
                    switch try FileCopier.linkOrCopy(item.source, to: staged, display: display) {
                    case .linked: linked += 1
                    case .copied: copied += 1
                    case .copiedInstead(let reason):
                        copied += 1
                        linkProblem = linkProblem ?? reason
                    }
                } else {
                    fingerprint = try FileCopier.copy(item.source, to: staged, display: display, buffer: &buffer)
                    copied += 1
                }
                // The original may have changed since it was checked.
                guard let status = FileSystem.fileStatus(staged), status.size == item.bytes,
                    item.fingerprint == nil || fingerprint == nil || item.fingerprint == fingerprint
                else {
                    throw ProofsheetError(display, "changed while being collected; nothing was collected, try again")
                }
                placed.append(CollectRecord.File(name: item.name, role: role, source: item.path, bytes: status.size, modified: status.mtime))
            }
            for file in plan.generated {
                if file.action == .unchanged, let entry = plan.previousRecord?.entry(named: file.name) {
                    placed.append(entry)
                    continue
                }
                let staged = new + "/" + file.name
                try Self.write(file.bytes, to: staged)
                guard let status = FileSystem.fileStatus(staged) else { throw ProofsheetError(staged, "cannot be read back") }
                placed.append(CollectRecord.File(name: file.name, role: file.role.rawValue, source: nil, bytes: status.size, modified: status.mtime))
            }
            try Self.write(CollectRecord(files: placed).bytes(), to: new + "/" + CollectRecord.fileName)
            // On the disk before anything is moved into place.
            let written = plan.items.filter { $0.action != .unchanged }.map { new + "/" + $0.name }
                + plan.generated.filter { $0.action != .unchanged }.map { new + "/" + $0.name }
                + [new + "/" + CollectRecord.fileName, new]
            if let failure = FileCopier.flush(written).first { throw failure }
        } catch {
            throw CollectRefusal([error])
        }
        if let linkProblem {
            warnings.append(ProofsheetError(plan.outputDisplay, "some files were copied, not hard-linked: \(linkProblem)"))
        }

        do throws(ProofsheetError) {
            if plan.outputExists {
                try replaceInto(staging: staging)
            } else {
                // A new folder appears whole, in one rename.
                guard !FileSystem.exists(plan.output) else {
                    throw ProofsheetError(plan.outputDisplay, "appeared while collecting; nothing was collected, try again")
                }
                // mkdtemp made it private; the result is an ordinary folder.
                guard chmod(new, 0o755) == 0 else {
                    throw ProofsheetError(new, "cannot set permissions (\(FileCopier.errorText()))")
                }
                try FileCopier.move(new, to: plan.output)
            }
        } catch {
            throw CollectRefusal([error])
        }
        FileSystem.remove(staging)
        cleanedUp = true
        return CollectReport(plan: plan, dryRun: false, linked: linked, copied: copied, warnings: warnings, recovered: [])
    }

    /// Moves into the existing folder by the journal; on a failure puts everything back.
    private func replaceInto(staging: String) throws(ProofsheetError) {
        var aside = plan.removals + plan.items.filter { $0.action == .replace }.map(\.name)
            + plan.generated.filter { $0.action == .replace }.map(\.name)
        if plan.replacesRecord { aside.append(CollectRecord.fileName) }
        var add = plan.items.filter { $0.action != .unchanged }.map(\.name) + plan.generated.filter { $0.action != .unchanged }.map(\.name)
        add.append(CollectRecord.fileName)
        let journal = Journal(output: (plan.output as NSString).lastPathComponent, aside: aside, add: add)
        try Self.write(Self.encode(journal), to: staging + "/" + Self.journalName)
        if let failure = FileCopier.flush([staging + "/" + Self.journalName, staging]).first { throw failure }
        do {
            try Self.apply(journal, staging: staging, output: plan.output)
        } catch {
            Self.rollBack(journal, staging: staging, output: plan.output)
            unlink(staging + "/" + Self.journalName)
            throw ProofsheetError(plan.outputDisplay, "\(error.description); nothing was collected, the folder is as it was")
        }
        // The commit: from here the staging folder holds only what is to be thrown away.
        unlink(staging + "/" + Self.journalName)
    }

    /// Does every move of the journal that is not done yet.
    static func apply(_ journal: Journal, staging: String, output: String) throws(ProofsheetError) {
        let aside = staging + "/aside"
        if !FileSystem.isDirectory(aside) {
            guard mkdir(aside, 0o700) == 0 else { throw ProofsheetError(staging, "cannot create a folder (\(FileCopier.errorText()))") }
        }
        for name in journal.aside where FileSystem.exists(output + "/" + name) && !FileSystem.exists(aside + "/" + name) {
            try FileCopier.move(output + "/" + name, to: aside + "/" + name)
        }
        for name in journal.add where FileSystem.exists(staging + "/new/" + name) {
            let staged = staging + "/new/" + name
            let destination = output + "/" + name
            if name == CollectRecord.fileName {
                try FileCopier.move(staged, to: destination)
            } else if FileSystem.isSameFile(staged, destination) {
                // Killed between the link and the unlink of a move: it is in place.
                unlink(staged)
            } else {
                try FileCopier.moveWithoutReplacing(staged, to: destination)
            }
        }
    }

    /// Undoes what of the journal was done: what came in goes back to staging, what went
    /// aside comes back. Never touches a file it did not move.
    static func rollBack(_ journal: Journal, staging: String, output: String) {
        let aside = staging + "/aside"
        let asideNames = Set(journal.aside)
        for name in journal.add.reversed() {
            let staged = staging + "/new/" + name
            let destination = output + "/" + name
            if FileSystem.isSameFile(staged, destination) {
                // Half moved (linked, not yet unlinked from staging).
                unlink(destination)
                continue
            }
            guard !FileSystem.exists(staged) else { continue }
            // Moved in (and, if it replaced something, that was set aside before it).
            guard FileSystem.exists(destination), !asideNames.contains(name) || FileSystem.exists(aside + "/" + name) else { continue }
            rename(destination, staged)
        }
        for name in journal.aside.reversed() where FileSystem.exists(aside + "/" + name) && !FileSystem.exists(output + "/" + name) {
            rename(aside + "/" + name, output + "/" + name)
        }
    }

    // MARK: What an interrupted run left

    /// `.NAME.collect-`: staging folders of `output` start so (the name shortened to stay
    /// within 255 bytes).
    static func stagingPrefix(_ output: String) -> String {
        "." + SafeFileName.prefix((output as NSString).lastPathComponent, bytes: 200) + ".collect-"
    }

    /// Staging folders beside `output` (as mkdtemp names them: six more characters).
    static func interrupted(output: String) -> [String] {
        let parent = (output as NSString).deletingLastPathComponent
        let prefix = Array(stagingPrefix(output).utf8)
        return FileSystem.entryNames(of: parent.isEmpty ? "/" : parent)
            .filter { $0.count == prefix.count + 6 && $0.starts(with: prefix) }
            .map { parent + "/" + String(decoding: $0, as: UTF8.self) }
            .filter { FileSystem.kind(of: $0) == .directory }
            .sorted(by: ByteOrder.less)
    }

    /// Settles every staging folder an interrupted run left beside `output`: finishes it
    /// from its journal, or rolls it back, and removes it. Call only holding the lock.
    /// Returns what was done, one line each.
    static func recover(output: String, display: String) -> [String] {
        var done: [String] = []
        for staging in interrupted(output: output) {
            let journalPath = staging + "/" + journalName
            if let bytes = try? FileSystem.read(journalPath), let journal = try? JSONDecoder().decode(Journal.self, from: Data(bytes)),
                journal.output == (output as NSString).lastPathComponent, journal.aside.allSatisfy(SafeFileName.isPlainName),
                journal.add.allSatisfy(SafeFileName.isPlainName)
            {
                do {
                    try apply(journal, staging: staging, output: output)
                    unlink(journalPath)
                    done.append("finished a collect into \(display) that was interrupted")
                } catch {
                    rollBack(journal, staging: staging, output: output)
                    unlink(journalPath)
                    done.append("rolled back a collect into \(display) that was interrupted (\(error.reason))")
                }
            } else {
                done.append("removed what an interrupted collect left beside \(display) (nothing in it had changed)")
            }
            FileSystem.remove(staging)
        }
        return done
    }

    // MARK: Writing

    static func write(_ bytes: [UInt8], to path: String) throws(ProofsheetError) {
        do {
            try FileSystem.writeAtomically(bytes, to: path)
        } catch {
            throw (error as? ProofsheetError) ?? ProofsheetError(path, "cannot write (\(error))")
        }
    }

    static func encode(_ journal: Journal) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(journal)) ?? Data())
    }
}

extension FileSystem {
    /// Whether two paths name the same file (hard links of one another); false when
    /// either is missing.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        return lstat(a, &x) == 0 && lstat(b, &y) == 0 && x.st_ino == y.st_ino && x.st_dev == y.st_dev
    }
}

/// Only one collect writes into a folder at a time: a lock file beside it, held with
/// `flock` for the run. The kernel lets go when the process ends however it ends, so a
/// killed run never leaves the folder locked; the next run takes the lock, and then
/// knows every staging folder beside the output is an interrupted run's.
struct CollectLock: ~Copyable {
    private let fd: Int32
    private let path: String

    init(output: String, display: String) throws(ProofsheetError) {
        let parent = (output as NSString).deletingLastPathComponent
        let path = (parent.isEmpty ? "" : parent) + "/" + String(CollectTransaction.stagingPrefix(output).dropLast()) + ".lock"
        // Another run may remove the file between our open and our lock: then the lock is
        // on a file no one else sees, and we open again.
        for _ in 0..<16 {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
            guard fd >= 0 else {
                throw ProofsheetError(
                    parent.isEmpty ? "/" : parent, "cannot create a file beside \(display) (\(FileCopier.errorText()))")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK { throw ProofsheetError(display, "another collect is writing into this folder; wait for it to finish") }
                throw ProofsheetError(path, "cannot lock (\(FileCopier.errorText(code)))")
            }
            var held = stat(), named = stat()
            if fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                self.fd = fd
                self.path = path
                return
            }
            close(fd)
        }
        throw ProofsheetError(display, "another collect is writing into this folder; wait for it to finish")
    }

    /// Lets go now rather than at the end of the scope.
    consuming func release() {}

    deinit {
        unlink(path)
        close(fd)
    }
}
