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
}
