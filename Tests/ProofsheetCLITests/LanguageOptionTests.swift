import Foundation
import ProofsheetCLI
import Testing

@testable import ProofsheetKit
@testable import ProofsheetKitTests

/// `build --lang en|de|fr|es` (issue 29): a setting like the others — kept by a bare
/// rebuild, checked by one function for the option and the stored value, refused with one
/// line naming the four — that sets the page's words, `<html lang>`, dates and numbers, on
/// the page and on the pages without JavaScript.
@Suite("The page's language")
struct LanguageOptionTests {
    @Test("--lang is parsed as given; en, the default, sets none")
    func parsed() throws {
        let german = try SettingsFixtures.parse(["L", "--lang", "de"])
        #expect(german.language == "de" && german.given == ["language"] && german.settings.pageLanguage == .de)
        let english = try SettingsFixtures.parse(["L", "--lang", "en"])
        #expect(english.language == nil && english.given == ["language"] && english.settings.pageLanguage == .en)
        #expect(try SettingsFixtures.parse(["L"]).given.isEmpty)
    }

    @Test("a language the page does not speak is one usage line that lists the four", arguments: ["it", "DE", "", "de-DE", "english"])
    func refused(language: String) async throws {
        #expect {
            try ArgumentParser.parse(["build", "L", "--lang", language])
        } throws: { error in
            guard let usage = error as? UsageError else { return false }
            return usage.message == "option '--lang': '\(language)' is not a language the page speaks: en, de, fr, es"
                && usage.command == "build"
        }
        let recorder = RecordingConsole()
        #expect(await CLI.run(arguments: ["build", "L", "--lang", language], console: recorder.console) == 64)
        #expect(recorder.err.hasPrefix("proofsheet: option '--lang': '\(language)' is not a language the page speaks: en, de, fr, es\n"))
    }

    @Test("the help names the option and the four languages")
    func help() {
        #expect(HelpText.build.contains("--lang en|de|fr|es  the page's language: its words, dates and numbers"))
    }

    @Test("stored, kept by a bare rebuild, shown on the page and the album pages; --lang en goes back")
    func roundTrip() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Wedding", site = root + "/Site"
            try SettingsFixtures.library(at: library)
            let first = try await SiteBuilder(
                options: SettingsFixtures.parse([library, "-o", site, "--lang", "de", "--limit", "2", "--contact", "clara@example.com"])
            ).build()
            #expect(first.photos == 3)
            #expect(try readManifest(site).options.language == "de")
            let page = try readText(site + "/index.html")
            #expect(page.contains("<html lang=\"de\" class=\"no-js\">"))
            #expect(
                page.contains(
                    "<p class=\"summary\">3 Fotos · 1 Album<span class=\"limit-sep\"> · </span><span class=\"limit-text\">Wählen Sie bis zu 2 Fotos aus.</span></p>"
                ))
            #expect(page.contains("<button type=\"button\" id=\"review\" class=\"primary\" aria-haspopup=\"dialog\">Prüfen</button>"))
            #expect(
                page.contains(
                    "<script type=\"application/json\" id=\"proofsheet-words\">{\"count.photos\":{\"one\":\"{n} Foto\",\"other\":\"{n} Fotos\"}"
                ))
            // Only its own language.
            #expect(!page.contains("Pick up to") && !page.contains("Choisissez") && !page.contains("Elige"))
            let albumFile = try #require(FileSystem.contents(of: site + "/albums").first)
            let album = try readText(site + "/albums/" + albumFile)
            #expect(album.contains("<html lang=\"de\">"))
            #expect(
                album.contains(
                    "<p class=\"static-note\">Diese Seite ist zum Ansehen. Um Fotos auszuwählen, öffnen Sie <a href=\"../index.html\">die Galerie</a> in einem Browser mit eingeschaltetem JavaScript.</p>"
                ))
            #expect(
                album.contains(
                    "Um ohne JavaScript auszuwählen, schreiben Sie an <a href=\"mailto:clara@example.com\">clara@example.com</a>"))
            #expect(album.contains("<footer class=\"foot\"><p>Erstellt mit \(Proofsheet.generator).</p></footer>"))

            let bare = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
            #expect(bare.changes.isEmpty && bare.rendered == 0)
            #expect(try readText(site + "/index.html") == page)

            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["build", library, "-o", site, "--lang", "en", "--templates", templatesDirectory], console: recorder.console)
            #expect(status == 0)
            #expect(recorder.out.contains("lang \"de\" → en"), "\(recorder.out)")
            #expect(try readManifest(site).options.language == nil)
            let english = try readText(site + "/index.html")
            #expect(english.contains("<html lang=\"en\" class=\"no-js\">") && english.contains("Pick up to 2 photos."))
            #expect(try readText(site + "/albums/" + albumFile).contains("This page is for browsing."))
        }
    }

    @Test("a language in the manifest edited by hand is refused by the same check")
    func storedValueChecked() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Wedding", site = root + "/Site"
            try SettingsFixtures.library(at: library)
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--lang", "fr"])).build()
            let manifest = try readText(site + "/manifest.json")
            #expect(manifest.contains("\"language\":\"fr\""))
            try FileSystem.writeAtomically(
                Array(manifest.replacingOccurrences(of: "\"language\":\"fr\"", with: "\"language\":\"it\"").utf8),
                to: site + "/manifest.json")
            await #expect {
                _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
            } throws: { error in
                "\(error)".hasPrefix("\(site): --lang 'it' is not a language the page speaks: en, de, fr, es")
            }
        }
    }
}
