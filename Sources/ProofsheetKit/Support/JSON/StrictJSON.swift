/// A small, strict JSON reader for untrusted order files.
///
/// Foundation's `JSONSerialization` would do, but it cannot say where a problem is, it
/// keeps one of two duplicate keys silently, and on Linux it does not tell `true` from `1`.
/// An order file may have been edited by hand or by someone hostile, so every problem is
/// reported with its line and column, duplicate keys are refused, nesting is bounded and
/// whole numbers are kept exact.
///
/// The values are counted as they are read, and a file with more than the caller allows
/// is refused there and then: 15 million `0`s in a 30 MB file made 15 million values
/// (1.1 GB) before anything looked at them; now the count stops the read after the first
/// few megabytes.
enum StrictJSON {
    indirect enum Value {
        case null
        case bool(Bool)
        /// `integer` is set when the literal is a whole number that fits in Int64 (no
        /// fraction, no exponent), so sizes and counts are never rounded through Double.
        case number(literal: String, integer: Int64?)
        case string(String)
        case array([Value])
        /// Keys in file order, each once.
        case object([(key: String, value: Value)])

        /// How the kind of value is named in messages.
        var kindName: String {
            switch self {
            case .null: "null"
            case .bool: "true/false"
            case .number: "a number"
            case .string: "text"
            case .array: "a list"
            case .object: "an object"
            }
        }
    }

    /// Where and why the text is not JSON.
    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int
        var reason: String
        /// Refused for holding more values than allowed, not for its syntax.
        var tooManyValues = false

        var description: String { "line \(line), column \(column): \(reason)" }
    }

    static let maximumDepth = 32

    /// `maximumValues`: how many values (each object's and list's own, and every value in
    /// them) the file may hold.
    static func parse(_ bytes: [UInt8], maximumValues: Int = .max) throws(SyntaxError) -> Value {
        var reader = Reader(bytes: bytes, maximumValues: maximumValues)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the end of the JSON value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        let maximumValues: Int
        var values = 0

        init(bytes: [UInt8], maximumValues: Int) {
            self.bytes = bytes
            self.maximumValues = maximumValues
            // A byte order mark is not JSON, but editors add one; it is harmless.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func error(_ reason: String, at position: Int? = nil) -> SyntaxError {
            let end = min(position ?? index, bytes.count)
            var line = 1, column = 1
            var i = 0
            while i < end {
                let byte = bytes[i]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1  // count characters, not UTF-8 continuation bytes
                }
                i += 1
            }
            return SyntaxError(line: line, column: column, reason: reason)
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> Value {
            guard let byte = current else { throw error("the file ends where a value was expected") }
            values += 1
            guard values <= maximumValues else {
                var refusal = error("more than \(maximumValues) values")
                refusal.tooManyValues = true
                throw refusal
            }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("unexpected character \(Self.show(byte)) where a value was expected")
            }
        }

        static func show(_ byte: UInt8) -> String {
            (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "(byte 0x\(String(byte, radix: 16)))"
        }

        mutating func word(_ text: String) throws(SyntaxError) {
            let start = index
            for expected in text.utf8 {
                guard current == expected else { throw error("unexpected text; expected '\(text)'", at: start) }
                index += 1
            }
        }

        mutating func object(depth: Int) throws(SyntaxError) -> Value {
            guard depth <= StrictJSON.maximumDepth else { throw error("nested too deeply") }
            index += 1  // {
            var members: [(key: String, value: Value)] = []
            var seen = Set<String>()
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else {
                    throw error(current == nil ? "the file ends inside an object" : "expected a field name in double quotes")
                }
                let keyStart = index
                let key = try string()
                guard seen.insert(key).inserted else { throw error("field \"\(key)\" appears twice", at: keyStart) }
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw error("expected ':' after the field name \"\(key)\"") }
                index += 1
                skipWhitespace()
                members.append((key, try value(depth: depth)))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"): index += 1; return .object(members)
                case nil: throw error("the file ends inside an object")
                default: throw error("expected ',' or '}' after the value of \"\(key)\"")
                }
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> Value {
            guard depth <= StrictJSON.maximumDepth else { throw error("nested too deeply") }
            index += 1  // [
            var elements: [Value] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"): index += 1; return .array(elements)
                case nil: throw error("the file ends inside a list")
                default: throw error("expected ',' or ']' after a list item")
                }
            }
        }

        mutating func number() throws(SyntaxError) -> Value {
            let start = index
            var whole = true
            if current == UInt8(ascii: "-") { index += 1 }
            func digits(_ reader: inout Reader) -> Int {
                var count = 0
                while let byte = reader.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    reader.index += 1
                    count += 1
                }
                return count
            }
            let integerStart = index
            let integerDigits = digits(&self)
            guard integerDigits > 0 else { throw error("a number needs digits", at: start) }
            if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") { throw error("numbers do not start with 0", at: start) }
            if current == UInt8(ascii: ".") {
                whole = false
                index += 1
                guard digits(&self) > 0 else { throw error("a number needs digits after '.'", at: start) }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                whole = false
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw error("a number needs digits in its exponent", at: start) }
            }
            let literal = String(decoding: bytes[start..<index], as: UTF8.self)
            return .number(literal: literal, integer: whole ? Int64(literal) : nil)
        }

        mutating func string() throws(SyntaxError) -> String {
            let start = index
            index += 1  // "
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flushRun(_ reader: Reader, upTo end: Int) throws(SyntaxError) {
                guard runStart < end else { return }
                guard let text = String(validating: reader.bytes[runStart..<end], as: UTF8.self) else {
                    throw reader.error("text that is not valid UTF-8", at: runStart)
                }
                scalars.append(contentsOf: text.unicodeScalars)
            }
            while true {
                guard let byte = current else { throw error("the file ends inside text that starts here", at: start) }
                switch byte {
                case UInt8(ascii: "\""):
                    try flushRun(self, upTo: index)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flushRun(self, upTo: index)
                    index += 1
                    scalars.append(try escape())
                    runStart = index
                case 0x00..<0x20:
                    throw error("a control character inside text (write it as \\u00\(byte < 16 ? "0" : "")\(String(byte, radix: 16)))")
                default:
                    index += 1
                }
            }
        }

        mutating func escape() throws(SyntaxError) -> Unicode.Scalar {
            guard let byte = current else { throw error("the file ends inside an escape") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let escapeStart = index - 2
                let high = try hex4()
                if (0xD800...0xDBFF).contains(high) {
                    guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("a \\u escape names half of a character (a lone surrogate)", at: escapeStart)
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("a \\u escape names half of a character (a lone surrogate)", at: escapeStart)
                    }
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
                }
                guard let scalar = Unicode.Scalar(high) else {
                    throw error("a \\u escape names half of a character (a lone surrogate)", at: escapeStart)
                }
                return scalar
            default:
                throw error("unknown escape \\\(Character(Unicode.Scalar(byte)))", at: index - 2)
            }
        }

        mutating func hex4() throws(SyntaxError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = current, let digit = Self.hexDigit(byte) else {
                    throw error("a \\u escape needs four hexadecimal digits")
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
