import Foundation
import ProofsheetCLI
import Testing

@testable import ProofsheetKit

/// A setting a site stored goes through the check its option does: a hand-edited or
/// hostile `manifest.json` is refused in one line naming the field and the file, before
/// anything is written; giving the option sets it anew.
@Suite("Stored settings are checked as their options are")
struct StoredSettingsTests {
    /// `manifest.json`'s `"key":value` in its options replaced by `"key":hostile` (added
    /// when the manifest does not have it).
    static func edit(_ site: String, _ key: String, to hostile: String) throws {
        var text = try readText(site + "/manifest.json")
        let options = try #require(text.range(of: "\"options\":{"))
        guard let field = text.range(of: "\"\(key)\":", range: options.upperBound..<text.endIndex) else {
            text.insert(contentsOf: "\"\(key)\":\(hostile),", at: options.upperBound)
            try FileSystem.writeAtomically(text, to: site + "/manifest.json")
            return
        }
        let end = try #require(text[field.upperBound...].firstIndex { $0 == "," || $0 == "}" })
        text.replaceSubrange(field.upperBound..<end, with: hostile)
        try FileSystem.writeAtomically(text, to: site + "/manifest.json")
    }

    @Test(
        "a stored setting its option would refuse is refused, naming the field and the file; the site is left as it was",
        arguments: [
            ("thumbSize", "9223372036854775807", "thumb-size", "needs a whole number from 32 to 4096, not 9223372036854775807"),
            ("thumbSize", "0", "thumb-size", "needs a whole number from 32 to 4096, not 0"),
            ("previewSize", "-1600", "preview-size", "needs a whole number from 64 to 8192, not -1600"),
            ("quality", "1000", "quality", "needs a whole number from 1 to 100, not 1000"),
            ("limit", "-1", "limit", "needs a whole number from 0 to 100000, not -1"),
            ("minimum", "-3", "min", "needs a whole number from 0 to 100000, not -3"),
            ("watermarkOpacity", "0", "watermark-opacity", "needs a whole number from 1 to 100, not 0"),
            ("excludes", "[\"\"]", "exclude", "needs a pattern that is not empty, not ''"),
            (
                "watermark", "\"" + String(repeating: "W", count: 1200) + "\"", "watermark",
                "needs a text of 1 to 100 characters, not only spaces, not '" + String(repeating: "W", count: 40) + "…' (1200 characters)"
            ),
            ("watermarkFont", "\"fonts/Brand.ttf\"", "watermark-font", "needs an absolute path to a font file, not 'fonts/Brand.ttf'"),
        ])
    func hostileStoredSetting(_ key: String, _ hostile: String, _ option: String, _ reason: String) async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try SettingsFixtures.library(at: library, count: 2)
            _ = try await build(library, into: site)
            try Self.edit(site, key, to: hostile)
            let before = try snapshot(site)

            let error = try await #require(throws: ProofsheetError.self) { try await build(library, into: site) }
            #expect(error.path == site + "/manifest.json")
            #expect(error.reason == "its setting \"\(key)\" \(reason); give --\(option) to set it anew, or fix the file")
            #expect(try snapshot(site) == before)
        }
    }

    @Test("a stored setting refused is set anew by its option, and the rebuild goes on")
    func optionSetsItAnew() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try SettingsFixtures.library(at: library, count: 2)
            _ = try await build(library, into: site)
            try Self.edit(site, "thumbSize", to: "9223372036854775807")
            let report = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--thumb-size", "300"])).build()
            #expect(report.photos == 2)
            let manifest = try readManifest(site)
            #expect(manifest.options.thumbSize == 300)
            #expect(manifest.photos.allSatisfy { max($0.thumb.width, $0.thumb.height) == 300 })
        }
    }

    @Test(
        "an option and its stored setting are refused by the same check",
        arguments: [
            (["--thumb-size", "31"], "thumbSize", "31"), (["--quality", "101"], "quality", "101"),
            (["--limit", "100001"], "limit", "100001"), (["--watermark", String(repeating: "W", count: 101)], "watermark", nil),
            (["--watermark", "   "], "watermark", nil),
        ])
    func sameCheck(_ words: [String], _ key: String, _ stored: String?) throws {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["build", "Library"] + words) }
        var settings = SiteSettings()
        switch key {
        case "thumbSize": settings.thumbSize = Int(stored!)!
        case "quality": settings.quality = Int(stored!)!
        case "limit": settings.limit = Int(stored!)!
        default: settings.watermark = words[1]
        }
        #expect(settings.problem()?.key == key)
        #expect(SiteSettings().problem() == nil)
    }

    @Test("image sizes no settings check would pass are refused by the thumbnailer, never trapping on overflow")
    func thumbnailerRefusesOverflow() throws {
        let bytes = try TestPhoto.jpeg(width: 64, height: 48)
        for sizes in [
            ImageSizes(thumbnail: Int.max), ImageSizes(thumbnail: Int.max / 2 + 1), ImageSizes(thumbnail: 0),
            ImageSizes(preview: -1), ImageSizes(quality: 1000),
        ] {
            #expect(throws: ImagingError.self) { try Thumbnailer.render(bytes, sizes: sizes) }
        }
    }
}
