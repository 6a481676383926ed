/// `merge` of orders with named selections works one selection at a time (`merge
/// --selection Album A.json B.json`): each file's picks in that selection are merged as a
/// single selection's are. Without `--selection`, a file with named selections is refused
/// rather than merged as if it had no picks.
extension OrderMerger {
    public static func choose(_ selection: String?, in inputs: [Input]) throws(CollectRefusal) -> [Input] {
        var problems: [ProofsheetError] = []
        let chosen = inputs.map { input -> Input in
            let names = input.order.selections.map { quotedForMessage($0.name) }.joined(separator: ", ")
            guard let selection else {
                if !input.order.selections.isEmpty {
                    problems.append(
                        ProofsheetError(input.name, "has named selections (\(names)); merge one at a time with --selection NAME"))
                }
                return input
            }
            guard let found = input.order.selections.first(where: { $0.name.lowercased() == selection.lowercased() }) else {
                let has = input.order.selections.isEmpty ? "it has no named selections" : "it has \(names)"
                problems.append(ProofsheetError(input.name, "no selection \(quotedForMessage(selection)) (\(has))"))
                return input
            }
            return Input(name: input.name, order: input.order.only(found))
        }
        guard problems.isEmpty else { throw CollectRefusal(problems) }
        return chosen
    }
}
