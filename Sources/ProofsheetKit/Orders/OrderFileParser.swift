import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An order file as read, before its picks are matched with the library: JSON names
/// each photo exactly; a pasted list is lines still to be matched.
public enum OrderDocument: Sendable, Equatable {
    case json(OrderFile)
    case text(PastedList)
}

/// Reads an order file from untrusted bytes: JSON version 1, or plain text (the lenient
/// `PastedListReader`).
///
/// Anything that is not exactly a JSON order file is refused with a message that points
/// at the pick and field (`order.json: #3: path: leads out of the library ('..' in
/// "../x.jpg")`), picks numbered from 1 as the client saw them. Problems with the picks
/// are all reported, not only the first. Never traps, whatever the bytes.
public enum OrderFileParser {
    /// Reads and parses the file at `path`; `displayPath` is how messages name it.
    /// Returns the file's bytes too, so the copy kept beside the picks is the very file
    /// that was checked.
    public static func read(_ path: String, displayPath: String) throws(CollectRefusal) -> (OrderDocument, bytes: [UInt8]) {
        let bytes = try readBounded(path, displayPath: displayPath)
        return (try parse(bytes, displayPath: displayPath), bytes)
    }

    /// Parses an order file held in memory: JSON when it starts with `{` or `[`, else a
    /// pasted list.
    public static func parse(_ bytes: [UInt8], displayPath: String) throws(CollectRefusal) -> OrderDocument {
        guard bytes.count <= OrderFile.maximumBytes else {
            throw CollectRefusal(
                displayPath, "too large for an order file (\(megabytes(bytes.count)); at most \(megabytes(OrderFile.maximumBytes)))")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return .json(try parseJSON(bytes, displayPath: displayPath))
        }
        return .text(try PastedListReader.read(bytes, displayPath: displayPath))
    }

    // MARK: Reading

