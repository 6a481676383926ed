import Foundation
import ProofsheetCLI
import Testing

@testable import ProofsheetKit
@testable import ProofsheetKitTests

/// Issue 29's cover and brand: `--cover`, `--logo` and `--accent` are settings like the
/// others (kept by a bare rebuild, checked by one function for the option and the stored
/// value), refused with one line that changes nothing, and shown on the page.
@Suite("Cover and brand options")
struct BrandOptionsTests {
    static let logo = "/logo.png"

    /// A library of three photos and a logo beside it.
    static func setUp(_ root: String) throws -> (library: String, site: String, logo: String) {
        let library = root + "/Wedding"
        try SettingsFixtures.library(at: library)
        try FileSystem.writeAtomically(try TestPhoto.png(width: 240, height: 80), to: root + logo)
        return (library, root + "/Site", root + logo)
    }

    @Test("--cover, --logo and --accent are parsed as given; '' takes each away")
    func parsed() throws {
        let options = try SettingsFixtures.parse(["L", "--cover", "Album/IMG_1.jpg", "--logo", "studio.png", "--accent", "#b08d57"])
        #expect(options.given == ["cover", "accent"])
        #expect(options.cover == "Album/IMG_1.jpg" && options.logoFile == "studio.png" && options.accent == "#B08D57")
        let cleared = try SettingsFixtures.parse(["L", "--cover", "", "--logo", "", "--accent", ""])
        #expect(cleared.cover == nil && cleared.logo == nil && cleared.accent == nil && cleared.logoFile == nil)
        #expect(cleared.given == ["cover", "logo", "accent"])
    }

