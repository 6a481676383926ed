/// How a rebuild tells a page file it may keep from one damaged on disk (truncated, zeroed,
/// edited: a USB stick, a sync tool, a hand), by reading it once:
///
/// - a data file (`data/c-….js`, `data/s-….js`) is named by the hash of its bytes
///   (`PageData.dataScript`): it is whole when its bytes still hash to its name;
/// - `index.html` and an album page end with a mark (the build's page mark,
///   `AlbumPageRenderer.pages`) sealed with the XXH3 of every byte before the seal
///   (`PageSeal`): whole when the seal holds.
///
/// A file found damaged is written again (the build's repairs name it, and the build says
/// so in one line). Images are not checked here: a thumbnail or preview is trusted by its
/// name (its photo's fingerprint and the image options) once it exists.
enum PageSeal {
    /// How a sealed file's last line ends: ` sealed SEAL -->\n`, SEAL 16 hex digits.
    private static let open = Array(" sealed ".utf8)
    private static let close = Array(" -->\n".utf8)
    private static let sealLength = 16

    /// `text` (which ends with a mark's words, `<!-- proofsheet …`) with its seal and the
    /// end of its mark appended.
    static func sealed(_ text: [UInt8]) -> [UInt8] {
        var bytes = text
        bytes.reserveCapacity(text.count + open.count + sealLength + close.count)
        bytes += open
        bytes += Array(String(ContentFingerprint(of: text).hex.prefix(sealLength)).utf8)
        bytes += close
        return bytes
    }

    enum State: Equatable {
        /// Whole, and its mark is the one asked for.
        case current
        /// Whole (or of a proofsheet that did not seal), with another mark: out of date.
        case stale
        /// Not what a build wrote: no mark at its end, or a seal that does not hold.
        case damaged
    }

    /// The state of a sealed file's `bytes`, whose mark must be `mark` (its words, as
    /// `sealed` was given them at the end of its text); nil `mark`: any mark.
    static func state(_ bytes: [UInt8], mark: [UInt8]?) -> State {
        let tail = open.count + sealLength + close.count
        guard bytes.count > tail, bytes.suffix(close.count).elementsEqual(close),
            bytes[(bytes.count - tail)..<(bytes.count - tail + open.count)].elementsEqual(open)
        else { return lastLineIsUnsealedMark(bytes) ? .stale : .damaged }
        let text = bytes[..<(bytes.count - tail)]
        let seal = bytes[(bytes.count - tail + open.count)..<(bytes.count - close.count)]
        guard seal.elementsEqual(ContentFingerprint(of: text).hex.utf8.prefix(sealLength)) else { return .damaged }
        guard let mark else { return .current }
        return text.suffix(mark.count).elementsEqual(mark) ? .current : .stale
    }

    /// The state of the file at `path`; nil when there is none.
    static func state(ofFile path: String, mark: [UInt8]?) -> State? {
        guard FileSystem.exists(path) else { return nil }
        guard let bytes = try? FileSystem.read(path) else { return .damaged }
        return state(bytes, mark: mark)
    }

    /// The file ends with the mark of a page that an older proofsheet wrote, unsealed
    /// (`<!-- proofsheet album page HASH -->`, `<!-- proofsheet page KEY manifest DIGEST
    /// files HASH -->`, each a whole line, hashes of 16 hex digits): out of date, not damage.
    /// No edit of one byte makes a sealed mark one.
    private static func lastLineIsUnsealedMark(_ bytes: [UInt8]) -> Bool {
        guard bytes.last == UInt8(ascii: "\n") else { return false }
        let body = bytes.dropLast()
        let start = body.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? body.startIndex
        let words = body[start...].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        func isHash(_ word: String) -> Bool {
            word.utf8.count == 16 && word.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
        switch words.count {
        case 6: return words[..<4] == ["<!--", "proofsheet", "album", "page"] && isHash(words[4]) && words[5] == "-->"
        case 9:
            return words[..<3] == ["<!--", "proofsheet", "page"] && words[4] == "manifest" && words[6] == "files" && words[8] == "-->"
                && [words[3], words[5], words[7]].allSatisfy(isHash)
        default: return false
        }
    }
}

extension PageData {
    /// Whether `script` is the data file named `name` (`c-…` or `s-…`) whole: the bytes
    /// `dataScript` makes, their JSON still hashing to the name.
    static func isDataScript(_ script: [UInt8], named name: String) -> Bool {
        let function: String
        if name.hasPrefix("c-") {
            function = "chunk"
        } else if name.hasPrefix("s-") {
            function = "search"
        } else {
            return false
        }
        let parts = dataScriptParts(function, name: name)
        let head = Array(parts.head.utf8), tail = Array(parts.tail.utf8)
        guard script.count >= head.count + tail.count, script.starts(with: head), script.suffix(tail.count).elementsEqual(tail)
        else { return false }
        var hash = StableHash()
        hash.combine(bytes: script[head.count..<(script.count - tail.count)])
        return name.dropFirst(2) == hash.hex(digits: 16)
    }

    /// Whether the data file at `path` (`…/data/NAME.js`) is whole; nil when there is none.
    static func dataFileIsWhole(_ path: String) -> Bool? {
        guard FileSystem.exists(path) else { return nil }
        let name = String(path.split(separator: "/").last?.dropLast(3) ?? "")
        guard path.hasSuffix(".js"), let bytes = try? FileSystem.read(path) else { return false }
        return isDataScript(bytes, named: name)
    }
}
