/// JSON written straight into bytes, for the page's data scripts (chunks, the search
/// index), the data embedded in `index.html` and `manifest.json`. Hand-written because it
/// runs over every photo of a 100,000-photo gallery on each rebuild, where Foundation's
/// encoder was the slowest step. When `scriptSafe`, strings are escaped so the text is safe
/// both inside a `<script>` element and as a script file (`<`, `>`, `&`, U+2028 and U+2029
/// become `\u` escapes); otherwise they are escaped exactly as `JSONEncoder` does. When
/// `inComment` too, `*` becomes `\u002a`, so that no `*/` can end the `/* */` comment the
/// search index is written in (`PageData.dataScript`).
struct JSONWriter {
    var bytes: [UInt8] = []
    var scriptSafe: Bool
    var inComment = false

    init(capacity: Int = 0, scriptSafe: Bool = true, inComment: Bool = false) {
        self.scriptSafe = scriptSafe
        self.inComment = inComment
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: some BinaryInteger) {
        // Digits straight into the bytes: `String(value)` allocated a string for every
        // number of every photo.
        guard let value = Int64(exactly: value), value != .min else {
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var rest = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        stringContent(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// What `string` writes between the quotes: the value escaped. Never `\/` (JSON allows
    /// it; nothing here needs it), so a `/` in the output is a `/` of the value, which the
    /// search index's joined columns rely on.
    mutating func stringContent(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            // Runs that need no escape (nearly all of every string) are copied whole.
            var run = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                guard Self.mayEscape(byte, scriptSafe: scriptSafe, inComment: inComment) else {
                    index += 1
                    continue
                }
                if run < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index])) }
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case UInt8(ascii: "\n"): raw("\\n")
                case UInt8(ascii: "\r"): raw("\\r")
                case UInt8(ascii: "\t"): raw("\\t")
                case 0x08: raw("\\b")
                case 0x0C: raw("\\f")
                case UInt8(ascii: "<"): raw("\\u003c")
                case UInt8(ascii: ">"): raw("\\u003e")
                case UInt8(ascii: "&"): raw("\\u0026")
                case UInt8(ascii: "*"): raw("\\u002a")
                case 0..<0x20: unicodeEscape(byte)
                // U+2028 and U+2029 (E2 80 A8/A9) end a line in older script parsers.
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] & 0xFE) == 0xA8:
                    raw(utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    index += 2
                default: bytes.append(byte)
                }
                index += 1
                run = index
            }
            if run < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count])) }
        }
    }

    /// Whether `string` must look at this byte: one escaped always, or when `scriptSafe`
    /// (`<`, `>`, `&`, and the lead byte of U+2028/U+2029).
    @inline(__always)
    private static func mayEscape(_ byte: UInt8, scriptSafe: Bool, inComment: Bool) -> Bool {
        if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return true }
        if inComment && byte == UInt8(ascii: "*") { return true }
        return scriptSafe && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == 0xE2)
    }

    /// `"key":`
    mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    /// `,"key":` (without the comma when `first`): a member of an object after another.
    mutating func member(_ name: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        key(name)
    }

    private mutating func unicodeEscape(_ byte: UInt8) {
        let hex = Array("0123456789abcdef".utf8)
        raw("\\u00")
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 0xF)])
    }
}
