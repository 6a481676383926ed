import Foundation
import ProofsheetKit

/// `proofsheet demo`: draws the sample library, then builds it with a limit of 3.
struct DemoCommand {
    var output: String
    var library: String?
    var quiet: Bool

    /// The sample library goes beside the output folder unless told otherwise.
    var libraryPath: String {
        library ?? ((output as NSString).deletingLastPathComponent as NSString).appendingPathComponent("demo-library")
    }

    func run(console: Console) async -> Int32 {
        let path = libraryPath
        do {
            let written = try DemoLibrary.write(to: path)
            if !quiet { console.print("Drew \(written.count) sample photos in \(path)/") }
        } catch {
            console.warn("error: \(error)")
            return ExitCode.badInput
        }
        var options = BuildOptions(library: path, output: output)
        options.title = "proofsheet demo"
        options.limit = 3
        return await BuildCommand(options: options, strict: false, quiet: quiet).run(console: console)
    }
}
