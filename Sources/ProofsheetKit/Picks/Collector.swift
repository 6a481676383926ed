import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `proofsheet collect` as a library API: order file → validate → copy the picked
/// originals, in order, with their names, all or nothing.
///
/// `plan()` reads and checks everything and writes nothing; every problem found is
/// reported together in one `CollectRefusal`. `execute(_:)` stages the files in a
/// temporary folder beside the output folder, checks their sizes, and only then moves
/// them into place; on any failure it removes what it made and leaves an existing
/// output folder as it was.
public struct Collector: Sendable {
    public var options: CollectOptions
    /// Where relative paths in `options`, and the default output folder, are taken from.
    public var workingDirectory: String

    public init(options: CollectOptions, workingDirectory: String? = nil) {
        self.options = options
        self.workingDirectory = workingDirectory ?? FileManager.default.currentDirectoryPath
    }

    /// Plans, then collects (or, for a dry run, stops at the plan).
    public func run() throws(CollectRefusal) -> CollectReport {
        let plan = try plan()
        if options.dryRun {
            return CollectReport(plan: plan, dryRun: true, linked: 0, copied: 0, warnings: plan.warnings)
        }
        return try execute(plan)
    }

    // MARK: Planning

    public func plan() throws(CollectRefusal) -> CollectPlan {
        let pattern = try NamePattern(options.namePattern)
        let (order, orderBytes) = try OrderFileParser.read(absolute(options.orderFile), displayPath: options.orderFile)

        var problems: [ProofsheetError] = []
        let library = checkedLibrary(&problems)
        let output = checkedOutput(order: order, library: library, &problems)
        guard let library, let output else { throw CollectRefusal(problems) }

        var warnings: [ProofsheetError] = []
        let originals = resolvePicks(order, in: library, &problems, &warnings)
        guard problems.isEmpty else { throw CollectRefusal(problems) }

        let orderFileName = SafeFileName.make((options.orderFile as NSString).lastPathComponent)
        var plan = CollectPlan(
            orderFile: order, orderFileBytes: orderBytes, orderFileName: orderFileName, replacesOrderFile: false,
            library: library, output: output.path, outputDisplay: output.display, outputExists: output.exists,
            items: name(originals, count: order.picks.count, pattern: pattern, library: library, reserved: orderFileName),
            warnings: warnings, link: options.link)
        if output.exists { checkDestinations(&plan, &problems) }
        guard problems.isEmpty else { throw CollectRefusal(problems) }
        return plan
    }

    /// A pick found in the library and checked: where the original is, and its size and
    /// time now.
    private struct Original {
        var pick: OrderFile.Pick
        var source: String
        var bytes: Int64
        var modified: Int64
    }

