import Foundation
import ProofsheetCLI
import Testing

@testable import ProofsheetKit

@Suite("build --selection NAME:MAX / NAME:MIN-MAX")
struct NamedSelectionBuildTests {
    @Test("parsed and validated, one line per bad value")
    func parsing() async throws {
        guard
            case .build(let options, _, _) = try ArgumentParser.parse(
                ["build", "P", "--selection", "Album:20-30", "--selection", "Parents: 2:10-15", "--selection", "Cover:1"])
        else {
            Issue.record("not a build")
            return
        }
        #expect(
            options.selections.list == [
                NamedSelection(name: "Album", minimum: 20, limit: 30), NamedSelection(name: "Parents: 2", minimum: 10, limit: 15),
                NamedSelection(name: "Cover", limit: 1),
            ])
        #expect(options.given.contains("selections"))
        let recorder = RecordingConsole()
        let status = await CLI.run(
            arguments: [
                "build", "P", "--selection", "Album", "--selection", "A:30-20", "--selection", ":3", "--selection", "B:x", "--selection",
                "C:0",
            ],
            console: recorder.console)
        #expect(status == 64)
        #expect(
            recorder.err.hasPrefix(
                """
                proofsheet: option '--selection' 'Album' is NAME:MAX or NAME:MIN-MAX (Album:30, Album:20-30)
                proofsheet: option '--selection' 'A:30-20' has a minimum of 30 above its limit of 20
                proofsheet: option '--selection' ':3' needs a name before the ':'
                proofsheet: option '--selection' 'B:x' needs a number after the ':' (MAX, or MIN-MAX), not 'x'
                proofsheet: option '--selection' 'C:0' needs a limit from 1 to 100000, not 0

                """))
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["build", "P", "--selection", "A:3", "--selection", "a:4"]) }
    }

    @Test("written into the page's data and the manifest, remembered by a rebuild; without it the site is byte for byte as before")
    func remembered() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library"
            for index in 0..<3 { try TestPhoto.write(try PageFixtures.photo(index), to: library, "A/\(index).jpg") }
            try await PageDataTests.buildSmall(library, root + "/Plain")
            let plain = try PageFixtures.pageData(root + "/Plain")
            #expect(plain["selections"] == nil)
            #expect(!(try readText(root + "/Plain/manifest.json")).contains("selections"))

            _ = try await build(library, into: root + "/Site") {
                $0.thumbSize = 32
                $0.previewSize = 64
                $0.quality = 60
                $0.jobs = 2
                $0.selections = NamedSelections([
                    NamedSelection(name: "Album", minimum: 2, limit: 3), NamedSelection(name: "Cover", limit: 1),
                ])
            }
            let expected = ["Album 2-3", "Cover 0-1"]
            func selections() throws -> [String] {
                let list = try #require(try PageFixtures.pageData(root + "/Site")["selections"] as? [[String: Any]])
                return list.map { "\($0["name"] as? String ?? "?") \($0["min"] as? Int ?? -1)-\($0["limit"] as? Int ?? -1)" }
            }
            #expect(try selections() == expected)
            // A rebuild without the option keeps them, as it keeps the other settings.
            _ = try await build(library, into: root + "/Site") { $0.jobs = 2 }
            #expect(try selections() == expected)
            #expect(try readText(root + "/Site/manifest.json").contains(#""selections":[{"limit":3,"min":2,"name":"Album"}"#))
        }
    }
}
