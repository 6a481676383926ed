#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a photo library: folders are albums, images are told by their content, and the
/// files that belong to a photo (its RAW, sidecars, Live Photo video) go with it.
///
/// Hidden files and folders and excluded paths are skipped (`LibraryRules`); so are files
/// that are not images. Symlinks to files inside the library are followed; a symlink that
/// leads outside it is refused with a warning. Folder symlinks are not followed: one inside
/// the library would show its photos twice, and not following them rules out cycles.
///
/// Names are bytes: a name that is not UTF-8 is found and kept exactly, and two names that
/// differ only in Unicode normalization (NFC and NFD) are two files. Nothing is passed over
/// in silence: what cannot be read or is too deep for the system is a problem, one line each.
public struct LibraryScanner: Sendable {
    public var root: String
    public var rules: LibraryRules
    /// A folder inside the library to leave out entirely (the output site, say).
    public var ignoredDirectory: String?

    public init(root: String, rules: LibraryRules, ignoredDirectory: String? = nil) {
        self.root = root
        self.rules = rules
        self.ignoredDirectory = ignoredDirectory
    }

    public init(root: String, excludes: [ExcludePattern] = [], ignoredDirectory: String? = nil) {
        self.init(root: root, rules: LibraryRules(excludes: excludes), ignoredDirectory: ignoredDirectory)
    }

    /// A file a previous scan found to be an image: when its size and time are the same,
    /// its content is not read again to tell what it is.
    public struct Known: Sendable, Equatable {
        public var bytes: Int64
        public var modified: Int64
        public var format: ImageFormat
        /// Where the previous build has it (its position in `.proofsheet-cache`), carried to
        /// `LibraryFile.previous`.
        var position: Int?

        public init(bytes: Int64, modified: Int64, format: ImageFormat) {
            self.bytes = bytes
            self.modified = modified
            self.format = format
        }
    }

    public struct Result: Sendable {
        /// The photos, sorted by path bytes, each with its companions.
        public var files: [LibraryFile] = []
        /// Files that are not images and belong to none (a RAW without its JPEG, say).
        public var nonImages: [BytePath] = []
        /// Hidden or excluded entries, and folder symlinks, left out on purpose.
        public var ignored = 0
        /// Things that could not be read or were refused, one line each.
        public var problems: [Problem] = []
        /// The companions left out (a symlink out of the library, a folder, unreadable); the
        /// photo itself is fine.
        public var warnings: [ProofsheetError] = []
        /// The same, for `collect`: the photo (index in `files`), the companion, why.
        var companionsLeftOut: [(photo: Int, path: BytePath, reason: String)] = []
    }

    public func scan(known: [BytePath: Known] = [:]) throws -> Result {
        classify(try walk()) { known[$0] }
    }

    /// The first half of a scan: every folder read and every entry's status taken, no file
    /// opened. A build does this while it reads the previous manifest, which then tells
    /// `classify` which files it need not open.
    public func walk() throws -> Listing {
        guard let rootReal = FileSystem.realPath(BytePath(root)), FileSystem.isDirectory(rootReal) else {
            throw ProofsheetError(root, FileSystem.exists(root) ? "not a folder" : "no such folder")
        }
        let ignoredReal = ignoredDirectory.flatMap { FileSystem.realPath(BytePath($0)) }
        var walk = Walk(rootReal: rootReal, ignoredReal: ignoredReal, rules: rules)
        var pending: [BytePath] = [BytePath(bytes: [])]  // relative folder paths still to read
        // Folders are read depth first; once two folders wait, the rest is two runs of
        // whole subtrees, one on each of two threads (a status of each of 100,000 files is
        // most of a rebuild's walk), put together in order: the listing one thread makes.
        while pending.count < 2, let relative = pending.popLast() {
            pending += walk.read(folder: relative).reversed()  // popped in ascending order
        }
        guard pending.count >= 2 else { return Listing(walk: walk) }
        let waiting = Array(pending.reversed())
        let runs = [waiting[..<(waiting.count / 2)], waiting[(waiting.count / 2)...]]
        let parts = concurrently(runs.count) { run in
            var part = Walk(rootReal: rootReal, ignoredReal: ignoredReal, rules: rules)
            var pending = Array(runs[run].reversed())
            while let relative = pending.popLast() { pending += part.read(folder: relative).reversed() }
            return part
        }
        for part in parts { walk.append(part) }
        return Listing(walk: walk)
    }

