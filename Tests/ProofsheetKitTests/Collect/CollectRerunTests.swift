import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Collecting again")
struct CollectRerunTests {
    @Test("the same order into the folder it made: nothing to do, nothing touched, exit 0")
    func sameOrder() async throws {
        try await withCollectFixture { f in
            for (i, name) in ["a", "b", "c"].enumerated() { try f.add("\(name).jpg", seed: i + 1) }
            try f.order(["a.jpg", "b.jpg", "c.jpg"])
            _ = try f.collector().run()
            let before = fileIdentities(f.root + "/Picks")
            let report = try f.collector().run()
            #expect(report.plan.isNothingToDo)
            #expect(report.plan.items.allSatisfy { $0.action == .unchanged })
            #expect(fileIdentities(f.root + "/Picks") == before)
            #expect(f.names(f.root) == ["Library", "Picks", "order.json"])

            let recorder = RecordingConsole()
            let arguments = ["collect", f.root + "/order.json", "-l", f.library, "-o", f.root + "/Picks"]
            #expect(await CLI.run(arguments: arguments, console: recorder.console) == 0)
            #expect(recorder.out == "nothing to do: \(f.root)/Picks/ already holds these 3 photos\n")
            #expect(recorder.err.isEmpty)
            let dry = RecordingConsole()
            #expect(await CLI.run(arguments: arguments + ["-n"], console: dry.console) == 0)
            #expect(dry.out.hasSuffix("dry run: \(f.root)/Picks/ already holds these 3 photos; nothing to do\n"))
            #expect(dry.out.contains("1. a.jpg → \(f.root)/Picks/1-a.jpg (already there)\n"))
        }
    }

