/// How much memory the photos being rendered may hold at once, whatever `--jobs` says: a
/// photo waits until its cost fits beside the others in flight, in the order they asked
/// (so a big photo is not overtaken forever), and a photo that costs more than the whole
/// budget runs alone. One per build; shared by its render tasks.
actor MemoryBudget {
    /// About 300 MB: with the process's own 30-odd MB, a build stays under 400 MB.
    static let defaultLimit = 300 << 20

    let limit: Int
    private var inUse = 0
    private var running = 0
    private var waiting: [(cost: Int, admit: CheckedContinuation<Void, Never>)] = []

    init(limit: Int = MemoryBudget.defaultLimit) {
        self.limit = limit
    }

    /// Returns once `cost` bytes may be used; give them back with `release`.
    func reserve(_ cost: Int) async {
        if waiting.isEmpty && fits(cost) {
            admit(cost)
            return
        }
        await withCheckedContinuation { continuation in
            waiting.append((cost, continuation))
        }
    }

    func release(_ cost: Int) {
        inUse -= cost
        running -= 1
        while let first = waiting.first, fits(first.cost) {
            waiting.removeFirst()
            admit(first.cost)
            first.admit.resume()
        }
    }

    /// What is in use, by how many photos, and how many wait: for tests.
    var state: (inUse: Int, running: Int, waiting: Int) { (inUse, running, waiting.count) }

    private func fits(_ cost: Int) -> Bool {
        running == 0 || inUse + cost <= limit
    }

    private func admit(_ cost: Int) {
        inUse += cost
        running += 1
    }
}