    /// One folder of the library as `scan` reads it: its photos (not its subfolders'), each
    /// with its companions. `collect` takes a picked photo's companions from here, so that
    /// they are the ones the build found (`Companion`'s rule); the folder is relative.
    func folder(_ relative: BytePath) -> Result {
        guard let rootReal = FileSystem.realPath(BytePath(root)) else { return Result() }
        var walk = Walk(rootReal: rootReal, ignoredReal: ignoredDirectory.flatMap { FileSystem.realPath(BytePath($0)) }, rules: rules)
        _ = walk.read(folder: relative)
        walk.classifyAll(known: { _ in nil })
        return walk.result
    }

    /// The second half: images told by content (unless `known`), companions given to their photos.
    public func classify(_ listing: Listing, known: (BytePath) -> Known?) -> Result {
        var walk = listing.walk
        walk.classifyAll(known: known)
        walk.result.files.sort { $0.path < $1.path }
        walk.result.nonImages.sort()
        return walk.result
    }

    /// What `walk` found, for `classify`.
    public struct Listing: Sendable {
        fileprivate var walk: Walk
    }

    /// A file or folder left out because it could not be used.
    public struct Problem: Sendable, Equatable {
        public var path: BytePath
        /// Why, as the user reads it.
        public var reason: String

        /// `PATH: reason`, for the user. A build counts it as failed (and `--strict` fails
        /// on it), so its line does not say "skipped": that is the count of files left out
        /// on purpose (hidden, excluded, not images), and 300 empty `.jpg` files were
        /// "300 failed" in the summary while each line said "skipped".
        public var error: ProofsheetError { ProofsheetError(path.isEmpty ? "." : path.readable, reason) }
    }

    /// The longest path the system opens (PATH_MAX, counting the final NUL).
    static let longestPath = Int(PATH_MAX) - 1

    /// Extensions that promise an image: a file with one whose content is not an image is
    /// reported, not silently passed over.
    static let imageExtensions: [String: String] = [
        "jpg": "JPEG", "jpeg": "JPEG", "jpe": "JPEG", "png": "PNG", "gif": "GIF", "webp": "WebP",
        "tif": "TIFF", "tiff": "TIFF", "bmp": "BMP", "heic": "HEIF", "heif": "HEIF", "avif": "AVIF",
    ]
}

/// The state of one scan, folder by folder.
private struct Walk: Sendable {
    let rootReal: BytePath
    let ignoredReal: BytePath?
    let rules: LibraryRules
    var result = LibraryScanner.Result()
    /// Each folder's entries to classify, in name order.
    var folders: [[Entry]] = []

    enum Entry: Sendable {
        /// A file, or a symlink to one inside the library (`target`, nil for a file: its
        /// path is made only when it must be opened).
        case file(relative: BytePath, name: BytePath, target: BytePath?, status: FileSystem.Status)
        /// Something named like a companion that cannot be one.
        case candidate(Candidate)
    }

    /// A file of the folder being read that may be a companion.
    struct Candidate: Sendable {
        var relative: BytePath
        var kind: Companion.Kind
        var stems: [BytePath]
        /// The file to open: the entry, or where its symlink leads.
        var target: BytePath
        var bytes: Int64
        var modified: Int64 = 0
        /// Why it cannot be a companion, if it cannot.
        var problem: String?
    }

    /// What `other` read after what this walk read, as if one walk had read both.
    mutating func append(_ other: Walk) {
        folders += other.folders
        result.nonImages += other.result.nonImages
        result.ignored += other.result.ignored
        result.problems += other.result.problems
    }

