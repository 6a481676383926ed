import Foundation
import Testing

@testable import ProofsheetKit

/// A valid version 1 order file with `picks` spliced in, and the top-level fields
/// replaced by `top` when given.
func orderJSON(picks: String = #"{"order": 1, "id": "a1", "path": "A/one.jpg", "name": "one.jpg", "bytes": 10}"#, top: String? = nil)
    -> [UInt8]
{
    let fields =
        top
        ?? #""format": "proofsheet-order", "version": 1, "gallery": "9f2c4e7a1b3d", "title": "Anna & Ben", "limit": 3, "exported": "2026-11-30T10:04:05Z""#
    return Array("{\(fields), \"picks\": [\(picks)]}".utf8)
}

/// The messages a parse refuses with, or [] when it succeeds. A pasted list is taken as
/// it is without a library.
func orderFileProblems(_ bytes: [UInt8], named name: String = "order.json") -> [String] {
    do {
        if case .text(let list) = try OrderFileParser.parse(bytes, displayPath: name) {
            _ = try list.picksWithoutLibrary(displayPath: name)
        }
        return []
    } catch {
        return error.problems.map(\.description)
    }
}

/// A JSON order file parsed.
func parseOrder(_ bytes: [UInt8], named name: String = "order.json") throws -> OrderFile {
    try OrderFileParser.parseJSON(bytes, displayPath: name)
}
