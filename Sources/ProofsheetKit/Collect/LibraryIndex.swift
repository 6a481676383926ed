#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The library as `collect` sees it: which paths the gallery published, where a photo is
/// now, and which photos have a given name or content.
///
/// What was published is decided by the site's manifest when `--site` is given, and
/// otherwise by the scanner's own rules: no hidden file or folder, no folder reached
/// through a symlink, no symlink that leads out of the library, images only (by content).
/// The whole library is walked only when a pick needs it — a bare file name, or a photo
/// that is no longer at its path — and at most once.
struct LibraryIndex {
    /// Absolute, symlinks resolved.
    let root: String
    let site: SiteCatalog?
    private var scanned: [LibraryFile]?
    /// The scan, by exact name, by name as text (canonical equivalence) and by size.
    private var byName: [[UInt8]: [LibraryFile]] = [:]
    private var byText: [String: [LibraryFile]] = [:]
    /// Published paths by their readable rendering (`Caf\xe9.jpg` for a name that is not
    /// UTF-8), for a pasted line that copied what the page showed.
    private var byReadablePath: [String: [LibraryFile]] = [:]
    private var bySize: [Int64: [LibraryFile]] = [:]
    private var fingerprints: [[UInt8]: ContentFingerprint] = [:]

    init(root: String, site: SiteCatalog?) {
        self.root = root
        self.site = site
    }

    /// Where a library-relative path leads.
    enum Location: Equatable {
        /// A published photo: its real path and what `stat` says now.
        case found(source: BytePath, status: FileStatus)
        case missing
        /// The gallery never showed it; the reason in the user's words.
        case unpublished(String)
        /// There is something, but not a photo that may be collected.
        case refused(String)
    }

    struct FileStatus: Equatable {
        var size: Int64
        var modified: Int64
        var device: UInt64
        var inode: UInt64
    }

    /// The path checked component by component (bytes, never canonical equivalence, so
    /// `Café` in NFC and in NFD are two names), as the scanner would have walked it.
    func locate(_ relative: BytePath) -> Location {
        let components = relative.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map {
            BytePath(bytes: Array($0))
        }
        if components.contains(where: { $0.bytes.first == UInt8(ascii: ".") }) {
            return .unpublished("hidden files and folders are not published")
        }
        let excludes = site?.excludes ?? []
        for depth in components.indices {
            let prefix = BytePath(bytes: Array(components[...depth].map(\.bytes).joined(separator: [UInt8(ascii: "/")])))
            if let pattern = excludes.first(where: { $0.matches(prefix) }) {
                return .unpublished("left out by --exclude \(quotedForMessage(pattern.glob))")
            }
        }
        if let site, site.photo(path: relative) == nil {
            // Not in the manifest: it may be a new file the gallery never showed, or a
            // hidden or excluded one whatever the rules were.
            if case .found = onDisk(components) { return .unpublished("the gallery does not show it") }
            return .missing
        }
        return onDisk(components)
    }

    private func onDisk(_ components: [BytePath]) -> Location {
        let root = BytePath(self.root)
        var path = root
        for (index, component) in components.enumerated() {
            path = path.appending(component)
            let last = index == components.count - 1
            switch FileSystem.kind(of: path) {
            case nil:
                return .missing
            case .directory?:
                if last { return .refused("is a folder, not a photo") }
            case .symlink?:
                guard let target = FileSystem.realPath(path) else {
                    return last ? .refused("is a symlink to nothing") : .missing
                }
                guard target.isBelow(root) else {
                    return .refused("leads outside the library (through a symlink); refused")
                }
                if !last {
                    return FileSystem.isDirectory(target)
                        ? .unpublished("the gallery does not follow folder symlinks") : .missing
                }
                guard FileSystem.kind(of: target) == .file else {
                    return .refused(FileSystem.isDirectory(target) ? "is a folder, not a photo" : "is not a regular file")
                }
                return found(target)
            case .file?:
                if !last { return .missing }
                return found(path)
            case .other?:
                return last ? .refused("is not a regular file") : .missing
            }
        }
        return .missing
    }

