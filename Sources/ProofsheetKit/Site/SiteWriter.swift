import Foundation

/// The write step: assets, the page's data (chunks, the search index) and static album
/// pages, then `manifest.json`, then `index.html` (each atomically), and only then the
/// deletion of what nothing refers to any more.
struct SiteWriter {
    var output: String
    var templates: TemplateSet
    /// Which templates and program render the page (see `pageMark`).
    var pageKey: String

    init(output: String, templates: TemplateSet) {
        self.output = output
        self.templates = templates
        self.pageKey = Self.pageKey(templates: templates)
    }

    func write(_ manifest: Manifest, previous: PreviousSite?) throws {
        let stylesheet = try Self.writeAsset(templates.css, name: "proofsheet", ext: "css", in: output)
        let script = try Self.writeAsset(templates.javascript, name: "proofsheet", ext: "js", in: output)

        // Nothing changed: the manifest is the one on disk, and the page ends with the mark
        // of that manifest, these templates and the page files now on disk (a build killed
        // midway leaves the old mark, or other files). Encoding and rendering 100,000
        // photos is most of a rebuild's time, so all of it is skipped.
        let pageFiles = Self.pageFiles(in: output)
        var generated: Set<String>? = nil
        if let previous, manifest == previous.manifest,
            let page = try? FileSystem.read(output + "/index.html"),
            page.reversed().starts(
                with: Self.pageMark(pageKey: pageKey, manifestDigest: previous.digest, files: pageFiles).utf8.reversed())
        {
            // The page is current.
        } else {
            // The page's data: chunks and the search index are named by their bytes, so
            // those already there are current; album pages are rendered when their mark
            // changed. All of them before the page that refers to them.
            let data = PageData(manifest)
            try FileSystem.createDirectory(output + "/data")
            try FileSystem.createDirectory(output + "/albums")
            for chunk in data.chunks where !FileSystem.exists(output + "/" + chunk.src) {
                try FileSystem.writeAtomically(chunk.script, to: output + "/" + chunk.src)
            }
            if !FileSystem.exists(output + "/" + data.searchSrc) {
                try FileSystem.writeAtomically(data.searchScript, to: output + "/" + data.searchSrc)
            }
            let albumPages = AlbumPageRenderer(templates: templates, stylesheet: stylesheet, pageKey: pageKey)
            let pages = albumPages.pages(manifest, albums: data.albums)
            for page in pages {
                let path = output + "/" + page.path
                if let existing = try? FileSystem.read(path), existing.reversed().starts(with: page.mark.utf8.reversed()) { continue }
                try FileSystem.writeAtomically(try albumPages.render(page, title: manifest.title, generator: manifest.generator), to: path)
            }
            let files = Set(data.chunks.map(\.src) + [data.searchSrc] + pages.map(\.path))
            generated = files

            // manifest.json is the build's cache (compact: pretty-printing 100,000 photos
            // doubled the encoding time).
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let manifestBytes = Array(try encoder.encode(manifest)) + [UInt8(ascii: "\n")]
            var pagesByAlbum: [String: [String]] = [:]
            for page in pages { pagesByAlbum[page.album.path, default: []].append(page.path) }
            let page = try PageRenderer(templates: templates, stylesheet: stylesheet, script: script)
                .render(manifest, data: data, indexJSON: data.indexJSON(manifest, pages: pagesByAlbum))
                + Self.pageMark(pageKey: pageKey, manifestDigest: PreviousSite.digest(manifestBytes), files: files.sorted { ByteOrder.less($0, $1) })

            // The manifest first, then the page: a build killed between the two leaves the
            // old page, whose files are all still there, and a manifest the next build can use.
            try FileSystem.writeIfChanged(manifestBytes, to: output + "/manifest.json")
            try FileSystem.writeIfChanged(Array(page.utf8), to: output + "/index.html")
        }

        // Only now that nothing refers to them: delete images of removed or changed photos,
        // old assets and page files, and temporary files of interrupted builds.
        var referenced = Set([stylesheet, script])
        for photo in manifest.photos {
            referenced.formUnion([photo.thumb.src, photo.thumb2x.src, photo.preview.src])
        }
        for folder in ["thumbs", "previews", "assets"] {
            for name in FileSystem.contents(of: output + "/" + folder) where !referenced.contains(folder + "/" + name) {
                FileSystem.remove(output + "/" + folder + "/" + name)
            }
        }
        if let generated {
            for path in pageFiles where !generated.contains(path) { FileSystem.remove(output + "/" + path) }
        }
        for name in FileSystem.contents(of: output) where name.hasPrefix(".") && name.contains(".tmp-") {
            FileSystem.remove(output + "/" + name)
        }
    }

    /// The page's own files on disk (`data/…`, `albums/…`), sorted.
    static func pageFiles(in output: String) -> [String] {
        var files: [String] = []
        for folder in ["data", "albums"] {
            for name in FileSystem.contents(of: output + "/" + folder) where !name.hasPrefix(".") { files.append(folder + "/" + name) }
        }
        return files.sorted { ByteOrder.less($0, $1) }
    }

    /// The templates (as loaded, so the key matches what renders the page) and the
    /// program that render the page.
    static func pageKey(templates: TemplateSet) -> String {
        var hash = StableHash()
        hash.combine(Proofsheet.generator)
        for text in [
            templates.index.source, templates.album.source, templates.photo.source, templates.albumPage.source, templates.css,
            templates.javascript,
        ] {
            hash.combine(text)
        }
        return hash.hex(digits: 16)
    }

    /// The last line of `index.html`: which templates and which manifest (by digest) it
    /// was rendered from, and which page files it was written with. Content only, so the
    /// same inputs still give the same bytes.
    static func pageMark(pageKey: String, manifestDigest: String, files: [String]) -> String {
        var hash = StableHash()
        for file in files { hash.combine(file) }
        return "<!-- proofsheet page \(pageKey) manifest \(manifestDigest) files \(hash.hex(digits: 16)) -->\n"
    }

    /// Assets are named by their content, so a new page never loads an old script.
    static func writeAsset(_ text: String, name: String, ext: String, in output: String) throws -> String {
        let relative = "assets/\(name)-\(StableHash.hex(of: text, digits: 8)).\(ext)"
        try FileSystem.writeIfChanged(Array(text.utf8), to: output + "/" + relative)
        return relative
    }
}
