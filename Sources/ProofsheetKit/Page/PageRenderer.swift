/// Renders `index.html` from the templates and the page data.
///
/// The page itself is small whatever the library: the album index and settings embedded
/// as JSON, the chunk scripts of the first screen, and (inside `<noscript>`) the albums as
/// links to their static pages — plus every photo, for galleries of up to `inlineLimit`
/// photos, so a small gallery is whole without JavaScript on the one page. Everything that
/// comes from the library (names, EXIF text) enters as `.text` and is escaped by the
/// template.
struct PageRenderer {
    var templates: TemplateSet
    var stylesheet: String
    var script: String
    /// The cover's logo and photo (`CoverPhoto.find`), when there are.
    var logo: Logo?
    var cover: Manifest.Photo?

    static let inlineLimit = 500

    func render(_ manifest: Manifest, data: PageData, indexJSON: String) throws -> String {
        let words = templates.words(for: manifest.options)
        let summary = [
            words.text("count.photos", n: data.total), words.text("count.albums", n: manifest.albums.count),
        ].joined(separator: " · ")
        let limitText = Self.limitText(limit: manifest.options.limit, minimum: manifest.options.minimum, words: words)
        var albumOptions = ""
        for album in data.albums {
            albumOptions +=
                "<option value=\"\(HTML.text(album.path))\">\(HTML.text(album.name)) (\(HTML.text(words.number(album.count))))</option>"
        }
        var scripts = ""
        for chunk in data.chunks.prefix(data.preloaded) {
            scripts += "<script src=\"\(HTML.url(chunk.src))\"></script>\n"
        }
        var values = words.templateValues(["generator": manifest.generator])
        values.merge([
            "lang": .text(words.language.rawValue),
            "words": .raw(words.json),
            "title": .text(manifest.title),
            "generator": .text(manifest.generator),
            "gallery": .text(manifest.gallery),
            "css": .raw(HTML.url(stylesheet)),
            "js": .raw(HTML.url(script)),
            "summary": .text(summary),
            "limit_text": .text(limitText),
            "album_options": .raw(albumOptions),
            "noscript": .raw(try noscript(manifest, data: data)),
            "data": .raw(indexJSON),
            "scripts": .raw(scripts),
            "cover_image": .raw(CoverHTML.image(cover)),
            "logo": .raw(CoverHTML.logo(logo, settings: manifest.options, words: words)),
            "message": .raw(CoverHTML.message(manifest.options)),
        ]) { _, new in new }
        return try templates.index.render(values)
    }

    /// What the header says a viewer may pick: "Pick up to 30 photos.", "Pick 20 to 30 photos."
    static func limitText(limit: Int, minimum: Int, words: Words) -> String {
        if minimum > 0 {
            if limit == 0 { return words.text("limit.atLeast", n: minimum) }
            if limit == minimum { return words.text("limit.exact", n: limit) }
            return words.text("limit.range", ["min": words.number(minimum), "max": words.number(limit)])
        }
        if limit == 0 { return words.text("limit.any") }
        return words.text("limit.upTo", n: limit)
    }

    /// What a browser without JavaScript shows instead of the picker.
    private func noscript(_ manifest: Manifest, data: PageData) throws -> String {
        let words = templates.words(for: manifest.options)
        var html = "<p class=\"noscript-note\">\(HTML.text(words.text("static.noscript")))</p>\n"
        html += CoverHTML.contact(manifest.options, words: words)
        html += "<nav class=\"album-nav\" aria-label=\"\(HTML.text(words.text("static.albums")))\"><ul>"
        for album in data.albums {
            let first = AlbumPageRenderer.paths(of: album)[0]
            html +=
                "<li><a href=\"\(HTML.url(first))\">\(HTML.text(album.name))</a> <span class=\"count\">\(HTML.text(words.text("count.photos", n: album.count)))</span></li>"
        }
        html += "</ul></nav>\n"
        guard data.total <= Self.inlineLimit else { return html }
        for album in data.albums {
            var cells = ""
            for photo in manifest.photos[album.start..<(album.start + album.count)] {
                try templates.photo.render(Self.photoValues(photo, prefix: "", words: words), into: &cells)
            }
            try templates.album.render(
                [
                    "album_id": .text(album.anchor),
                    "album_path": .text(album.path),
                    "album_name": .text(album.name),
                    "count": .text(String(album.count)),
                    "count_label": .text(words.text("count.photos", n: album.count)),
                    "photos": .raw(cells),
                    "more": .raw(""),
                ], into: &html)
        }
        return html
    }

