import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// The summary line's counts and the warning lines say the same thing of each file.
@Suite("The build's summary agrees with its lines")
struct SummaryCountTests {
    @Test("empty .jpg files are counted failed, and no line calls them skipped")
    func emptyFiles() async throws {
        try await withTemporaryDirectory { base in
            let library = base + "/Library"
            try TestPhoto.write(try TestPhoto.jpeg(), to: library, "photo.jpg")
            let count = 300
            for index in 0..<count { try TestPhoto.write([], to: library, "Empty/IMG_\(index).jpg") }
            // Skipped on purpose, and said nowhere but in the count: a hidden file, a text file.
            try TestPhoto.write(Array("notes".utf8), to: library, "notes.txt")
            try TestPhoto.write(Array("x".utf8), to: library, ".hidden.jpg")
            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["build", library, "--output", base + "/Site", "--templates", templatesDirectory, "--jobs", "2"],
                console: recorder.console)
            #expect(status == 0)
            #expect(recorder.out.hasPrefix("Built 1 photo in 1 album (2 skipped, \(count) failed) in "))
            let lines = recorder.err.split(separator: "\n")
            #expect(lines.count == count)
            #expect(lines.allSatisfy { $0.hasPrefix("warning: Empty/IMG_") && !$0.contains("skipped") })
        }
    }
}
