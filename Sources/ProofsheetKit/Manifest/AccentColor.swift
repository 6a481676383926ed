import Foundation

/// The photographer's colour (`build --accent '#RRGGBB'`): the page's one primary action,
/// the pick marks, links and focus rings.
///
/// The colour is the photographer's brand, so it is never refused for its lightness: a
/// pale gold fails on white and a navy on the dark scheme's black, and a brand colour that
/// works in only one scheme is most brand colours. Instead each scheme gets the colour
/// itself when it holds WCAG AA contrast there, else the nearest shade that does (mixed
/// towards black for the light scheme, towards white for the dark one, keeping its hue):
/// 4.5:1 against the scheme's page and card backgrounds, since the accent also colours
/// text (links, the status line), which is more than the 3:1 marks and rings need; and the
/// text on it (`--on-accent`), white or near-black, 4.5:1 on the shade chosen.
public struct AccentColor: Sendable, Equatable {
    public var red: Int
    public var green: Int
    public var blue: Int

    /// Text and marks on the page must stand 4.5:1 against these (`Templates/proofsheet.css`:
    /// `--bg` and `--card` of each scheme).
    static let lightBackgrounds = [AccentColor(0xF6, 0xF6, 0xF4), AccentColor(0xFF, 0xFF, 0xFF)]
    static let darkBackgrounds = [AccentColor(0x14, 0x14, 0x14), AccentColor(0x22, 0x22, 0x22)]
    static let white = AccentColor(0xFF, 0xFF, 0xFF)
    static let black = AccentColor(0x00, 0x00, 0x00)
    static let nearBlack = AccentColor(0x11, 0x11, 0x11)
    /// WCAG 2 AA for text of normal size.
    static let minimumContrast = 4.5

    init(_ red: Int, _ green: Int, _ blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB` (either case); nil for anything else.
    public init?(_ text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var values: [Int] = []
        for byte in digits.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(Int(byte - UInt8(ascii: "a")) + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(Int(byte - UInt8(ascii: "A")) + 10)
            default: return nil
            }
        }
        self.init(values[0] * 16 + values[1], values[2] * 16 + values[3], values[4] * 16 + values[5])
    }

    /// Why `text` is not a colour `--accent` takes, or nil when it is one. The same check
    /// for the option and for the value a site stored.
    public static func problem(_ text: String) -> String? {
        AccentColor(text) == nil ? "is not a colour written #RRGGBB (six hexadecimal digits, like #1B6AC9)" : nil
    }

    /// `#1B6AC9`: how the page and the site's settings write it.
    public var hex: String {
        let digits = Array("0123456789ABCDEF")
        return "#" + String([red, green, blue].flatMap { [digits[$0 / 16], digits[$0 % 16]] })
    }

    /// WCAG 2's relative luminance.
    var luminance: Double {
        func linear(_ channel: Int) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, 1 to 21.
    func contrast(with other: AccentColor) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// `fraction` of the way to `other`, channel by channel (rounded).
    func mixed(with other: AccentColor, _ fraction: Double) -> AccentColor {
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * fraction).rounded()) }
        return AccentColor(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
    }

    /// One scheme's accent: the shade shown, and the text on it.
    public struct Shade: Sendable, Equatable {
        public var accent: AccentColor
        public var onAccent: AccentColor
    }

    /// The shade for the light scheme: the colour, or the first step (of 1 %) towards
    /// black that stands 4.5:1 on every light background.
    public var light: Shade { shade(towards: Self.black, on: Self.lightBackgrounds) }
    /// The same for the dark scheme, towards white.
    public var dark: Shade { shade(towards: Self.white, on: Self.darkBackgrounds) }

    private func shade(towards end: AccentColor, on backgrounds: [AccentColor]) -> Shade {
        var accent = self
        for step in 0...100 {
            accent = mixed(with: end, Double(step) / 100)
            if backgrounds.allSatisfy({ accent.contrast(with: $0) >= Self.minimumContrast }) { break }
        }
        let text = [Self.white, Self.nearBlack].max { accent.contrast(with: $0) < accent.contrast(with: $1) }!
        return Shade(accent: accent, onAccent: text)
    }
}
