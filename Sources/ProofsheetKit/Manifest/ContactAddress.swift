/// The address the page's Send button writes to (`build --contact`).
///
/// It becomes the recipient of a `mailto:` link, so it must be an address and nothing
/// else: one `@`, a local part of the characters RFC 5322 allows unquoted (less `%`, `&`
/// and `?`, which a mail link would read as an escape or as more headers), a domain of
/// dot-separated labels. Anything more (a display name, a second address, `?cc=`, spaces)
/// is refused, not cleaned up: the photographer should see what was wrong.
public enum ContactAddress {
    static let localCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$'*+/=^_`{|}~-".unicodeScalars)
    static let labelCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-".unicodeScalars)

    /// Why `text` is not a bare address, or nil when it is one.
    public static func problem(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return "is empty" }
        guard scalars.count <= 254 else { return "is longer than an address can be (254 characters)" }
        if let bad = scalars.first(where: { $0.value < 0x21 || $0.value > 0x7E }) {
            return bad == " "
                ? "holds a space; give the address alone (name@example.com), the name with --contact-name"
                : "holds a character an address cannot have (U+\(String(bad.value, radix: 16, uppercase: true)))"
        }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            return parts.count == 1 ? "has no @; give an address like name@example.com" : "holds more than one @; give one address"
        }
        let local = parts[0].unicodeScalars
        let domain = parts[1]
        guard !local.isEmpty, local.count <= 64 else { return "needs a name before the @ (at most 64 characters)" }
        if let bad = local.first(where: { !localCharacters.contains($0) }) {
            return "holds \(String(bad)) before the @, which a mail link cannot carry"
        }
        guard local.first != ".", local.last != ".", !parts[0].contains("..") else { return "has a misplaced dot before the @" }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return "needs a domain with a dot after the @ (example.com)" }
        for label in labels {
            guard !label.isEmpty, label.unicodeScalars.count <= 63 else { return "has an empty or too long part in its domain" }
            if let bad = label.unicodeScalars.first(where: { !labelCharacters.contains($0) }) {
                return "holds \(String(bad)) in its domain"
            }
            guard label.first != "-", label.last != "-" else { return "has a domain part starting or ending with -" }
        }
        return nil
    }
}
