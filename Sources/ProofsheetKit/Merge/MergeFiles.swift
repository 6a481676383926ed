import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files `merge` reads and writes, checked before anything is read or written: each
/// input once, no output that is an input, and two outputs that are two files — compared
/// as the files they are (device and inode, symlinks followed), not as the names given,
/// so `./a.json`, a symlink to it and a hard link of it are all `a.json`.
///
/// `merge -o X --table X` would otherwise write the table over the merged order it had
/// just written, and say it merged.
public enum MergeFiles {
    /// What a name leads to: an existing file, or (for an output not made yet) the path
    /// it will have, its folder's symlinks resolved.
    enum Target: Hashable {
        case file(device: UInt64, inode: UInt64)
        case new(path: String)
    }

    /// The problems, one per file concerned; empty when the files may be used.
    public static func problems(inputs: [String], output: String, table: String?) -> [ProofsheetError] {
        var problems: [ProofsheetError] = []
        var seen: [Target: String] = [:]
        for input in inputs {
            guard let target = existing(input) else { continue }  // Reading it says why.
            if let first = seen[target] {
                let how = first == input ? "" : " (as \(first))"
                problems.append(ProofsheetError(input, "given twice\(how); give each person's order file once"))
            } else {
                seen[target] = input
            }
        }
        var outputs: [(name: String, option: String, target: Target)] = []
        for (name, option) in [(output, "--output"), (table, "--table")] {
            guard let name else { continue }
            switch target(of: name) {
            case .failure(let problem): problems.append(ProofsheetError(name, "\(problem); choose another \(option)"))
            case .success(let target): outputs.append((name, option, target))
            }
        }
        for output in outputs {
            if let input = seen[output.target] {
                let how = input == output.name ? "" : " (\(input))"
                problems.append(ProofsheetError(output.name, "is one of the files being merged\(how); choose another \(output.option)"))
            }
        }
        if outputs.count == 2, outputs[0].target == outputs[1].target {
            problems.append(
                ProofsheetError(outputs[1].name, "is the same file as --output \(outputs[0].name); the table needs a file of its own"))
        }
        return problems
    }

    /// Writes each file in full beside its name first, and only then puts them in place,
    /// so a table that cannot be written leaves no merged order behind either.
    public static func write(_ files: [(bytes: [UInt8], path: String)]) throws(ProofsheetError) {
        var written: [(temporary: String, path: String)] = []
        do {
            for file in files { written.append((try FileSystem.writeTemporary(file.bytes, beside: file.path), file.path)) }
        } catch {
            for file in written { unlink(file.temporary) }
            throw (error as? ProofsheetError) ?? ProofsheetError(files.first?.path ?? "", "cannot write (\(error))")
        }
        for (index, file) in written.enumerated() where rename(file.temporary, file.path) != 0 {
            let reason = FileSystem.reason(errno)
            for rest in written[index...] { unlink(rest.temporary) }
            throw ProofsheetError(file.path, "cannot write (\(reason))")
        }
    }

    /// The file an input names (symlinks followed); nil when there is none.
    private static func existing(_ path: String) -> Target? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return .file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// What an output name leads to, or why it cannot be written.
    private static func target(of path: String) -> Result<Target, OutputProblem> {
        var link = stat()
        guard lstat(path, &link) == 0 else {
            let parent = (path as NSString).deletingLastPathComponent
            let real = FileSystem.realPath(parent.isEmpty ? "." : parent) ?? parent
            return .success(.new(path: real + "/" + (path as NSString).lastPathComponent))
        }
        if link.st_mode & S_IFMT == S_IFLNK, existing(path) == nil {
            let pointsTo = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            return .failure(OutputProblem("is a symlink to nothing (\(quotedForMessage(pointsTo)))"))
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(OutputProblem("cannot be reached (\(FileSystem.errnoText()))")) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(OutputProblem(info.st_mode & S_IFMT == S_IFDIR ? "is a folder" : "is not a regular file"))
        }
        return .success(.file(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    struct OutputProblem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
