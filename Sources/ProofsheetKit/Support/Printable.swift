/// Text from files and file names made safe to print on a terminal. Kept as the name the
/// collect and merge commands call; the escaping itself is `TerminalText`, the one place
/// for the whole program (and `Console` applies it to every line it prints).
public enum Printable {
    public static func line(_ text: String) -> String {
        TerminalText.escaped(text)
    }

    /// Several lines: their ends (`\n`, `\r\n`) kept, every other control character
    /// escaped. For output that is a format of its own (a CSV), where a line end in a
    /// quoted field belongs to the field.
    public static func lines(_ text: String) -> String {
        TerminalText.escaped(text, keepingLineEnds: true)
    }
}
