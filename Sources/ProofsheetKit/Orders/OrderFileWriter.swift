import Foundation

/// Writes an order file, as `merge` makes one: JSON version 1 (what the page exports), or
/// — when a photo's size is unknown because it came from a pasted list — the plain-text
/// form the page copies and mails. Both read back with `OrderFileParser`.
public enum OrderFileWriter {
    private struct JSONFile: Encodable {
        var format = OrderFile.formatName
        var version = OrderFile.currentVersion
        var gallery: String?
        var title: String?
        var limit: Int?
        var minimum: Int?
        var exported: String?
        var by: String?
        var note: String?
        var picks: [JSONPick]
    }

    private struct JSONPick: Encodable {
        var order: Int
        var id: String?
        var path: String
        /// Base64 of the path's exact bytes, when it is not UTF-8 (as the page writes it).
        var pathBytes: String?
        var name: String
        var bytes: Int64?
        var note: String?
    }

    /// Whether the JSON form can hold the file: every pick's size is known.
    public static func fitsJSON(_ order: OrderFile) -> Bool { order.picks.allSatisfy { $0.bytes != nil } }

    /// The JSON form, keys sorted, pretty-printed: the same order file gives the same bytes.
    public static func json(_ order: OrderFile) -> [UInt8] {
        let file = JSONFile(
            gallery: order.gallery, title: order.title, limit: order.limit, minimum: order.minimum, exported: order.exported,
            by: order.by, note: order.note,
            picks: order.picks.map {
                JSONPick(
                    order: $0.order, id: $0.id, path: $0.path, pathBytes: $0.pathBytes.map { Data($0.bytes).base64EncodedString() },
                    name: $0.name, bytes: $0.bytes, note: $0.note)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Plain strings and numbers always encode.
        return Array((try? encoder.encode(file)) ?? Data()) + [0x0A]
    }

    /// The plain-text form (README, "As text").
    public static func text(_ order: OrderFile) -> String {
        var heading =
            "# " + UntrustedText.oneLine(order.title ?? "Picks") + " — "
            + (order.picks.count == 1 ? "1 pick" : "\(order.picks.count) picks")
        if let gallery = order.gallery { heading += " — gallery " + gallery }
        var lines = [heading]
        if let by = order.by { lines.append("# By: " + UntrustedText.oneLine(by)) }
        if let note = order.note { lines.append("# Note: " + UntrustedText.oneLine(note)) }
        for pick in order.picks {
            lines.append("\(pick.order). \(pick.path)")
            if let note = pick.note { lines.append("   Note: " + UntrustedText.oneLine(note)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
