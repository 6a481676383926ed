/// The one table of the characters that untrusted text (file names, pasted lists, order
/// files, stored settings) must not carry as they are into a terminal, a list or a check:
/// each of its classes below, and every other character nil. `TerminalText` escapes them
/// all; a list for other software escapes only what a terminal would obey; a setting's
/// check refuses the ASCII controls.
enum UnsafeCharacter: Equatable {
    /// Tab, newline and carriage return: the C0 controls that text legitimately holds.
    case whiteSpaceControl
    /// Every other C0 control (U+0000–U+001F), ESC among them.
    case control
    /// DEL (U+007F).
    case delete
    /// The C1 controls (U+0080–U+009F), which some terminals obey like ESC.
    case c1Control
    /// The bidirectional marks, embeddings, overrides and isolates (U+200E, U+200F,
    /// U+202A–U+202E, U+2066–U+2069), which reorder what is shown.
    case bidirectional
    /// The Unicode line and paragraph separators (U+2028, U+2029).
    case separator

    init?(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: self = .whiteSpaceControl
        case 0x00..<0x20: self = .control
        case 0x7F: self = .delete
        case 0x80...0x9F: self = .c1Control
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: self = .bidirectional
        case 0x2028, 0x2029: self = .separator
        default: return nil
        }
    }

    /// What a terminal obeys: the C0 controls but tab and the line ends, DEL and the C1 controls.
    var isObeyed: Bool { self == .control || self == .delete || self == .c1Control }

    /// An ASCII control: any C0 control, or DEL.
    var isASCIIControl: Bool { self == .whiteSpaceControl || self == .control || self == .delete }

    /// Whether `scalar` is an ASCII control (C0 or DEL).
    static func isASCIIControl(_ scalar: Unicode.Scalar) -> Bool { UnsafeCharacter(scalar)?.isASCIIControl ?? false }

    /// Whether `scalar` is one a terminal obeys (see `isObeyed`).
    static func isObeyed(_ scalar: Unicode.Scalar) -> Bool { UnsafeCharacter(scalar)?.isObeyed ?? false }

    /// A line break: newline, carriage return or a Unicode line or paragraph separator.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t" && [.whiteSpaceControl, .separator].contains(UnsafeCharacter(scalar))
    }

    /// What a line of a list cannot hold: a character a terminal obeys or a line break
    /// (a tab it can; the bidirectional marks it keeps).
    static func breaksListLine(_ scalar: Unicode.Scalar) -> Bool { isObeyed(scalar) || isLineBreak(scalar) }
}

/// The one place where text that reaches a terminal is made safe to print (the characters
/// escaped are `UnsafeCharacter`'s).
///
/// File names, paths and quoted input can hold control characters: an ESC sequence in a
/// name could recolour the terminal, retitle it, move the cursor or forge a line of
/// output; a newline could forge a whole message. Every message proofsheet prints goes
/// through `escaped` (the CLI's `Console` does it for every line), so such characters are
/// shown, never obeyed:
///
/// - newline, tab and carriage return as `\n`, `\t`, `\r`;
/// - other C0 controls and DEL as `\x1b`, `\x7f`…;
/// - C1 controls (U+0080–U+009F, which some terminals obey like ESC), the bidirectional
///   marks, overrides and isolates (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, which
///   reorder what is shown) and the Unicode line and paragraph separators (U+2028, U+2029)
///   as `\u{9b}`, `\u{202e}`…;
/// - bytes that are not UTF-8 (a Latin-1 file name, say) as `\xe9`.
///
/// Everything else, including every other non-ASCII character, passes unchanged.
public enum TerminalText {
    public static func escaped(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return escaped(bytes: text.utf8)
    }

    /// Several lines, for output that is a format of its own (a CSV, a list): their ends
    /// (`\n`, `\r\n`) kept, every other character escaped as `escaped` does.
    public static func escaped(_ text: String, keepingLineEnds: Bool) -> String {
        guard keepingLineEnds else { return escaped(text) }
        // On the bytes: "\r\n" is one Character to Swift, and would not be split at "\n".
        let lines = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line in
            let isLast = index == lines.count - 1
            if !isLast && line.last == 0x0D { return escaped(bytes: line.dropLast()) + "\r" }
            return escaped(bytes: line)
        }.joined(separator: "\n")
    }

    /// Text for other software (a list, a CSV): only the C0 and C1 controls (but tab and
    /// the line ends) and DEL escaped, as `escaped` escapes them — what a terminal would
    /// obey. Everything else passes, the bidirectional controls included: they only
    /// reorder what is shown, and a list must hold a name as it is to find the file.
    public static func escapingControls(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if UnsafeCharacter(scalar)?.isObeyed == true {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    public static func escaped(bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var result = ""
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            // A fresh parser at each scalar, so what it consumed is known exactly.
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[index...].makeIterator()
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if needsEscape(scalar) {
                    result += escape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
                index += encoded.count
            case .error(let length):
                for byte in bytes[index..<(index + length)] { result += hexByte(byte) }
                index += length
            case .emptyInput:
                return result
            }
        }
        return result
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { UnsafeCharacter(scalar) != nil }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default:
            let hex = String(scalar.value, radix: 16)
            return scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16)
        return "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }
}

/// Shows a value from an untrusted file inside a message: quoted, control characters
/// escaped so a message stays on one line, long values shortened.
func quotedForMessage(_ text: String, limit: Int = 80) -> String {
    var shown = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            shown += "…"
            break
        }
        switch scalar {
        case "\"": shown += "\\\""
        case "\\": shown += "\\\\"
        case "\n": shown += "\\n"
        case "\t": shown += "\\t"
        case "\r": shown += "\\r"
        default:
            if UnsafeCharacter.isObeyed(scalar) {
                let hex = String(scalar.value, radix: 16)
                shown += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        count += 1
    }
    return "\"" + shown + "\""
}