    private func found(_ source: BytePath) -> Location {
        guard case .success(let status) = FileSystem.status(source) else {
            return .refused("cannot be read (\(FileCopier.errorText()))")
        }
        // The gallery shows only images (known by content); a tampered order file may
        // name any other file in the library.
        guard let head = FileSystem.readPrefix(source, count: ImageFormat.sniffLength) else {
            return .refused("cannot be read (\(FileCopier.errorText()))")
        }
        // A RAW is told by its name, as the scanner tells it (many RAWs are TIFFs inside).
        guard ImageFormat.sniff(head) != nil || Companion.candidate(source.lastComponent)?.kind == .raw else {
            return .refused("is not an image; a gallery only offers images")
        }
        return .found(
            source: source,
            status: FileStatus(size: status.size, modified: status.mtime, device: status.device, inode: status.inode))
    }

    // MARK: The whole library

    /// Every photo the scanner would publish (with the site's excludes, when it kept
    /// them), read once. A photo renamed since the build is among them under its new name:
    /// content search looks here, and the content id decides.
    mutating func publishedFiles() -> [LibraryFile] {
        if let scanned { return scanned }
        let scanner = LibraryScanner(root: root, excludes: site?.excludes ?? [])
        let files = (try? scanner.scan().files) ?? []
        scanned = files
        for file in files {
            bySize[file.bytes, default: []].append(file)
            // Bare names resolve to what the gallery shows: with a site, its photos only.
            if let site, site.photo(path: file.path) == nil { continue }
            byName[file.name.bytes, default: []].append(file)
            byText[file.name.readable, default: []].append(file)
            if !file.path.isUTF8 { byReadablePath[file.path.readable, default: []].append(file) }
        }
        return files
    }

    /// Published photos with exactly this file name (bytes), sorted by path; when none,
    /// those whose name is the same text (NFC against NFD, as a pasted name may differ
    /// from the file system's). With a site, only the photos it shows.
    mutating func photos(named name: String) -> [LibraryFile] {
        _ = publishedFiles()
        return byName[Array(name.utf8)] ?? byText[name] ?? []
    }

    /// Published photos whose path is not UTF-8 and reads as `readable` (`Caf\xe9.jpg`,
    /// as the page showed it). Such a rendering always holds a `\x`: for any other text
    /// there are none, and the library is not scanned to say so.
    mutating func photos(readablePath readable: String) -> [LibraryFile] {
        guard readable.contains("\\x") else { return [] }
        _ = publishedFiles()
        return byReadablePath[readable] ?? []
    }

    /// Published photos of `bytes` bytes whose content is `id` (the first 12 hex digits of
    /// the fingerprint, or the whole fingerprint when the site recorded it). Only files of
    /// the right size are read.
    mutating func photos(withContent id: ContentID, bytes: Int64) -> [LibraryFile] {
        _ = publishedFiles()
        var matches: [LibraryFile] = []
        for file in bySize[bytes] ?? [] {
            guard let fingerprint = fingerprint(of: file.path) else { continue }
            if id.matches(fingerprint) { matches.append(file) }
        }
        return matches
    }

    /// The fingerprint of a library file, read once.
    mutating func fingerprint(of relative: BytePath) -> ContentFingerprint? {
        if let known = fingerprints[relative.bytes] { return known }
        guard let computed = try? ContentFingerprint.ofFile(BytePath(root).appending(relative)) else { return nil }
        fingerprints[relative.bytes] = computed
        return computed
    }
}

/// A pick's content id (`PhotoIDs`): the first digits of the photo's `ContentFingerprint`,
/// with `-2`, `-3`… for identical files; or, when the site recorded it, the whole fingerprint.
struct ContentID: Equatable {
    var prefix: String
    var fingerprint: ContentFingerprint?

    func matches(_ candidate: ContentFingerprint) -> Bool {
        if let fingerprint { return fingerprint == candidate }
        return candidate.hex.hasPrefix(prefix)
    }

    /// The content id in a pick, or nil when its id is not one: none at all, or the id an
    /// older proofsheet made from the path (which says nothing about the content).
    init?(pickID id: String?, path: String, site: SiteCatalog?) {
        guard let id, let parsed = PhotoIDs.parse(id), id != PhotoIDs.legacyID(path: path) else { return nil }
        prefix = parsed.prefix
        fingerprint = site?.photo(id: id)?.fingerprint
    }
}