    /// A photo's values for `photo.html`; `prefix` leads from the page to the site's root.
    static func photoValues(_ photo: Manifest.Photo, prefix: String, words: Words) -> [String: Template.Value] {
        [
            "id": .text(photo.id),
            "name": .text(photo.name),
            "path": .text(photo.path),
            "album": .text(photo.album),
            "date": .text(photo.date),
            "date_label": .text(words.dateLabel(photo.date)),
            "camera": .text(photo.camera ?? ""),
            "description": .text(photo.description ?? ""),
            "thumb": .raw(HTML.url(prefix + photo.thumb.src)),
            "thumb2x": .raw(HTML.url(prefix + photo.thumb2x.src)),
            "width": .text(String(photo.thumb.width)),
            "height": .text(String(photo.thumb.height)),
            "preview": .raw(HTML.url(prefix + photo.preview.src)),
            "preview_width": .text(String(photo.preview.width)),
            "preview_height": .text(String(photo.preview.height)),
        ]
    }

    /// `2026-06-01T14:03:22` → `1 Jun 2026, 14:03`: the same in every locale, so the
    /// page stays byte-identical; the script may localize it.
    static func dateLabel(_ iso: String) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = iso.split(whereSeparator: { "-T:".contains($0) }).compactMap { Int($0) }
        guard parts.count >= 5, (1...12).contains(parts[1]) else { return iso }
        let minute = parts[4] < 10 ? "0\(parts[4])" : "\(parts[4])"
        return "\(parts[2]) \(months[parts[1] - 1]) \(parts[0]), \(parts[3]):\(minute)"
    }

    /// A fragment id for an album section, safe whatever the folder is called.
    static func albumAnchor(_ path: String) -> String {
        "album-" + StableHash.hex(of: "album", path, digits: 8)
    }

    // MARK: Placeholders

    static let knownPlaceholders: [String: Set<String>] = [
        "index.html": [
            "title", "generator", "gallery", "css", "js", "summary", "limit_text", "album_options", "noscript",
            "data", "scripts", "cover_image", "logo", "message", "lang", "words",
        ],
        "album.html": ["album_id", "album_path", "album_name", "count", "count_label", "photos", "more"],
        "photo.html": [
            "id", "name", "path", "album", "date", "date_label", "camera", "description", "thumb", "thumb2x", "width",
            "height", "preview", "preview_width", "preview_height",
        ],
        "album-page.html": [
            "title", "generator", "css", "album_name", "count_label", "page_label", "pager", "photos", "message", "contact",
            "lang",
        ],
    ]

    /// Fails before any image work when a template names a value that does not exist.
    static func checkPlaceholders(_ templates: TemplateSet) throws {
        let all = [
            (templates.index, "index.html"), (templates.album, "album.html"), (templates.photo, "photo.html"),
            (templates.albumPage, "album-page.html"),
        ]
        for (template, file) in all {
            // A word (`{{w.KEY}}`) is known when the English table has it; every table has
            // every key (a test checks).
            let isWord = { (name: String) in name.hasPrefix("w.") && templates.words[.en]?.entries[String(name.dropFirst(2))] != nil }
            if let unknown = template.placeholders.first(where: { !knownPlaceholders[file]!.contains($0) && !isWord($0) }) {
                throw ProofsheetError(template.name, "unknown placeholder {{\(unknown)}}")
            }
        }
    }
}
