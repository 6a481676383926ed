import Foundation

/// `proofsheet collect` as a library API: order file → validate → copy the picked
/// originals, in order, with their names and companions, all or nothing.
///
/// `plan()` reads and checks everything and writes nothing; every problem found is
/// reported together in one `CollectRefusal`. `execute(_:)` stages the files beside the
/// output folder and only then moves them into place (`CollectTransaction`): a new
/// folder appears whole; an existing one changes all or nothing, even when the run is
/// killed part way — the next run finishes or rolls back what it left.
///
/// Run again with the same order, it finds the folder as it left it and has nothing to
/// do; with a revised order, the folder becomes exactly the new order: what collect
/// placed before (its record says what) and the order no longer has is removed; nothing
/// else ever is.
public struct Collector: Sendable {
    public var options: CollectOptions
    /// Where relative paths in `options`, and the default output folder, are taken from.
    public var workingDirectory: String
    /// The order file's bytes when `options.orderFile` is `-` (read by the caller, so
    /// tests need no terminal).
    public var standardInput: [UInt8]?
    /// The output folder of an order with named selections, absolute, when a dry run has
    /// not made it: each selection's folder is planned inside it as if it were there.
    var plannedParent: String?

    public init(options: CollectOptions, workingDirectory: String? = nil, standardInput: [UInt8]? = nil) {
        self.options = options
        self.workingDirectory = workingDirectory ?? FileManager.default.currentDirectoryPath
        self.standardInput = standardInput
    }

    /// Plans, then collects (or, for a dry run, stops at the plan). An interrupted run's
    /// leftovers beside the output folder are settled first.
    public func run() throws(CollectRefusal) -> CollectReport {
        let order = try load()
        if case .json(let file) = order.document, !file.selections.isEmpty {
            throw CollectRefusal(order.display, "has named selections: each is collected into a folder of its own (runAll)")
        }
        return try run(order)
    }

    /// Plans and collects an order read already.
    func run(_ order: LoadedOrder) throws(CollectRefusal) -> CollectReport {
        if options.dryRun {
            let plan = try plan(order)
            return CollectReport(plan: plan, dryRun: true, linked: 0, copied: 0, warnings: plan.warnings, recovered: [])
        }
        var early: [ProofsheetError] = []
        guard let library = checkedLibrary(&early), let output = checkedOutput(title: order.title, library: library, &early) else {
            throw CollectRefusal(early)
        }
        let lock = try lockOutput(output.path, display: output.display)
        let recovery = CollectRecovery.settle(output: output.path, display: output.display, lock: lock)
        let plan = try plan(order)
        if plan.isNothingToDo {
            lock.release()
            return CollectReport(
                plan: plan, dryRun: false, linked: 0, copied: 0, warnings: recovery.leftAlone + plan.warnings, recovered: recovery.done)
        }
        var report = try CollectTransaction(plan: plan, library: options.library ?? "").run(lock: lock)
        lock.release()
        report.recovered = recovery.done
        report.warnings = recovery.leftAlone + report.warnings
        return report
    }

    /// Carries out a plan made by `plan()`. Refused if an interrupted run had to be
    /// settled first (the folder is no longer what was planned against).
    public func execute(_ plan: CollectPlan) throws(CollectRefusal) -> CollectReport {
        let lock = try lockOutput(plan.output, display: plan.outputDisplay)
        let recovery = CollectRecovery.settle(output: plan.output, display: plan.outputDisplay, lock: lock)
        guard recovery.done.isEmpty else {
            throw CollectRefusal(plan.outputDisplay, "\(recovery.done.joined(separator: "; ")); nothing else was done, run collect again")
        }
        var report = try CollectTransaction(plan: plan, library: options.library ?? "").run(lock: lock)
        lock.release()
        report.warnings = recovery.leftAlone + report.warnings
        return report
    }

    private func lockOutput(_ output: String, display: String) throws(CollectRefusal) -> CollectLock {
        do {
            return try CollectLock(output: output, display: display)
        } catch {
            throw CollectRefusal([error])
        }
    }

    // MARK: Lists

