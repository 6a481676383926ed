import Foundation
import Testing

@testable import ProofsheetKit

/// A built page's data read back (its embedded data, chunks, search index), and libraries of awkward names.
enum PageFixtures {
    /// A joined column of the search index (`ids`, `names`) cut at each `/` into the
    /// gallery's `count` values: "" is no value when the gallery has none, else one. Cut by
    /// scalars: a name that starts with a combining mark makes one Character of the `/`
    /// before it.
    static func split(_ joined: String, count: Int) -> [String] {
        guard count > 0 else { return [] }
        return joined.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }

    /// A build with small images, fast.
    static func buildSmall(_ library: String, _ site: String) async throws {
        _ = try await build(library, into: site) {
            $0.thumbSize = 32
            $0.previewSize = 64
            $0.quality = 60
            $0.jobs = 2
        }
    }

    /// Small distinct photos: fast to build in the thousands.
    static func photo(_ index: Int) throws -> [UInt8] {
        var exif = ExifWriter()
        exif.description = "photo \(index)"
        exif.dateTaken = "2026-05-0\(1 + index % 9)T10:\(10 + index % 50):00"
        return try TestPhoto.jpeg(width: 48, height: 32, exif: exif, quality: 60)
    }

    /// The embedded page data: `chunks` as [name, count], `albums`, `search`.
    static func pageData(_ site: String) throws -> [String: Any] {
        let page = try readText(site + "/index.html")
        let open = "<script type=\"application/json\" id=\"proofsheet-data\">"
        let start = try #require(page.range(of: open))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8))
        return try #require(json as? [String: Any])
    }

    /// A chunk's photo records: the JSON between `Proofsheet.chunk("NAME",` and `);`.
    static func records(_ site: String, chunk name: String) throws -> [[String: Any]] {
        let script = try readText(site + "/data/\(name).js")
        let prefix = "Proofsheet.chunk(\"\(name)\","
        #expect(script.hasPrefix(prefix) && script.hasSuffix(");\n"))
        let json = script.dropFirst(prefix.count).dropLast(3)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    /// The search index's JSON, and its bytes as written.
    static func searchIndex(_ site: String) throws -> (json: [String: Any], text: String) {
        let name = try #require(try pageData(site)["search"] as? String)
        let script = try readText(site + "/data/\(name).js")
        let (head, tail) = PageData.dataScriptParts("search", name: name)
        #expect(script.hasPrefix(head) && script.hasSuffix(tail))
        let json = script.dropFirst(head.count).dropLast(tail.count)
        return (try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]), String(json))
    }

    /// The search index's `ids` and `names`, each one string, cut into the photos' values.
    static func searchColumns(_ site: String) throws -> (ids: [String], names: [String]) {
        let json = try searchIndex(site).json
        let total = try #require(try pageData(site)["total"] as? Int)
        let ids = try #require(json["ids"] as? String), names = try #require(json["names"] as? String)
        return (split(ids, count: total), split(names, count: total))
    }

    /// Makes the page's data files what another proofsheet wrote: each file's JSON through
    /// `transform` (given `chunk` or `search`), under the name of its bytes, and
    /// `index.html` naming them, its mark (with `pageKey`, when given, for another
    /// program's; without `former-ids`) over the files now there, sealed. Returns the
    /// words of the mark it had.
    @discardableResult
    static func rewriteData(_ site: String, pageKey: String? = nil, _ transform: (String, String) throws -> String) throws -> [Substring] {
        var page = try readText(site + "/index.html")
        for file in FileSystem.contents(of: site + "/data") {
            let name = String(file.dropLast(3)), function = name.hasPrefix("c-") ? "chunk" : "search"
            let script = try readText(site + "/data/" + file)
            let (head, tail) = PageData.dataScriptParts(function, name: name)
            let json = try transform(function, String(script.dropFirst(head.count).dropLast(tail.count)))
            let (renamed, bytes) = PageData.dataScript(function, prefix: String(name.prefix(2)), Array(json.utf8))
            FileSystem.remove(site + "/data/" + file)
            try FileSystem.writeAtomically(bytes, to: site + "/data/\(renamed).js")
            page = page.replacingOccurrences(of: name, with: renamed)
        }
        let start = try #require(page.range(of: "<!-- proofsheet page ", options: .backwards))
        let words = page[start.lowerBound...].split(separator: " ")
        let mark = SiteWriter.pageMark(
            pageKey: pageKey ?? String(words[3]), manifestDigest: String(words[5]), files: SiteWriter.pageFiles(in: site))
        try FileSystem.writeAtomically(PageSeal.sealed(Array((page[..<start.lowerBound] + mark).utf8)), to: site + "/index.html")
        return words
    }

    /// A search index's JSON as proofsheet wrote it before `ids` and `names` were joined
    /// strings: each an array of the values' strings (`count` values).
    static func inOldForm(_ json: String, count: Int) throws -> String {
        var text = Array(json.utf8)
        for key in ["ids", "names"] {
            let open = Array("\"\(key)\":\"".utf8)
            let start = try #require(text.firstRange(of: open)).upperBound
            var end = start
            while text[end] != UInt8(ascii: "\"") { end += text[end] == UInt8(ascii: "\\") ? 2 : 1 }
            let values = count == 0 ? [] : text[start..<end].split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            let array = "[" + values.map { "\"" + String(decoding: $0, as: UTF8.self) + "\"" }.joined(separator: ",") + "]"
            text.replaceSubrange((start - 1)..<(end + 1), with: Array(array.utf8))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// File names a joined column must carry whole: quotes, backslashes (and a name that is
    /// not UTF-8, whose readable rendering has them), control characters, markup, line
    /// separators, non-ASCII in NFC and in NFD, a combining mark first, emoji.
    static let awkwardNames: [[UInt8]] =
        [
            "quote \"1\" 'x'.jpg", "back\\slash\\\\.jpg", "tab\there\nnew line\r\u{01}\u{1F}\u{7F}.jpg", "<script>&amp;<b>.jpg",
            "line\u{2028}para\u{2029}.jpg", "Caf\u{E9}.jpg", "Cafe\u{301}.jpg", "\u{301}mark first.jpg",
            "\u{1F4F7} \u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} \u{1F1EB}\u{1F1F7}.jpg", "\u{65E5}\u{672C} \u{540D}.jpg",
        ].map { Array($0.utf8) } + [Array("latin".utf8) + [0xE9, 0xFF] + Array(".jpg".utf8)]

    /// One photo for each of `awkwardNames` in `library/folder`, made from `photo(first + n)`.
    static func writeAwkward(_ library: String, folder: String, first: Int) throws {
        try FileSystem.createDirectory(library + "/" + folder)
        for (index, name) in awkwardNames.enumerated() {
            try NameFixtures.writeRaw(try photo(first + index), to: BytePath(bytes: Array((library + "/" + folder + "/").utf8) + name))
        }
    }
}
