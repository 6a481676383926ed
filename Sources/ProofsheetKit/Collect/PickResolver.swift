/// Finds every pick of an order file in the library, as the client meant it.
///
/// A JSON pick names its photo by path, size and content id: a photo still at its path
/// with its size (and content) is taken; one that has gone or changed is looked for by
/// its content among the published photos ("#21 IMG_0042.jpg: now at …"). A pasted
/// line is tried spelling by spelling, then as a bare file name (taken when exactly one
/// published photo has it); lines that name nothing and do not look like a photo's name
/// are skipped. Every problem is collected, in the client's terms: `#21 IMG_0042.jpg: …`.
struct PickResolver {
    var index: LibraryIndex
    /// How messages name the library and the order file.
    let libraryDisplay: String
    let orderDisplay: String
    let acceptChanged: Bool

    /// A pick found in the library and checked.
    struct Original: Sendable {
        var pick: OrderFile.Pick
        /// Relative to the library: where the photo is now, readable (`\xHH` for bytes
        /// that are not UTF-8).
        var path: String
        /// The same, as the file system knows it.
        var file: BytePath
        /// Absolute, symlinks resolved.
        var source: BytePath
        var status: LibraryIndex.FileStatus
        /// When it was read to check the content.
        var fingerprint: ContentFingerprint?
        /// Found elsewhere than its path ("now at …").
        var notice: String?
        /// Taken although it changed (`--accept-changed`).
        var warning: String?
    }

    struct Result {
        var order: OrderFile
        var originals: [Original] = []
        var problems: [ProofsheetError] = []
        var warnings: [ProofsheetError] = []
        /// "#21 IMG_0042.jpg: now at Party/IMG_0042-2.jpg": where a pick was found instead.
        var notices: [String] = []
    }

    private enum Outcome {
        case found(Original)
        case missing(String)
        case problem(String)
    }

    mutating func resolve(_ document: OrderDocument) -> Result {
        switch document {
        case .json(let file): return resolve(json: file)
        case .text(let list): return resolve(text: list)
        }
    }

    // MARK: JSON

    private mutating func resolve(json file: OrderFile) -> Result {
        var result = Result(order: file)
        result.warnings = file.warnings
        var outcomes: [(OrderFile.Pick, Outcome)] = []
        var claimed = Set<[UInt8]>()
        for pick in file.picks {
            let outcome = find(pick, claimed: claimed)
            if case .found(let original) = outcome { claimed.insert(original.file.bytes) }
            outcomes.append((pick, outcome))
        }
        finish(outcomes, into: &result)
        return result
    }

    private mutating func find(_ pick: OrderFile.Pick, claimed: Set<[UInt8]>) -> Outcome {
        let content = ContentID(pickID: pick.id, path: pick.path, site: index.site)
        var path = pick.path
        var file = pick.file
        // Rebuilt after a rename: the site shows the photo under its new path, same id.
        if let site = index.site, let id = pick.id, site.photo(path: file) == nil, let moved = site.photo(id: id) {
            path = moved.path
            file = moved.file
        }
        var location = index.locate(file)
        // A path that is the readable rendering of one that is not UTF-8, without its
        // bytes (an older page, or a pick the page held without its photo's data): the
        // photo it renders, when exactly one does.
        if case .missing = location, pick.pathBytes == nil {
            let rendered = index.photos(readablePath: path)
            if rendered.count == 1 {
                file = rendered[0].path
                location = index.locate(file)
            }
        }
        switch location {
        case .unpublished(let reason):
            return .problem("not in the gallery (\(reason))")
        case .refused(let reason):
            return .problem(reason)
        case .missing:
            if let moved = relocate(pick, content: content, claimed: claimed) { return moved }
            let searched = content != nil && pick.bytes != nil ? "; no other photo has its content" : ""
            return .missing("missing from the library (\(shownPath(pick.path))\(searched))")
        case .found(let source, let status):
            var change: String?
            var fingerprint: ContentFingerprint?
            if let bytes = pick.bytes, bytes != status.size {
                change = "\(bytes) bytes then, \(status.size) now"
            } else if let content {
                fingerprint = index.fingerprint(of: file)
                if let fingerprint, !content.matches(fingerprint) { change = "the same size, other content" }
            }
            guard let change else {
                return .found(Original(pick: pick, path: path, file: file, source: source, status: status, fingerprint: fingerprint))
            }
            // Another photo now has this name; the one picked may be elsewhere.
            if let moved = relocate(pick, content: content, claimed: claimed.union([file.bytes])) { return moved }
            let what = "changed since the gallery was built (\(change))"
            guard acceptChanged else { return .problem("\(what); --accept-changed takes it as it is now") }
            return .found(
                Original(
                    pick: pick, path: path, file: file, source: source, status: status, fingerprint: nil,
                    warning: "\(what); taken as it is now (--accept-changed)"))
        }
    }

