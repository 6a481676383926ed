/// Renders `index.html` from the templates and the manifest.
///
/// The grid is in the HTML itself, so the gallery is browsable without JavaScript; the
/// manifest is embedded as JSON for the picker script. Everything that comes from the
/// library (names, EXIF text) enters as `.text` and is escaped by the template.
struct PageRenderer {
    var templates: TemplateSet
    var stylesheet: String
    var script: String

    func render(_ manifest: Manifest, manifestJSON: String) throws -> String {
        var sections = ""
        sections.reserveCapacity(manifest.photos.count * 700)
        var byAlbum: [String: [Manifest.Photo]] = [:]
        for photo in manifest.photos { byAlbum[photo.album, default: []].append(photo) }
        var position = 0
        for album in manifest.albums {
            // An album's cells come in runs of `runLength`, each its own list, so the page
            // can skip laying out the runs that are off screen (see proofsheet.css).
            var cells = ""
            for (index, photo) in (byAlbum[album.path] ?? []).enumerated() {
                if index % Self.runLength == 0 {
                    cells += index == 0 ? "<ul class=\"grid\">" : "</ul>\n<ul class=\"grid\">"
                }
                position += 1
                try templates.photo.render(photoValues(photo, position: position), into: &cells)
            }
            if !cells.isEmpty { cells += "</ul>\n" }
            try templates.album.render(
                [
                    "album_id": .text(Self.albumAnchor(album.path)),
                    "album_path": .text(album.path),
                    "album_name": .text(album.name),
                    "count": .text(String(album.count)),
                    "count_label": .text(album.count == 1 ? "1 photo" : "\(album.count) photos"),
                    "photos": .raw(cells),
                ], into: &sections)
        }
        let photoCount = manifest.photos.count
        let summary = [
            photoCount == 1 ? "1 photo" : "\(photoCount) photos",
            manifest.albums.count == 1 ? "1 album" : "\(manifest.albums.count) albums",
        ].joined(separator: " · ")
        let limitText =
            manifest.options.limit == 0
            ? "Pick as many photos as you like."
            : manifest.options.limit == 1 ? "Pick 1 photo." : "Pick up to \(manifest.options.limit) photos."
        var albumOptions = ""
        var albumLinks = ""
        for album in manifest.albums {
            albumOptions += "<option value=\"\(HTML.text(album.path))\">\(HTML.text(album.name)) (\(album.count))</option>"
            // Without JavaScript these links are how one moves between albums.
            albumLinks += "<li><a href=\"#\(HTML.text(Self.albumAnchor(album.path)))\">\(HTML.text(album.name))</a></li>"
        }
        return try templates.index.render([
            "title": .text(manifest.title),
            "generator": .text(manifest.generator),
            "gallery": .text(manifest.gallery),
            "css": .raw(HTML.url(stylesheet)),
            "js": .raw(HTML.url(script)),
            "summary": .text(summary),
            "limit": .text(String(manifest.options.limit)),
            "limit_text": .text(limitText),
            "album_options": .raw(albumOptions),
            "album_links": .raw(albumLinks),
            "albums": .raw(sections),
            "data": .raw(HTML.scriptJSON(manifestJSON)),
        ])
    }

    private func photoValues(_ photo: Manifest.Photo, position: Int) -> [String: Template.Value] {
        [
            "id": .text(photo.id),
            "position": .text(String(position)),
            "name": .text(photo.name),
            "path": .text(photo.path),
            "album": .text(photo.album),
            "date": .text(photo.date),
            "date_label": .text(Self.dateLabel(photo.date)),
            "camera": .text(photo.camera ?? ""),
            "description": .text(photo.description ?? ""),
            "thumb": .raw(HTML.url(photo.thumb.src)),
            "thumb2x": .raw(HTML.url(photo.thumb2x.src)),
            "width": .text(String(photo.thumb.width)),
            "height": .text(String(photo.thumb.height)),
            "preview": .raw(HTML.url(photo.preview.src)),
            "preview_width": .text(String(photo.preview.width)),
            "preview_height": .text(String(photo.preview.height)),
        ]
    }

    /// Cells per list in an album: divisible by 1–6, 8, 10 and 12, the usual column
    /// counts, so runs join without a gap; small enough that a change in one is cheap.
    static let runLength = 120

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
            "title", "generator", "gallery", "css", "js", "summary", "limit", "limit_text", "album_options",
            "album_links", "albums", "data",
        ],
        "album.html": ["album_id", "album_path", "album_name", "count", "count_label", "photos"],
        "photo.html": [
            "id", "position", "name", "path", "album", "date", "date_label", "camera", "description", "thumb",
            "thumb2x", "width", "height", "preview", "preview_width", "preview_height",
        ],
    ]

    /// Fails before any image work when a template names a value that does not exist.
    static func checkPlaceholders(_ templates: TemplateSet) throws {
        for (template, file) in [(templates.index, "index.html"), (templates.album, "album.html"), (templates.photo, "photo.html")] {
            if let unknown = template.placeholders.first(where: { !knownPlaceholders[file]!.contains($0) }) {
                throw ProofsheetError(template.name, "unknown placeholder {{\(unknown)}}")
            }
        }
    }
}
