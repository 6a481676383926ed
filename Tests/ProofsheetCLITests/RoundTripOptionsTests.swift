import Foundation
import ProofsheetCLI
import Testing

@testable import ProofsheetKit
@testable import ProofsheetKitTests

/// Issue 13's build options (`--min`, `--contact`, `--contact-name`, `--message`) and
/// issue 14's badge data: kept in the site like the other settings, checked before
/// anything is written, and handed to the page in its data.
@Suite("Round-trip options")
struct RoundTripOptionsTests {
    @Test("--min, --contact, --contact-name and --message are settings, given by name; '' takes one away")
    func parsed() throws {
        let options = try SettingsFixtures.parse([
            "L", "--limit", "30", "--min", "20", "--contact", "anna.smith+proofs@example.co.uk", "--contact-name", "Anna Smith",
            "--message", "Pick 20 to 30 by Friday <b>please</b>",
        ])
        #expect(options.given == ["limit", "minimum", "contact", "contactName", "message"])
        #expect(options.minimum == 20 && options.limit == 30)
        #expect(options.contact == "anna.smith+proofs@example.co.uk" && options.contactName == "Anna Smith")
        #expect(options.message == "Pick 20 to 30 by Friday <b>please</b>")
        let cleared = try SettingsFixtures.parse(["L", "--contact", "", "--message", "", "--contact-name", ""])
        #expect(cleared.contact == nil && cleared.message == nil && cleared.contactName == nil)
        #expect(cleared.given == ["contact", "contactName", "message"])
        // No limit: any minimum.
        #expect(try SettingsFixtures.parse(["L", "--limit", "0", "--min", "500"]).minimum == 500)
    }

    @Test(
        "a minimum above the limit, or an address with anything but an address in it, is a one-line usage error",
        arguments: [
            (["--limit", "10", "--min", "11"], "option '--min' (11) is above '--limit' (10)"),
            (["--min", "-1"], "option '--min' needs a whole number from 0"),
            (["--contact", "Anna <anna@example.com>"], "option '--contact': 'Anna <anna@example.com>' holds a space"),
            (["--contact", "anna@example.com?subject=x"], "option '--contact': 'anna@example.com?subject=x' holds ? in its domain"),
            (["--contact", "anna@example.com?cc=eve@evil.com"], "holds more than one @"),
            (["--contact", "anna@example.com,eve@evil.com"], "holds more than one @"),
            (["--contact", "anna%0Acc@example.com"], "holds % before the @"),
            (["--contact", "anna"], "has no @"),
            (["--contact", "anna@localhost"], "needs a domain with a dot"),
            (["--contact", "anna@exa\nmple.com"], "holds a character an address cannot have (U+A)"),
            (["--contact", "anna@-example.com"], "starting or ending with -"),
        ])
    func refused(words: [String], message: String) {
        #expect {
            try ArgumentParser.parse(["build", "L"] + words)
        } throws: { error in
            guard let usage = error as? UsageError else { return false }
            return usage.message.contains(message) && usage.command == "build"
        }
    }

    @Test("a rebuild whose --limit falls below the site's --min is refused with one line, the site untouched")
    func limitBelowStoredMinimum() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Wedding", site = root + "/Site"
            try SettingsFixtures.library(at: library)
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--limit", "30", "--min", "20"])).build()
            let before = try FileSystem.read(site + "/manifest.json")
            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["build", library, "-o", site, "--limit", "10", "--templates", templatesDirectory], console: recorder.console)
            #expect(status == 2)
            #expect(
                recorder.err == "error: \(site): --min 20 is above --limit 10; lower --min (0: no minimum) or raise --limit (0: no limit)\n"
            )
            #expect(try FileSystem.read(site + "/manifest.json") == before)
            // Lowering both together is fine; the minimum is kept by a bare rebuild.
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--limit", "10", "--min", "5"])).build()
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
            #expect(try readManifest(site).options.minimum == 5)
        }
    }

    @Test("the page's data carries the minimum, the contact and the message as text, and a RAW/Live flag per photo")
    func pageData() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            for index in 1...3 { try TestPhoto.write(try LibraryFixtures.photo(index), to: library, "Shoot/IMG_\(index).jpg") }
            for path in ["Shoot/IMG_1.CR3", "Shoot/IMG_1.xmp", "Shoot/IMG_2.MOV", "Shoot/IMG_2.NEF", "Shoot/IMG_3.AAE"] {
                try TestPhoto.write(CompanionFixtures.raw, to: library, path)
            }
            let message = "Pick by Friday </script><script>alert(1)</script>"
            _ = try await SiteBuilder(
                options: SettingsFixtures.parse([
                    library, "-o", site, "--limit", "5", "--min", "2", "--contact", "anna@example.com", "--contact-name", "Anna & Co",
                    "--message", message,
                ])
            ).build()
            let page = try PageFixtures.pageData(site)
            #expect(page["minimum"] as? Int == 2)
            #expect(page["contact"] as? String == "anna@example.com")
            #expect(page["contactName"] as? String == "Anna & Co")
            #expect(page["message"] as? String == message)
            #expect(!(try readText(site + "/index.html")).contains("</script><script>alert(1)"))
            let chunks = try #require(page["chunks"] as? [[Any]])
            var flags: [String: String] = [:]
            for chunk in chunks {
                for record in try PageFixtures.records(site, chunk: try #require(chunk[0] as? String)) {
                    flags[try #require(record["n"] as? String)] = record["c"] as? String ?? ""
                }
            }
            #expect(flags == ["IMG_1.jpg": "r", "IMG_2.jpg": "rl", "IMG_3.jpg": ""])

            // Without the options the data says minimum 0 and nothing else.
            let plain = root + "/Plain"
            _ = try await build(library, into: plain)
            let bare = try PageFixtures.pageData(plain)
            #expect(bare["minimum"] as? Int == 0 && bare["contact"] == nil && bare["message"] == nil && bare["contactName"] == nil)
        }
    }
}

extension RoundTripOptionsTests {
    @Test(
        "the header says how many to pick, with the minimum",
        arguments: [
            (1, 0, "Pick 1 photo."), (30, 0, "Pick up to 30 photos."), (0, 0, "Pick as many photos as you like."),
            (30, 20, "Pick 20 to 30 photos."), (0, 5, "Pick at least 5 photos."), (10, 10, "Pick 10 photos."),
            (0, 1, "Pick at least 1 photo."),
        ])
    func limitText(limit: Int, minimum: Int, text: String) throws {
        let words = try #require(try TemplateSet(directory: templatesDirectory).words[.en])
        #expect(PageRenderer.limitText(limit: limit, minimum: minimum, words: words) == text)
    }
}
