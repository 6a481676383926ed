import Foundation
import Testing

@testable import ProofsheetKit

/// The page's data files (issue 11): chunks of at most 1,000 photos named by their bytes,
/// the search index, static album pages of 500 photos; a rebuild rewrites only what changed.
@Suite("Page data")
struct PageDataTests {
    /// Albums A (1,020 photos), B and C (10 each).
    static func makeLibrary(_ library: String) throws {
        for index in 0..<1020 { try TestPhoto.write(try PageFixtures.photo(index), to: library, "A/a\(index).jpg") }
        for index in 0..<10 { try TestPhoto.write(try PageFixtures.photo(2000 + index), to: library, "B/b\(index).jpg") }
        for index in 0..<10 { try TestPhoto.write(try PageFixtures.photo(3000 + index), to: library, "C/c\(index).jpg") }
    }

    /// Every chunk's records, in the gallery's order, and the chunks' text.
    static func allRecords(_ site: String) throws -> (records: [[String: Any]], text: String) {
        let names = try #require(try PageFixtures.pageData(site)["chunks"] as? [[Any]]).compactMap { $0.first as? String }
        return (
            try names.flatMap { try PageFixtures.records(site, chunk: $0) },
            try names.map { try readText(site + "/data/\($0).js") }.joined()
        )
    }

    static func times(_ site: String, _ folder: String) -> [String: Int64] {
        var times: [String: Int64] = [:]
        for name in FileSystem.contents(of: site + "/" + folder) {
            times[name] = FileSystem.fileStatus(site + "/" + folder + "/" + name)?.mtime
        }
        return times
    }

    @Test("chunks hold whole albums up to 1,000 photos and slices of bigger ones; every photo once, in order")
    func chunks() async throws {
        try await withTemporaryDirectory { root in
            try Self.makeLibrary(root + "/Library")
            try await PageFixtures.buildSmall(root + "/Library", root + "/Site")
            let data = try PageFixtures.pageData(root + "/Site")
            let chunks = try #require(data["chunks"] as? [[Any]])
            #expect(chunks.map { $0[1] as? Int } == [1000, 20, 20])
            #expect(data["total"] as? Int == 1040)
            let manifest = try readManifest(root + "/Site")
            var ids: [String] = []
            for chunk in chunks {
                let name = try #require(chunk[0] as? String)
                #expect(name.hasPrefix("c-") && name.count == 18)
                let records = try PageFixtures.records(root + "/Site", chunk: name)
                ids += records.compactMap { $0["i"] as? String }
                // Named by its bytes: the name is the hash of the records it holds.
                let script = try readText(root + "/Site/data/\(name).js")
                #expect(script.contains("\"\(name)\""))
            }
            #expect(ids == manifest.photos.map(\.id))
            let first = try PageFixtures.records(root + "/Site", chunk: try #require(chunks[0][0] as? String))[0]
            let photo = manifest.photos[0]
            #expect(first["n"] as? String == photo.name)
            #expect(first["b"] as? Int == Int(photo.bytes))
            #expect(first["d"] as? String == photo.date)
            #expect((first["t"] as? [Any])?.first as? String == photo.thumb.src)
            #expect((first["v"] as? [Any])?.first as? String == photo.preview.src)
            #expect((first["x"] as? [String: String])?["description"] == photo.description)
            #expect(first["p"] == nil)  // the album's path and the name say it
            // Only the first chunk is named by the page for its first screen.
            let page = try readText(root + "/Site/index.html")
            #expect(page.components(separatedBy: "<script src=\"data/").count - 1 == 1)
        }
    }

    @Test("the page data holds every photo's thumbnail shape, in the gallery's order, before any chunk")
    func shapes() async throws {
        try await withTemporaryDirectory { root in
            let sizes = [(60, 40), (40, 60), (64, 48), (60, 40), (100, 20)]
            for (index, size) in sizes.enumerated() {
                try TestPhoto.write(try TestPhoto.jpeg(width: size.0, height: size.1), to: root + "/Library", "A/a\(index).jpg")
            }
            try await PageFixtures.buildSmall(root + "/Library", root + "/Site")
            let shapes = try #require(try PageFixtures.pageData(root + "/Site")["shapes"] as? [String: Any])
            let ratios = try #require(shapes["ratios"] as? [Int])
            let of = try #require(shapes["of"] as? String)
            #expect(shapes["width"] as? Int == 1 && ratios == ratios.sorted() && Set(ratios).count == ratios.count)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            let photos = try readManifest(root + "/Site").photos
            #expect(of.count == photos.count)
            for (photo, code) in zip(photos, of) {
                let at = try #require(alphabet.firstIndex(of: code))
                try #require(at < ratios.count)
                let ratio = ratios[at]
                let exact = Double(photo.thumb.width) / Double(photo.thumb.height)
                #expect(abs(Double(ratio) / 1000 - exact) <= 0.0005, "\(photo.name): \(ratio) for \(photo.thumb)")
            }
        }
    }

    @Test("more than 64 shapes take two characters a photo, and each still finds its own")
    func manyShapes() {
        let thumbs = (1...200).map { Manifest.Image(src: "t\($0).jpg", width: 100 + $0, height: 100) }
        var writer = JSONWriter(capacity: 1024)
        PageData.shapes(thumbs.map(PageData.ratio(of:)), into: &writer)
        let json = try? JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any]
        // Read back as a rebuild album by album reads the previous page's shapes.
        #expect(PageData.ratios(inShapes: writer.bytes, count: thumbs.count) == thumbs.map { $0.width * 10 })
        let ratios = json?["ratios"] as? [Int] ?? []
        let of = Array(json?["of"] as? String ?? "")
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        #expect(json?["width"] as? Int == 2 && of.count == 400 && ratios.count == 200)
        for (at, thumb) in thumbs.enumerated() {
            let index = (alphabet.firstIndex(of: of[2 * at]) ?? 0) * 64 + (alphabet.firstIndex(of: of[2 * at + 1]) ?? 0)
            #expect(index < ratios.count && ratios[index] == thumb.width * 10)
        }
    }

