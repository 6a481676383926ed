import Foundation
import ProofsheetCLI

exit(await CLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