    /// The whole file, refused before reading if it is not a regular file or is too large.
    static func readBounded(_ path: String, displayPath: String) throws(CollectRefusal) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = errno == ENOENT ? "no such file" : "cannot read (\(String(cString: strerror(errno))))"
            throw CollectRefusal(displayPath, reason)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CollectRefusal(displayPath, "cannot read (\(String(cString: strerror(errno))))") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CollectRefusal(displayPath, "is a folder, not an order file")
        default: throw CollectRefusal(displayPath, "is not a regular file")
        }
        guard Int64(info.st_size) <= Int64(OrderFile.maximumBytes) else {
            throw CollectRefusal(
                displayPath,
                "too large for an order file (\(megabytes(Int(info.st_size))); at most \(megabytes(OrderFile.maximumBytes)))")
        }
        // Read at most one byte past the limit, in case the file grows while being read.
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size) + 1)
        var filled = 0
        while filled < bytes.count {
            let got = FileSystem.uninterrupted {
                bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, $0.count - filled) }
            }
            if got < 0 { throw CollectRefusal(displayPath, "cannot read (\(String(cString: strerror(errno))))") }
            if got == 0 { break }
            filled += got
            if filled == bytes.count && filled <= OrderFile.maximumBytes { bytes.append(contentsOf: repeatElement(0, count: 4096)) }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }

    static func megabytes(_ count: Int) -> String { FileSystem.megabytes(count) }

    // MARK: JSON

    static let topFields = ["format", "version", "gallery", "title", "limit", "minimum", "exported", "by", "note", "picks"]
    static let versionTwoFields = ["marks", "selections"]
    static let pickFields = ["order", "id", "path", "pathBytes", "name", "bytes", "note"]
    /// The most values an order file holds: the object, its fields, the lists; for each of
    /// the most picks a gallery allows (in one selection or across them) its object and its
    /// fields, and as many marks; each selection's object, fields and list (1,600,313).
    static let maximumValues =
        1 + (topFields + versionTwoFields).count + OrderFile.maximumPicks * (1 + pickFields.count)
        + OrderFile.maximumPicks * (1 + markFields.count) + OrderFile.maximumSelections * (2 + selectionFields.count)

    /// Parses a JSON order file: version 1, with or without the optional `note`, `by`,
    /// `minimum` and per-pick `note`; version 2, which adds `marks` and `selections`
    /// (OrderMarksParser).
    public static func parseJSON(_ bytes: [UInt8], displayPath: String) throws(CollectRefusal) -> OrderFile {
        let root: StrictJSON.Value
        do {
            root = try StrictJSON.parse(bytes, maximumValues: maximumValues)
        } catch  where error.tooManyValues {
            throw CollectRefusal(
                displayPath,
                "too many values for an order file (more than \(grouped(maximumValues)), at line \(error.line), column \(grouped(error.column))); one with the most picks a gallery allows (\(grouped(OrderFile.maximumPicks))) holds \(grouped(maximumValues))"
            )
        } catch {
            throw CollectRefusal(displayPath, "not valid JSON: \(error.description)")
        }
        guard case .object(let members) = root else {
            throw CollectRefusal(displayPath, "not an order file: the JSON is \(root.kindName), not an object")
        }
        let fields = Dictionary(members, uniquingKeysWith: { a, _ in a })
        func refuse(_ field: String, _ reason: String) -> CollectRefusal {
            CollectRefusal(displayPath, "\(field): \(reason)")
        }

        // Which format and version come first: a different file gets one clear message,
        // not a list of everything it lacks.
        guard let format = fields["format"] else {
            throw CollectRefusal(displayPath, "not a proofsheet order file (no \"format\" field)")
        }
        guard case .string(let formatName) = format else { throw refuse("format", "must be text, not \(format.kindName)") }
        guard formatName == OrderFile.formatName else {
            if formatName == Manifest.formatName {
                throw refuse("format", "this is a gallery's manifest, not an order file; export the picks from the page")
            }
            throw refuse("format", "\(quotedForMessage(formatName)) is not a proofsheet order file (expected \"\(OrderFile.formatName)\")")
        }
        guard let versionValue = fields["version"] else { throw refuse("version", "missing") }
        guard case .number(let literal, let integer) = versionValue, let version = integer, version >= 1 else {
            throw refuse("version", "must be a whole number from 1, not \(show(versionValue))")
        }
        guard version <= Int64(OrderFile.newestVersion) else {
            throw refuse(
                "version",
                "\(literal) is newer than this proofsheet reads (version \(OrderFile.newestVersion)); update proofsheet")
        }
        let known = version >= 2 ? topFields + versionTwoFields : topFields

        var problems: [ProofsheetError] = []
        var warnings: [ProofsheetError] = []
        func problem(_ field: String, _ reason: String) { problems.append(ProofsheetError(displayPath, "\(field): \(reason)")) }
        for (key, _) in members where !known.contains(key) {
            problem(quotedKey(key), "unknown field (an order file has: \(known.joined(separator: ", ")))")
        }
        let gallery = optionalText(fields["gallery"], field: "gallery", maximumLength: 128, problem: problem)
        let title = optionalText(fields["title"], field: "title", maximumLength: 1024, problem: problem)
        let exported = optionalText(fields["exported"], field: "exported", maximumLength: 64, problem: problem)
        func note(_ value: StrictJSON.Value?, field: String, oneLine: Bool, cap: Int) -> String? {
            guard let text = optionalText(value, field: field, maximumLength: Int.max, problem: problem) else { return nil }
            let cleaned = oneLine ? UntrustedText.oneLine(text) : UntrustedText.multiLine(text)
            let (kept, cut) = UntrustedText.capped(cleaned.trimmingBlanks(), cap)
            if cut {
                warnings.append(
                    ProofsheetError(
                        displayPath, "\(field): longer than \(grouped(cap)) characters; only the first \(grouped(cap)) are kept"))
            }
            return kept.isEmpty ? nil : kept
        }
        let overallNote = note(fields["note"], field: "note", oneLine: false, cap: OrderFile.maximumNoteLength)
        let by = note(fields["by"], field: "by", oneLine: true, cap: OrderFile.maximumByLength)
        func count(_ field: String) -> Int? {
            guard let value = fields[field] else { return nil }
            if case .null = value { return nil }
            if case .number(_, let integer?) = value, (0...Int64(OrderFile.maximumPicks)).contains(integer) { return Int(integer) }
            problem(field, "must be a whole number from 0 (no \(field)) to \(OrderFile.maximumPicks), not \(show(value))")
            return nil
        }
        let limit = count("limit")
        let minimum = count("minimum")
        if let minimum, let limit, !SiteSettings.Checks.fits(minimum: minimum, limit: limit) {
            problem("minimum", "\(minimum) is above the limit of \(limit)")
        }

        let marks = version >= 2 ? self.marks(fields["marks"], problem: problem) : []
        var selections: [OrderFile.Selection] = []
        var elements: [StrictJSON.Value] = []
        if let value = fields["selections"] {
            for field in ["picks", "limit", "minimum"] where fields[field] != nil {
                problem(field, "not with named selections (each selection has its own)")
            }
            selections = self.selections(value, problem: problem) { note($0, field: $1, oneLine: false, cap: OrderFile.maximumNoteLength) }
            if !selections.isEmpty && selections.allSatisfy(\.picks.isEmpty) && marks.isEmpty {
                problem("selections", "nothing was picked (every selection is empty)")
            }
        } else {
            guard let picksValue = fields["picks"] else {
                problems.append(ProofsheetError(displayPath, "picks: missing"))
                throw CollectRefusal(problems)
            }
            guard case .array(let list) = picksValue else {
                problems.append(ProofsheetError(displayPath, "picks: must be a list, not \(picksValue.kindName)"))
                throw CollectRefusal(problems)
            }
            elements = list
            guard elements.count <= OrderFile.maximumPicks else {
                throw refuse("picks", "\(elements.count) picks; at most \(OrderFile.maximumPicks)")
            }
            // Version 2 may carry marks and no pick: the client only graded.
            if elements.isEmpty && marks.isEmpty { problem("picks", "nothing was picked (the list is empty)") }
            if let limit, limit > 0, elements.count > limit {
                problem("picks", "\(elements.count) photos picked, but the gallery allows at most \(limit)")
            }
        }

        let picks = self.picks(elements, prefix: "", problem: problem) {
            note($0, field: $1, oneLine: false, cap: OrderFile.maximumNoteLength)
        }
        guard problems.isEmpty else { throw CollectRefusal(problems) }
        var file = OrderFile(
            form: .json, gallery: gallery, title: title, limit: limit, minimum: minimum, exported: exported, note: overallNote, by: by,
            picks: picks)
        file.marks = marks
        file.selections = selections
        file.warnings = warnings
        return file
    }

    /// `2000` → `2,000`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    static func optionalText(
        _ value: StrictJSON.Value?, field: String, maximumLength: Int, problem: (String, String) -> Void
    ) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?:
            guard text.utf8.count <= maximumLength else {
                problem(field, "too long (\(text.utf8.count) bytes; at most \(maximumLength))")
                return nil
            }
            return text
        case let other?:
            problem(field, "must be text, not \(other.kindName)")
            return nil
        }
    }

    /// A value as shown in a message: numbers and text as written, other kinds by name.
    static func show(_ value: StrictJSON.Value) -> String {
        switch value {
        case .number(let literal, _): literal.count > 24 ? String(literal.prefix(24)) + "…" : literal
        case .string(let text): quotedForMessage(text, limit: 40)
        default: value.kindName
        }
    }

    static func quotedKey(_ key: String) -> String {
        key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) && !key.isEmpty ? key : quotedForMessage(key, limit: 40)
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 64
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
    }

    // MARK: Paths

    /// The exact bytes a `pathBytes` value names (standard base64, as the manifest writes
    /// it), or nil when it is not base64.
    static func exactPath(_ base64: String) -> BytePath? {
        guard base64.utf8.count <= 8192, let data = Data(base64Encoded: base64) else { return nil }
        return BytePath(bytes: Array(data))
    }

    /// Why a pick's `pathBytes` cannot be used, or nil when it can: it must be base64 of a
    /// path as safe as `path` must be, whose readable rendering is `path` — the two name
    /// one file, so an edited file cannot show one photo and deliver another.
    static func pathBytesProblem(_ base64: String, path: String?) -> String? {
        guard let exact = exactPath(base64) else {
            return "not base64: \(quotedForMessage(base64, limit: 40)) (the exact bytes of the path, as the manifest keeps them)"
        }
        if let reason = pathProblem(bytes: exact.bytes) { return reason }
        if let path, !exact.readable.utf8.elementsEqual(path.utf8) {
            return "names \(quotedForMessage(exact.readable)), not its path \(quotedForMessage(path))"
        }
        return nil
    }

    /// Why `path` is not a safe library-relative path, or nil when it is. This is the
    /// first line of defence; the collector also checks where the path resolves to.
    ///
    /// Any name a library can hold is accepted — a tab, an escape character, a `\\` or a
    /// leading `~` are parts of a name (the path is only ever joined to the library's,
    /// never expanded); what could leave the library or name no file is refused.
    public static func pathProblem(_ path: String) -> String? {
        pathProblem(bytes: Array(path.utf8))
    }

    /// `pathProblem` on the exact bytes of a path (shown readable, `\xHH` for bytes that
    /// are not UTF-8).
    static func pathProblem(bytes: [UInt8]) -> String? {
        let path = BytePath(bytes: bytes).readable
        if bytes.isEmpty { return "is empty" }
        if bytes.contains(0) { return "contains a NUL byte" }
        if bytes.first == UInt8(ascii: "/") { return "not a relative path (\(quotedForMessage(path))); paths are relative to the library" }
        if bytes.count > 4096 { return "too long (\(bytes.count) bytes; at most 4096)" }
        for component in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            switch Array(component) {
            case [0x2E, 0x2E]: return "leads out of the library ('..' in \(quotedForMessage(path)))"
            case [0x2E]: return "has a '.' folder (\(quotedForMessage(path))); write the path without it"
            case []: return "has an empty folder name (\(quotedForMessage(path)): '//' or a '/' at either end)"
            default:
                if component.count > 255 { return "has a name longer than 255 bytes" }
            }
        }
        return nil
    }
}

extension String {
    /// Without the spaces and tabs at either end (other white space is part of a name).
    func trimmingBlanks() -> String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" || last == "\r" { scalars.removeLast() }
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        return String(scalars)
    }
}
