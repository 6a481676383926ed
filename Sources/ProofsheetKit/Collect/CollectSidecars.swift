/// The client's marks, beside each collected photo that has them, as an XMP sidecar the
/// photographer's software reads (docs/formats.md, "Marks as XMP").
///
/// - Where the library has a sidecar for the photo (a companion), the collected one is
///   that sidecar with the marks merged in through Exempi, every other field kept; the
///   library's own is only read.
/// - Where it has none, one is made from nothing, named after the collected photo with
///   `.xmp` for its extension (`07-IMG_1.jpg` → `07-IMG_1.xmp`): the name Lightroom
///   Classic, Bridge and Capture One look for beside a RAW, and the one Capture One reads
///   beside a JPEG too.
/// - A library sidecar that is not valid XMP is collected as it is, without the marks,
///   and said so.
extension Collector {
    static func markSidecars(
        _ order: OrderFile, items: inout [CollectPlan.Item], generated: inout [CollectPlan.Generated],
        warnings: inout [ProofsheetError], claim: (String) -> String
    ) {
        guard !order.marks.isEmpty else { return }
        let picks = Dictionary(order.picks.map { ($0.order, $0) }, uniquingKeysWith: { a, _ in a })
        var kept: [CollectPlan.Item] = []
        for item in items {
            guard let pick = picks[item.order], let mark = order.mark(for: pick) else {
                kept.append(item)
                continue
            }
            if item.companion == nil {
                kept.append(item)
                let hasSidecar = items.contains { $0.order == item.order && $0.companion == .xmp }
                if !hasSidecar, let bytes = try? SidecarMarks.merged(mark, into: nil) {
                    let name = claim(SafeFileName.split(item.name).stem + ".xmp")
                    generated.append(CollectPlan.Generated(role: .sidecar, name: name, bytes: bytes, action: .add, order: item.order))
                }
                continue
            }
            guard item.companion == .xmp else {
                kept.append(item)
                continue
            }
            do {
                let existing = try FileSystem.read(item.source)
                guard let merged = try SidecarMarks.merged(mark, into: existing) else {
                    kept.append(item)  // It holds the marks already: copied as it is.
                    continue
                }
                generated.append(
                    CollectPlan.Generated(
                        role: .sidecar, name: item.name, bytes: merged, action: .add, order: item.order, source: item.path))
            } catch let refusal as SidecarMarks.Refusal {
                kept.append(item)
                warnings.append(ProofsheetError(item.path, "\(refusal.reason); collected as it is, without \(pick.shown)'s marks"))
            } catch {
                kept.append(item)
                warnings.append(ProofsheetError(item.path, "cannot read (\(FileSystem.describe(error))); collected without the marks"))
            }
        }
        items = kept
    }
}
