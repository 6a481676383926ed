/// The photo the page opens on (`build --cover PHOTO`), named by its path relative to the
/// library as the manifest writes it (`Ceremony/IMG_0042.jpg`); none: the gallery's first.
public enum CoverPhoto {
    /// Why `path` cannot name a photo of a library, or nil when it can; whether the
    /// library has it is for the build to say. The same check for the option and for the
    /// value a site stored.
    public static func problem(_ path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.hasPrefix("/") { return "is not relative to the library; name the photo as Album/IMG_0042.jpg" }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "is not a path inside the library (an empty, . or .. part)"
        }
        if path.unicodeScalars.contains(where: UnsafeCharacter.isASCIIControl) { return "holds a control character" }
        return nil
    }

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
