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
        // Each selection as an order of its own: its name, its document, whether it has picks.
        let parts: [(name: String, document: OrderDocument, empty: Bool)]
        switch order.document {
        case .json(let file) where !file.selections.isEmpty:
            parts = try chosenSelections(file, display: order.display).map { ($0.name, .json(file.only($0)), $0.picks.isEmpty) }
        case .text(let list) where !list.sections.isEmpty:
            parts = try chosen(list.sections.map(\.name), display: order.display).map { index in
                let section = list.sections[index]
                return (section.name, .text(list.only(section)), !list.hasPicks(section))
            }
        default:
            if let name = options.selection {
                throw CollectRefusal("--selection", "\(quotedForMessage(name)): \(order.display) has no named selections")
            }
            return Run(reports: [try run(order)], notes: [])
        }
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
        for selection in parts {
            guard !selection.empty else {
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
            loaded.document = selection.document
            run.reports.append(try collector.run(loaded))
        }
        return run
    }

    /// The selections to collect: all, or the one `--selection` names.
    func chosenSelections(_ file: OrderFile, display: String) throws(CollectRefusal) -> [OrderFile.Selection] {
        try chosen(file.selections.map(\.name), display: display).map { file.selections[$0] }
    }

    /// Which of these selection names to collect, by index: all, or the one `--selection`
    /// names (in any case).
    func chosen(_ names: [String], display: String) throws(CollectRefusal) -> [Int] {
        guard let name = options.selection else { return Array(names.indices) }
        guard let found = names.firstIndex(where: { $0.lowercased() == name.lowercased() }) else {
            let all = names.map { quotedForMessage($0) }.joined(separator: ", ")
            throw CollectRefusal("--selection", "\(display) has no selection \(quotedForMessage(name)) (it has \(all))")
        }
        return [found]
    }

    /// The order `--list` lists: one selection's picks (the one `--selection` names, or the
    /// only one), or the marked photos `--label`/`--stars`/`--rejected` choose.
    func listed(_ order: LoadedOrder) throws(CollectRefusal) -> LoadedOrder {
        guard case .json(let file) = order.document else {
            if options.marks != nil { throw CollectRefusal(order.display, "a pasted list holds no marks") }
            guard case .text(let list) = order.document, !list.sections.isEmpty else {
                if options.selection != nil {
                    throw CollectRefusal(order.display, "a pasted list of one selection holds no named selections")
                }
                return order
            }
            let chosen = try chosen(list.sections.map(\.name), display: order.display)
            guard chosen.count == 1 else {
                let names = list.sections.map { quotedForMessage($0.name) }.joined(separator: ", ")
                throw CollectRefusal("--selection", "needed with --list: \(order.display) has \(chosen.count) selections (\(names))")
            }
            var listed = order
            listed.document = .text(list.only(list.sections[chosen[0]]))
            return listed
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
