/// The HTML of the cover (`index.html`'s top: the photo, the logo, the message) and of the
/// contact line the pages without JavaScript show; every value escaped by `HTML`.
enum CoverHTML {
    /// The cover photo: its preview, the largest image the build makes (no other decode),
    /// filling the screen behind the title. Decorative: the title says what the page is.
    static func image(_ photo: Manifest.Photo?) -> String {
        guard let photo else { return "" }
        return "<img class=\"cover-image\" src=\"\(HTML.url(photo.preview.src))\" width=\"\(photo.preview.width)\" "
            + "height=\"\(photo.preview.height)\" alt=\"\" decoding=\"async\">"
    }

    /// The logo, named for screen readers by the photographer's name when there is one.
    static func logo(_ logo: Logo?, settings: SiteSettings, words: Words) -> String {
        guard let logo else { return "" }
        let name = settings.contactName.map { words.text("cover.logoOf", ["name": $0]) } ?? words.text("cover.logo")
        return "<img class=\"cover-logo\" src=\"\(HTML.url(logo.siteName))\" width=\"\(logo.width)\" height=\"\(logo.height)\" "
            + "alt=\"\(HTML.text(name))\">"
    }

    /// The photographer's message; the page's script keeps it (`#message`).
    static func message(_ settings: SiteSettings) -> String {
        guard let message = settings.message else { return "<p class=\"cover-message\" id=\"message\" hidden></p>" }
        return "<p class=\"cover-message\" id=\"message\">\(HTML.text(message))</p>"
    }

    /// Whom to write to, for a browser that cannot pick: the address as a mail link.
    static func contact(_ settings: SiteSettings, words: Words) -> String {
        guard let address = settings.contact else { return "" }
        // The sentence escaped as text, then the name and the link put in its places.
        let sentence = HTML.text(words.text(settings.contactName == nil ? "static.contact" : "static.contactNamed"))
        return "<p class=\"static-contact\">"
            + Words.fill(
                sentence,
                [
                    "name": HTML.text(settings.contactName ?? ""),
                    "address": "<a href=\"mailto:\(HTML.url(address))\">\(HTML.text(address))</a>",
                ]) + "</p>"
    }

    /// The message, for the pages without a cover (the album pages).
    static func staticMessage(_ settings: SiteSettings) -> String {
        guard let message = settings.message else { return "" }
        return "<p class=\"static-message\">\(HTML.text(message))</p>"
    }
}

extension CoverPhoto {
    /// The photo the cover shows: the one at `path` when the gallery has it, else the
    /// first. Only the album the path names is looked through (`photo(at:)` may decode a
    /// photo's record each time).
    static func find(_ path: String?, albums: [PageData.Album], photo: (Int) -> Manifest.Photo?) -> Manifest.Photo? {
        if let path {
            let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            for album in albums where album.path == folder {
                for position in album.start..<(album.start + album.count) {
                    if let found = photo(position), found.path == path { return found }
                }
            }
        }
        guard let first = albums.first(where: { $0.count > 0 }) else { return nil }
        return photo(first.start)
    }
}