    @Test("a rebuild with one photo changed rewrites only its chunk, its album's page and the index files")
    func oneChanged() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try Self.makeLibrary(library)
            try await PageFixtures.buildSmall(library, site)
            let chunksBefore = Self.times(site, "data"), pagesBefore = Self.times(site, "albums")
            let namesBefore = Set(chunksBefore.keys)
            try await Task.sleep(for: .milliseconds(20))
            try TestPhoto.write(try PageFixtures.photo(9999), to: library, "C/c3.jpg")
            try await PageFixtures.buildSmall(library, site)
            let chunksAfter = Self.times(site, "data"), pagesAfter = Self.times(site, "albums")
            // Two new files (C's chunk, the search index), two gone; the rest untouched.
            #expect(Set(chunksAfter.keys).subtracting(namesBefore).count == 2)
            #expect(namesBefore.subtracting(chunksAfter.keys).count == 2)
            for (name, time) in chunksAfter where chunksBefore[name] != nil { #expect(chunksBefore[name] == time, "\(name) rewritten") }
            #expect(Set(pagesAfter.keys) == Set(pagesBefore.keys))
            let rewritten = pagesAfter.filter { pagesBefore[$0.key] != $0.value }.map(\.key)
            let cPage = try #require(pagesAfter.keys.first { try readText(site + "/albums/" + $0).contains("<h1>C</h1>") })
            #expect(rewritten == [cPage])
        }
    }

    @Test("without JavaScript each album has static pages of 500 photos, linked to each other")
    func albumPages() async throws {
        try await withTemporaryDirectory { root in
            try Self.makeLibrary(root + "/Library")
            try await PageFixtures.buildSmall(root + "/Library", root + "/Site")
            let pages = FileSystem.contents(of: root + "/Site/albums").sorted()
            #expect(pages.count == 5)  // A in 3, B, C
            let data = try PageFixtures.pageData(root + "/Site")
            let albums = try #require(data["albums"] as? [[String: Any]])
            let aPages = try #require(albums[0]["pages"] as? [String])
            #expect(aPages.count == 3 && aPages[0].hasSuffix(".html") && aPages[1].hasSuffix("-2.html"))
            let counts = try aPages.map { try readText(root + "/Site/" + $0).components(separatedBy: "<li class=\"photo\"").count - 1 }
            #expect(counts == [500, 500, 20])
            let second = try readText(root + "/Site/" + aPages[1])
            let name = { (path: String) in String(path.split(separator: "/").last!) }
            #expect(second.contains("<a href=\"\(name(aPages[0]))\" rel=\"prev\">"))
            #expect(second.contains("<a href=\"\(name(aPages[2]))\" rel=\"next\">"))
            #expect(second.contains("<span aria-current=\"page\">2</span>"))
            #expect(second.contains("href=\"../index.html\""))
            #expect(second.contains("page 2 of 3"))
            // Not inline in index.html: the gallery has more than 500 photos.
            let page = try readText(root + "/Site/index.html")
            #expect(!page.contains("<li class=\"photo\""))
            #expect(page.contains("<a href=\"\(aPages[0])\">A</a>"))
        }
    }

    @Test("page files nothing refers to are removed, and a missing one is written again")
    func staleAndMissing() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            for index in 0..<3 { try TestPhoto.write(try PageFixtures.photo(index), to: library, "B/b\(index).jpg") }
            for index in 0..<3 { try TestPhoto.write(try PageFixtures.photo(10 + index), to: library, "C/c\(index).jpg") }
            try await PageFixtures.buildSmall(library, site)
            #expect(FileSystem.contents(of: site + "/albums").count == 2)
            try FileManager.default.removeItem(atPath: library + "/C")
            try await PageFixtures.buildSmall(library, site)
            #expect(FileSystem.contents(of: site + "/albums").count == 1)
            let data = try PageFixtures.pageData(site)
            let names = try #require(data["chunks"] as? [[Any]]).compactMap { $0[0] as? String } + [try #require(data["search"] as? String)]
            #expect(Set(FileSystem.contents(of: site + "/data")) == Set(names.map { $0 + ".js" }))
            // Deleted by hand: nothing else changed, yet the next build puts it back.
            FileSystem.remove(site + "/data/\(names[0]).js")
            try await PageFixtures.buildSmall(library, site)
            #expect(FileSystem.kind(of: site + "/data/\(names[0]).js") == .file)
        }
    }

    @Test(
        "an upgraded site's records carry the id each photo had as `o`, its search index maps them to positions; no other site has either")
    func formerIDs() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            for index in 0..<3 { try TestPhoto.write(try PageFixtures.photo(index), to: library, "A/a\(index).jpg") }
            for index in 0..<2 { try TestPhoto.write(try PageFixtures.photo(10 + index), to: library, "B/b\(index).jpg") }
            try await PageFixtures.buildSmall(library, site)
            // A site with no former ids: not one byte of them.
            let plain = try Self.allRecords(site), plainIndex = try PageFixtures.searchIndex(site)
            #expect(plain.records.allSatisfy { $0["o"] == nil } && !plain.text.contains("\"o\""))
            #expect(plainIndex.json["former"] == nil && !plainIndex.text.contains("former"))

            // Built before content ids, then upgraded.
            let paths = try readManifest(site).photos.map(\.path)
            let oldIDs = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, "0ld0000000a\($0)") })
            try VersionOneFixtures.makeVersion1(site, ids: oldIDs)
            try await PageFixtures.buildSmall(library, site)
            func expectFormer(_ site: String, without: Set<String> = []) throws {
                let photos = try readManifest(site).photos
                let records = try Self.allRecords(site).records
                #expect(records.count == photos.count)
                var former: [String: Int] = [:]
                for (position, (photo, record)) in zip(photos, records).enumerated() {
                    #expect(record["i"] as? String == photo.id)
                    if without.contains(photo.path) {
                        #expect(photo.formerIds == nil && record["o"] == nil, "\(photo.path)")
                    } else {
                        let old = try #require(oldIDs[photo.path])
                        #expect(photo.formerIds == [old])
                        #expect(record["o"] as? String == old, "\(photo.path)")
                        former[old] = position
                    }
                }
                #expect(try PageFixtures.searchIndex(site).json["former"] as? [String: Int] == former)
            }
            try expectFormer(site)

            // A photo added, one rebuilt in place: the others keep theirs, the new one has none.
            try TestPhoto.write(try PageFixtures.photo(20), to: library, "A/a00.jpg")
            try TestPhoto.write(try PageFixtures.photo(21), to: library, "B/b1.jpg")
            try await PageFixtures.buildSmall(library, site)
            try expectFormer(site, without: ["A/a00.jpg"])
            // Nothing changed: the same files, still with them.
            let before = try snapshot(site + "/data")
            try await PageFixtures.buildSmall(library, site)
            #expect(try snapshot(site + "/data") == before)
            try expectFormer(site, without: ["A/a00.jpg"])
        }
    }

    /// Makes an upgraded site's page what a proofsheet that did not carry former ids into
    /// the page's data wrote: its chunks without `o`, its search index without `former`,
    /// `index.html` naming them, its mark without `former-ids` (`rewriteData`).
    static func withoutFormerIDs(_ site: String) throws {
        let words = try PageFixtures.rewriteData(site) { _, json in
            json.replacingOccurrences(of: #","o":"[^"]*""#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #",\n"former":\{[^}]*\}"#, with: "", options: .regularExpression)
        }
        #expect(words[8] == "former-ids")
    }

    @Test("an upgraded site whose page was written without its former ids gets them from the next build, even with nothing changed")
    func formerIDsWrittenAgain() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            for index in 0..<3 { try TestPhoto.write(try PageFixtures.photo(index), to: library, "A/a\(index).jpg") }
            try await PageFixtures.buildSmall(library, site)
            let paths = try readManifest(site).photos.map(\.path)
            try VersionOneFixtures.makeVersion1(
                site, ids: Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, "0ld0000000a\($0)") }))
            try await PageFixtures.buildSmall(library, site)
            let upgraded = try snapshot(site)
            try Self.withoutFormerIDs(site)
            #expect(try Self.allRecords(site).records.allSatisfy { $0["o"] == nil })
            #expect(try PageFixtures.searchIndex(site).json["former"] == nil)
            #expect(PageSeal.state(ofFile: site + "/index.html", mark: nil) == .current)  // whole, not damaged
            try await PageFixtures.buildSmall(library, site)
            #expect(try snapshot(site) == upgraded)
            #expect(try Self.allRecords(site).records.allSatisfy { $0["o"] != nil })
        }
    }

    @Test("names and text are escaped in the data scripts: quotes, control characters, line separators, markup")
    func escaping() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            var exif = ExifWriter()
            exif.description = "a \"quote\"\\ \u{2028}\u{2029} \u{01}</script><!--"
            exif.model = "Cam & <b>"
            try TestPhoto.write(try TestPhoto.jpeg(exif: exif), to: library, "x/it's \"1\" \u{2028}.jpg")
            try await PageFixtures.buildSmall(library, site)
            let data = try PageFixtures.pageData(site)
            let chunk = try #require((data["chunks"] as? [[Any]])?.first?.first as? String)
            let script = try readText(site + "/data/\(chunk).js")
            for forbidden in ["\u{2028}", "\u{2029}", "<", "\u{01}"] { #expect(!script.contains(forbidden)) }
            let record = try #require(try PageFixtures.records(site, chunk: chunk).first)
            #expect(record["n"] as? String == "it's \"1\" \u{2028}.jpg")
            let details = try #require(record["x"] as? [String: String])
            let photo = try #require(try readManifest(site).photos.first)
            #expect(photo.description?.contains("</script><!--") == true)
            #expect(details["description"] == photo.description)
            let search = try readText(site + "/data/\(try #require(data["search"] as? String)).js")
            #expect(!search.contains("<") && search.contains("Cam \\u0026 \\u003cb\\u003e"))
        }
    }

    @Test("the search index holds ids and names as one string each, the photos' values joined by \"/\" in order, whatever the names hold")
    func joinedColumns() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            try PageFixtures.writeAwkward(library, folder: "Odd \"names\" \u{E9}", first: 0)
            // The same content as another: an id with `-2`.
            try TestPhoto.write(try PageFixtures.photo(0), to: library, "Odd \"names\" \u{E9}/zz copy.jpg")
            try await PageFixtures.buildSmall(library, site)
            let photos = try readManifest(site).photos
            #expect(photos.count == PageFixtures.awkwardNames.count + 1)
            let (json, text) = try PageFixtures.searchIndex(site)
            #expect(json["ids"] is String && json["names"] is String)
            let (ids, names) = try PageFixtures.searchColumns(site)
            #expect(ids == photos.map(\.id) && ids.contains { $0.hasSuffix("-2") })
            #expect(names.map { Array($0.utf8) } == photos.map { Array($0.name.utf8) })
            #expect(photos.contains { $0.name.contains("\\") } && photos.contains { $0.name.unicodeScalars.first == "\u{301}" })
            // Each value escaped as in any JSON string; nothing written as `\/`.
            #expect(text.hasPrefix("{\"ids\":\"" + photos.map(\.id).joined(separator: "/") + "\",\n\"names\":\""))
            var column = JSONWriter()
            for (index, photo) in photos.enumerated() {
                if index > 0 { column.raw("/") }
                column.stringContent(photo.name)
            }
            #expect(text.contains("\n\"names\":\"" + String(decoding: column.bytes, as: UTF8.self) + "\",\n\"dates\":["))
            #expect(!text.contains("\\/") && !text.contains("<") && !text.contains("\u{2028}") && !text.contains("\u{01}"))
        }
    }

    @Test("a search index of no photo, of one, of empty values: what is written is read back for its count only, and spliced as written")
    func joinedColumnsEdges() async throws {
        try await withTemporaryDirectory { root in
            try TestPhoto.write(try PageFixtures.photo(1), to: root + "/Library", "A/one.jpg")
            try await PageFixtures.buildSmall(root + "/Library", root + "/Site")
            let photo = try #require(try readManifest(root + "/Site").photos.first)
            var empty = photo, slashed = photo
            (empty.id, empty.name) = ("", "")
            slashed.name = "a/b.jpg"

            func check(_ photos: [Manifest.Photo], _ head: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
                let album = Manifest.Album(path: "A", name: "A", count: photos.count)
                let albums = photos.isEmpty ? [] : [PageData.Album(path: "A", name: "A", start: 0, count: photos.count, anchor: "a")]
                let (name, script) = PageData.searchIndex(photos, albums: albums, albumOf: photos.map { _ in 0 })
                let parts = PageData.dataScriptParts("search", name: name)
                let json = String(decoding: script, as: UTF8.self).dropFirst(parts.head.count).dropLast(parts.tail.count)
                #expect(json.hasPrefix(head) && !json.contains("*"), sourceLocation: sourceLocation)
                let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                let ids = try #require(parsed["ids"] as? String), names = try #require(parsed["names"] as? String)
                #expect(PageFixtures.split(ids, count: photos.count) == photos.map(\.id), sourceLocation: sourceLocation)
                let expected = photos.map { $0.name.replacingOccurrences(of: "/", with: "\u{2215}") }
                #expect(PageFixtures.split(names, count: photos.count) == expected, sourceLocation: sourceLocation)
                for count in [photos.count - 1, photos.count + 1] where count >= 0 {
                    #expect(PreviousSearchIndex(script: script, name: name, count: count) == nil, sourceLocation: sourceLocation)
                }
                let read = PreviousSearchIndex(script: script, name: name, count: photos.count)
                let previous = try #require(read, sourceLocation: sourceLocation)
                let segment = { (content: AlbumRebuild.Content) in AlbumRebuild.Segment(album: album, start: 0, content: content) }
                var splits: [[AlbumRebuild.Segment]] = [photos.isEmpty ? [] : [segment(.kept(0..<photos.count))], [segment(.made(photos))]]
                if photos.count > 1 {
                    splits.append([
                        segment(.kept(0..<1)), AlbumRebuild.Segment(album: album, start: 1, content: .made(Array(photos[1...]))),
                    ])
                }
                for segments in splits {
                    let (splicedName, spliced) = previous.spliced(segments)
                    #expect(splicedName == name && spliced == script, sourceLocation: sourceLocation)
                }
            }
            try check([], "{\"ids\":\"\",\n\"names\":\"\",\n\"dates\":[],\n\"camera\":[],\n\"cameras\":[],\n\"paths\":{}}")
            try check([photo], "{\"ids\":\"\(photo.id)\",\n\"names\":\"one.jpg\",\n\"dates\":[")
            try check([empty], "{\"ids\":\"\",\n\"names\":\"\",\n\"dates\":[")
            try check([empty, photo, empty], "{\"ids\":\"/\(photo.id)/\",\n\"names\":\"/one.jpg/\",\n\"dates\":[")
            // A `/` a manifest edited by hand put in a name cannot shift the photos after it.
            try check([slashed, photo], "{\"ids\":\"\(photo.id)/\(photo.id)\",\n\"names\":\"a\u{2215}b.jpg/one.jpg\",\n\"dates\":[")
            // A `*` before a `/` would end the comment the index is in: every `*` is `\u002a`.
            var starred = photo
            (starred.name, starred.camera) = ("star*", "Cam */ era")
            try check([starred, photo], "{\"ids\":\"\(photo.id)/\(photo.id)\",\n\"names\":\"star\\u002a/one.jpg\",\n\"dates\":[")
        }
    }

    @Test(
        "a search index in a form before (its JSON a value, not in a comment; ids and names arrays), or with a `\\/` or a `*` no writer here makes, is not read back"
    )
    func joinedColumnsOnly() async throws {
        try await withTemporaryDirectory { root in
            let library = root + "/Library", site = root + "/Site"
            for index in 0..<3 { try TestPhoto.write(try PageFixtures.photo(index), to: library, "A/a\(index).jpg") }
            try await PageFixtures.buildSmall(library, site)
            let name = try #require(try PageFixtures.pageData(site)["search"] as? String)
            let script = try FileSystem.read(site + "/data/\(name).js")
            #expect(PreviousSearchIndex(script: script, name: name, count: 3) != nil)
            let parts = PageData.dataScriptParts("search", name: name)
            let json = String(decoding: script.dropFirst(parts.head.utf8.count).dropLast(parts.tail.utf8.count), as: UTF8.self)
            let old = try PageFixtures.inOldForm(json, count: 3)
            #expect(old.hasPrefix("{\"ids\":[\"") && old.contains("],\n\"names\":[\"a0.jpg\",\"a1.jpg\",\"a2.jpg\"],\n\"dates\":["))
            let slash = json.replacingOccurrences(of: "/a1.jpg/", with: "/a\\/1.jpg/")
            let star = json.replacingOccurrences(of: "/a1.jpg/", with: "/a*1.jpg/")
            #expect(slash != json && star != json)
            for text in [old, slash, star] {
                let (renamed, bytes) = PageData.dataScript("search", prefix: "s-", Array(text.utf8))
                #expect(PreviousSearchIndex(script: bytes, name: renamed, count: 3) == nil)
            }
            // The JSON handed to the page as a value, as proofsheet wrote it before.
            let value = Array("Proofsheet.search(\"\(name)\",".utf8) + Array(json.utf8) + Array(");\n".utf8)
            #expect(PreviousSearchIndex(script: value, name: name, count: 3) == nil)
        }
    }
}
