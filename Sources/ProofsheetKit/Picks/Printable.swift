/// Text from files and file names made safe to print on a terminal: control characters
/// (and the invisible characters that reorder a line) shown as `\x1b`, `\n`, `\t`,
/// `\u{202E}`, so a hostile name cannot forge lines, recolour or retitle the terminal.
///
/// Every line `collect` and `merge` print goes through `line(_:)`, once, just before it
/// is printed. (Issue 10 brings one escaping function for the whole program; this is the
/// one place to switch over to it.)
public enum Printable {
    public static func line(_ text: String) -> String {
        escaped(text, keepingLineEnds: false)
    }

    /// Several lines: their ends (`\n`, `\r\n`) kept, every other control character
    /// escaped. For output that is a format of its own (a CSV), where a line end in a
    /// quoted field belongs to the field.
    public static func lines(_ text: String) -> String {
        escaped(text, keepingLineEnds: true)
    }

    private static func escaped(_ text: String, keepingLineEnds: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if keepingLineEnds && (scalar == "\n" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")) {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F...0x9F: out += "\\x" + hex(scalar.value, width: 2)
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                out += "\\u{" + hex(scalar.value, width: 4) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
