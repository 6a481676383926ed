import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

@testable import ProofsheetKitTests

@Suite("Argument parser")
struct ArgumentParserTests {
    @Test("build with every option")
    func buildEverything() throws {
        let invocation = try ArgumentParser.parse([
            "build", "Photos", "--output", "Out", "--title", "Anna & Ben", "--limit", "30", "--sort", "name",
            "--thumb-size=300", "--preview-size", "1200", "--quality", "75", "--jobs", "3", "--exclude", "*.tmp",
            "--exclude", "Drafts", "--include-gps", "--strict", "--quiet", "--templates", "T",
        ])
        var expected = BuildOptions(library: "Photos", output: "Out", jobs: 3, templates: "T")
        expected.title = "Anna & Ben"
        expected.limit = 30
        expected.sort = .name
        expected.thumbSize = 300
        expected.previewSize = 1200
        expected.quality = 75
        expected.excludes = ["*.tmp", "Drafts"]
        expected.includeGPS = true
        #expect(invocation == .build(expected, strict: true, quiet: true))
    }

    @Test("build --watermark TEXT, its opacity in percent and its font")
    func watermark() throws {
        guard
            case .build(let options, _, _) = try ArgumentParser.parse(
                ["build", "Photos", "--watermark", "PROOF", "--watermark-opacity", "50", "--watermark-font", "F.ttf"])
        else {
            Issue.record("not a build")
            return
        }
        // The font resolved once, here, to an absolute path (WatermarkFontTests).
        #expect(
            options.sizes.watermark == Watermark(text: "PROOF", opacity: 0.5, font: FileManager.default.currentDirectoryPath + "/F.ttf"))
        guard case .build(let plain, _, _) = try ArgumentParser.parse(["build", "Photos", "--watermark", "PROOF"]) else {
            Issue.record("not a build")
            return
        }
        #expect(plain.sizes.watermark == Watermark(text: "PROOF", opacity: 0.35))
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["build", "Photos", "--watermark-opacity", "50"]) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["build", "Photos", "--watermark", " "]) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["build", "Photos", "--watermark", "P", "--watermark-opacity", "0"]) }
    }

    @Test("build defaults: Site, limit 1, by date, 400/1600")
    func buildDefaults() throws {
        guard case .build(let options, let strict, let quiet) = try ArgumentParser.parse(["build", "Photos"]) else {
            Issue.record("not a build")
            return
        }
        #expect(options.output == "Site" && options.limit == 1 && options.sort == .date)
        #expect(options.sizes == ImageSizes(thumbnail: 400, preview: 1600, quality: 82))
        #expect(options.title == nil && !options.includeGPS && !strict && !quiet && options.jobs >= 1)
    }

    @Test("short options and -- before a library that starts with a dash")
    func shortOptions() throws {
        guard case .build(let options, _, let quiet) = try ArgumentParser.parse(["build", "-o", "X", "-j", "2", "-q", "--", "-odd"]) else {
            Issue.record("not a build")
            return
        }
        #expect(options.library == "-odd" && options.output == "X" && options.jobs == 2 && quiet)
    }

    @Test("collect and demo")
    func otherCommands() throws {
        #expect(
            try ArgumentParser.parse(["collect", "order.json", "--library", "Photos", "--dry-run", "--link"])
                == .collect(CollectOptions(orderFile: "order.json", library: "Photos", dryRun: true, link: true), notes: []))
        #expect(
            try ArgumentParser.parse(["collect", "o.txt", "-l", "P", "-o", "Out", "--name-pattern", "{stem}", "--overwrite", "--site", "S"])
                == .collect(
                    CollectOptions(orderFile: "o.txt", library: "P", output: "Out", site: "S", namePattern: "{stem}", overwrite: true),
                    notes: []))
        #expect(
            try ArgumentParser.parse(["collect", "-", "-l", "P", "--accept-changed", "--no-companions"])
                == .collect(CollectOptions(orderFile: "-", library: "P", acceptChanged: true, companions: false), notes: []))
        #expect(
            try ArgumentParser.parse(["collect", "o.json", "--list", "capture-one"])
                == .collect(CollectOptions(orderFile: "o.json", list: .captureOne), notes: []))
        // --force still works, meaning both, and says what to use instead.
        #expect(
            try ArgumentParser.parse(["collect", "o.txt", "-l", "P", "-f"])
                == .collect(
                    CollectOptions(orderFile: "o.txt", library: "P", overwrite: true, acceptChanged: true),
                    notes: ["--force is deprecated: it means --overwrite --accept-changed; say which you mean"]))
        #expect(try ArgumentParser.parse(["merge", "A.json", "B.txt"]) == .merge(MergeOptions(files: ["A.json", "B.txt"])))
        #expect(
            try ArgumentParser.parse(["merge", "A.json", "B.json", "-o", "M.json", "--mode", "union", "--limit", "0", "--table", "t.csv"])
                == .merge(MergeOptions(files: ["A.json", "B.json"], output: "M.json", mode: .union, limit: 0, table: "t.csv")))
        #expect(try ArgumentParser.parse(["merge", "--help"]) == .help(topic: "merge"))
        #expect(try ArgumentParser.parse(["demo"]) == .demo(output: "Site", library: nil, quiet: false))
        #expect(
            try ArgumentParser.parse(["demo", "--output", "D", "--library", "L", "-q"]) == .demo(output: "D", library: "L", quiet: true))
    }

    @Test("help and version are not errors")
    func helpAndVersion() throws {
        #expect(try ArgumentParser.parse([]) == .help(topic: nil))
        #expect(try ArgumentParser.parse(["--help"]) == .help(topic: nil))
        #expect(try ArgumentParser.parse(["help", "build"]) == .help(topic: "build"))
        #expect(try ArgumentParser.parse(["build", "--help"]) == .help(topic: "build"))
        #expect(try ArgumentParser.parse(["collect", "-h"]) == .help(topic: "collect"))
        #expect(try ArgumentParser.parse(["--version"]) == .version)
    }

    @Test(
        "usage errors say what is wrong",
        arguments: [
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["--limit"], "unknown option '--limit'"),
            (["build"], "build needs a LIBRARY folder"),
            (["build", "A", "B"], "unexpected 'B'"),
            (["build", "A", "--limti", "3"], "unknown option '--limti' for 'build' (did you mean '--limit'?)"),
            (["build", "A", "--limit"], "option '--limit' needs a value"),
            (["build", "A", "--limit", "-1"], "option '--limit' needs a whole number from 0"),
            (["build", "A", "--limit", "three"], "not 'three'"),
            (["build", "A", "--sort", "size"], "option '--sort' is 'date' or 'name', not 'size'"),
            (["build", "A", "--jobs", "0"], "option '--jobs' needs a whole number from 1"),
            (["build", "A", "--thumb-size", "5"], "option '--thumb-size' needs a whole number from 32"),
            (["build", "A", "--title", "x", "--title", "y"], "option '--title' given twice"),
            (["build", "A", "--strict=yes"], "option '--strict' takes no value"),
            (["build", "A", "--output", ""], "option '--output' needs a value"),
            (["collect", "order.json"], "collect needs --library"),
            (["collect", "--library", "L"], "collect needs an ORDER_FILE"),
            (["collect", "o.json", "--list", "excel"], "option '--list' is one of lightroom, capture-one, finder, csv, not 'excel'"),
            (["collect", "o.json", "--list", "csv", "-o", "X"], "--list prints the list and writes nothing; it takes no '-o'"),
            (["collect", "o.json", "--list", "csv", "--dry-run"], "--list prints the list and writes nothing; it takes no '--dry-run'"),
            (["collect", "o.json", "-l", "A", "--library", "B"], "option '--library' given twice"),
            (["merge"], "merge needs the order files to merge"),
            (["merge", "A.json", "--mode", "best"], "option '--mode' is ranked, union or intersection, not 'best'"),
            (["merge", "A.json", "--limit", "-2"], "option '--limit' needs a whole number from 0"),
            (["demo", "extra"], "demo takes no arguments"),
            (["help", "nothing"], "no help for 'nothing'"),
        ])
    func usageErrors(arguments: [String], message: String) {
        #expect {
            try ArgumentParser.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test("the main help text, whole")
    func mainHelp() {
        #expect(
            HelpText.main == """
                proofsheet — turn a folder of photos into a gallery to browse and pick from, offline

                USAGE
                  proofsheet build LIBRARY [options]        make the gallery site (default: Site/)
                  proofsheet join PART… --output SITE       put the parts of a build split in shares together
                  proofsheet collect ORDER_FILE --library LIBRARY [options]
                                                            gather the picked originals, in order
                  proofsheet mark ORDER_FILE --library LIBRARY
                                                            write the client's marks into the sidecars
                  proofsheet merge A.json B.json… [options] merge several people's picks into one
                  proofsheet demo [--output DIR]            draw a sample library and build it
                  proofsheet help [COMMAND]                 show help for a command
                  proofsheet --version                      show the version and readable formats

                Run 'proofsheet help build' (or join, collect, mark, merge, demo) for every option.

                EXIT STATUS
                  0 success · 1 photos failed with --strict · 2 bad input (nothing written) · 64 usage error

                """)
    }

    @Test(
        "every build option is in the build help",
        arguments: [
            "--output", "--title", "--limit", "--sort", "--thumb-size", "--preview-size", "--quality", "--jobs",
            "--exclude", "--selection", "--include-gps", "--templates", "--strict", "--quiet", "--help", "--watermark",
            "--watermark-opacity",
            "--watermark-font", "--min", "--contact", "--contact-name", "--message", "--cover", "--logo", "--accent",
            "--shard",
        ])
    func buildHelpComplete(option: String) {
        #expect(HelpText.build.contains(option))
    }

    @Test(
        "every collect option is in the collect help",
        arguments: [
            "--library", "--output", "--site", "--name-pattern", "--dry-run", "--overwrite", "--accept-changed", "--no-companions",
            "--link", "--list", "lightroom", "capture-one", "finder", "csv", "--help", "--selection", "--label", "--stars", "--rejected",
        ])
    func collectHelpComplete(option: String) {
        #expect(HelpText.collect.contains(option))
    }

    @Test("mark: its options parsed, in its help; without --library a usage error")
    func markOptions() throws {
        #expect(
            try ArgumentParser.parse(["mark", "o.json", "-l", "L", "-n"])
                == .mark(MarkOptions(orderFile: "o.json", library: "L", dryRun: true)))
        #expect(
            try ArgumentParser.parse(["mark", "o.json", "--library", "L", "--undo"])
                == .mark(MarkOptions(orderFile: "o.json", library: "L", undo: true)))
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["mark", "o.json"]) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["collect", "o.json", "-l", "L", "--label", "red"]) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["collect", "o.json", "--list", "csv", "--stars", "6"]) }
        for option in ["--library", "--dry-run", "--undo", "--help"] { #expect(HelpText.mark.contains(option)) }
    }

    @Test(
        "every merge option is in the merge help",
        arguments: ["--output", "--mode", "ranked", "union", "intersection", "--limit", "--table", "--help"])
    func mergeHelpComplete(option: String) {
        #expect(HelpText.merge.contains(option))
    }
}

