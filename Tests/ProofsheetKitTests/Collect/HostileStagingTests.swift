import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folders and files that anyone who can write beside the output folder (a Dropbox or NAS
/// folder shared with the client, `/tmp`) can put there, named like collect's own:
/// a staging folder with a journal, and the lock file. Collect must recover only what it
/// made, move nothing out of the library and create nothing elsewhere.
@Suite("Hostile staging folders and lock files")
struct HostileStagingTests {
    /// How the fake staging folder is made.
    enum Forgery: String, CaseIterable, CustomTestStringConvertible {
        /// A journal in the old format, `new/` a symlink into the library.
        case newIntoLibrary
        /// `aside/` a symlink to another folder: collected files would be moved there.
        case asideElsewhere
        /// Everything collect checks by name forged as well: a lock file naming the folder
        /// by its device and inode, a journal repeating the lock's token; `new/` a symlink.
        case forgedLockAndToken
        /// As `newIntoLibrary`, open to others (0755, not mkdtemp's 0700).
        case openToOthers
        /// As `newIntoLibrary`, owned by another user.
        case anotherUser

        var testDescription: String { rawValue }
    }

    /// A library of three photos, Picks/ collected from a.jpg; then a fake staging folder.
    func fixture(_ f: CollectFixture, _ forgery: Forgery) throws -> String {
        for (i, name) in ["a", "b", "c"].enumerated() { try f.add("\(name).jpg", seed: i + 1) }
        try FileSystem.createDirectory(f.root + "/Elsewhere")
        try f.order(["a.jpg"])
        _ = try f.collector().run()

        let staging = f.root + "/.Picks.collect-EVIL01"
        #expect(mkdir(staging, forgery == .openToOthers ? 0o755 : 0o700) == 0)
        // mkdir applies the umask; the test wants the mode exactly.
        #expect(chmod(staging, forgery == .openToOthers ? 0o755 : 0o700) == 0)
        switch forgery {
        case .asideElsewhere:
            #expect(mkdir(staging + "/new", 0o700) == 0)
            #expect(symlink(f.root + "/Elsewhere", staging + "/aside") == 0)
            try FileSystem.writeAtomically(
                #"{"format":"proofsheet-collect-journal","version":1,"output":"Picks","aside":["1-a.jpg","order.json","picks.csv"],"add":[]}"#,
                to: staging + "/journal.json")
        case .forgedLockAndToken:
            #expect(symlink(f.library, staging + "/new") == 0)
            var info = stat()
            #expect(lstat(staging, &info) == 0)
            let token = "0123456789abcdef0123456789abcdef"
            try FileSystem.writeAtomically(
                #"{"folder":{"device":\#(info.st_dev),"inode":\#(info.st_ino)},"format":"proofsheet-collect-lock","staging":".Picks.collect-EVIL01","token":"\#(token)","version":1}"#,
                to: f.root + "/.Picks.collect.lock")
            var b = stat(), c = stat()
            #expect(lstat(f.library + "/b.jpg", &b) == 0 && lstat(f.library + "/c.jpg", &c) == 0)
            try FileSystem.writeAtomically(
                #"{"format":"proofsheet-collect-journal","version":2,"token":"\#(token)","output":"Picks","aside":[],"add":[{"name":"b.jpg","file":{"device":\#(b.st_dev),"inode":\#(b.st_ino)}},{"name":"c.jpg","file":{"device":\#(c.st_dev),"inode":\#(c.st_ino)}}]}"#,
                to: staging + "/journal.json")
        case .newIntoLibrary, .openToOthers, .anotherUser:
            #expect(symlink(f.library, staging + "/new") == 0)
            try FileSystem.writeAtomically(
                #"{"format":"proofsheet-collect-journal","version":1,"output":"Picks","aside":[],"add":["b.jpg","c.jpg"]}"#,
                to: staging + "/journal.json")
        }
        if forgery == .anotherUser {
            // A second user: root may give the folder away (the tests run as root in CI).
            try #require(lchown(staging, 4242, 4242) == 0, "giving the folder to another user needs root: run the tests as root")
            try #require(lchown(staging + "/journal.json", 4242, 4242) == 0)
        }
        return staging
    }

    @Test(
        "a fake staging folder is reported in one line and left alone; the library and the picks are untouched", arguments: Forgery.allCases
    )
    func fakeStagingFolder(_ forgery: Forgery) async throws {
        try await withCollectFixture { f in
            let staging = try fixture(f, forgery)
            let library = try snapshot(f.library)
            let lockBefore = try? FileSystem.read(f.root + "/.Picks.collect.lock")
            let stagingBefore = try snapshot(staging)
            let picked = fileIdentities(f.root + "/Picks")

            try f.order(["a.jpg", "b.jpg"], name: "order-2.json")
            let recorder = RecordingConsole()
            let arguments = ["collect", f.root + "/order-2.json", "-l", f.library, "-o", f.root + "/Picks"]
            // The dry run promises nothing about a folder it has not checked.
            let dry = RecordingConsole()
            #expect(await CLI.run(arguments: arguments + ["-n"], console: dry.console) == 0)
            #expect(
                dry.out.contains(
                    ".Picks.collect-EVIL01, named like collect's staging folder: the next run settles it first if an interrupted collect of yours left it, else leaves it alone\n"
                ), "\(dry.out)")
            #expect(await CLI.run(arguments: arguments, console: recorder.console) == 0, "\(recorder.err)")

            #expect(try snapshot(f.library) == library, "the library changed")
            #expect(f.names(f.library) == ["a.jpg", "b.jpg", "c.jpg"])
            #expect(f.names(f.root + "/Elsewhere") == [])
            #expect(try snapshot(staging) == stagingBefore, "the fake staging folder changed")
            #expect(FileSystem.kind(of: staging + (forgery == .asideElsewhere ? "/aside" : "/new")) == .symlink)
            // The run itself did its work: a.jpg untouched, b.jpg added.
            #expect(fileIdentities(f.root + "/Picks")["1-a.jpg"] == picked["1-a.jpg"])
            #expect(f.picked(f.root + "/Picks") == ["1-a.jpg", "2-b.jpg", "order-2.json"])
            let warnings = recorder.err.split(separator: "\n").filter { $0.contains(".Picks.collect-EVIL01") }
            #expect(warnings.count == 1, "\(recorder.err)")
            let reason =
                switch forgery {
                case .forgedLockAndToken: "new: is a symlink, not a folder"
                case .openToOthers: "is open to others (permissions 755"
                case .anotherUser: "belongs to another user (uid 4242)"
                case .newIntoLibrary, .asideElsewhere: "its lock file does not name it"
                }
            #expect(warnings.first?.hasPrefix("warning: \(f.root)/.Picks.collect-EVIL01: ") == true, "\(recorder.err)")
            #expect(warnings.first?.contains(reason) == true, "\(recorder.err)")
            #expect(warnings.first?.hasSuffix("; not recovered and left alone (collect recovers only a staging folder of its own)") == true)
            #expect(!recorder.out.contains("interrupted"), "\(recorder.out)")
            // A lock file the run found is its to remove only if it held it: it did.
            if lockBefore != nil { #expect(!FileSystem.exists(f.root + "/.Picks.collect.lock")) }
        }
    }

    @Test("an interrupted run's staged file swapped for a hard link of an original: not moved in; the run is rolled back")
    func swappedStagedFile() async throws {
        try await withCollectFixture { f in
            let staging = try KilledBinary.interruptedRevision(f)
            #expect(unlink(staging + "/new/1-c.jpg") == 0)
            #expect(link(f.library + "/b.jpg", staging + "/new/1-c.jpg") == 0)
            let library = try snapshot(f.library)

            let report = try f.collector(order: "v2.json").run()
            #expect(
                report.recovered == [
                    "rolled back a collect into Picks that was interrupted (\(staging)/new/1-c.jpg: is not the file collect staged)"
                ])
            #expect(try snapshot(f.library) == library)
            #expect(f.picked(f.root + "/Picks") == ["1-c.jpg", "v2.json"])
            #expect(try FileSystem.read(f.root + "/Picks/1-c.jpg") == FileSystem.read(f.library + "/c.jpg"))
            #expect(f.names(f.root) == ["Library", "Picks", "order.json", "v2.json"])
        }
    }

    @Test("an interrupted run's journal with another token: left alone, said in one line; the library untouched")
    func journalOtherToken() async throws {
        try await withCollectFixture { f in
            let staging = try KilledBinary.interruptedRevision(f)
            let journal = try readText(staging + "/journal.json")
            let token = try #require(journal.firstRange(of: /"token":"[0-9a-f]{32}"/))
            try FileSystem.writeAtomically(
                journal.replacingCharacters(in: token, with: #""token":"00000000000000000000000000000000""#), to: staging + "/journal.json")
            let library = try snapshot(f.library)
            let left = try snapshot(staging)

            let report = try f.collector(order: "v2.json").run()
            #expect(report.recovered == [])
            #expect(
                report.warnings.map(\.description) == [
                    "\((staging as NSString).lastPathComponent): its journal is not the one the last collect into Picks wrote; not recovered and left alone (collect recovers only a staging folder of its own)"
                ])
            #expect(try snapshot(f.library) == library)
            #expect(try snapshot(staging) == left)
        }
    }

    @Test("the lock file a symlink: refused in one line, nothing created where it points, nothing collected")
    func lockSymlink() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try FileSystem.createDirectory(f.root + "/Elsewhere")
            try f.order(["a.jpg"])
            #expect(symlink(f.root + "/Elsewhere/planted", f.root + "/.Picks.collect.lock") == 0)
            let recorder = RecordingConsole()
            let arguments = ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/Picks"]
            #expect(await CLI.run(arguments: arguments, console: recorder.console) == 2)
            #expect(
                recorder.err == """
                    error: \(f.root)/.Picks.collect.lock: is a symlink, not collect's lock file; remove it and run again
                    nothing was collected (1 problem)

                    """)
            #expect(f.names(f.root + "/Elsewhere") == [])
            #expect(f.names(f.root) == [".Picks.collect.lock", "Elsewhere", "Library", "order.json"])
        }
    }

    @Test("the lock file a FIFO, or another user's file: refused in one line, nothing collected")
    func lockNotOurs() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.order(["a.jpg"])
            let lock = f.root + "/.Picks.collect.lock"
            let arguments = ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/Picks"]

            #expect(mkfifo(lock, 0o600) == 0)
            let fifo = RecordingConsole()
            #expect(await CLI.run(arguments: arguments, console: fifo.console) == 2)
            #expect(fifo.err.hasPrefix("error: \(lock): is not a regular file, not collect's lock file; remove it and run again\n"))
            #expect(FileSystem.kind(of: lock) == .other)
            #expect(!FileSystem.exists(f.root + "/Picks"))
            unlink(lock)

            try FileSystem.writeAtomically("", to: lock)
            try #require(chown(lock, 4242, 4242) == 0, "giving the file to another user needs root: run the tests as root")
            let other = RecordingConsole()
            #expect(await CLI.run(arguments: arguments, console: other.console) == 2)
            #expect(other.err.hasPrefix("error: \(lock): belongs to another user (uid 4242), not to you; remove it and run again\n"))
            #expect(FileSystem.exists(lock))
            #expect(!FileSystem.exists(f.root + "/Picks"))
        }
    }
}