    /// The picked photo found elsewhere by its content, or nil.
    private mutating func relocate(_ pick: OrderFile.Pick, content: ContentID?, claimed: Set<[UInt8]>) -> Outcome? {
        guard let content, let bytes = pick.bytes else { return nil }
        let matches = index.photos(withContent: content, bytes: bytes).filter { !claimed.contains($0.path.bytes) }
        guard let match = matches.first, case .found(let source, let status) = index.locate(match.path) else { return nil }
        var moved = Original(
            pick: pick, path: match.path.readable, file: match.path, source: source, status: status,
            fingerprint: index.fingerprint(of: match.path))
        moved.notice = "now at \(match.path.readable)"
        return .found(moved)
    }

    // MARK: Pasted text

    /// The photo that the first of `spellings` to name any through `lookup` names, when it
    /// names one (the pasted line's pick, number `order`), or all of them when it names
    /// several; nil and none when no spelling names a photo.
    private mutating func onlyPhoto(
        _ spellings: some Sequence<String>, as order: Int, _ entry: PastedList.Entry,
        _ lookup: (inout LibraryIndex, String) -> [LibraryFile]
    ) -> (found: Original?, ambiguous: [LibraryFile]) {
        for spelling in spellings {
            let matches = lookup(&index, spelling)
            if matches.count > 1 { return (nil, matches) }
            if let only = matches.first, case .found(let source, let status) = index.locate(only.path) {
                let pick = OrderFile.Pick(
                    order: order, path: only.path.readable, pathBytes: only.path.isUTF8 ? nil : only.path, note: entry.note,
                    line: entry.line)
                return (Original(pick: pick, path: only.path.readable, file: only.path, source: source, status: status), [])
            }
        }
        return (nil, [])
    }