    /// The picks as a list for other software (`--list FORMAT`); writes nothing. Needs no
    /// library, but uses one when given (to read a pasted list's bare names and follow
    /// moved photos).
    public func list(_ format: ListFormat) throws(CollectRefusal) -> (text: String, warnings: [ProofsheetError]) {
        let order = try listed(try load())
        let file: OrderFile
        var warnings: [ProofsheetError] = []
        if options.library != nil {
            var problems: [ProofsheetError] = []
            guard let library = checkedLibrary(&problems) else { throw CollectRefusal(problems) }
            var (resolver, _) = try resolver(library: library, gallery: order.gallery)
            let result = resolver.resolve(order.document)
            guard result.problems.isEmpty else { throw CollectRefusal(result.problems) }
            file = Self.currentPaths(result)
            warnings = result.warnings
        } else {
            switch order.document {
            case .json(let json): file = json
            case .text(let list): file = try list.picksWithoutLibrary(displayPath: order.display)
            }
            warnings = file.warnings
        }
        let left = PickLists.leftOut(file, format: format)
        if !left.isEmpty {
            let names = left.map { "\(quotedForMessage($0.name)) (\($0.reason))" }.joined(separator: ", ")
            let count = left.count == 1 ? "1 name" : "\(left.count) names"
            warnings.append(
                ProofsheetError(order.display, "--list \(format.rawValue) leaves out \(count) it cannot write exactly: \(names)"))
        }
        return (PickLists.text(file, format: format), warnings)
    }

    // MARK: Reading the order file

    struct LoadedOrder {
        var document: OrderDocument
        var bytes: [UInt8]
        /// How messages name it: as given, or "standard input".
        var display: String
        /// The name of its copy in the output folder.
        var copyName: String
        /// For the default output folder's name.
        var stem: String

        var title: String? {
            switch document {
            case .json(let file): file.title
            case .text(let list): list.title
            }
        }

        var gallery: String? {
            switch document {
            case .json(let file): file.gallery
            case .text(let list): list.gallery
            }
        }
    }

    func load() throws(CollectRefusal) -> LoadedOrder {
        if options.orderFile == CollectOptions.standardInput {
            let display = "standard input"
            guard let bytes = standardInput else { throw CollectRefusal(display, "nothing to read") }
            let document = try OrderFileParser.parse(bytes, displayPath: display)
            let isJSON = if case .json = document { true } else { false }
            return LoadedOrder(document: document, bytes: bytes, display: display, copyName: isJSON ? "order.json" : "order.txt", stem: "")
        }
        let (document, bytes) = try OrderFileParser.read(absolute(options.orderFile), displayPath: options.orderFile)
        let name = (options.orderFile as NSString).lastPathComponent
        return LoadedOrder(
            document: document, bytes: bytes, display: options.orderFile, copyName: SafeFileName.make(name),
            stem: SafeFileName.split(name).stem)
    }

    // MARK: Planning

    /// Reads and checks everything, writes nothing.
    public func plan() throws(CollectRefusal) -> CollectPlan {
        try plan(try load())
    }

    /// The build's default output folder: used as `--site` when it is this gallery's.
    static let defaultSite = "Site"