    /// Reads one folder; returns its subfolders, in order.
    mutating func read(folder relative: BytePath) -> [BytePath] {
        let absolute = relative.isEmpty ? rootReal : rootReal.appending(relative)
        let listed: [(name: BytePath, status: Result<FileSystem.Status, FileSystem.Failure>)]
        switch FileSystem.listingWithStatus(absolute) {
        case .success(let found): listed = found.sorted { $0.name < $1.name }
        case .failure(let failure):
            result.problems.append(.init(path: relative, reason: Self.unreadable(failure, what: "this folder")))
            return []
        }
        var folders: [BytePath] = []
        var entries: [Entry] = []
        // A file's absolute path is made only when it is needed (a folder, a symlink, a file
        // to open): for 100,000 files known from the previous build, it never is.
        let separator = absolute.bytes.last == UInt8(ascii: "/") ? 0 : 1
        for (name, found) in listed {
            let childRelative = relative.appending(name)
            if rules.leavesOutEntry(childRelative, name: name) != nil {
                result.ignored += 1
                continue
            }
            if absolute.bytes.count + separator + name.bytes.count > LibraryScanner.longestPath {
                result.problems.append(.init(path: childRelative, reason: Self.tooDeep(absolute.appending(name))))
                continue
            }
            let status: FileSystem.Status
            switch found {
            case .success(let found): status = found
            case .failure(let failure):
                result.problems.append(.init(path: childRelative, reason: Self.unreadable(failure, what: "it")))
                continue
            }
            switch status.kind {
            case .directory:
                let childAbsolute = absolute.appending(name)
                if let ignoredReal, childAbsolute == ignoredReal { continue }
                if let candidate = Companion.candidate(name) {
                    entries.append(
                        .candidate(
                            Candidate(
                                relative: childRelative, kind: candidate.kind, stems: candidate.stems, target: childAbsolute,
                                bytes: 0, problem: "is a folder, not a file")))
                }
                folders.append(childRelative)
            case .file:
                entries.append(.file(relative: childRelative, name: name, target: nil, status: status))
            case .symlink:
                let childAbsolute = absolute.appending(name)
                guard let target = FileSystem.realPath(childAbsolute) else {
                    if let candidate = Companion.candidate(name) {
                        entries.append(
                            .candidate(
                                Candidate(
                                    relative: childRelative, kind: candidate.kind, stems: candidate.stems, target: childAbsolute,
                                    bytes: 0, problem: Self.brokenLink)))
                    } else {
                        result.problems.append(.init(path: childRelative, reason: "broken symlink"))
                    }
                    continue
                }
                guard target.isInside(rootReal) else {
                    if let candidate = Companion.candidate(name) {
                        entries.append(
                            .candidate(
                                Candidate(
                                    relative: childRelative, kind: candidate.kind, stems: candidate.stems, target: target,
                                    bytes: 0, problem: "is a symlink that leads outside the library")))
                    } else {
                        result.problems.append(.init(path: childRelative, reason: "symlink leads outside the library"))
                    }
                    continue
                }
                if let candidate = Companion.candidate(name), let problem = Self.companionTargetProblem(target, root: rootReal) {
                    entries.append(
                        .candidate(
                            Candidate(
                                relative: childRelative, kind: candidate.kind, stems: candidate.stems, target: target, bytes: 0,
                                problem: problem)))
                    continue
                }
                // Folders inside the library are walked by their own path already.
                guard case .success(let targetStatus) = FileSystem.status(target), targetStatus.kind == .file else {
                    result.ignored += 1
                    continue
                }
                entries.append(.file(relative: childRelative, name: name, target: target, status: targetStatus))
            case .other:
                // A FIFO or socket named like a companion is said, not passed over.
                if let candidate = Companion.candidate(name) {
                    entries.append(
                        .candidate(
                            Candidate(
                                relative: childRelative, kind: candidate.kind, stems: candidate.stems, target: absolute.appending(name),
                                bytes: 0, problem: Self.notRegular)))
                } else {
                    result.nonImages.append(childRelative)
                }
            }
        }
        self.folders.append(entries)
        return folders
    }

    mutating func classifyAll(known: (BytePath) -> LibraryScanner.Known?) {
        for entries in folders {
            var candidates: [Candidate] = []
            let first = result.files.count
            for entry in entries {
                switch entry {
                case .file(let relative, let name, let target, let status):
                    classify(relative, name: name, target: target, status: status, known: known, candidates: &candidates)
                case .candidate(let candidate):
                    candidates.append(candidate)
                }
            }
            // The folder's photos by name, only for a folder that has companions to give
            // (most have none: two tables of its photos' names each were 8 % of the CPU of
            // a rebuild of 100,000 photos with nothing changed).
            guard !candidates.isEmpty else { continue }
            var owners = Companion.Owners()
            for index in first..<result.files.count { owners.add(result.files[index].path.lastComponent, at: index) }
            // A RAW that no photo of the folder claims is a photo of its own (a card's
            // folder of RAWs only), shown from its embedded preview; its sidecars go with it.
            // Decided against the folder's other photos only: two RAWs of one stem are two photos.
            let alone = candidates.map { $0.kind == .raw && $0.problem == nil && owners.owner(of: $0.stems) == nil }
            for (candidate, alone) in zip(candidates, alone) where alone {
                var file = LibraryFile(path: candidate.relative, format: .raw, bytes: candidate.bytes, modified: candidate.modified)
                file.previous = known(candidate.relative)?.position
                owners.add(candidate.relative.lastComponent, at: result.files.count)
                result.files.append(file)
            }
            attach(zip(candidates, alone).filter { !$0.1 }.map(\.0), owners: owners)
        }
        folders = []
    }

