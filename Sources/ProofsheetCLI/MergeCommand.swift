import Foundation
import ProofsheetKit

/// What `proofsheet merge` was asked to do.
public struct MergeOptions: Sendable, Equatable {
    public var files: [String]
    /// nil: `merged.json` (or `merged.txt` when a pasted list left a size unknown).
    public var output: String?
    public var mode: MergeMode
    /// nil: the gallery's limit; 0: none.
    public var limit: Int?
    /// Where to write the table of who picked what, as CSV.
    public var table: String?
    /// Of orders with named selections, the one to merge.
    public var selection: String?

    public init(files: [String], output: String? = nil, mode: MergeMode = .ranked, limit: Int? = nil, table: String? = nil) {
        self.files = files
        self.output = output
        self.mode = mode
        self.limit = limit
        self.table = table
    }
}

/// `proofsheet merge`: several people's order files of one gallery into one, with a table
/// of who picked what. The merging is `OrderMerger`'s; this reads, writes and prints.
struct MergeCommand {
    var options: MergeOptions

    func run(console: Console) async -> Int32 {
        func out(_ line: String) { console.print(Printable.line(line)) }
        func err(_ line: String) { console.warn(Printable.line(line)) }
        func refuse(_ problems: [ProofsheetError]) -> Int32 {
            for problem in problems { err("error: \(problem)") }
            err("nothing was merged (\(problems.count == 1 ? "1 problem" : "\(problems.count) problems"))")
            return ExitCode.badInput
        }
        var inputs: [OrderMerger.Input] = []
        var problems: [ProofsheetError] = []
        for file in options.files {
            do {
                inputs.append(try OrderMerger.read(file, displayPath: file))
            } catch {
                problems.append(contentsOf: error.problems)
            }
        }
        guard problems.isEmpty else { return refuse(problems) }
        let result: OrderMerger.Result
        do {
            result = try OrderMerger.merge(OrderMerger.choose(options.selection, in: inputs), mode: options.mode, limit: options.limit)
        } catch {
            return refuse(error.problems)
        }
        let isJSON = OrderFileWriter.fitsJSON(result.order)
        let output = options.output ?? (isJSON ? "merged.json" : "merged.txt")
        // Never write over what was read, nor the table over the merged order.
        problems = MergeFiles.problems(inputs: options.files, output: output, table: options.table)
        guard problems.isEmpty else { return refuse(problems) }
        do {
            let bytes = isJSON ? OrderFileWriter.json(result.order) : Array(OrderFileWriter.text(result.order).utf8)
            var files = [(bytes: bytes, path: output)]
            if let table = options.table {
                files.append((bytes: [0xEF, 0xBB, 0xBF] + Array(OrderMerger.tableCSV(result).utf8), path: table))
            }
            try MergeFiles.write(files)
        } catch {
            return refuse([error])
        }
        for line in OrderMerger.tableText(result) { out(line) }
        let count = result.order.picks.count
        var summary =
            "merged \(inputs.count == 1 ? "1 order file" : "\(inputs.count) order files") (\(result.pickers.joined(separator: ", "))) into \(output): \(count == 1 ? "1 photo" : "\(count) photos"), \(options.mode.rawValue)"
        if result.cut > 0 {
            summary += "; the limit of \(result.limit) left out \(result.cut) (--limit 0 keeps them all)"
        }
        if !isJSON { summary += " (as text: a pasted list gave no sizes)" }
        out(summary)
        return ExitCode.success
    }
}