    /// Finds every pick in the library and checks it against what the order file
    /// recorded; every problem is added, not only the first.
    private func resolvePicks(
        _ order: OrderFile, in library: String, _ problems: inout [ProofsheetError], _ warnings: inout [ProofsheetError]
    ) -> [Original] {
        var originals: [Original] = []
        var seenFiles: [String: OrderFile.Pick] = [:]
        let orderFileName = (options.orderFile as NSString).lastPathComponent
        for pick in order.picks {
            let shown = (options.library as NSString).appendingPathComponent(pick.path)
            let refusal = { (reason: String) in ProofsheetError(shown, "\(reason) (\(pick.location) in \(orderFileName))") }
            let source: String
            switch resolve(pick.path, in: library) {
            case .failure(let reason):
                problems.append(refusal(reason))
                continue
            case .success(let path):
                source = path
            }
            guard let status = FileSystem.status(source) else {
                problems.append(refusal("cannot be read (\(FileCopier.errorText()))"))
                continue
            }
            switch status.mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR:
                problems.append(refusal("is a folder, not a photo"))
                continue
            default:
                problems.append(refusal("is not a regular file"))
                continue
            }
            // The gallery shows only images (known by content); a tampered order file may
            // name any other file in the library.
            guard let head = FileSystem.readPrefix(source, count: ImageFormat.sniffLength), ImageFormat.sniff(head) != nil else {
                problems.append(refusal("is not an image; a gallery only offers images"))
                continue
            }
            let identity = "\(status.device):\(status.inode)"
            if let first = seenFiles[identity] {
                problems.append(refusal("is the same file as \(quotedForMessage(first.path)) (\(first.location)); picked twice"))
                continue
            }
            seenFiles[identity] = pick
            if let recorded = pick.bytes, recorded != status.size {
                let change = "changed since the gallery was built (\(recorded) bytes then, \(status.size) now)"
                guard options.force else {
                    problems.append(refusal("\(change); --force collects it anyway"))
                    continue
                }
                warnings.append(ProofsheetError(shown, "\(change); collected anyway (--force)"))
            }
            originals.append(Original(pick: pick, source: source, bytes: status.size, modified: status.mtime))
        }
        return originals
    }

    /// Names every file by the pattern. Clashes are settled in pick order, ignoring case
    /// (the folder may be copied to a file system that ignores it): `x.jpg`, `x (2).jpg`…
    private func name(
        _ originals: [Original], count: Int, pattern: NamePattern, library: String, reserved: String
    ) -> [CollectPlan.Item] {
        let libraryName = (library as NSString).lastPathComponent
        var taken: Set<String> = [reserved.lowercased()]
        var items: [CollectPlan.Item] = []
        for original in originals {
            let pick = original.pick
            let date = pattern.uses(.date) ? NamePattern.fileDate(dateTaken(original.source, modified: original.modified)) : ""
            let values = NamePattern.Values(
                order: NamePattern.paddedOrder(pick.order, count: count), name: pick.name,
                album: pick.album.isEmpty ? libraryName : pick.album, date: date)
            let wanted = SafeFileName.make(pattern.render(values))
            var name = wanted
            var n = 2
            while taken.contains(name.lowercased()) {
                name = SafeFileName.numbered(wanted, n)
                n += 1
            }
            taken.insert(name.lowercased())
            items.append(
                CollectPlan.Item(
                    order: pick.order, path: pick.path, source: original.source, name: name, bytes: original.bytes,
                    modified: original.modified, replaces: false))
        }
        return items
    }

    /// In an existing output folder: nothing is overwritten without --force, and a folder
    /// or anything else that is not a file is never replaced.
    private func checkDestinations(_ plan: inout CollectPlan, _ problems: inout [ProofsheetError]) {
        let display = plan.display
        func replaces(_ name: String) -> Bool {
            switch FileSystem.kind(of: plan.output + "/" + name) {
            case nil: return false
            case .file?:
                if options.force { return true }
                problems.append(ProofsheetError(display(name), "already exists; --force replaces it"))
            case .directory?:
                problems.append(ProofsheetError(display(name), "is a folder in the way; move it or choose another --output"))
            default:
                problems.append(
                    ProofsheetError(display(name), "is in the way (not a regular file); move it or choose another --output"))
            }
            return false
        }
        for index in plan.items.indices { plan.items[index].replaces = replaces(plan.items[index].name) }
        plan.replacesOrderFile = replaces(plan.orderFileName)
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
    }

    private func checkedLibrary(_ problems: inout [ProofsheetError]) -> String? {
        let path = absolute(options.library)
        guard FileSystem.exists(path) else {
            problems.append(ProofsheetError(options.library, "no such folder (the library the gallery was built from)"))
            return nil
        }
        guard FileSystem.isDirectory(path), let real = FileSystem.realPath(path) else {
            problems.append(ProofsheetError(options.library, "not a folder (the library the gallery was built from)"))
            return nil
        }
        return real
    }

    /// The output folder: absolute, its display name, whether it exists.
    private func checkedOutput(
        order: OrderFile, library: String?, _ problems: inout [ProofsheetError]
    ) -> (path: String, display: String, exists: Bool)? {
        var display = options.output ?? Self.defaultOutputName(order: order, orderFile: options.orderFile)
        while display.count > 1 && display.hasSuffix("/") { display.removeLast() }
        var path = absolute(display)
        let exists: Bool
        switch FileSystem.kind(of: path) {
        case nil:
            let name = (path as NSString).lastPathComponent
            guard !name.isEmpty, name != ".", name != ".." else {
                problems.append(ProofsheetError(display, "not a folder name"))
                return nil
            }
            let parent = (path as NSString).deletingLastPathComponent
            guard FileSystem.isDirectory(parent), let realParent = FileSystem.realPath(parent) else {
                problems.append(ProofsheetError(display, "the folder it goes in does not exist; create it first"))
                return nil
            }
            path = realParent == "/" ? "/" + name : realParent + "/" + name
            exists = false
        case .file?:
            problems.append(ProofsheetError(display, "is a file, not a folder; choose another --output"))
            return nil
        default:
            guard FileSystem.isDirectory(path), let real = FileSystem.realPath(path) else {
                problems.append(ProofsheetError(display, "is not a folder; choose another --output"))
                return nil
            }
            path = real
            exists = true
        }
        if let library {
            if path == library || path.hasPrefix(library + "/") {
                problems.append(ProofsheetError(display, "is inside the library; choose an output folder outside it"))
                return nil
            }
            if library.hasPrefix(path + "/") || path == "/" {
                problems.append(ProofsheetError(display, "contains the library; choose another output folder"))
                return nil
            }
        }
        return (path, display, exists)
    }

    /// "TITLE picks" for a JSON order file with a title; else the order file's stem plus
    /// " picks" (plain-text files have no title). Made safe as a folder name.
    public static func defaultOutputName(order: OrderFile, orderFile: String) -> String {
        let title = order.title?.trimmingBlanks() ?? ""
        let base = title.isEmpty ? SafeFileName.split((orderFile as NSString).lastPathComponent).stem : title
        return SafeFileName.make(base + " picks")
    }

    enum Resolution {
        case success(String)
        case failure(String)
    }

    /// The real path of a pick inside the library, or why it cannot be used. The order
    /// file parser has refused `..`, absolute paths and NUL bytes already; this catches
    /// symlinks that lead out of the library.
    private func resolve(_ relative: String, in library: String) -> Resolution {
        if let reason = OrderFileParser.pathProblem(relative) { return .failure(reason) }
        let joined = library + "/" + relative
        guard let real = FileSystem.realPath(joined) else {
            if FileSystem.kind(of: joined) == .symlink { return .failure("is a symlink to nothing") }
            return .failure("missing from the library")
        }
        guard real.hasPrefix(library + "/") else {
            return .failure("leads outside the library (through a symlink); refused")
        }
        return .success(real)
    }

    /// When the photo was taken (EXIF), else the file's modification time (UTC), as
    /// `YYYY-MM-DDTHH:MM:SS`: the same rule the gallery uses.
    private func dateTaken(_ source: String, modified: Int64) -> String {
        // EXIF sits in the first 64 KB segment after the JPEG header.
        if let prefix = FileSystem.readPrefix(source, count: 128 * 1024), prefix.starts(with: [0xFF, 0xD8]),
            let date = ExifReader.read(jpeg: prefix).dateTaken
        {
            return date
        }
        return UTC.isoDate(nanoseconds: modified)
    }

    // MARK: Collecting

    /// Carries out a plan: stage, verify, move into place. All or nothing.
    public func execute(_ plan: CollectPlan) throws(CollectRefusal) -> CollectReport {
        let parent = (plan.output as NSString).deletingLastPathComponent
        let base = (plan.output as NSString).lastPathComponent
        let staging: String
        do {
            staging = try FileCopier.makeTemporaryDirectory(in: parent.isEmpty ? "/" : parent, base: base)
        } catch {
            throw CollectRefusal([error])
        }
        var stagingMoved = false
        defer { if !stagingMoved { FileSystem.remove(staging) } }

        var linked = 0, copied = 0
        var warnings = plan.warnings
        var linkProblem: String?
        do throws(ProofsheetError) {
            for item in plan.items {
                let display = (options.library as NSString).appendingPathComponent(item.path)
                let staged = staging + "/" + item.name
                if plan.link {
                    switch try FileCopier.linkOrCopy(item.source, to: staged, display: display) {
                    case .linked: linked += 1
                    case .copied: copied += 1
                    case .copiedInstead(let reason):
                        copied += 1
                        linkProblem = linkProblem ?? reason
                    }
                } else {
                    try FileCopier.copy(item.source, to: staged, display: display)
                    copied += 1
                }
                // The original may have changed since it was checked.
                guard let status = FileSystem.status(staged), status.size == item.bytes else {
                    throw ProofsheetError(display, "changed while being collected; nothing was collected, try again")
                }
            }
            let copy = staging + "/" + plan.orderFileName
            do {
                try FileSystem.writeAtomically(plan.orderFileBytes, to: copy)
            } catch {
                throw (error as? ProofsheetError) ?? ProofsheetError(copy, "cannot write (\(error))")
            }
        } catch {
            throw CollectRefusal([error])
        }
        if let linkProblem {
            warnings.append(
                ProofsheetError(plan.outputDisplay, "some files were copied, not hard-linked: \(linkProblem)"))
        }

        do throws(ProofsheetError) {
            if plan.outputExists {
                try moveFiles(plan, from: staging)
            } else {
                // A new folder appears whole, in one rename.
                guard !FileSystem.exists(plan.output) else {
                    throw ProofsheetError(plan.outputDisplay, "appeared while collecting; nothing was collected, try again")
                }
                // mkdtemp made it private; the result is an ordinary folder.
                guard chmod(staging, 0o755) == 0 else {
                    throw ProofsheetError(staging, "cannot set permissions (\(FileCopier.errorText()))")
                }
                try FileCopier.move(staging, to: plan.output)
                stagingMoved = true
            }
        } catch {
            throw CollectRefusal([error])
        }
        return CollectReport(plan: plan, dryRun: false, linked: linked, copied: copied, warnings: warnings)
    }

    /// Moves staged files into an existing output folder. Files replaced (`--force`) are
    /// first set aside in the staging folder, so a failure part way can put every one back.
    private func moveFiles(_ plan: CollectPlan, from staging: String) throws(ProofsheetError) {
        let setAside = staging + "/.replaced"
        guard mkdir(setAside, 0o700) == 0 else {
            throw ProofsheetError(staging, "cannot create a folder (\(FileCopier.errorText()))")
        }
        var moves = plan.items.map { (name: $0.name, replaces: $0.replaces) }
        moves.append((plan.orderFileName, plan.replacesOrderFile))
        var done: [(name: String, replaced: Bool)] = []
        do throws(ProofsheetError) {
            for move in moves {
                let destination = plan.output + "/" + move.name
                if move.replaces && FileSystem.exists(destination) {
                    try FileCopier.move(destination, to: setAside + "/" + move.name)
                    done.append((move.name, true))
                    try FileCopier.moveWithoutReplacing(staging + "/" + move.name, to: destination)
                } else {
                    try FileCopier.moveWithoutReplacing(staging + "/" + move.name, to: destination)
                    done.append((move.name, false))
                }
            }
        } catch {
            // Undo in reverse: remove what was added, put back what was set aside.
            for move in done.reversed() {
                let destination = plan.output + "/" + move.name
                let aside = setAside + "/" + move.name
                if move.replaced {
                    if FileSystem.exists(aside) {
                        if FileSystem.kind(of: destination) == .file { unlink(destination) }
                        rename(aside, destination)
                    }
                } else {
                    unlink(destination)
                }
            }
            throw ProofsheetError(
                plan.outputDisplay, "\(error.description); nothing was collected, the folder is as it was")
        }
    }
}
