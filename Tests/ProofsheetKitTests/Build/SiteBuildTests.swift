import Foundation
import ProofsheetKit
import Testing

@Suite("Site builder")
struct SiteBuildTests {
    @Test("the same library and options give byte-identical sites, whatever the concurrency")
    func deterministic() async throws {
        try await withTemporaryDirectory { base in
            try DemoLibrary.write(to: base + "/Library")
            _ = try await build(base + "/Library", into: base + "/One") { $0.jobs = 1 }
            _ = try await build(base + "/Library", into: base + "/Two") { $0.jobs = 4 }
            let one = try snapshot(base + "/One"), two = try snapshot(base + "/Two")
            // Images; page, manifest, stylesheet, script, the display face, .proofsheet-site, .proofsheet-cache; one
            // chunk, the search index, three album pages.
            let expected = 24 * 3 + 7 + 2 + 3
            #expect(one.count == expected)
            #expect(one.keys.sorted() == two.keys.sorted())
            for (path, bytes) in one { #expect(two[path] == bytes, "\(path) differs") }
        }
    }

    @Test("every photo is in the page's data once, and on its album's static page and the no-script page by name")
    func page() async throws {
        try await withTemporaryDirectory { base in
            try DemoLibrary.write(to: base + "/Library")
            let report = try await build(base + "/Library", into: base + "/Site") { $0.limit = 3 }
            #expect(report.photos == 24 && report.albums == 3 && report.failures.isEmpty)
            let page = try readText(base + "/Site/index.html")
            let manifest = try readManifest(base + "/Site")
            #expect(manifest.photos.count == 24)
            #expect(Set(manifest.photos.map(\.id)).count == 24)
            let chunks = FileSystem.contents(of: base + "/Site/data").filter { $0.hasPrefix("c-") }
            #expect(chunks.count == 1)
            let data = try chunks.map { try readText(base + "/Site/data/" + $0) }.joined()
            #expect(page.contains("<script src=\"data/\(chunks[0])\"></script>"))
            let albumPages = try FileSystem.contents(of: base + "/Site/albums").map { try readText(base + "/Site/albums/" + $0) }
            #expect(albumPages.count == 3)
            for photo in manifest.photos {
                #expect(data.components(separatedBy: "{\"i\":\"\(photo.id)\"").count - 1 == 1, "chunk record of \(photo.path)")
                let escapedName = HTML.text(photo.name)
                #expect(page.contains("id=\"p-\(photo.id)\""), "no-script cell of \(photo.path)")
                #expect(page.contains(">\(escapedName)<"), "name of \(photo.path) shown as text")
                #expect(albumPages.filter { $0.contains(">\(escapedName)<") && $0.contains("src=\"../\(photo.thumb.src)\"") }.count == 1)
                #expect(FileSystem.kind(of: base + "/Site/" + photo.thumb.src) == .file)
                #expect(FileSystem.kind(of: base + "/Site/" + photo.thumb2x.src) == .file)
                #expect(FileSystem.kind(of: base + "/Site/" + photo.preview.src) == .file)
            }
            #expect(page.contains("<script type=\"application/json\" id=\"proofsheet-data\">"))
            #expect(page.contains("loading=\"lazy\""))
            #expect(page.contains("Picking photos needs JavaScript"))
            #expect(manifest.options.limit == 3)
            #expect(manifest.albums.map(\.name) == ["Beach Day", "City Walk", "Garden Party"])
        }
    }

    @Test("no absolute path, no web address and no GPS in the site unless asked")
    func privacy() async throws {
        try await withTemporaryDirectory { base in
            try DemoLibrary.write(to: base + "/Library")
            _ = try await build(base + "/Library", into: base + "/Site")
            for (path, bytes) in try snapshot(base + "/Site") where !path.hasSuffix(".jpg") {
                // The SVG namespace of the stylesheet's drawn ticks names a namespace; it is
                // never fetched, and an SVG image is not drawn without it.
                let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "xmlns='http://www.w3.org/2000/svg'", with: "")
                #expect(!text.contains(base), "\(path) holds an absolute path")
                #expect(!text.contains(NSHomeDirectory()) || NSHomeDirectory() == "/", "\(path) holds the home folder")
                #expect(!text.contains("http://") && !text.contains("https://"), "\(path) holds a web address")
                #expect(!text.contains("\"gps\""), "\(path) holds GPS")
            }
            _ = try await build(base + "/Library", into: base + "/Site") { $0.includeGPS = true }
            let manifest = try readManifest(base + "/Site")
            #expect(manifest.photos.filter { $0.gps != nil }.count == 8)  // the beach album has positions
        }
    }

