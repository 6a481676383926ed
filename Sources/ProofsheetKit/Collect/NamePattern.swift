import Foundation

/// How collected files are named: `--name-pattern`, e.g. `{order}-{name}`.
///
/// Tokens: `{order}` (zero-padded to the width of the count), `{name}` (the original's
/// file name), `{stem}` and `{ext}` (the name without / only its last extension, no dot),
/// `{album}` (the folder within the library; the library's name at its top level) and
/// `{date}` (when taken, from EXIF, else the file's time, as `2026-07-12_10-17-00`).
/// The result is made safe for common file systems by `SafeFileName`.
public struct NamePattern: Sendable, Equatable {
    public enum Token: String, Sendable, CaseIterable {
        case order, name, stem, ext, album, date
    }

    enum Part: Sendable, Equatable {
        case literal(String)
        case token(Token)
    }

    let parts: [Part]
    public let text: String

    /// The values a pattern is filled with, for one pick.
    public struct Values: Sendable, Equatable {
        public var order: String
        public var name: String
        public var album: String
        public var date: String

        public init(order: String, name: String, album: String, date: String) {
            self.order = order
            self.name = name
            self.album = album
            self.date = date
        }
    }

    static let optionName = "--name-pattern"

    public init(_ text: String) throws(CollectRefusal) {
        self.text = text
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        func refuse(_ reason: String) -> CollectRefusal { CollectRefusal(Self.optionName, reason) }
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "{":
                guard let close = rest.firstIndex(of: "}") else { throw refuse("'{' without a closing '}' in \(quotedForMessage(text))") }
                let name = String(rest[..<close])
                guard let token = Token(rawValue: name) else {
                    let known = Token.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")
                    throw refuse("unknown token {\(name)}; tokens are \(known)")
                }
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.token(token))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw refuse("'}' without an opening '{' in \(quotedForMessage(text))")
            case "/", "\\":
                throw refuse("names a file, so it cannot contain '\(character)'")
            default:
                if character.unicodeScalars.contains(where: UnsafeCharacter.isASCIIControl) {
                    throw refuse("contains a control character")
                }
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        guard !parts.isEmpty else { throw refuse("is empty") }
        self.parts = parts
    }

    public func uses(_ token: Token) -> Bool { parts.contains(.token(token)) }

    /// The name for one pick, before it is made safe.
    public func render(_ values: Values) -> String {
        let (stem, ext) = SafeFileName.split(values.name)
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .token(.order): result += values.order
            case .token(.name): result += values.name
            case .token(.stem): result += stem
            case .token(.ext): result += ext
            case .token(.album): result += values.album
            case .token(.date): result += values.date
            }
        }
        return result
    }

    /// `7` of `12` → `07`: the order zero-padded to the width of the count.
    public static func paddedOrder(_ order: Int, count: Int) -> String {
        let digits = String(order)
        let width = String(max(count, 1)).count
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `2026-07-12T10:17:00` → `2026-07-12_10-17-00`: a date without ':', which some file
    /// systems reject.
    public static func fileDate(_ iso: String) -> String {
        iso.replacingOccurrences(of: "T", with: "_").replacingOccurrences(of: ":", with: "-")
    }
}

/// File names that common file systems accept (ext4, APFS, NTFS, FAT, SMB shares).
public enum SafeFileName {
    static let rejected: Set<Unicode.Scalar> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
    static let reserved: Set<String> = {
        var names: Set<String> = ["CON", "PRN", "AUX", "NUL"]
        for n in 1...9 {
            names.insert("COM\(n)")
            names.insert("LPT\(n)")
        }
        return names
    }()
    static let maximumBytes = 255

    /// `name` with rejected characters replaced by `_`, no spaces or dots at the end, no
    /// spaces at the start, not a reserved Windows device name, at most 255 UTF-8 bytes
    /// (the extension kept), never empty, `.` or `..`.
    public static func make(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let control = UnsafeCharacter.isASCIIControl(scalar)
            scalars.append(control || rejected.contains(scalar) ? "_" : scalar)
        }
        var result = String(scalars)
        while let last = result.last, last == "." || last == " " { result.removeLast() }
        while let first = result.first, first == " " { result.removeFirst() }
        if result.isEmpty { return "_" }
        // Windows reserves these names whatever the extension: `CON.jpg` cannot exist.
        let device = result.split(separator: ".", omittingEmptySubsequences: false).first.map {
            String($0).trimmingBlanks().uppercased()
        }
        if let device, reserved.contains(device) { result = "_" + result }
        return shortened(result, to: maximumBytes)
    }

    /// Cuts the stem so the whole name fits in `limit` bytes, keeping the extension and
    /// whole characters.
    static func shortened(_ name: String, to limit: Int) -> String {
        guard name.utf8.count > limit else { return name }
        let (stem, ext) = split(name)
        let suffix = ext.isEmpty || ext.utf8.count > 16 ? "" : "." + ext
        let kept = prefix(suffix.isEmpty ? name : stem, bytes: limit - suffix.utf8.count)
        return kept + suffix
    }

    /// The longest run of whole characters from the start that fits in `bytes`, without
    /// dots or spaces at its end.
    static func prefix(_ text: String, bytes limit: Int) -> String {
        var kept = ""
        var bytes = 0
        for character in text {
            let size = String(character).utf8.count
            if bytes + size > limit { break }
            kept.append(character)
            bytes += size
        }
        while let last = kept.last, last == "." || last == " " { kept.removeLast() }
        return kept.isEmpty ? "_" : kept
    }

    /// `IMG_1.JPG` → (`IMG_1`, `JPG`); a leading dot does not start an extension.
    public static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// The `n`th name for a clash: `IMG_1.jpg` → `IMG_1 (2).jpg`.
    public static func numbered(_ name: String, _ n: Int) -> String {
        let (stem, ext) = split(name)
        let suffix = ext.isEmpty ? "" : "." + ext
        let marker = " (\(n))"
        return prefix(stem, bytes: maximumBytes - marker.utf8.count - suffix.utf8.count) + marker + suffix
    }
}
