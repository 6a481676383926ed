#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a build may write to and delete from its output folder.
///
/// A site folder is often shared (a Dropbox or NAS folder the client also sees, a folder
/// someone else made), so a build trusts nothing in it but what it made itself:
///
/// - the site's own folders and the files it replaces must be real ones, not symlinks
///   (`check`): through `Site/previews → ~/Documents` a build would write its images into
///   that folder, and its clean-up delete what the page does not name;
/// - its clean-up deletes only names the build makes (`isMade`), matched by their exact
///   pattern — fingerprint-named images, hash-named page files and assets, its own
///   temporary files — never anything else, even in a real folder; and it deletes relative
///   to each folder opened without following a symlink (`remove`), never a folder.
enum SiteFolder {
    /// The folders a build writes into.
    static let folders = ["thumbs", "previews", "data", "albums", "assets"]

    /// The files at the top of the site a build writes over (renamed into place).
    static var files: [String] { ["index.html", "manifest.json", BuildCache.fileName, BuildCache.journalName, SiteMarker.fileName] }

    /// Refuses a site whose own folders or files (those of `folders` and `files` that are
    /// there) are symlinks or not what they should be, with one line naming the first.
    /// `shown` is the output folder as the user named it.
    static func check(_ output: String, shown: String) throws {
        for name in folders + files {
            let expected: FileSystem.Kind = folders.contains(name) ? .directory : .file
            guard let kind = FileSystem.kind(of: output + "/" + name), kind != expected else { continue }
            let path = SiteBuilder.joined(shown, name)
            if kind == .symlink {
                throw ProofsheetError(
                    path,
                    "is a symlink; a site's own folders and files must be real ones, so that a build writes and deletes "
                        + "nothing elsewhere — replace it with a real \(expected == .directory ? "folder" : "file") or choose another output folder"
                )
            }
            throw ProofsheetError(path, expected == .directory ? "is not a folder" : "is not a file")
        }
    }

    // MARK: Names the build makes

    /// Whether `name` (one file name, no `/`) in the site's folder `folder` (one of
    /// `folders`, or "" for the top of the site) is one a build makes:
    ///
    /// - `thumbs/HEX-KEY.jpg`, `thumbs/HEX-KEY@2x.jpg`, `previews/HEX-KEY.jpg`: HEX the
    ///   original's fingerprint (32 hex digits; 12 in sites of version 1, whose images were
    ///   named by the photo's id), KEY the image key (8);
    /// - `data/c-HASH.js`, `data/s-HASH.js` (16 hex digits), `albums/album-HASH.html` and
    ///   `albums/album-HASH-N.html` (8 hex digits, N from 2), `assets/proofsheet-HASH.css`
    ///   and `.js` (8 hex digits), `assets/display-HASH.woff2` and `assets/logo-HASH.png`
    ///   or `.jpg` (16 hex digits);
    /// - at the top: `index.html`, `manifest.json`, `.proofsheet-cache` and its journal, `.proofsheet-site`;
    /// - and in any of them the temporary file of one of those (`.NAME.tmp-XXXXXX`,
    ///   `FileSystem.writeTemporary`) that a killed build left behind.
    static func isMade(_ name: String, in folder: String) -> Bool {
        isFinal(Array(name.utf8)[...], in: folder) || isTemporary(name, in: folder)
    }

    /// `.NAME.tmp-XXXXXX` of a `NAME` the build makes in `folder` (mkstemp's six letters and digits).
    static func isTemporary(_ name: String, in folder: String) -> Bool {
        let bytes = Array(name.utf8)
        let suffix = Array(".tmp-".utf8)
        guard bytes.count > 1 + suffix.count + 6, bytes[0] == UInt8(ascii: "."),
            bytes[(bytes.count - 6)...].allSatisfy(isAlphanumeric),
            bytes[(bytes.count - 6 - suffix.count)..<(bytes.count - 6)].elementsEqual(suffix)
        else { return false }
        return isFinal(bytes[1..<(bytes.count - 6 - suffix.count)], in: folder)
    }