    private mutating func classify(
        _ relative: BytePath, name: BytePath, target found: BytePath?, status: FileSystem.Status,
        known: (BytePath) -> LibraryScanner.Known?, candidates: inout [Candidate]
    ) {
        var target: BytePath { found ?? rootReal.appending(relative) }
        // A RAW goes with the photo of its stem when there is one, even when its content
        // looks like a TIFF; else it is a photo of its own (`classifyAll`).
        if let candidate = Companion.candidate(name) {
            candidates.append(
                Candidate(
                    relative: relative, kind: candidate.kind, stems: candidate.stems, target: target, bytes: status.size,
                    modified: status.mtime))
            return
        }
        let format: ImageFormat
        let previous = known(relative)
        if let known = previous, known.bytes == status.size, known.modified == status.mtime {
            format = known.format
        } else {
            guard let head = FileSystem.readPrefix(target, count: ImageFormat.sniffLength) else {
                result.problems.append(.init(path: relative, reason: "cannot read (\(FileSystem.errnoText()))"))
                return
            }
            guard let sniffed = ImageFormat.sniff(head) else {
                let ext = name.readable.split(separator: ".").last.map { $0.lowercased() } ?? ""
                if let claimed = LibraryScanner.imageExtensions[ext], name.bytes.contains(UInt8(ascii: ".")) {
                    result.problems.append(
                        .init(path: relative, reason: "named like a \(claimed) file but its content is not an image"))
                } else {
                    result.nonImages.append(relative)
                }
                return
            }
            format = sniffed
        }
        var file = LibraryFile(path: relative, format: format, bytes: status.size, modified: status.mtime)
        file.previous = previous?.position
        result.files.append(file)
    }

    /// Gives each companion of the folder to its photo (`Companion`'s rule).
    private mutating func attach(_ candidates: [Candidate], owners: Companion.Owners) {
        for candidate in candidates {
            guard let owner = owners.owner(of: candidate.stems) else {
                if candidate.problem == nil || candidate.problem == Self.notRegular { result.nonImages.append(candidate.relative) }
                if candidate.problem == Self.brokenLink {
                    result.problems.append(.init(path: candidate.relative, reason: "broken symlink"))
                }
                continue
            }
            let photo = result.files[owner].path.lastComponent.readable
            var problem = candidate.problem
            if problem == nil, !FileSystem.canOpen(candidate.target) { problem = "cannot be read (\(FileSystem.errnoText()))" }
            if let problem {
                result.warnings.append(
                    ProofsheetError(candidate.relative.readable, "\(problem); left out as a companion of \(photo)"))
                result.companionsLeftOut.append((owner, candidate.relative, problem))
                continue
            }
            result.files[owner].companions.append(Companion(kind: candidate.kind, path: candidate.relative, bytes: candidate.bytes))
        }
    }

    static let brokenLink = "is a symlink to nothing"
    static let notRegular = "is not a regular file (a FIFO, socket or device)"

    /// Why a companion's symlink, leading to `target` inside the library, cannot be
    /// followed: into a hidden folder (hidden paths are never published or collected), or
    /// to something that is not a regular file. nil when it can.
    static func companionTargetProblem(_ target: BytePath, root: BytePath) -> String? {
        let inside = target.components.dropFirst(root.components.count)
        if let hidden = inside.first(where: { $0.bytes.first == UInt8(ascii: ".") }) {
            return "is a symlink into a hidden path ('\(hidden.readable)' starts with a dot)"
        }
        guard case .success(let status) = FileSystem.status(target) else { return brokenLink }
        switch status.kind {
        case .file: return nil
        case .directory: return "is a symlink to a folder, not a file"
        default: return "is a symlink to something that is not a regular file (a FIFO, socket or device)"
        }
    }

    static func unreadable(_ failure: FileSystem.Failure, what: String) -> String {
        if failure.code == ENAMETOOLONG { return "the path is longer than the system allows" }
        return "cannot read \(what) (\(failure.reason))"
    }

    static func tooDeep(_ absolute: BytePath) -> String {
        "the path is too long to open (\(absolute.bytes.count) bytes; the system's limit is \(LibraryScanner.longestPath))"
    }
}
