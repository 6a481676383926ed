import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A staging folder and the output folder, held open: every move of a journal is made
/// relative to these, so no name inside them, and neither of them, is followed elsewhere.
struct OpenStaging: ~Copyable {
    let folder: FolderDescriptor
    let new: FolderDescriptor
    let aside: FolderDescriptor
    let output: FolderDescriptor

    /// Opens `new/` and `aside/` (made if missing) in `folder`; a symlink is refused.
    init(folder: consuming FolderDescriptor, output: consuming FolderDescriptor) throws(ProofsheetError) {
        let new = try FolderDescriptor("new", in: folder)
        if folder.entry("aside") == nil { try folder.makeFolder("aside") }
        let aside = try FolderDescriptor("aside", in: folder)
        self.new = new
        self.aside = aside
        self.folder = folder
        self.output = output
    }

    init(staging: String, output: String, outputDisplay: String) throws(ProofsheetError) {
        try self.init(
            folder: FolderDescriptor(path: staging, display: staging), output: FolderDescriptor(path: output, display: outputDisplay))
    }
}

/// What an interrupted collect left beside the output folder, settled by the next run
/// holding the lock: finished from its journal, rolled back, or removed — but only a
/// staging folder this user's collect made.
///
/// Anyone who can write beside the output folder (a shared Dropbox or NAS folder, `/tmp`)
/// can put a folder there named like a staging folder, with a journal listing names and
/// `new/` a symlink into the library; recovering it would move the originals out of the
/// library. So a folder is recovered only when it is a real folder (not a symlink),
/// owned by this user, private (0700, as mkdtemp makes it), and the very folder — by
/// name, device and inode — that the lock file says the last run made, with a journal
/// of this user's that repeats the lock's token. Each move is then made relative to the
/// open folders, of the files the journal names by device and inode. Any other folder is
/// reported, one line each, and left alone.
enum CollectRecovery {
    struct Outcome {
        /// What was done, one line each: "finished a collect into Picks that was interrupted".
        var done: [String] = []
        /// Folders left alone, each with the reason.
        var leftAlone: [ProofsheetError] = []
    }

    /// The journal is a few names per picked file; this is far beyond any real one.
    static let journalLimit = 64 * 1024 * 1024

    /// Call only holding `lock`.
    static func settle(output: String, display: String, lock: borrowing CollectLock) -> Outcome {
        var outcome = Outcome()
        let names = CollectTransaction.interrupted(output: output).map { ($0 as NSString).lastPathComponent }
        guard !names.isEmpty else { return outcome }
        let parentPath = (output as NSString).deletingLastPathComponent
        let parent: FolderDescriptor
        do {
            parent = try FolderDescriptor(path: parentPath.isEmpty ? "/" : parentPath, display: parentPath)
        } catch {
            outcome.leftAlone.append(error)
            return outcome
        }
        for name in names {
            do {
                outcome.done.append(try settle(name, in: parent, output: output, display: display, lock: lock))
            } catch {
                // What inside the folder failed a check is named relative to it.
                let inside = parentPath + "/" + name + "/"
                let reason = error.path.hasPrefix(inside) ? "\(error.path.dropFirst(inside.count)): \(error.reason)" : error.reason
                outcome.leftAlone.append(
                    ProofsheetError(
                        CollectTransaction.beside(display, name),
                        "\(reason); not recovered and left alone (collect recovers only a staging folder of its own)"))
            }
        }
        return outcome
    }

    private static func settle(
        _ name: String, in parent: borrowing FolderDescriptor, output: String, display: String, lock: borrowing CollectLock
    ) throws(ProofsheetError) -> String {
        let folder = try FolderDescriptor(name, in: parent)
        guard let status = folder.status() else { throw ProofsheetError(name, "cannot be read (\(FileCopier.errorText()))") }
        guard status.st_uid == getuid() else { throw ProofsheetError(name, "belongs to another user (uid \(status.st_uid))") }
        let mode = status.st_mode & 0o7777
        guard mode == 0o700 else {
            throw ProofsheetError(name, "is open to others (permissions \(String(mode, radix: 8)); collect makes its own 700)")
        }
        guard let record = lock.previous, record.staging == name, record.folder == FileIdentity(status) else {
            // mkdtemp made it and the run was killed before the lock named it: still empty,
            // and removing an empty folder loses nothing.
            if parent.removeEmptyFolder(name) { return "removed an empty folder an interrupted collect left beside \(display)" }
            throw ProofsheetError(
                name, "is not the folder the last collect into \(display) was staging in (its lock file does not name it)")
        }
        guard let bytes = try folder.readOwnFile(CollectTransaction.journalName, limit: journalLimit) else {
            // Killed before the journal: nothing outside the staging folder had changed.
            parent.removeTree(name)
            return "removed what an interrupted collect left beside \(display) (nothing in it had changed)"
        }
        let outputName = (output as NSString).lastPathComponent
        guard let journal = try? JSONDecoder().decode(CollectTransaction.Journal.self, from: Data(bytes)),
            journal.format == "proofsheet-collect-journal", journal.version == 2, journal.token == record.token,
            journal.output == outputName,
            (journal.aside + journal.add).allSatisfy({ SafeFileName.isPlainName($0.name) })
        else {
            throw ProofsheetError(name, "its journal is not the one the last collect into \(display) wrote")
        }
        let open = try OpenStaging(folder: folder, output: FolderDescriptor(outputName, in: parent))
        let done: String
        do {
            try CollectTransaction.apply(journal, in: open)
            done = "finished a collect into \(display) that was interrupted"
        } catch {
            CollectTransaction.rollBack(journal, in: open)
            done = "rolled back a collect into \(display) that was interrupted (\(error.description))"
        }
        open.folder.remove(CollectTransaction.journalName)
        parent.removeTree(name)
        return done
    }
}