    @Test(
        "a colour or a cover path that cannot be is a one-line usage error",
        arguments: [
            (["--accent", "red"], "option '--accent': 'red' is not a colour written #RRGGBB"),
            (["--accent", "#12345"], "option '--accent': '#12345' is not a colour written #RRGGBB"),
            (["--accent", "#12345G"], "is not a colour written #RRGGBB"),
            (["--accent", "B08D57"], "is not a colour written #RRGGBB"),
            (["--cover", "/home/anna/IMG_1.jpg"], "option '--cover': '/home/anna/IMG_1.jpg' is not relative to the library"),
            (["--cover", "../Other/IMG_1.jpg"], "is not a path inside the library"),
            (["--cover", "Album//IMG_1.jpg"], "is not a path inside the library"),
        ])
    func refusedByTheParser(words: [String], message: String) {
        #expect {
            try ArgumentParser.parse(["build", "L"] + words)
        } throws: { error in
            guard let usage = error as? UsageError else { return false }
            return usage.message.contains(message) && usage.command == "build"
        }
    }

    @Test("the three are stored; a bare rebuild keeps them and the page they make; '' takes each away")
    func roundTrip() async throws {
        try await withTemporaryDirectory { root in
            let (library, site, logoFile) = try Self.setUp(root)
            _ = try await SiteBuilder(
                options: SettingsFixtures.parse([
                    library, "-o", site, "--title", "Anna & Ben", "--cover", "Album/IMG_1.jpg", "--logo", logoFile, "--accent", "#B08D57",
                    "--message", "Pick <b>30</b>", "--contact", "clara@example.com", "--contact-name", "Clara & Co",
                ])
            ).build()
            let stored = try readManifest(site)
            let logo = try Logo.read(logoFile, shown: logoFile)
            #expect(stored.options.cover == "Album/IMG_1.jpg" && stored.options.accent == "#B08D57")
            #expect(stored.options.logo == logo.siteName)
            #expect(logo.siteName.hasPrefix("assets/logo-") && logo.siteName.hasSuffix(".png"))
            #expect(try FileSystem.read(site + "/" + logo.siteName) == (try FileSystem.read(logoFile)))
            let page = try readText(site + "/index.html")
            let cover = try #require(stored.photos.first { $0.path == "Album/IMG_1.jpg" })
            #expect(
                page.contains(
                    "<img class=\"cover-image\" src=\"\(cover.preview.src)\" width=\"\(cover.preview.width)\" height=\"\(cover.preview.height)\" alt=\"\""
                ))
            #expect(
                page.contains(
                    "<img class=\"cover-logo\" src=\"\(logo.siteName)\" width=\"240\" height=\"80\" alt=\"Logo of Clara &amp; Co\">"))
            #expect(page.contains("<p class=\"cover-title\" id=\"cover-title\">Anna &amp; Ben</p>"))
            #expect(page.contains("<p class=\"cover-message\" id=\"message\">Pick &lt;b&gt;30&lt;/b&gt;</p>"))
            let css = try Self.stylesheet(site)
            #expect(css.contains(":root { --accent: #866B42; --on-accent: #FFFFFF;"))
            #expect(css.contains("@media (prefers-color-scheme: dark) { :root { --accent: #B08D57; --on-accent: #111111;"))

            // The logo file may be gone: the site carries it.
            FileSystem.remove(logoFile)
            let bare = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
            #expect(bare.changes.isEmpty && bare.rendered == 0)
            #expect(try readManifest(site) == stored)
            #expect(try readText(site + "/index.html") == page)

            let recorder = RecordingConsole()
            let status = await CLI.run(
                arguments: ["build", library, "-o", site, "--cover", "", "--logo", "", "--accent", "", "--templates", templatesDirectory],
                console: recorder.console)
            #expect(status == 0)
            #expect(
                recorder.out.contains(
                    "cover \"Album/IMG_1.jpg\" → the first photo, logo \"\(logo.siteName)\" → none, accent \"#B08D57\" → none"))
            let plain = try readManifest(site)
            #expect(plain.options.cover == nil && plain.options.logo == nil && plain.options.accent == nil)
            #expect(!FileSystem.exists(site + "/" + logo.siteName))
            #expect(!(try Self.stylesheet(site)).contains("--accent: #866B42"))
            let first = plain.photos[0]
            #expect(try readText(site + "/index.html").contains("<img class=\"cover-image\" src=\"\(first.preview.src)\""))
        }
    }

    @Test(
        "a cover that is not a photo of the library, or a logo that is not a sound PNG or JPEG, is refused with one line; nothing changes")
    func refusedByTheBuild() async throws {
        try await withTemporaryDirectory { root in
            let (library, site, logoFile) = try Self.setUp(root)
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--logo", logoFile])).build()
            let before = try snapshot(site)
            let png = try TestPhoto.png(width: 240, height: 80)
            var gps = ExifWriter()
            gps.gps = GPSPosition(latitude: 48.85, longitude: 2.35)
            let files: [(String, [UInt8])] = [
                ("truncated.png", Array(png.prefix(png.count / 2))),
                ("logo.gif", Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)),
                ("notes.png", Array("not an image at all".utf8)),
                ("located.jpg", try TestPhoto.jpeg(width: 200, height: 100, exif: gps)),
                ("huge.png", try TestPhoto.png(width: 5000, height: 10)),
            ]
            var cases: [([String], String)] = [
                (["--cover", "Album/IMG_9.jpg"], "error: --cover 'Album/IMG_9.jpg': no such photo in \(library)\n"),
                (["--logo", root + "/missing.png"], "error: \(root)/missing.png: no such file\n"),
                (["--logo", root], "error: \(root): is a folder; give the logo's file\n"),
            ]
            for (name, bytes) in files {
                try FileSystem.writeAtomically(bytes, to: root + "/" + name)
                cases.append((["--logo", root + "/" + name], "error: \(root)/\(name): "))
            }
            var reasons: [String] = []
            for (words, message) in cases {
                let recorder = RecordingConsole()
                let status = await CLI.run(
                    arguments: ["build", library, "-o", site, "--templates", templatesDirectory] + words, console: recorder.console)
                #expect(status == 2, "\(words)")
                #expect(recorder.err.hasPrefix(message) && recorder.err.split(separator: "\n").count == 1, "\(recorder.err)")
                reasons.append(recorder.err)
                #expect(try snapshot(site) == before, "\(words) changed the site")
            }
            #expect(reasons[3].contains("truncated") || reasons[3].contains("corrupt"))
            #expect(reasons[4].contains("is not a PNG or JPEG image"))
            #expect(reasons[5].contains("is not a PNG or JPEG image"))
            #expect(reasons[6].contains("carries a GPS position"))
            #expect(reasons[7].contains("is 5000 × 10 pixels; a logo is at most 4096"))
        }
    }

    @Test("the stored values are checked by the same functions: a manifest's colour, cover or logo edited by hand is refused")
    func storedValuesChecked() async throws {
        try await withTemporaryDirectory { root in
            let (library, site, logoFile) = try Self.setUp(root)
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--logo", logoFile, "--accent", "#123456"]))
                .build()
            let manifest = try readText(site + "/manifest.json")
            let logoName = try readManifest(site).options.logo!
            for (from, to, message) in [
                ("\"accent\":\"#123456\"", "\"accent\":\"red\"", "--accent 'red' is not a colour written #RRGGBB"),
                (
                    "\"accent\":\"#123456\"", "\"accent\":\"#123456\",\"cover\":\"../x.jpg\"",
                    "--cover '../x.jpg' is not a path inside the library"
                ),
                (
                    "\"logo\":\"\(logoName)\"", "\"logo\":\"../../etc/passwd\"",
                    "--logo '../../etc/passwd' is not the name of a logo in the site"
                ),
            ] {
                #expect(manifest.contains(from))
                try FileSystem.writeAtomically(Array(manifest.replacingOccurrences(of: from, with: to).utf8), to: site + "/manifest.json")
                await #expect {
                    _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
                } throws: { error in
                    "\(error)".hasPrefix("\(site): \(message)")
                }
            }
            // The logo in the site swapped for other bytes: refused, not published.
            try FileSystem.writeAtomically(Array(manifest.utf8), to: site + "/manifest.json")
            try FileSystem.writeAtomically(try TestPhoto.png(width: 100, height: 100), to: site + "/" + logoName)
            await #expect {
                _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
            } throws: { error in
                "\(error)"
                    == "\(site)/\(logoName): is not the logo the site's settings name (it was changed); give --logo FILE again, or --logo '' for none"
            }
            // Gone: the same, and a new --logo mends it.
            FileSystem.remove(site + "/" + logoName)
            await #expect {
                _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
            } throws: { error in
                "\(error)" == "\(site)/\(logoName): the site's logo is missing; give --logo FILE again, or --logo '' for none"
            }
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--logo", logoFile])).build()
            #expect(FileSystem.exists(site + "/" + logoName))
        }
    }

    @Test("a stored cover whose photo has left the library gives way to the first photo, with a warning")
    func coverGone() async throws {
        try await withTemporaryDirectory { root in
            let (library, site, _) = try Self.setUp(root)
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--cover", "Album/IMG_2.jpg"])).build()
            FileSystem.remove(library + "/Album/IMG_2.jpg")
            let report = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site])).build()
            #expect(
                report.warnings.map(\.description) == [
                    "--cover 'Album/IMG_2.jpg': no longer in the library; the page opens on its first photo"
                ])
            let manifest = try readManifest(site)
            #expect(manifest.options.cover == "Album/IMG_2.jpg")
            #expect(try readText(site + "/index.html").contains("<img class=\"cover-image\" src=\"\(manifest.photos[0].preview.src)\""))
        }
    }

    @Test("the same library and brand give byte-identical sites")
    func deterministic() async throws {
        try await withTemporaryDirectory { root in
            let (library, _, logoFile) = try Self.setUp(root)
            for site in ["/A", "/B"] {
                _ = try await SiteBuilder(
                    options: SettingsFixtures.parse([
                        library, "-o", root + site, "--logo", logoFile, "--accent", "#FFD700", "--cover", "Album/IMG_0.jpg",
                    ])
                ).build()
            }
            #expect(try snapshot(root + "/A") == (try snapshot(root + "/B")))
        }
    }

    @Test("without JavaScript the page and the album pages show the message and whom to write to, escaped")
    func withoutJavaScript() async throws {
        try await withTemporaryDirectory { root in
            let (library, site, _) = try Self.setUp(root)
            _ = try await SiteBuilder(
                options: SettingsFixtures.parse([
                    library, "-o", site, "--message", "Pick 3 <by Friday>\nThank you", "--contact", "clara+proofs@example.com",
                    "--contact-name", "Clara & Co",
                ])
            ).build()
            let contact =
                "<p class=\"static-contact\">To choose without JavaScript, write to Clara &amp; Co at "
                + "<a href=\"mailto:clara%2Bproofs@example.com\">clara+proofs@example.com</a> with the names of the photos you pick.</p>"
            let page = try readText(site + "/index.html")
            let noscript = try #require(
                page.range(of: "<noscript>").flatMap { start in page.range(of: "</noscript>").map { page[start.upperBound..<$0.lowerBound] }
                })
            #expect(noscript.contains(contact))
            // The message is on the cover, outside <noscript>: shown with and without the script.
            #expect(page.contains("<p class=\"cover-message\" id=\"message\">Pick 3 &lt;by Friday&gt;\nThank you</p>"))
            let album = try readText(site + "/" + (try #require(FileSystem.contents(of: site + "/albums").first.map { "albums/" + $0 })))
            #expect(album.contains("<p class=\"static-message\">Pick 3 &lt;by Friday&gt;\nThank you</p>"))
            #expect(album.contains(contact))

            // Taken away, they are gone from the album pages too (their mark names them).
            _ = try await SiteBuilder(options: SettingsFixtures.parse([library, "-o", site, "--message", "", "--contact", ""])).build()
            let plain = try readText(site + "/" + (try #require(FileSystem.contents(of: site + "/albums").first.map { "albums/" + $0 })))
            #expect(!plain.contains("static-message") && !plain.contains("static-contact"))
            #expect(try readText(site + "/index.html").contains("<p class=\"cover-message\" id=\"message\" hidden></p>"))
        }
    }

    @Test("a rebuild album by album keeps the cover of a kept album, and its site is a fresh build's")
    func coverInAKeptAlbum() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site", fresh = root + "/Fresh"
            try AlbumFixtures.makeLibrary(library)
            let cover = AlbumFixtures.relative(6 * AlbumFixtures.perAlbum + 2)
            func rebuild(_ output: String) async throws -> BuildReport {
                try await build(library, into: output) {
                    $0.cover = cover
                    $0.accent = "#2E8B57"
                    $0.thumbSize = 32
                    $0.previewSize = 64
                    $0.quality = 50
                }
            }
            _ = try await rebuild(site)
            try TestPhoto.write(try AlbumFixtures.photo(1_000), to: library, AlbumFixtures.relative(80))
            try await Task.sleep(for: .milliseconds(20))
            let report = try await rebuild(site)
            #expect(report.rendered == 1 && (report.albumsKept ?? 0) >= 6)
            _ = try await rebuild(fresh)
            try AlbumFixtures.expectSame(site, fresh)
            let photo = try #require(try readManifest(site).photos.first { $0.path == cover })
            #expect(try readText(site + "/index.html").contains("<img class=\"cover-image\" src=\"\(photo.preview.src)\""))
        }
    }

    static func stylesheet(_ site: String) throws -> String {
        let name = try #require(FileSystem.contents(of: site + "/assets").first { $0.hasSuffix(".css") })
        return try readText(site + "/assets/" + name)
    }
}
