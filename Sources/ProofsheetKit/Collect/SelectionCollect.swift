import Foundation

/// An order with named selections (`build --selection`): each selection is collected into
/// a folder of its own, named after it, inside the output folder (`Anna & Ben picks/Album/
/// 01-IMG_0042.jpg`), as a single selection is — checked, all or nothing, a record of its
/// own — and `--selection NAME` collects one.
extension Collector {
    /// What a collect did: one report a folder; and the selections left out, with why.
    public struct Run: Sendable {
        public var reports: [CollectReport]
        /// "Cover: nothing picked; no folder made".
        public var notes: [String]
    }

    /// Collects the order: into the output folder, or one folder per named selection.
    public func runAll() throws(CollectRefusal) -> Run {
        let order = try load()
        guard case .json(let file) = order.document, !file.selections.isEmpty else {
            if let name = options.selection {
                throw CollectRefusal("--selection", "\(quotedForMessage(name)): \(order.display) has no named selections")
            }
            return Run(reports: [try run(order)], notes: [])
        }
        let chosen = try chosenSelections(file, display: order.display)
        var problems: [ProofsheetError] = []
        guard let library = checkedLibrary(&problems), let parent = checkedOutput(title: order.title, library: library, &problems)
        else { throw CollectRefusal(problems) }
        var planned: String?
        if !parent.exists {
            if options.dryRun {
                planned = parent.path
            } else {
                do {
                    try FileSystem.createDirectory(parent.path)
                } catch {
                    throw CollectRefusal(parent.display, "cannot make the folder (\(FileSystem.describe(error)))")
                }
            }
        }
        var run = Run(reports: [], notes: [])
        for selection in chosen {
            guard !selection.picks.isEmpty else {
                run.notes.append("\(selection.name): nothing picked; no folder made")
                continue
            }
            var collector = self
            collector.options.output =
                (parent.display.hasSuffix("/") ? parent.display : parent.display + "/") + SafeFileName.make(selection.name)
            collector.options.selection = nil
            if planned != nil {
                collector.plannedParent = (absolute(collector.options.output!) as NSString).deletingLastPathComponent
            }
            var loaded = order
            loaded.document = .json(file.only(selection))
            run.reports.append(try collector.run(loaded))
        }
        return run
    }

    /// The selections to collect: all, or the one `--selection` names.
    func chosenSelections(_ file: OrderFile, display: String) throws(CollectRefusal) -> [OrderFile.Selection] {
        guard let name = options.selection else { return file.selections }
        guard let found = file.selections.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            let names = file.selections.map { quotedForMessage($0.name) }.joined(separator: ", ")
            throw CollectRefusal("--selection", "\(display) has no selection \(quotedForMessage(name)) (it has \(names))")
        }
        return [found]
    }

    /// The order `--list` lists: one selection's picks (the one `--selection` names, or the
    /// only one), or the marked photos `--label`/`--stars`/`--rejected` choose.
    func listed(_ order: LoadedOrder) throws(CollectRefusal) -> LoadedOrder {
        guard case .json(let file) = order.document else {
            if options.marks != nil || options.selection != nil {
                throw CollectRefusal(order.display, "a pasted list holds no marks or named selections")
            }
            return order
        }
        if let name = options.selection, file.selections.isEmpty {
            throw CollectRefusal("--selection", "\(quotedForMessage(name)): \(order.display) has no named selections")
        }
        var listed = order
        if let filter = options.marks {
            listed.document = .json(filter.picks(of: file))
        } else if !file.selections.isEmpty {
            let chosen = try chosenSelections(file, display: order.display)
            guard chosen.count == 1 else {
                let names = file.selections.map { quotedForMessage($0.name) }.joined(separator: ", ")
                throw CollectRefusal("--selection", "needed with --list: \(order.display) has \(chosen.count) selections (\(names))")
            }
            listed.document = .json(file.only(chosen[0]))
        }
        return listed
    }
}