    private static func isFinal(_ name: ArraySlice<UInt8>, in folder: String) -> Bool {
        var scanner = NameScanner(name)
        switch folder {
        case "thumbs", "previews":
            guard scanner.hexDigits(8...32), scanner.take("-"), scanner.hexDigits(8...8) else { return false }
            if folder == "thumbs", scanner.take("@2x.jpg") { return scanner.atEnd }
            return scanner.take(".jpg") && scanner.atEnd
        case "data":
            guard scanner.take("c-") || scanner.take("s-") else { return false }
            return scanner.hexDigits(16...16) && scanner.take(".js") && scanner.atEnd
        case "albums":
            guard scanner.take("album-"), scanner.hexDigits(8...8) else { return false }
            if scanner.take("-") {
                guard scanner.pageNumber() else { return false }
            }
            return scanner.take(".html") && scanner.atEnd
        case "assets":
            if scanner.take("display-") {  // the display font (`Brand.fontName`)
                return scanner.hexDigits(16...16) && scanner.take(".woff2") && scanner.atEnd
            }
            if scanner.take("logo-") {  // the photographer's logo (`Logo.siteName`)
                return scanner.hexDigits(16...16) && (scanner.take(".png") || scanner.take(".jpg")) && scanner.atEnd
            }
            guard scanner.take("proofsheet-"), scanner.hexDigits(8...8) else { return false }
            return (scanner.take(".css") || scanner.take(".js")) && scanner.atEnd
        case "":
            return files.contains { name.elementsEqual($0.utf8) }
        default:
            return false
        }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Reads a name from the start, one expected part after another.
    private struct NameScanner {
        var rest: ArraySlice<UInt8>
        init(_ name: ArraySlice<UInt8>) { rest = name }

        var atEnd: Bool { rest.isEmpty }

        mutating func take(_ literal: StaticString) -> Bool {
            let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
            guard rest.starts(with: bytes) else { return false }
            rest = rest.dropFirst(bytes.count)
            return true
        }

        /// Lowercase hex digits, as many as there are, their count in `range`.
        mutating func hexDigits(_ range: ClosedRange<Int>) -> Bool {
            let count = rest.prefix { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }.count
            guard range.contains(count) else { return false }
            rest = rest.dropFirst(count)
            return true
        }

        /// A page number from 2, without leading zeros.
        mutating func pageNumber() -> Bool {
            let digits = rest.prefix { (0x30...0x39).contains($0) }
            guard (1...9).contains(digits.count), digits.first != UInt8(ascii: "0"),
                digits.count > 1 || digits.first! >= UInt8(ascii: "2")
            else { return false }
            rest = rest.dropFirst(digits.count)
            return true
        }
    }

    // MARK: Deleting

    /// Deletes the files `names` of the site's folder `folder` ("" for the top) that are
    /// names the build makes (`isMade`); any other name is left alone. The folder is opened
    /// without following a symlink and each name deleted relative to it (`unlinkat`, which
    /// never deletes a folder), so a folder swapped for a symlink after `check` still has
    /// nothing deleted elsewhere. A name that is gone already is no error.
    static func remove(_ names: some Sequence<String>, in folder: String, of output: String) {
        let top = output.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard top >= 0 else { return }
        defer { close(top) }
        let fd = folder.isEmpty ? dup(top) : folder.withCString { openat(top, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { return }
        defer { close(fd) }
        for name in names where isMade(name, in: folder) {
            _ = name.withCString { unlinkat(fd, $0, 0) }
        }
    }

    /// Deletes the site files `paths` (`thumbs/NAME`, `data/NAME`, …, or a top file's
    /// name), as `remove(_:in:of:)` does: only names the build makes.
    static func remove(paths: some Sequence<String>, of output: String) {
        var byFolder: [String: [String]] = [:]
        for path in paths {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            switch parts.count {
            case 1: byFolder["", default: []].append(path)
            case 2 where folders.contains(String(parts[0])): byFolder[String(parts[0]), default: []].append(String(parts[1]))
            default: continue
            }
        }
        for (folder, names) in byFolder { remove(names, in: folder, of: output) }
    }

    /// Deletes the temporary files a killed build left in the site (`isTemporary`).
    static func removeTemporaryFiles(of output: String) {
        for folder in [""] + folders {
            let names = FileSystem.contents(of: folder.isEmpty ? output : output + "/" + folder)
            remove(names.filter { isTemporary($0, in: folder) }, in: folder, of: output)
        }
    }
}
