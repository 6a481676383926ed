import Foundation
import ProofsheetKit

/// `proofsheet collect`: gathers the picked originals. The work is in ProofsheetKit's
/// `Collector`; this type only runs it and prints.
struct CollectCommand {
    var options: CollectOptions

    func run(console: Console) async -> Int32 {
        console.warn("error: collect is not available yet")
        return ExitCode.badInput
    }
}
