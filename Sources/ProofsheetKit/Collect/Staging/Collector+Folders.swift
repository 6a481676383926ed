import Foundation

/// Where collect reads and writes: the library and the output folder, checked.
extension Collector {
    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
    }

    func checkedLibrary(_ problems: inout [ProofsheetError]) -> String? {
        guard let given = options.library else {
            problems.append(ProofsheetError("--library", "needed: the folder the gallery was built from"))
            return nil
        }
        let path = absolute(given)
        guard FileSystem.exists(path) else {
            problems.append(ProofsheetError(given, "no such folder (the library the gallery was built from)"))
            return nil
        }
        guard FileSystem.isDirectory(path), let real = FileSystem.realPath(path) else {
            problems.append(ProofsheetError(given, "not a folder (the library the gallery was built from)"))
            return nil
        }
        return real
    }

    /// The output folder: absolute, its display name, whether it exists.
    func checkedOutput(
        title: String?, library: String?, _ problems: inout [ProofsheetError]
    ) -> (path: String, display: String, exists: Bool)? {
        var display = options.output ?? Self.defaultOutputName(title: title, orderFile: options.orderFile)
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
            // A selection's folder goes in the output folder, which a dry run does not make.
            if parent == plannedParent {
                path = parent + "/" + name
                exists = false
                break
            }
            guard FileSystem.isDirectory(parent), let realParent = FileSystem.realPath(parent) else {
                problems.append(ProofsheetError(display, "the folder it goes in does not exist; create it first"))
                return nil
            }
            path = realParent == "/" ? "/" + name : realParent + "/" + name
            exists = false
        case .file?:
            problems.append(ProofsheetError(display, "is a file, not a folder; choose another --output"))
            return nil
        case .symlink? where FileSystem.realPath(path) == nil:
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            problems.append(ProofsheetError(display, "is a symlink to nothing (\(quotedForMessage(target))); choose another --output"))
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
            // Compared as bytes on whole components, never as text.
            if path == library || path.utf8.starts(with: (library + "/").utf8) {
                problems.append(ProofsheetError(display, "is inside the library; choose an output folder outside it"))
                return nil
            }
            if library.utf8.starts(with: (path + "/").utf8) || path == "/" {
                problems.append(ProofsheetError(display, "contains the library; choose another output folder"))
                return nil
            }
        }
        return (path, display, exists)
    }

    /// "TITLE picks" for an order file with a title; else the order file's stem plus
    /// " picks"; "picks" for standard input. Made safe as a folder name.
    public static func defaultOutputName(title: String?, orderFile: String) -> String {
        let title = title?.trimmingBlanks() ?? ""
        if !title.isEmpty { return SafeFileName.make(title + " picks") }
        if orderFile == CollectOptions.standardInput { return "picks" }
        return SafeFileName.make(SafeFileName.split((orderFile as NSString).lastPathComponent).stem + " picks")
    }
}
