/// The photographer's brand as the site carries it: the cover title's typeface, the accent
/// colour of each colour scheme, the logo.
///
/// The page's CSP allows no inline style, so the colour reaches the page as custom
/// properties appended to the site's one stylesheet (`stylesheet(adding:)`), which is
/// named by its content like every asset: a new colour is a new file, never a cached old one.
struct Brand: Sendable {
    var accent: AccentColor?
    var logo: Logo?
    /// The display face's WOFF2 bytes (`TemplateSet.displayFont`).
    var font: [UInt8] = []

    /// The CSS family the template's rules name for the display face.
    static let fontFamily = "Proofsheet Display"

    /// Where the site carries the display face, relative to the site.
    var fontName: String { "assets/display-" + Logo.hash(font) + ".woff2" }

    /// The site's stylesheet: the template's `css`, then the face and the colours.
    func stylesheet(adding css: String) -> String {
        var text = css.hasSuffix("\n") ? css : css + "\n"
        // Relative to the stylesheet, which is in assets/ too.
        let file = fontName.dropFirst("assets/".count)
        text += "\n/* Made by proofsheet build: the cover's typeface"
        text += accent == nil ? ". */\n" : " and the photographer's colour (--accent). */\n"
        text += "@font-face { font-family: \"\(Self.fontFamily)\"; src: url(\"\(file)\") format(\"woff2\"); "
        text += "font-weight: 400; font-style: normal; font-display: swap; }\n"
        guard let accent else { return text }
        text += ":root { \(Self.properties(accent.light, picked: accent.light.accent.mixed(with: AccentColor.white, 0.88))) }\n"
        let darkCard = AccentColor.darkBackgrounds[1]
        text += "@media (prefers-color-scheme: dark) { :root { "
        text += Self.properties(accent.dark, picked: accent.dark.accent.mixed(with: darkCard, 0.78)) + " } }\n"
        return text
    }

    /// One scheme's custom properties: the accent (`--accent`, and `--focus` for focus
    /// rings), the text on it (`--on-accent`; `--accent-fg` as the page named it before),
    /// and a picked photo's tint of it (`--picked`).
    private static func properties(_ shade: AccentColor.Shade, picked: AccentColor) -> String {
        let accent = shade.accent.hex, on = shade.onAccent.hex
        return "--accent: \(accent); --on-accent: \(on); --accent-fg: \(on); --focus: \(accent); --picked: \(picked.hex);"
    }
}
