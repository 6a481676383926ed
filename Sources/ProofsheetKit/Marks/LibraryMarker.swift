import Foundation

/// What `proofsheet mark` was asked to do.
public struct MarkOptions: Sendable, Equatable {
    public var orderFile: String
    public var library: String
    public var dryRun: Bool
    /// Put back what the last run changed.
    public var undo: Bool

    public init(orderFile: String, library: String, dryRun: Bool = false, undo: Bool = false) {
        self.orderFile = orderFile
        self.library = library
        self.dryRun = dryRun
        self.undo = undo
    }
}

/// `proofsheet mark`: the order file's marks written into the library's own XMP sidecars,
/// where Lightroom Classic ("Read Metadata from Files"), Capture One and darktable read
/// them.
///
/// Each marked photo's sidecars (the companions `build` and `collect` give it) get
/// `xmp:Rating` and `xmp:Label` through Exempi, every other field kept; a photo without one
/// gets `IMG_1.xmp` beside it. A photo's own bytes are never written. Each sidecar is
/// written atomically, after the journal that lets `--undo` put it back. A sidecar that
/// already holds its marks is left as it is, so a second run changes nothing; one that is
/// not valid XMP is refused by name and left as it was, and the rest goes on.
public struct LibraryMarker: Sendable {
    public var options: MarkOptions
    public var workingDirectory: String

    public init(options: MarkOptions, workingDirectory: String? = nil) {
        self.options = options
        self.workingDirectory = workingDirectory ?? FileManager.default.currentDirectoryPath
    }

    /// One sidecar and what happens to it.
    public struct Change: Sendable, Equatable {
        public enum Action: Sendable, Equatable {
            case create, update, unchanged
        }

        /// Relative to the library.
        public var sidecar: String
        /// The marked photo, relative to the library.
        public var photo: String
        public var mark: PhotoMark
        public var action: Action
        var bytes: [UInt8]
        var before: [UInt8]?
    }

    public struct Report: Sendable {
        public var changes: [Change]
        /// Sidecars refused (not valid XMP, unreadable) and left as they were.
        public var refused: [ProofsheetError]
        public var dryRun: Bool

        public var written: [Change] { changes.filter { $0.action != .unchanged } }
    }

    /// Plans, and unless a dry run, writes.
    public func run() throws(CollectRefusal) -> Report {
        let library = try checkedLibrary()
        var report = try plan(library: library)
        report.dryRun = options.dryRun
        guard !options.dryRun, !report.written.isEmpty else { return report }
        var journal: MarkJournal
        do {
            journal = try MarkJournal.read(library: library)
            journal.runs.append(
                MarkJournal.Run(
                    order: options.orderFile,
                    files: report.written.map {
                        MarkJournal.File(
                            path: $0.sidecar, before: $0.before.map { Data($0).base64EncodedString() },
                            after: Data($0.bytes).base64EncodedString())
                    }))
            try journal.write(library: library)
        } catch {
            throw CollectRefusal([error])
        }
        for change in report.written {
            do {
                try FileSystem.writeAtomically(change.bytes, to: library + "/" + change.sidecar)
            } catch {
                report.refused.append(ProofsheetError(change.sidecar, "cannot write (\(FileSystem.describe(error))); left as it was"))
                report.changes.removeAll { $0.sidecar == change.sidecar }
            }
        }
        return report
    }

    /// What a run would write, reading only.
    func plan(library: String) throws(CollectRefusal) -> Report {
        let (document, _) = try OrderFileParser.read(absolute(options.orderFile), displayPath: options.orderFile)
        guard case .json(let order) = document, !order.marks.isEmpty else {
            throw CollectRefusal(options.orderFile, "holds no marks (stars, labels or rejects: an order file of version 2 from the page)")
        }
        var resolver = PickResolver(
            index: LibraryIndex(root: library, site: nil), libraryDisplay: options.library,
            orderDisplay: (options.orderFile as NSString).lastPathComponent, acceptChanged: true)
        let result = resolver.resolve(.json(MarkFilter().picks(of: order)))
        guard result.problems.isEmpty else { throw CollectRefusal(result.problems) }
        let marks = Dictionary(order.marks.enumerated().map { ($0.offset + 1, $0.element.mark) }, uniquingKeysWith: { a, _ in a })

        var companions = Companions(root: library, excludes: [])
        var changes: [Change] = []
        var refused: [ProofsheetError] = []
        var seen = Set<String>()
        for original in result.originals {
            guard let mark = marks[original.pick.order] else { continue }
            var sidecars = companions.find(for: original.file).found.filter { $0.kind == .xmp }.map { ($0.path, $0.source.isUTF8) }
            if sidecars.isEmpty {
                let name = original.file.lastComponent.readable
                let folder = original.path.dropLast(name.utf8.count)
                sidecars = [(folder + SafeFileName.split(name).stem + ".xmp", original.file.isUTF8)]
            }
            for (sidecar, isUTF8) in sidecars where seen.insert(sidecar).inserted {
                guard isUTF8 else {
                    refused.append(ProofsheetError(sidecar, "a name that is not UTF-8; not marked"))
                    continue
                }
                let path = library + "/" + sidecar
                var before: [UInt8]?
                // Never through a symlink or into a folder: a sidecar is a file of the library.
                if let kind = FileSystem.kind(of: path), kind != .file {
                    refused.append(ProofsheetError(sidecar, "is not a regular file (a symlink or a folder); left as it was"))
                    continue
                }
                if FileSystem.exists(path) {
                    do {
                        before = try FileSystem.read(path)
                    } catch {
                        refused.append(ProofsheetError(sidecar, "cannot read (\(FileSystem.describe(error))); left as it was"))
                        continue
                    }
                }
                do {
                    let merged = try SidecarMarks.merged(mark, into: before)
                    let action: Change.Action = merged == nil ? .unchanged : before == nil ? .create : .update
                    changes.append(
                        Change(
                            sidecar: sidecar, photo: original.path, mark: mark, action: action, bytes: merged ?? before ?? [],
                            before: before))
                } catch {
                    refused.append(ProofsheetError(sidecar, "\(error.reason); left as it was"))
                }
            }
        }
        return Report(changes: changes, refused: refused, dryRun: options.dryRun)
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
    }

    func checkedLibrary() throws(CollectRefusal) -> String {
        let path = absolute(options.library)
        guard FileSystem.isDirectory(path), let real = FileSystem.realPath(path) else {
            throw CollectRefusal(options.library, "not a folder (the library the gallery was built from)")
        }
        return real
    }
}
