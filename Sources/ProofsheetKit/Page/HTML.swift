/// Escaping for everything that enters the page, in one place.
///
/// Text and attribute values share one escaper that is safe in both (it escapes both
/// quote kinds); URLs are percent-encoded first; JSON embedded in a `<script>` block has
/// `<`, `>` and `&` turned into `\u` escapes so no string inside it can close the block.
public enum HTML {
    /// Escapes text for element content and for quoted attribute values.
    public static func text(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escapes a relative URL path: each segment percent-encoded, then made attribute-safe.
    public static func url(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/@".utf8)
        var out = ""
        for byte in path.utf8 {
            if unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return text(out)
    }

    /// Makes JSON safe to embed in `<script type="application/json">`.
    public static func scriptJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
