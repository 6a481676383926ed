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
/// (`.NAME.collect-XXXXXX/new/`), which the lock file names (`CollectLock.Record`): the
/// originals copied and checked, the order file's copy, the lists, the new record. A new
/// output folder then appears in one rename. An existing one is changed by moves only: a
/// journal listing them, with each file's device and inode, is written first (atomically)
/// into the staging folder; then the files that go are moved aside (`…/aside/`) and the
/// staged ones moved in. A run killed before the journal exists has changed nothing, and
/// the next run removes its staging folder; one killed after is finished by the next run
/// from the journal (each move is done only if it is not done yet), or rolled back if
/// something is now in the way (`CollectRecovery`). Removing the journal is the commit;
/// the staging folder goes after it.
struct CollectTransaction {
    let plan: CollectPlan
    /// The library as the user named it, for messages.
    let library: String

    /// The journal: which files leave the folder and which come in, in that order.
    struct Journal: Codable, Equatable {
        var format = "proofsheet-collect-journal"
        var version = 2
        /// The token the lock file gave this staging folder.
        var token: String
        /// The output folder's name, to tell the journal belongs to it.
        var output: String
        var aside: [Entry]
        var add: [Entry]

        /// A name, and the file it named when the journal was written: only that file is
        /// ever moved under the name.
        struct Entry: Codable, Equatable {
            var name: String
            var file: FileIdentity
        }
    }

    static let journalName = "journal.json"

    /// `lock` is held on the output folder; it is told which staging folder this run makes.
    func run(lock: borrowing CollectLock) throws(CollectRefusal) -> CollectReport {
        let parent = (plan.output as NSString).deletingLastPathComponent
        let staging: String
        let token = Self.newToken()
        do {
            staging = try FileCopier.makeTemporaryDirectory(in: parent.isEmpty ? "/" : parent, prefix: Self.stagingPrefix(plan.output))
        } catch {
            throw CollectRefusal([error])
        }
        var cleanedUp = false
        defer { if !cleanedUp { FileSystem.remove(staging) } }
        do throws(ProofsheetError) {
            let folder = try FolderDescriptor(path: staging, display: staging)
            guard let status = folder.status() else { throw ProofsheetError(staging, "cannot be read (\(FileCopier.errorText()))") }
            try lock.record(
                CollectLock.Record(token: token, staging: (staging as NSString).lastPathComponent, folder: FileIdentity(status)))
        } catch {
            throw CollectRefusal([error])
        }
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
                placed.append(
                    CollectRecord.File(name: item.name, role: role, source: item.path, bytes: status.size, modified: status.mtime))
            }
            for file in plan.generated {
                if file.action == .unchanged, let entry = plan.previousRecord?.entry(named: file.name) {
                    placed.append(entry)
                    continue
                }
                let staged = new + "/" + file.name
                try Self.write(file.bytes, to: staged)
                guard let status = FileSystem.fileStatus(staged) else { throw ProofsheetError(staged, "cannot be read back") }
                placed.append(
                    CollectRecord.File(name: file.name, role: file.role.rawValue, source: nil, bytes: status.size, modified: status.mtime))
            }
            try Self.write(CollectRecord(files: placed).bytes(), to: new + "/" + CollectRecord.fileName)
            // On the disk before anything is moved into place.
            let written =
                plan.items.filter { $0.action != .unchanged }.map { new + "/" + $0.name }
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
                try replaceInto(staging: staging, token: token)
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
    private func replaceInto(staging: String, token: String) throws(ProofsheetError) {
        var asideNames =
            plan.removals + plan.items.filter { $0.action == .replace }.map(\.name)
            + plan.generated.filter { $0.action == .replace }.map(\.name)
        if plan.replacesRecord { asideNames.append(CollectRecord.fileName) }
        var addNames =
            plan.items.filter { $0.action != .unchanged }.map(\.name) + plan.generated.filter { $0.action != .unchanged }.map(\.name)
        addNames.append(CollectRecord.fileName)
        let open = try OpenStaging(staging: staging, output: plan.output, outputDisplay: plan.outputDisplay)
        let aside = asideNames.compactMap { name in open.output.entry(name).map { Journal.Entry(name: name, file: FileIdentity($0)) } }
        var add: [Journal.Entry] = []
        for name in addNames {
            guard let status = open.new.entry(name) else { throw ProofsheetError(staging + "/new/" + name, "is missing") }
            add.append(Journal.Entry(name: name, file: FileIdentity(status)))
        }
        let journal = Journal(token: token, output: (plan.output as NSString).lastPathComponent, aside: aside, add: add)
        try Self.write(Self.encode(journal), to: staging + "/" + Self.journalName)
        if let failure = FileCopier.flush([staging + "/" + Self.journalName, staging]).first { throw failure }
        do {
            try Self.apply(journal, in: open)
        } catch {
            Self.rollBack(journal, in: open)
            open.folder.remove(Self.journalName)
            throw ProofsheetError(plan.outputDisplay, "\(error.description); nothing was collected, the folder is as it was")
        }
        // The commit: from here the staging folder holds only what is to be thrown away.
        open.folder.remove(Self.journalName)
    }

