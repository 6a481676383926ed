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

    /// `images` is every image file in the site: those listed before the build and those
    /// it wrote (one listing of folders of 100,000s of files is enough).
    /// `asBefore`: the manifest was taken whole from the previous one (no need to compare).
    func write(_ manifest: Manifest, previous: PreviousSite?, images: Set<String>, asBefore: Bool = false) throws {
        let stylesheet = try Self.writeAsset(templates.css, name: "proofsheet", ext: "css", in: output)
        let script = try Self.writeAsset(templates.javascript, name: "proofsheet", ext: "js", in: output)

        // Nothing changed: the manifest is the one on disk, and the page ends with the mark
        // of that manifest, these templates and the page files now on disk (a build killed
        // midway leaves the old mark, or other files). Encoding and rendering 100,000
        // photos is most of a rebuild's time, so all of it is skipped.
        let pageFiles = Self.pageFiles(in: output)
        var generated: Set<String>? = nil
        let mark = previous.map { Self.pageMark(pageKey: pageKey, manifestDigest: $0.digest, files: pageFiles) }
        if let previous, let mark, asBefore || Self.identical(manifest, previous.manifest),
            FileSystem.readSuffix(output + "/index.html", count: mark.utf8.count) == Array(mark.utf8)
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
            let manifestBytes = try ManifestJSON.encode(manifest) + [UInt8(ascii: "\n")]
            var pagesByAlbum: [String: [String]] = [:]
            for page in pages { pagesByAlbum[page.album.path, default: []].append(page.path) }
            let page = try PageRenderer(templates: templates, stylesheet: stylesheet, script: script)
                .render(manifest, data: data, indexJSON: data.indexJSON(manifest, pages: pagesByAlbum))
                + Self.pageMark(pageKey: pageKey, manifestDigest: PreviousSite.digest(manifestBytes), files: files.sorted { ByteOrder.less($0, $1) })

            // Both staged in full first — a full disk or a read-only folder shows here, and
            // leaves both as they were — then renamed: the manifest first, so a build killed
            // between the two renames leaves the old page, whose files are all still there,
            // and a manifest the next build can use.
            let stagedManifest = try Self.stageIfChanged(manifestBytes, to: output + "/manifest.json")
            let stagedPage = try Self.stageIfChanged(Array(page.utf8), to: output + "/index.html")
            try stagedManifest?.commit()
            try stagedPage?.commit()
        }

        // Only now that nothing refers to them: delete images of removed or changed photos,
        // old assets and page files, and temporary files of interrupted builds.
        var referenced = Set<String>(minimumCapacity: manifest.photos.count * 3)
        for index in manifest.photos.indices {
            referenced.insert(manifest.photos[index].thumb.src)
            referenced.insert(manifest.photos[index].thumb2x.src)
            referenced.insert(manifest.photos[index].preview.src)
        }
        for image in images where !referenced.contains(image) {
            FileSystem.remove(output + "/" + image)
        }
        for name in FileSystem.contents(of: output + "/assets") where ![stylesheet, script].contains("assets/" + name) {
            FileSystem.remove(output + "/assets/" + name)
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

    /// Equal, and equal byte for byte where `==` on strings is not (`Café` in NFC and in
    /// NFD are equal strings, but two different files).
    static func identical(_ a: Manifest, _ b: Manifest) -> Bool {
        guard a == b else { return false }
        return a.photos.indices.allSatisfy {
            a.photos[$0].path.utf8.elementsEqual(b.photos[$0].path.utf8) && a.photos[$0].name.utf8.elementsEqual(b.photos[$0].name.utf8)
        }
            && zip(a.albums, b.albums).allSatisfy { $0.path.utf8.elementsEqual($1.path.utf8) }
            && zip(a.problems, b.problems).allSatisfy { $0.path.utf8.elementsEqual($1.path.utf8) }
            && a.title.utf8.elementsEqual(b.title.utf8)
    }

    /// A staged file for `path`, or nil when it already holds these bytes.
    static func stageIfChanged(_ bytes: [UInt8], to path: String) throws -> StagedFile? {
        if let status = FileSystem.fileStatus(path), status.size == Int64(bytes.count), let existing = try? FileSystem.read(path),
            existing == bytes
        {
            return nil
        }
        return try StagedFile(bytes, for: path)
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