    @Test("a revised order makes the folder exactly the new order; the photographer's own files stay")
    func revisedOrder() async throws {
        try await withCollectFixture { f in
            var originals: [String: [UInt8]] = [:]
            for (i, name) in ["a", "b", "c", "d", "e"].enumerated() { originals[name] = try f.add("\(name).jpg", seed: i + 1) }
            try f.order(["a.jpg", "b.jpg", "c.jpg"])
            _ = try f.collector().run()
            try FileSystem.writeAtomically("my own notes", to: f.root + "/Picks/contract.txt")
            // c.jpg is exported again, bigger, before the client revises the order.
            originals["c"] = try f.add("c.jpg", seed: 30, modified: 1_790_000_000_000_000_000)

            try f.order(["a.jpg", "d.jpg", "c.jpg", "e.jpg"], name: "order-2.json")
            let dry = RecordingConsole()
            let arguments = ["collect", f.root + "/order-2.json", "-l", f.library, "-o", f.root + "/Picks"]
            #expect(await CLI.run(arguments: arguments + ["--dry-run"], console: dry.console) == 0)
            #expect(
                dry.out == """
                    what the gallery published: unknown, no site used (no --site, no Site/ of this library here or beside the order file)
                    1. a.jpg → \(f.root)/Picks/1-a.jpg (already there)
                    2. d.jpg → \(f.root)/Picks/2-d.jpg
                    3. c.jpg → \(f.root)/Picks/3-c.jpg (replaces the copy collected before)
                    4. e.jpg → \(f.root)/Picks/4-e.jpg
                       order-2.json (the order file) → \(f.root)/Picks/order-2.json
                       the list as CSV → \(f.root)/Picks/picks.csv (replaces the copy collected before)
                    remove \(f.root)/Picks/2-b.jpg (collected before, no longer picked)
                    remove \(f.root)/Picks/order.json (collected before, no longer picked)
                    dry run: would collect 4 photos into \(f.root)/Picks/: 2 new, 1 replaced, 1 already there, 1 removed (nothing written)

                    """)
            let recorder = RecordingConsole()
            #expect(await CLI.run(arguments: arguments, console: recorder.console) == 0)
            #expect(recorder.out == "collected 4 photos into \(f.root)/Picks/: 2 new, 1 replaced, 1 already there, 1 removed\n")
            #expect(
                f.names(f.root + "/Picks") == [
                    ".proofsheet-collect.json", "1-a.jpg", "2-d.jpg", "3-c.jpg", "4-e.jpg", "contract.txt", "order-2.json", "picks.csv",
                ])
            for (name, original) in [("1-a.jpg", "a"), ("2-d.jpg", "d"), ("3-c.jpg", "c"), ("4-e.jpg", "e")] {
                #expect(try FileSystem.read(f.root + "/Picks/" + name) == originals[original])
            }
            #expect(try readText(f.root + "/Picks/contract.txt") == "my own notes")
            #expect(try readText(f.root + "/Picks/picks.csv").hasSuffix("4,e.jpg,e.jpg,,,\r\n"))
            // And again: nothing to do.
            #expect(try f.collector(order: "order-2.json").run().plan.isNothingToDo)
        }
    }

    @Test("a collected file edited since is never removed or replaced without --overwrite")
    func editedFiles() async throws {
        try await withCollectFixture { f in
            for (i, name) in ["a", "b"].enumerated() { try f.add("\(name).jpg", seed: i + 1) }
            try f.order(["a.jpg", "b.jpg"])
            _ = try f.collector().run()
            // The photographer retouches both copies in the picks folder.
            try FileSystem.writeAtomically("retouched a", to: f.root + "/Picks/1-a.jpg")
            try FileSystem.writeAtomically("retouched b", to: f.root + "/Picks/2-b.jpg")

            try f.order(["a.jpg"])
            #expect(f.problems(f.collector()) == ["Picks/1-a.jpg: changed since collect placed it; --overwrite replaces it"])
            #expect(try readText(f.root + "/Picks/1-a.jpg") == "retouched a")

            try f.order(["b.jpg"], name: "only-b.json")
            let plan = try f.collector(order: "only-b.json", pattern: "{name}").plan()
            #expect(plan.kept == ["1-a.jpg", "2-b.jpg"])
            #expect(
                plan.warnings.map(\.description) == [
                    "Picks/1-a.jpg: collected before and changed since; no longer picked, but left in place",
                    "Picks/2-b.jpg: collected before and changed since; no longer picked, but left in place",
                ])
            _ = try f.collector(order: "only-b.json", pattern: "{name}").run()
            #expect(try readText(f.root + "/Picks/1-a.jpg") == "retouched a")
            #expect(try readText(f.root + "/Picks/2-b.jpg") == "retouched b")
            #expect(f.picked(f.root + "/Picks") == ["1-a.jpg", "2-b.jpg", "b.jpg", "only-b.json"])
        }
    }

    @Test("the order file's copy in the folder, edited and given again, is the order: no --overwrite needed")
    func editedCopyAsOrder() async throws {
        try await withCollectFixture { f in
            for (i, name) in ["a", "b"].enumerated() { try f.add("\(name).jpg", seed: i + 1) }
            try f.order(["a.jpg", "b.jpg"])
            _ = try f.collector().run()
            // The photographer drops b from the copy kept in the folder and collects it.
            try FileSystem.writeAtomically(try FileSystem.read(f.root + "/order.json"), to: f.root + "/Picks/order.json")
            try f.order(["a.jpg"], name: "Picks/order.json")
            let report = try f.collector(order: "Picks/order.json").run()
            #expect(report.plan.removals == ["2-b.jpg"])
            #expect(f.picked(f.root + "/Picks") == ["1-a.jpg", "order.json"])
            #expect(try f.collector(order: "Picks/order.json").run().plan.isNothingToDo)
        }
    }

    @Test("a staging folder left by a run killed while copying is removed by the next run; one the lock does not name is left alone")
    func staleStaging() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.add("b.jpg", seed: 2)
            try f.order(["a.jpg", "b.jpg"])
            // A folder named alike that no run of ours recorded: left alone, and said so.
            #expect(mkdir(f.root + "/.Picks.collect-Zz99Yy", 0o700) == 0)
            try FileSystem.createDirectory(f.root + "/.Picks.collect-Zz99Yy/.replaced")
            // Not named as mkdtemp names them: not collect's at all, not even mentioned.
            try FileSystem.createDirectory(f.root + "/.Picks.collect-notmine")
            let killedWhileCopying = try KilledBinary.killUntil(
                f, ["order.json", "-l", "Library", "-o", "Picks"],
                reset: {
                    for name in KilledBinary.stagingFolders(f) where name != ".Picks.collect-Zz99Yy" {
                        FileSystem.remove(f.root + "/" + name)
                    }
                },
                stop: {
                    KilledBinary.stagingFolders(f).contains {
                        $0 != ".Picks.collect-Zz99Yy" && FileSystem.exists(f.root + "/" + $0 + "/new/1-a.jpg")
                    }
                })
            #expect(killedWhileCopying)
            let staging = KilledBinary.stagingFolders(f).filter { $0 != ".Picks.collect-Zz99Yy" }
            #expect(staging.count == 1)

            let plan = try f.collector(dryRun: true).plan()
            #expect(plan.interrupted.map { ($0 as NSString).lastPathComponent }.sorted() == (staging + [".Picks.collect-Zz99Yy"]).sorted())

            let report = try f.collector().run()
            #expect(report.recovered == ["removed what an interrupted collect left beside Picks (nothing in it had changed)"])
            #expect(
                report.warnings.map(\.description) == [
                    ".Picks.collect-Zz99Yy: is not the folder the last collect into Picks was staging in (its lock file does not name it); not recovered and left alone (collect recovers only a staging folder of its own)"
                ])
            #expect(f.names(f.root) == [".Picks.collect-Zz99Yy", ".Picks.collect-notmine", "Library", "Picks", "order.json"])
            #expect(f.names(f.root + "/.Picks.collect-Zz99Yy") == [".replaced"])
        }
    }

    @Test("a run killed after its journal was written is finished by the next one")
    func journalFinished() async throws {
        try await withCollectFixture { f in
            // Killed after the journal was written and the first file set aside.
            _ = try KilledBinary.interruptedRevision(f)

            let report = try f.collector(order: "v2.json").run()
            #expect(report.recovered == ["finished a collect into Picks that was interrupted"])
            #expect(report.plan.isNothingToDo)
            #expect(f.picked(f.root + "/Picks") == ["1-c.jpg", "v2.json"])
            #expect(try FileSystem.read(f.root + "/Picks/1-c.jpg") == FileSystem.read(f.library + "/c.jpg"))
            #expect(f.names(f.root) == ["Library", "Picks", "order.json", "v2.json"])
        }
    }

    @Test("while another collect writes into the folder, a second one is refused")
    func locked() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.order(["a.jpg"])
            let fd = open(f.root + "/.Picks.collect.lock", O_RDWR | O_CREAT, 0o600)
            #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
            #expect(f.problems(f.collector()) == ["Picks: another collect is writing into this folder; wait for it to finish"])
            close(fd)
            _ = try f.collector().run()
            #expect(f.names(f.root) == ["Library", "Picks", "order.json"])
        }
    }
}
