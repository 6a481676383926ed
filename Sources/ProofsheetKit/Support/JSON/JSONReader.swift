import Foundation

/// Reads the JSON `JSONWriter` writes (and any other well-formed JSON of that shape).
/// Throws `Malformed` at anything unexpected; the caller then lets `JSONDecoder` try.
struct JSONReader {
    struct Malformed: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Objects and arrays open around the value being read. A manifest nests four deep; a
    /// damaged one may open thousands, which must be refused before they exhaust the stack.
    private var depth = 0
    private static let maximumDepth = 64

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Where the next value starts (after any white space).
    var position: Int {
        mutating get {
            skipSpace()
            return index
        }
    }

    /// Where the reader is: just after the value last read.
    var offset: Int { index }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw Malformed() }
        index += 1
    }

    private mutating func peek() throws -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw Malformed() }
        return bytes[index]
    }

    /// Calls `body` for each key of an object, positioned at its value, which it must read.
    mutating func object(_ body: (inout JSONReader, String) throws -> Void) throws {
        try members(key: { try $0.string() }, body)
    }

    /// `object`, the key given as its bytes (a key with an escape in it is not expected):
    /// for the photo's fields, matched without making a string of each key of 100,000 photos.
    mutating func objectByKeyBytes(_ body: (inout JSONReader, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        try members(key: { try $0.keyBytes() }, body)
    }

    private mutating func members<Key>(key readKey: (inout JSONReader) throws -> Key, _ body: (inout JSONReader, Key) throws -> Void)
        throws
    {
        try expect(UInt8(ascii: "{"))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Malformed() }
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try readKey(&self)
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            let next = try peek()
            index += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    /// A key's bytes, between its quotes; one with an escape in it is refused.
    private mutating func keyBytes() throws -> UnsafeBufferPointer<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Malformed() }
        index += 1
        return UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)])
    }

    mutating func array<Element>(_ element: (inout JSONReader) throws -> Element) throws -> [Element] {
        try expect(UInt8(ascii: "["))
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw Malformed() }
        var elements: [Element] = []
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            elements.append(try element(&self))
            let next = try peek()
            index += 1
            if next == UInt8(ascii: "]") { return elements }
            guard next == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return escaped ? try Self.unescape(raw) : String(decoding: raw, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            }
            index += 1
        }
        throw Malformed()
    }

    private mutating func skipString() throws {
        try expect(UInt8(ascii: "\""))
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        throw Malformed()
    }

    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        func hex4(_ at: Int) throws -> UInt32 {
            guard at + 4 <= raw.count, let value = UInt32(String(decoding: raw[at..<(at + 4)], as: UTF8.self), radix: 16) else {
                throw Malformed()
            }
            return value
        }
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            guard i + 1 < raw.count else { throw Malformed() }
            let code = raw[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(code)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    guard i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") else { throw Malformed() }
                    let low = try hex4(i + 2)
                    guard (0xDC00..<0xE000).contains(low) else { throw Malformed() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                guard let value = Unicode.Scalar(scalar) else { throw Malformed() }
                out += Array(String(Character(value)).utf8)
            default: throw Malformed()
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A number as its text (then read as an integer or a double).
    private mutating func numberText() throws -> UnsafeBufferPointer<UInt8> {
        skipSpace()
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                guard index > start else { throw Malformed() }
                return UnsafeBufferPointer(rebasing: bytes[start..<index])
            }
        }
        throw Malformed()
    }

    mutating func integer() throws -> Int64 {
        let text = try numberText()
        var value: Int64 = 0
        var negative = false
        for (offset, byte) in text.enumerated() {
            if offset == 0 && byte == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw Malformed() }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !o1 && !o2 else { throw Malformed() }
            value = plus
        }
        return negative ? -value : value
    }

    mutating func int() throws -> Int {
        Int(try integer())
    }

    /// A finite number: `1e999` reads as infinity, which JSON cannot write back.
    mutating func double() throws -> Double {
        guard let value = Double(String(decoding: try numberText(), as: UTF8.self)), value.isFinite else { throw Malformed() }
        return value
    }

    mutating func bool() throws -> Bool {
        let byte = try peek()
        let word = byte == UInt8(ascii: "t") ? "true" : "false"
        for expected in word.utf8 {
            guard index < bytes.count, bytes[index] == expected else { throw Malformed() }
            index += 1
        }
        return word == "true"
    }

    /// `null` (true, and read) or a value to read (false).
    mutating func null() throws -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        for expected in "null".utf8 {
            guard index < bytes.count, bytes[index] == expected else { throw Malformed() }
            index += 1
        }
        return true
    }

    /// Skips any value and returns its bytes.
    mutating func skipValue() throws -> [UInt8] {
        skipSpace()
        let start = index
        try skip()
        return Array(bytes[start..<index])
    }

    private mutating func skip() throws {
        switch try peek() {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"): try object { reader, _ in try reader.skip() }
        case UInt8(ascii: "["): _ = try array { reader in try reader.skip() }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): _ = try null()
        default: _ = try numberText()
        }
    }

    mutating func optionalString() throws -> String? { try null() ? nil : try string() }
}
