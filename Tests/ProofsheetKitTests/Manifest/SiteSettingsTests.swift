import Foundation
import ProofsheetCLI
import ProofsheetKit
import Testing

/// The site keeps its settings; a different library is not built into it by accident.
@Suite("Site settings and library")
struct SiteSettingsTests {
    @Test("a bare rebuild keeps every setting; an option given changes only itself, and the summary says so")
    func settingsKept() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Wedding", site = root + "/Site"
            try SettingsFixtures.library(at: library)
            try TestPhoto.write(try TestPhoto.jpeg(), to: library, "Drafts/x.jpg")
            let first = try await SiteBuilder(
                options: SettingsFixtures.parse([
                    library, "-o", site, "--limit", "30", "--title", "Anna & Ben", "--sort", "name", "--thumb-size", "300",
                    "--preview-size", "900", "--quality", "70", "--exclude", "Drafts", "--include-gps",
                ])
            ).build()
            #expect(first.changes.isEmpty)
            #expect(first.photos == 3)
            let stored = try readManifest(site)

            let bare = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
            #expect(bare.changes.isEmpty)
            #expect(bare.rendered == 0 && bare.photos == 3)
            let kept = try readManifest(site)
            #expect(kept == stored)
            #expect(kept.title == "Anna & Ben")
            #expect(kept.options.limit == 30 && kept.options.sort == .name && kept.options.thumbSize == 300)
            #expect(kept.options.previewSize == 900 && kept.options.quality == 70)
            #expect(kept.options.excludes == ["Drafts"] && kept.options.includeGPS)

            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["build", library, "-o", site, "--limit", "10", "--no-gps", "--templates", templatesDirectory],
                console: recorder.console)
            #expect(status == 0)
            #expect(
                recorder.out.hasPrefix(
                    "Built 3 photos in 1 album (1 skipped, 0 failed, 3 unchanged; limit 30 → 10, include-gps on → off) in "))
            let after = try readManifest(site)
            #expect(after.options.limit == 10 && !after.options.includeGPS)
            #expect(after.title == "Anna & Ben" && after.options.quality == 70 && after.options.excludes == ["Drafts"])

            // Giving a setting its current value is no change; '' clears the excludes.
            let same = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--limit", "10"])).build()
            #expect(same.changes.isEmpty)
            let cleared = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--exclude", ""])).build()
            #expect(cleared.changes == ["exclude 'Drafts' → none"])
            #expect(cleared.photos == 4)
        }
    }

    @Test("only the options given are marked given; the rest come from the site")
    func givenOptions() throws {
        #expect(try SettingsFixtures.parse(["L"]).given.isEmpty)
        let options = try SettingsFixtures.parse(["L", "--limit", "1", "--title", "", "--exclude", "a/", "--exclude", "b"])
        #expect(options.given == ["limit", "title", "excludes"])
        #expect(options.limit == 1 && options.title == nil && options.excludes == ["a", "b"])
        #expect(throws: UsageError("options '--include-gps' and '--no-gps' contradict each other", command: "build")) {
            try ArgumentParser.parse(["build", "L", "--include-gps", "--no-gps"])
        }
    }

    @Test("settings missing from a manifest keep their defaults; every setting is stored under its key")
    func settingsCoding() throws {
        let decoded = try JSONDecoder().decode(SiteSettings.self, from: Data(#"{"limit": 5, "sort": "name"}"#.utf8))
        var expected = SiteSettings()
        expected.limit = 5
        expected.sort = .name
        #expect(decoded == expected)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var all = SiteSettings()
        all.title = "T"
        let json = String(decoding: try encoder.encode(all), as: UTF8.self)
        #expect(
            json
                == #"{"excludes":[],"includeGPS":false,"limit":1,"minimum":0,"previewSize":1600,"quality":82,"sort":"date","thumbSize":400,"title":"T","watermarkOpacity":35}"#
        )
        #expect(try JSONDecoder().decode(SiteSettings.self, from: Data(json.utf8)) == all)
    }

    @Test("another library into an existing site is refused with one line saying whose site it is; --replace builds it")
    func anotherLibrary() async throws {
        try await withTemporaryDirectory { root in
            let wedding = root + "/Wedding", holiday = root + "/Holiday", site = root + "/Site"
            try SettingsFixtures.library(at: wedding)
            try SettingsFixtures.library(at: holiday, count: 2, prefix: "DSC")
            let first = try await build(wedding, into: site) { $0.title = "Anna & Ben" }
            let before = try snapshot(site)

            await #expect {
                _ = try await build(holiday, into: site)
            } throws: { error in
                let error = try #require(error as? ProofsheetError)
                return error.path == site
                    && error.reason
                        == "this is the gallery \"Anna & Ben\" of another library ('Wedding', 3 photos, gallery \(first.gallery)); pass --replace to build 'Holiday' here instead"
            }
            #expect(try snapshot(site) == before)

            let replaced = try await build(holiday, into: site) { $0.replace = true }
            #expect(replaced.photos == 2 && replaced.gallery != first.gallery)
            let manifest = try readManifest(site)
            #expect(manifest.title == "Holiday" && manifest.library?.name == "Holiday")
            #expect(manifest.photos.allSatisfy { $0.path.hasPrefix("Album/DSC_") })
            // Nothing of the old gallery is left.
            #expect(Set(FileSystem.contents(of: site + "/thumbs")).count == 4)
        }
    }

    @Test("the same library moved elsewhere is still its site: nothing refused, nothing redone, the gallery id kept")
    func movedLibrary() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Wedding", site = root + "/Site"
            try SettingsFixtures.library(at: library)
            let first = try await build(library, into: site)
            try FileManager.default.moveItem(atPath: library, toPath: root + "/Moved")
            let again = try await build(root + "/Moved", into: site)
            #expect(again.gallery == first.gallery && again.rendered == 0)
        }
    }

    @Test("the gallery id stays the same for the same site and for a fresh build of the same library, photos added or not")
    func galleryID() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Wedding"
            try SettingsFixtures.library(at: library)
            let first = try await build(library, into: root + "/One") { $0.title = "Anna & Ben" }
            try TestPhoto.write(try LibraryFixtures.photo(7), to: library, "Album/New.jpg")
            let rebuilt = try await build(library, into: root + "/One") { $0.title = "Another title" }
            let fresh = try await build(library, into: root + "/Two") { $0.title = "Anna & Ben" }
            #expect(rebuilt.gallery == first.gallery && fresh.gallery == first.gallery)
            #expect(fresh.gallery.utf8.count == 12)
            // A gallery of the same library under another title is another gallery.
            let retitled = try await build(library, into: root + "/Four") { $0.title = "Parents' picks" }
            #expect(retitled.gallery != first.gallery)
            // Another library with the same photos is another gallery.
            try FileManager.default.copyItem(atPath: library, toPath: root + "/Copy")
            let other = try await build(root + "/Copy", into: root + "/Three")
            #expect(other.gallery != first.gallery)
        }
    }
}
