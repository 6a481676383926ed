import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file under a folder with its inode and modification time: shows that a rerun
/// with nothing to do touched nothing.
func fileIdentities(_ directory: String) -> [String: String] {
    var result: [String: String] = [:]
    for name in FileSystem.contents(of: directory) {
        var info = stat()
        guard lstat(directory + "/" + name, &info) == 0 else { continue }
        result[name] = "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)"
    }
    return result
}

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

    @Test("a staging folder left by a killed run is removed by the next run")
    func staleStaging() async throws {
        try await withCollectFixture { f in
            try f.add("a.jpg", seed: 1)
            try f.order(["a.jpg"])
            // What a run killed while copying leaves: a private folder with half a photo.
            try FileSystem.createDirectory(f.root + "/.Picks.collect-Ab12Cd/new")
            try FileSystem.writeAtomically(Array(repeating: 0, count: 1000), to: f.root + "/.Picks.collect-Ab12Cd/new/1-a.jpg")
            // An older proofsheet's staging folder has the same name, without new/.
            try FileSystem.createDirectory(f.root + "/.Picks.collect-Zz99Yy/.replaced")
            // Someone else's folder that only looks alike is left alone.
            try FileSystem.createDirectory(f.root + "/.Picks.collect-notmine")

            let plan = try f.collector(dryRun: true).plan()
            #expect(plan.interrupted == [f.root + "/.Picks.collect-Ab12Cd", f.root + "/.Picks.collect-Zz99Yy"])
            #expect(FileSystem.exists(f.root + "/.Picks.collect-Ab12Cd"))

            let report = try f.collector().run()
            #expect(report.recovered.count == 2)
            #expect(f.names(f.root) == [".Picks.collect-notmine", "Library", "Picks", "order.json"])
        }
    }

    @Test("a run killed after its journal was written is finished by the next one")
    func journalFinished() async throws {
        try await withCollectFixture { f in
            for (i, name) in ["a", "b", "c"].enumerated() { try f.add("\(name).jpg", seed: i + 1) }
            try f.order(["a.jpg", "b.jpg"])
            _ = try f.collector().run()
            // Stage a revision by hand exactly as collect does, then stop after the first
            // move: what a SIGKILL there leaves.
            try f.order(["c.jpg"], name: "v2.json")
            let plan = try f.collector(order: "v2.json").plan()
            #expect(plan.removals.sorted() == ["1-a.jpg", "2-b.jpg", "order.json"])
            let staging = f.root + "/.Picks.collect-Qq11Rr"
            try FileSystem.createDirectory(staging + "/new")
            try FileSystem.createDirectory(staging + "/aside")
            var entries: [String] = []
            func stage(_ name: String, _ bytes: [UInt8], role: String, source: String? = nil) throws {
                try FileSystem.writeAtomically(bytes, to: staging + "/new/" + name)
                let status = FileSystem.fileStatus(staging + "/new/" + name)!
                let from = source.map { #", "source": "\#($0)""# } ?? ""
                entries.append(#"{"name": "\#(name)", "role": "\#(role)", "bytes": \#(status.size), "modified": \#(status.mtime)\#(from)}"#)
            }
            try FileSystem.setModificationTime(f.library + "/c.jpg", nanoseconds: 1_780_000_000_000_000_000)
            try stage("1-c.jpg", FileSystem.read(f.library + "/c.jpg"), role: "photo", source: "c.jpg")
            try FileSystem.setModificationTime(staging + "/new/1-c.jpg", nanoseconds: 1_780_000_000_000_000_000)
            entries[0] = entries[0].replacingOccurrences(of: #""modified": \d+"#, with: #""modified": 1780000000000000000"#, options: .regularExpression)
            try stage("v2.json", plan.orderFileBytes, role: "order")
            try stage("picks.csv", plan.generated.first { $0.role == .csv }!.bytes, role: "csv")
            try FileSystem.writeAtomically(
                #"{"format": "proofsheet-collect", "version": 1, "files": [\#(entries.joined(separator: ", "))]}"#,
                to: staging + "/new/.proofsheet-collect.json")
            let journal = #"""
                {"format": "proofsheet-collect-journal", "version": 1, "output": "Picks",
                 "aside": ["1-a.jpg", "2-b.jpg", "order.json", "picks.csv", ".proofsheet-collect.json"],
                 "add": ["1-c.jpg", "v2.json", "picks.csv", ".proofsheet-collect.json"]}
                """#
            try FileSystem.writeAtomically(journal, to: staging + "/journal.json")
            #expect(rename(f.root + "/Picks/1-a.jpg", staging + "/aside/1-a.jpg") == 0)

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