    /// Does every move of the journal that is not done yet, moving only the files the
    /// journal names by device and inode.
    static func apply(_ journal: Journal, in open: borrowing OpenStaging) throws(ProofsheetError) {
        for entry in journal.aside where open.output.holds(entry.name, entry.file) && open.aside.entry(entry.name) == nil {
            try open.output.move(entry.name, to: open.aside, as: entry.name)
        }
        for entry in journal.add {
            // Not in staging: moved in already.
            guard let status = open.new.entry(entry.name) else { continue }
            guard FileIdentity(status) == entry.file else {
                throw ProofsheetError(open.new.display + "/" + entry.name, "is not the file collect staged")
            }
            if entry.name == CollectRecord.fileName {
                try open.new.move(entry.name, to: open.output, as: entry.name)
            } else if open.output.holds(entry.name, entry.file) {
                // Killed between the link and the unlink of a move: it is in place.
                open.new.remove(entry.name)
            } else {
                try open.new.moveWithoutReplacing(entry.name, to: open.output, as: entry.name)
            }
        }
    }

    /// Undoes what of the journal was done: what came in goes back to staging, what went
    /// aside comes back. Never touches a file it did not move (known by device and inode).
    static func rollBack(_ journal: Journal, in open: borrowing OpenStaging) {
        for entry in journal.add.reversed() where open.output.holds(entry.name, entry.file) {
            if open.new.holds(entry.name, entry.file) {
                // Half moved (linked, not yet unlinked from staging).
                open.output.remove(entry.name)
            } else {
                try? open.output.move(entry.name, to: open.new, as: entry.name)
            }
        }
        for entry in journal.aside.reversed() where open.aside.holds(entry.name, entry.file) && open.output.entry(entry.name) == nil {
            try? open.aside.move(entry.name, to: open.output, as: entry.name)
        }
    }

    /// 128 random bits, as hex.
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    // MARK: What an interrupted run left

    /// `.NAME.collect-`: staging folders of `output` start so (the name shortened to stay
    /// within 255 bytes).
    static func stagingPrefix(_ output: String) -> String {
        "." + SafeFileName.prefix((output as NSString).lastPathComponent, bytes: 200) + ".collect-"
    }

    /// Names beside `output` that look like its staging folders (as mkdtemp names them:
    /// six more characters): folders, and symlinks that pretend to be.
    static func interrupted(output: String) -> [String] {
        let parent = (output as NSString).deletingLastPathComponent
        let prefix = Array(stagingPrefix(output).utf8)
        return FileSystem.entryNames(of: parent.isEmpty ? "/" : parent)
            .filter { $0.count == prefix.count + 6 && $0.starts(with: prefix) }
            .map { parent + "/" + String(decoding: $0, as: UTF8.self) }
            .filter { [.directory, .symlink].contains(FileSystem.kind(of: $0)) }
            .sorted(by: ByteOrder.less)
    }

    /// How messages name `name` beside the output folder shown as `display`.
    static func beside(_ display: String, _ name: String) -> String {
        // By bytes: Foundation's path functions trap on some names that are not NFC.
        let bytes = Array(display.utf8)
        guard let slash = bytes.lastIndex(of: 0x2F) else { return name }
        return String(decoding: bytes[...slash], as: UTF8.self) + name
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