@Suite("Command line")
struct CommandLineTests {
    @Test("a usage error exits 64 with a pointer to --help")
    func usage() async {
        let recorder = RecordingConsole()
        let status = await CLI.run(arguments: ["build", "X", "--colour"], console: recorder.console)
        #expect(status == 64)
        #expect(recorder.err == "proofsheet: unknown option '--colour' for 'build'\nRun 'proofsheet build --help' for usage.\n")
        #expect(recorder.out.isEmpty)
    }

    @Test("help goes to stdout and exits 0")
    func help() async {
        let recorder = RecordingConsole()
        #expect(await CLI.run(arguments: ["help", "build"], console: recorder.console) == 0)
        #expect(recorder.out == HelpText.build)
    }

    @Test("--version names the formats libgd can read")
    func version() async {
        let recorder = RecordingConsole()
        #expect(await CLI.run(arguments: ["--version"], console: recorder.console) == 0)
        #expect(recorder.out.hasPrefix("proofsheet \(Proofsheet.version)\nreads: JPEG, PNG"))
    }

    @Test("a missing library is one line on stderr and exit status 2")
    func missingLibrary() async {
        await withTemporaryDirectory { base in
            let recorder = RecordingConsole()
            let status = await CLI.run(arguments: ["build", base + "/nope", "--output", base + "/Site"], console: recorder.console)
            #expect(status == 2)
            #expect(recorder.err == "error: \(base)/nope: no such folder\n")
            #expect(!FileSystem.exists(base + "/Site"))
        }
    }

    @Test("bad photos are warnings, one line each; --strict turns them into exit status 1")
    func strict() async throws {
        try await withTemporaryDirectory { base in
            try TestPhoto.write(try TestPhoto.jpeg(), to: base + "/L", "ok.jpg")
            try TestPhoto.write(Array("nope".utf8), to: base + "/L", "Album/bad.jpg")
            let arguments = ["build", base + "/L", "--output", base + "/Site", "--templates", templatesDirectory]
            let relaxed = RecordingConsole()
            #expect(await CLI.run(arguments: arguments, console: relaxed.console) == 0)
            #expect(relaxed.err == "warning: Album/bad.jpg: named like a JPEG file but its content is not an image\n")
            #expect(relaxed.out.hasPrefix("Built 1 photo in 1 album (0 skipped, 1 failed) in "))
            #expect(relaxed.out.hasSuffix(" → \(base)/Site/index.html\n"))
            let strict = RecordingConsole()
            #expect(await CLI.run(arguments: arguments + ["--strict"], console: strict.console) == 1)
        }
    }
}
