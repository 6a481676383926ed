/// The gallery without JavaScript: each album as plain HTML pages of at most `pageSize`
/// photos (`albums/ANCHOR.html`, `albums/ANCHOR-2.html`, …), thumbnails linking to the
/// previews, with links between the pages and back to `index.html`.
///
/// Pages keep their names across rebuilds (they link to each other), so each ends with a
/// mark of everything it was rendered from, sealed (`PageSeal`); a rebuild renders a page
/// again only when its mark changed or its seal does not hold.
struct AlbumPageRenderer {
    static let pageSize = 500

    var templates: TemplateSet
    /// The stylesheet, relative to the site.
    var stylesheet: String
    var pageKey: String

    struct Page {
        var path: String
        /// The words of its mark (`<!-- proofsheet album page HASH`), sealed on render.
        var mark: String
        var album: PageData.Album
        /// 0-based.
        var number: Int
        var count: Int
        var photos: ArraySlice<Manifest.Photo>
    }

    /// The relative paths of an album's pages.
    static func paths(of album: PageData.Album) -> [String] {
        let count = max(1, (album.count + pageSize - 1) / pageSize)
        return (0..<count).map { $0 == 0 ? "albums/\(album.anchor).html" : "albums/\(album.anchor)-\($0 + 1).html" }
    }

    /// Every page of the gallery, with the mark it must end with (rendering is left to
    /// `render`, for the pages whose mark is not on disk already).
    func pages(_ manifest: Manifest, albums: [PageData.Album]) -> [Page] {
        var pages: [Page] = []
        for album in albums {
            let paths = Self.paths(of: album)
            for (number, path) in paths.enumerated() {
                let from = album.start + number * Self.pageSize
                let photos = manifest.photos[from..<min(album.start + album.count, from + Self.pageSize)]
                var hash = StableHash()
                hash.combine(pageKey)
                // The stylesheet's name changes with the brand's colours: a page must not
                // keep naming one the cleanup removed.
                hash.combine(stylesheet)
                hash.combine(manifest.options.pageLanguage.rawValue)
                for text in [manifest.options.message, manifest.options.contact, manifest.options.contactName] {
                    hash.combine(text ?? "")
                    hash.combine(text == nil ? 0 : 1)
                }
                hash.combine(manifest.title)
                hash.combine(manifest.generator)
                hash.combine(album.path)
                hash.combine(album.name)
                hash.combine(album.count)
                hash.combine(number)
                hash.combine(paths.count)
                for photo in photos {
                    for text in [photo.id, photo.name, photo.date, photo.thumb.src, photo.thumb2x.src, photo.preview.src] {
                        hash.combine(text)
                    }
                    hash.combine(photo.thumb.width)
                    hash.combine(photo.thumb.height)
                }
                let mark = "<!-- proofsheet album page \(hash.hex(digits: 16))"
                pages.append(Page(path: path, mark: mark, album: album, number: number, count: paths.count, photos: photos))
            }
        }
        return pages
    }

    func render(_ page: Page, manifest: Manifest) throws -> [UInt8] {
        let words = templates.words(for: manifest.options)
        var cells = ""
        cells.reserveCapacity(page.photos.count * 520)
        for photo in page.photos {
            try templates.photo.render(PageRenderer.photoValues(photo, prefix: "../", words: words), into: &cells)
        }
        let paths = Self.paths(of: page.album)
        let pageLabel = words.text("static.page", ["n": words.number(page.number + 1), "count": words.number(page.count)])
        var values = words.templateValues(["generator": manifest.generator])
        values.merge([
            "lang": .text(words.language.rawValue),
            // The sentence escaped as text, its link put in its place.
            "w.static.note": .raw(
                Words.fill(
                    HTML.text(words.text("static.note")),
                    ["gallery": "<a href=\"../index.html\">\(HTML.text(words.text("static.gallery")))</a>"])),
            "title": .text(manifest.title),
            "generator": .text(manifest.generator),
            "css": .raw(HTML.url("../" + stylesheet)),
            "album_name": .text(page.album.name),
            "count_label": .text(words.text("count.photos", n: page.album.count)),
            "page_label": .text(page.count > 1 ? pageLabel : ""),
            "pager": .raw(Self.pager(paths, current: page.number, words: words)),
            "photos": .raw(cells),
            "message": .raw(CoverHTML.staticMessage(manifest.options)),
            "contact": .raw(CoverHTML.contact(manifest.options, words: words)),
        ]) { _, new in new }
        let html = try templates.albumPage.render(values)
        return PageSeal.sealed(Array((html + page.mark).utf8))
    }

    /// Links to the album's other pages (none for a single page).
    static func pager(_ paths: [String], current: Int, words: Words) -> String {
        guard paths.count > 1 else { return "" }
        func link(_ index: Int, _ label: String, rel: String? = nil) -> String {
            let name = (paths[index] as String).split(separator: "/").last.map(String.init) ?? paths[index]
            let relation = rel.map { " rel=\"\($0)\"" } ?? ""
            return "<a href=\"\(HTML.url(name))\"\(relation)>\(HTML.text(label))</a>"
        }
        var parts: [String] = []
        if current > 0 { parts.append(link(current - 1, words.text("static.previous"), rel: "prev")) }
        for index in paths.indices {
            parts.append(
                index == current
                    ? "<span aria-current=\"page\">\(HTML.text(words.number(index + 1)))</span>" : link(index, words.number(index + 1)))
        }
        if current < paths.count - 1 { parts.append(link(current + 1, words.text("static.next"), rel: "next")) }
        return "<nav class=\"pager\" aria-label=\"\(HTML.text(words.text("static.pages")))\">" + parts.joined(separator: " ") + "</nav>\n"
    }
}