    /// The resolver, with the site that says what was published: `--site`, else a site of
    /// this library found where build puts it — `Site/` in the working folder, or beside
    /// the order file — whatever gallery the order names (a pasted mail may have lost that
    /// line, a hand-edited order may name another: the site's rules still hold). A site
    /// that does not record its library counts when it is the order's gallery. Also how
    /// that site is named, when there is one.
    private func resolver(library: String, gallery: String?) throws(CollectRefusal) -> (PickResolver, site: String?) {
        var site: SiteCatalog?
        var shown: String?
        if let path = options.site {
            do {
                site = try SiteCatalog.read(site: absolute(path), display: path)
            } catch {
                throw CollectRefusal([error])
            }
            shown = path
        } else {
            var candidates = [Self.defaultSite]
            if options.orderFile != CollectOptions.standardInput, options.orderFile.utf8.contains(0x2F) {
                candidates.append(
                    ((options.orderFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent(Self.defaultSite))
            }
            for candidate in candidates {
                guard let found = try? SiteCatalog.read(site: absolute(candidate), display: candidate),
                    found.isSite(of: library) || (found.library == nil && gallery != nil && found.gallery == gallery)
                else { continue }
                site = found
                shown = candidate
                break
            }
        }
        let resolver = PickResolver(
            index: LibraryIndex(root: library, site: site), libraryDisplay: options.library ?? library,
            orderDisplay: (options.orderFile == CollectOptions.standardInput
                ? "standard input" : (options.orderFile as NSString).lastPathComponent),
            acceptChanged: options.acceptChanged)
        return (resolver, shown)
    }

    func plan(_ loaded: LoadedOrder) throws(CollectRefusal) -> CollectPlan {
        let pattern = try NamePattern(options.namePattern)
        var problems: [ProofsheetError] = []
        let library = checkedLibrary(&problems)
        let output = checkedOutput(title: loaded.title, library: library, &problems)
        guard let library, let output else { throw CollectRefusal(problems) }

        var (resolver, site) = try resolver(library: library, gallery: loaded.gallery)
        let siteName = site
        let result = resolver.resolve(loaded.document)
        guard result.problems.isEmpty else { throw CollectRefusal(result.problems) }
        var warnings = result.warnings
        let order = result.order
        if let minimum = order.minimum, order.picks.count < minimum {
            warnings.append(
                ProofsheetError(
                    loaded.display,
                    "\(order.picks.count == 1 ? "1 pick" : "\(order.picks.count) picks"), fewer than the gallery's minimum of \(minimum); collected all the same"
                ))
        }
        if let site = resolver.index.site, order.gallery != site.gallery {
            let made =
                order.gallery.map { "made in gallery \($0)\(order.title.map { " (\(quotedForMessage($0)))" } ?? "")" } ?? "names no gallery"
            warnings.append(
                ProofsheetError(
                    loaded.display,
                    "\(made), but \(siteName ?? "the site") is gallery \(site.gallery) (\(quotedForMessage(site.title)))\(site.isSite(of: library) ? " of this library" : ""); its rules are used"
                ))
        }

        // The files collect writes beside the photos take their names first.
        var taken = Set([CollectRecord.fileName.lowercased()])
        func claim(_ wanted: String) -> String {
            var name = wanted
            var n = 2
            while taken.contains(name.lowercased()) {
                name = SafeFileName.numbered(wanted, n)
                n += 1
            }
            taken.insert(name.lowercased())
            return name
        }
        let orderCopyName = claim(loaded.copyName)
        let csvName = claim("picks.csv")
        let notesName = order.hasNotes ? claim("notes.txt") : nil

        var items: [CollectPlan.Item] = []
        var sidecars: [CollectPlan.Generated] = []
        var companions = Companions(root: library, excludes: resolver.index.site?.excludes ?? [])
        let libraryName = (library as NSString).lastPathComponent
        let count = order.picks.count
        for original in result.originals {
            let pick = original.pick
            let date = pattern.uses(.date) ? NamePattern.fileDate(dateTaken(original.source, modified: original.status.modified)) : ""
            func values(_ name: String) -> NamePattern.Values {
                NamePattern.Values(
                    order: NamePattern.paddedOrder(pick.order, count: count), name: name,
                    album: pick.album.isEmpty ? libraryName : pick.album, date: date)
            }
            // A name that is not UTF-8 is collected under its readable rendering (`Caf\xe9.jpg`):
            // the name the client saw on the page and the lists give, and one every file
            // system, archive and mail attachment takes.
            let photoName = original.file.lastComponent.readable
            items.append(
                CollectPlan.Item(
                    order: pick.order, companion: nil, path: original.path, source: original.source,
                    name: claim(SafeFileName.make(pattern.render(values(photoName)))), bytes: original.status.size,
                    modified: original.status.modified, fingerprint: original.fingerprint, action: .add))
            guard options.companions else { continue }
            let (found, leftOut) = companions.find(for: original.file)
            for companion in found {
                let name = companion.path.split(separator: "/").last.map(String.init) ?? companion.path
                items.append(
                    CollectPlan.Item(
                        order: pick.order, companion: companion.kind, path: companion.path, source: companion.source,
                        name: claim(SafeFileName.make(pattern.render(values(name)))), bytes: companion.bytes,
                        modified: companion.modified, fingerprint: nil, action: .add))
            }
            for (path, reason) in leftOut {
                warnings.append(ProofsheetError(pick.shown, "companion \(path) \(reason)"))
            }
            // What the gallery showed a badge for and is gone now is said, not passed over.
            let site = resolver.index.site
            if let shown = pick.id.flatMap({ site?.photo(id: $0) }) ?? site?.photo(path: original.file) {
                let present = Set((found.map(\.path) + leftOut.map(\.path)).map(Self.lastComponent))
                for announced in shown.companions where !present.contains(Self.lastComponent(announced.path)) {
                    warnings.append(
                        ProofsheetError(
                            pick.shown,
                            "its \(announced.kind.label) \(announced.path), shown in the gallery, is no longer in the library; collected without it"
                        ))
                }
            }
        }

        Self.markSidecars(order, items: &items, generated: &sidecars, warnings: &warnings, claim: claim)

        // The lists name the photos as they are now, where they were found.
        let listed = Self.currentPaths(result)
        var generated = [
            CollectPlan.Generated(role: .order, name: orderCopyName, bytes: loaded.bytes, action: .add),
            CollectPlan.Generated(role: .csv, name: csvName, bytes: Self.utf8BOM + Array(PickLists.csv(listed).utf8), action: .add),
        ]
        if let notesName {
            let names = Dictionary(items.filter { $0.companion == nil }.map { ($0.order, $0.name) }, uniquingKeysWith: { a, _ in a })
            generated.append(
                CollectPlan.Generated(
                    role: .notes, name: notesName, bytes: Array(PickLists.notes(listed, collectedNames: names).utf8), action: .add))
        }
        generated += sidecars

        var plan = CollectPlan(
            orderFile: order, orderFileBytes: loaded.bytes, library: library, output: output.path, outputDisplay: output.display,
            outputExists: output.exists, items: items, generated: generated, removals: [], kept: [], previousRecord: nil,
            replacesRecord: false, warnings: warnings, notices: result.notices,
            interrupted: CollectTransaction.interrupted(output: output.path), link: options.link)
        plan.site = site
        if output.exists {
            compareWithFolder(&plan, &problems)
            guard problems.isEmpty else { throw CollectRefusal(problems) }
        }
        return plan
    }

    private static func lastComponent(_ path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }

    /// Excel reads a CSV as UTF-8 only with a byte order mark.
    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The order with each pick's path where it was found (a moved photo's new path).
    static func currentPaths(_ result: PickResolver.Result) -> OrderFile {
        var order = result.order
        let found = Dictionary(result.originals.map { ($0.pick.order, $0) }, uniquingKeysWith: { a, _ in a })
        for index in order.picks.indices {
            if let original = found[order.picks[index].order] {
                order.picks[index].path = original.path
                order.picks[index].pathBytes = original.file.isUTF8 ? nil : original.file
            }
        }
        return order
    }

    /// In an existing output folder: what is there already, what collect placed before
    /// and the order no longer has, and what is in the way. A file collect did not place
    /// (or changed since) is never replaced without `--overwrite`; a folder or anything
    /// else that is not a file is never replaced.
    private func compareWithFolder(_ plan: inout CollectPlan, _ problems: inout [ProofsheetError]) {
        let (previous, recordProblem) = CollectRecord.read(in: plan.output)
        if let recordProblem { plan.warnings.append(ProofsheetError(plan.display(CollectRecord.fileName), recordProblem)) }
        plan.previousRecord = previous
        plan.replacesRecord = FileSystem.exists(plan.output + "/" + CollectRecord.fileName)
        let display = plan.display
        let output = plan.output

        func action(_ name: String, isCurrent: (CollectRecord.File) -> Bool) -> CollectPlan.Action {
            switch FileSystem.kind(of: output + "/" + name) {
            case nil: return .add
            case .file?:
                if let entry = previous?.entry(named: name), entry.isUnchanged(in: output) {
                    return isCurrent(entry) ? .unchanged : .replace
                }
                if options.overwrite { return .replace }
                let reason =
                    previous?.entry(named: name) != nil
                    ? "changed since collect placed it; --overwrite replaces it" : "already exists; --overwrite replaces it"
                problems.append(ProofsheetError(display(name), reason))
            case .directory?:
                problems.append(ProofsheetError(display(name), "is a folder in the way; move it or choose another --output"))
            default:
                problems.append(
                    ProofsheetError(display(name), "is in the way (not a regular file); move it or choose another --output"))
            }
            return .add
        }
        for index in plan.items.indices {
            let item = plan.items[index]
            plan.items[index].action = action(item.name) { entry in
                entry.source.map { $0.utf8.elementsEqual(item.path.utf8) } == true && entry.bytes == item.bytes
                    && entry.modified == item.modified
            }
        }
        // The order file given may be the copy in this folder, edited and run again: it is
        // replaced by itself, as read, whoever changed it.
        let given = options.orderFile == CollectOptions.standardInput ? nil : FileSystem.realPath(absolute(options.orderFile))
        for index in plan.generated.indices {
            let generated = plan.generated[index]
            if generated.role == .order, let given, FileSystem.realPath(output + "/" + generated.name) == given {
                let same = previous?.entry(named: generated.name)?.isUnchanged(in: output) == true
                plan.generated[index].action = same ? .unchanged : .replace
                continue
            }
            plan.generated[index].action = action(generated.name) { _ in
                (try? FileSystem.read(output + "/" + generated.name)) == generated.bytes
            }
        }
        let wanted = Set((plan.items.map(\.name) + plan.generated.map(\.name)).map { Array($0.utf8) })
        for entry in previous?.files ?? [] where !wanted.contains(Array(entry.name.utf8)) {
            if entry.isUnchanged(in: output) {
                plan.removals.append(entry.name)
            } else if FileSystem.exists(output + "/" + entry.name) {
                plan.kept.append(entry.name)
                plan.warnings.append(
                    ProofsheetError(display(entry.name), "collected before and changed since; no longer picked, but left in place"))
            }
        }
    }

    /// When the photo was taken (EXIF), else the file's modification time (UTC), as
    /// `YYYY-MM-DDTHH:MM:SS`: the same rule the gallery uses.
    private func dateTaken(_ source: BytePath, modified: Int64) -> String {
        // EXIF sits in the first 64 KB segment after the JPEG header.
        if let prefix = FileSystem.readPrefix(source, count: 128 * 1024), prefix.starts(with: [0xFF, 0xD8]),
            let date = ExifReader.read(jpeg: prefix).dateTaken
        {
            return date
        }
        return UTC.isoDate(nanoseconds: modified)
    }
}