    @Test("embedded data cannot close its script block")
    func scriptEscaping() async throws {
        try await withTemporaryDirectory { base in
            var exif = ExifWriter()
            exif.description = "</script><script>alert(1)</script>"
            try TestPhoto.write(try TestPhoto.jpeg(exif: exif), to: base + "/Library", "\"><img src=x onerror=alert(1)>.jpg")
            _ = try await build(base + "/Library", into: base + "/Site")
            let page = try readText(base + "/Site/index.html")
            #expect(!page.contains("<script>alert(1)"))
            #expect(!page.contains("<img src=x"))
            #expect(page.components(separatedBy: "</script>").count - 1 == 4)  // the data and words blocks, the script, the chunk
            for name in FileSystem.contents(of: base + "/Site/data") {
                let script = try readText(base + "/Site/data/" + name)
                #expect(!script.contains("</script>") && !script.contains("<img"))
            }
            let chunk = try #require(FileSystem.contents(of: base + "/Site/data").first { $0.hasPrefix("c-") })
            #expect(try readText(base + "/Site/data/" + chunk).contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"))
            #expect(try readManifest(base + "/Site").photos.first?.description == "</script><script>alert(1)</script>")
        }
    }

    @Test("bad photos are reported once each and left out; the rest is built")
    func badInput() async throws {
        try await withTemporaryDirectory { base in
            let library = base + "/Library"
            let good = try TestPhoto.jpeg(width: 800, height: 600)
            try TestPhoto.write(good, to: library, "good.jpg")
            try TestPhoto.write(Array(good.prefix(good.count / 3)), to: library, "Broken/truncated.jpg")
            try TestPhoto.write([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 500), to: library, "Broken/corrupt.jpg")
            try TestPhoto.write(Array("not a photo at all".utf8), to: library, "Broken/pretender.jpg")
            try TestPhoto.write(ThumbnailFixtures.jpegBomb(width: 12000, height: 12000), to: library, "Broken/bomb.jpg")
            try TestPhoto.write([], to: library, "Broken/empty.jpg")
            var damaged = ExifWriter()
            damaged.rawSegment = Array("Exif\0\0".utf8) + [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F]
            try TestPhoto.write(
                try damaged.inserting(into: try TestPhoto.quadrants(width: 200, height: 100).jpegData()),
                to: library, "damaged-exif.jpg")
            try TestPhoto.write(Array("hello".utf8), to: library, "notes.txt")

            let report = try await build(library, into: base + "/Site")
            #expect(report.photos == 2)
            #expect(report.skipped == 1)
            #expect(
                report.failures.map(\.path) == [
                    "Broken/bomb.jpg", "Broken/corrupt.jpg", "Broken/empty.jpg", "Broken/pretender.jpg", "Broken/truncated.jpg",
                ])
            #expect(report.failures.first?.reason.contains("can hold") == true)
            #expect(report.failures.last?.reason.contains("truncated") == true)
            #expect(report.warnings.map(\.path) == ["damaged-exif.jpg"])
            let manifest = try readManifest(base + "/Site")
            #expect(manifest.photos.map(\.path) == ["damaged-exif.jpg", "good.jpg"])

            // Unchanged failures are reported again on a rebuild, without decoding anything.
            let again = try await build(library, into: base + "/Site")
            #expect(again.failures.map(\.path) == report.failures.map(\.path))
            #expect(again.rendered == 0)
        }
    }

    @Test("refusals write nothing", arguments: ["missing", "empty", "inside", "file", "foreign"])
    func refusals(case name: String) async throws {
        try await withTemporaryDirectory { base in
            let library = base + "/Library"
            var output = base + "/Site"
            var expected = ""
            if name != "empty" { try TestPhoto.write(try TestPhoto.jpeg(), to: library, "a.jpg") }
            switch name {
            case "missing":
                try FileManager.default.removeItem(atPath: library)
                expected = "no such folder"
            case "empty":
                try FileSystem.createDirectory(library)
                try TestPhoto.write(Array("x".utf8), to: library, "readme.txt")
                expected = "no photos in the library"
            case "inside":
                output = library + "/Site"
                expected = "inside the library"
            case "file":
                try TestPhoto.write([1], to: base, "Site")
                expected = "is a file"
            default:
                try TestPhoto.write(Array("mine".utf8), to: output, "index.html")
                expected = "not a proofsheet site"
            }
            let before = try snapshot(base)
            await #expect {
                _ = try await build(library, into: output)
            } throws: { error in
                String(describing: error).contains(expected)
            }
            #expect(try snapshot(base) == before, "nothing written")
        }
    }

    @Test("other formats are built: PNG, and content sniffed despite the name")
    func formats() async throws {
        try await withTemporaryDirectory { base in
            try TestPhoto.write(try TestPhoto.png(width: 500, height: 300), to: base + "/Library", "drawing.jpg")
            let report = try await build(base + "/Library", into: base + "/Site")
            #expect(report.photos == 1 && report.failures.isEmpty)
            let photo = try #require(try readManifest(base + "/Site").photos.first)
            #expect(photo.format == .png && photo.width == 500 && photo.height == 300)
            #expect(photo.dateSource == "file")
            try expectUpright(try FileSystem.read(base + "/Site/" + photo.thumb.src))
        }
    }

    @Test("a rotated photo's pixel size is reported upright and its thumbnail is upright")
    func rotatedInSite() async throws {
        try await withTemporaryDirectory { base in
            try TestPhoto.write(try TestPhoto.jpeg(width: 600, height: 400, orientation: .left), to: base + "/Library", "turned.jpg")
            _ = try await build(base + "/Library", into: base + "/Site") {
                $0.thumbSize = 100; $0.previewSize = 300
            }
            let photo = try #require(try readManifest(base + "/Site").photos.first)
            #expect((photo.width, photo.height) == (600, 400))
            #expect((photo.thumb.width, photo.thumb.height) == (100, 67))
            try expectUpright(try FileSystem.read(base + "/Site/" + photo.thumb.src))
            try expectUpright(try FileSystem.read(base + "/Site/" + photo.preview.src))
        }
    }

    @Test("sorting by date or by name, albums in path order")
    func sorting() async throws {
        try await withTemporaryDirectory { base in
            for (name, date) in [
                ("IMG_10.jpg", "2026-01-01T10:00:00"), ("IMG_2.jpg", "2026-01-03T10:00:00"), ("IMG_3.jpg", "2026-01-02T10:00:00"),
            ] {
                var exif = ExifWriter()
                exif.dateTaken = date
                try TestPhoto.write(try TestPhoto.jpeg(width: 40, height: 30, exif: exif), to: base + "/Library", "B/" + name)
            }
            try TestPhoto.write(try TestPhoto.jpeg(width: 40, height: 30), to: base + "/Library", "top.jpg")
            _ = try await build(base + "/Library", into: base + "/ByDate") { $0.sort = .date }
            #expect(try readManifest(base + "/ByDate").photos.map(\.name) == ["top.jpg", "IMG_10.jpg", "IMG_3.jpg", "IMG_2.jpg"])
            _ = try await build(base + "/Library", into: base + "/ByName") { $0.sort = .name }
            #expect(try readManifest(base + "/ByName").photos.map(\.name) == ["top.jpg", "IMG_2.jpg", "IMG_3.jpg", "IMG_10.jpg"])
            #expect(try readManifest(base + "/ByName").albums.map(\.path) == ["", "B"])
        }
    }

    @Test("the gallery id is kept across rebuilds, and photo ids survive a title change")
    func stableIDs() async throws {
        try await withTemporaryDirectory { base in
            try DemoLibrary.write(to: base + "/Library")
            _ = try await build(base + "/Library", into: base + "/Site") { $0.title = "First" }
            let first = try readManifest(base + "/Site")
            try TestPhoto.write(try TestPhoto.jpeg(), to: base + "/Library", "Beach Day/new.jpg")
            _ = try await build(base + "/Library", into: base + "/Site") { $0.title = "Second" }
            let second = try readManifest(base + "/Site")
            #expect(second.gallery == first.gallery)
            #expect(second.title == "Second")
            let ids = Dictionary(uniqueKeysWithValues: first.photos.map { ($0.path, $0.id) })
            for photo in second.photos where ids[photo.path] != nil { #expect(photo.id == ids[photo.path]) }
        }
    }

    @Test("custom templates are used, and an unknown placeholder is refused before any work")
    func templates() async throws {
        try await withTemporaryDirectory { base in
            try TestPhoto.write(try TestPhoto.jpeg(), to: base + "/Library", "a.jpg")
            let custom = base + "/Mine"
            try copyTemplates(to: custom)
            try FileSystem.writeAtomically("<h1>{{title}}</h1>{{noscript}}<script>{{data}}</script>", to: custom + "/index.html")
            _ = try await build(base + "/Library", into: base + "/Site") {
                $0.templates = custom; $0.title = "Mine & yours"
            }
            #expect(try readText(base + "/Site/index.html").hasPrefix("<h1>Mine &amp; yours</h1>"))

            try FileSystem.writeAtomically("<h1>{{titel}}</h1>", to: custom + "/index.html")
            await #expect {
                _ = try await build(base + "/Library", into: base + "/Other") { $0.templates = custom }
            } throws: { error in
                String(describing: error).contains("unknown placeholder {{titel}}")
            }
            #expect(!FileSystem.exists(base + "/Other"))
        }
    }

    /// A templates folder of the default templates' files, less one.
    private func copyTemplates(to custom: String, except left: String? = nil) throws {
        for name in TemplateSet.fileNames where name != left {
            try FileSystem.createDirectory(custom + "/" + (name as NSString).deletingLastPathComponent)
            try FileSystem.writeAtomically(try FileSystem.read(templatesDirectory + "/" + name), to: custom + "/" + name)
        }
    }

    @Test("every script file in Templates/script's folders is joined, in the fixed order, inside one strict function")
    func scriptFiles() throws {
        let script = templatesDirectory + "/script"
        #expect(FileSystem.contents(of: script).allSatisfy { !$0.hasSuffix(".js") })
        let onDisk = FileSystem.contents(of: script).flatMap { folder in
            FileSystem.contents(of: script + "/" + folder).filter { $0.hasSuffix(".js") }.map { "script/\(folder)/\($0)" }
        }
        #expect(Set(onDisk) == Set(TemplateSet.scriptFiles))
        let templates = try TemplateSet(directory: templatesDirectory)
        #expect(templates.javascript.contains("(function () {\n\"use strict\";\n"))
        #expect(templates.javascript.hasSuffix("})();\n"))
        var at = templates.javascript.startIndex
        for name in TemplateSet.scriptFiles {
            let marker = try #require(templates.javascript.range(of: "// ==== \(name)\n", range: at..<templates.javascript.endIndex))
            let text = try readText(templatesDirectory + "/" + name)
            #expect(templates.javascript[marker.upperBound...].hasPrefix(text))
            at = marker.upperBound
        }
    }

    @Test("a templates folder without one of the script files is refused by name")
    func missingScriptFile() async throws {
        try await withTemporaryDirectory { base in
            try TestPhoto.write(try TestPhoto.jpeg(), to: base + "/Library", "a.jpg")
            let custom = base + "/Mine"
            try copyTemplates(to: custom, except: "script/picks/tray.js")
            await #expect {
                _ = try await build(base + "/Library", into: base + "/Site") { $0.templates = custom }
            } throws: { error in
                String(describing: error).contains("script/picks/tray.js: template missing")
            }
            #expect(!FileSystem.exists(base + "/Site"))
        }
    }

    @Test("the default templates are found from the source tree")
    func locateTemplates() throws {
        let found = try #require(TemplateSet.locateDefault())
        #expect(found == FileSystem.realPath(templatesDirectory))
    }
}