    private mutating func resolve(text list: PastedList) -> Result {
        var outcomes: [(OrderFile.Pick, Outcome)] = []
        var picked: [PastedList.Entry] = []
        var skipped: [OrderFile.SkippedLine] = []
        for entry in list.entries {
            let order = outcomes.count + 1
            var unusable: String?
            var found: Original?
            for spelling in entry.candidates where OrderFileParser.pathProblem(spelling) == nil {
                switch index.locate(BytePath(spelling)) {
                case .found(let source, let status):
                    let pick = OrderFile.Pick(order: order, path: spelling, note: entry.note, line: entry.line)
                    found = Original(pick: pick, path: spelling, file: BytePath(spelling), source: source, status: status)
                case .unpublished(let reason): unusable = unusable ?? "not in the gallery (\(reason))"
                case .refused(let reason): unusable = unusable ?? reason
                case .missing: break
                }
                if found != nil { break }
            }
            var ambiguous: [LibraryFile] = []
            // The page's rendering of a path that is not UTF-8 (`Album/Caf\xe9.jpg`): the
            // photo it renders, when exactly one does.
            if found == nil {
                (found, ambiguous) = onlyPhoto(entry.candidates, as: order, entry) { $0.photos(readablePath: $1) }
            }
            if found == nil && ambiguous.isEmpty {
                let bare = entry.candidates.lazy.filter { !$0.contains("/") && OrderFileParser.pathProblem($0) == nil }
                (found, ambiguous) = onlyPhoto(bare, as: order, entry) { $0.photos(named: $1) }
            }
            if let found {
                outcomes.append((found.pick, .found(found)))
                picked.append(entry)
                continue
            }
            if !ambiguous.isEmpty || entry.looksLikePhoto { picked.append(entry) }
            let named = entry.candidates.first(where: PastedListReader.hasImageExtension) ?? entry.text
            let pick = OrderFile.Pick(order: order, path: named, note: entry.note, line: entry.line)
            let line = "line \(entry.line) of \(orderDisplay)"
            if !ambiguous.isEmpty {
                let shown = ambiguous.prefix(5).map(\.path.readable).joined(separator: ", ") + (ambiguous.count > 5 ? ", …" : "")
                outcomes.append(
                    (pick, .problem("\(ambiguous.count) photos have this name (\(shown)); write its folder too (\(line))")))
            } else if let unusable, entry.looksLikePhoto {
                outcomes.append((pick, .problem("\(unusable) (\(line))")))
            } else if entry.looksLikePhoto {
                if let reason = entry.candidates.lazy.compactMap(OrderFileParser.pathProblem).first,
                    !entry.candidates.contains(where: { OrderFileParser.pathProblem($0) == nil })
                {
                    outcomes.append((pick, .problem("\(reason) (\(line))")))
                } else {
                    outcomes.append((pick, .missing("missing from the library (\(shownPath(named)), \(line))")))
                }
            } else {
                skipped.append(OrderFile.SkippedLine(line: entry.line, text: entry.text))
            }
        }
        var result = Result(order: list.orderFile(picks: outcomes.map(\.0), skipped: skipped))
        result.warnings = list.warnings
        if outcomes.isEmpty {
            let count = list.entries.count
            result.problems.append(
                ProofsheetError(
                    orderDisplay,
                    "nothing was picked: \(count == 1 ? "its one line names" : "none of its \(count) lines names") a photo of the gallery"))
            return result
        }
        if let tooMany = list.tooMany(picked, displayPath: orderDisplay) {
            result.problems.append(tooMany)
            return result
        }
        finish(outcomes, into: &result)
        if let stated = list.statedCount, stated > outcomes.count {
            result.warnings.append(
                ProofsheetError(
                    orderDisplay,
                    "the list says it holds \(stated == 1 ? "1 pick" : "\(stated) picks"), but \(outcomes.count) \(outcomes.count == 1 ? "was" : "were") read; was the list cut short?"
                ))
        }
        return result
    }

    // MARK: Together

    /// Problems in pick order; picked twice (the same file by two names); and, when
    /// none or almost none of the picks are in the library, one line asking whether it
    /// is the right one instead of a line per pick.
    private func finish(_ outcomes: [(OrderFile.Pick, Outcome)], into result: inout Result) {
        var seen: [String: OrderFile.Pick] = [:]
        var problems: [(ProofsheetError, missing: Bool)] = []
        var found = 0
        for (pick, outcome) in outcomes {
            switch outcome {
            case .found(let original):
                let identity = "\(original.status.device):\(original.status.inode)"
                if let first = seen[identity] {
                    problems.append(
                        (ProofsheetError(pick.shown, "is the same photo as \(first.shown) (\(shownPath(first.path))); picked twice"), false)
                    )
                    continue
                }
                seen[identity] = pick
                found += 1
                result.originals.append(original)
                if let notice = original.notice { result.notices.append("\(pick.shown): \(notice)") }
                if let warning = original.warning { result.warnings.append(ProofsheetError(pick.shown, warning)) }
            case .missing(let reason):
                problems.append((ProofsheetError(pick.shown, reason), true))
            case .problem(let reason):
                problems.append((ProofsheetError(pick.shown, reason), false))
            }
        }
        let total = outcomes.count
        let missing = problems.filter(\.missing).count
        if missing >= 3 && found * 10 <= total {
            let which = found == 0 ? "none of the \(total) picks is" : "only \(found) of the \(total) picks \(found == 1 ? "is" : "are")"
            result.problems.append(
                ProofsheetError(libraryDisplay, "\(which) in this folder; is it the library the gallery was built from?"))
            result.problems += problems.filter { !$0.missing }.map(\.0)
        } else {
            result.problems += problems.map(\.0)
        }
    }

    private func shownPath(_ relative: String) -> String {
        libraryDisplay.hasSuffix("/") ? libraryDisplay + relative : libraryDisplay + "/" + relative
    }
}
