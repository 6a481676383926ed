import Testing

@testable import ProofsheetKit

/// The build's memory budget: what is in flight never passes the limit, except a photo
/// bigger than the whole budget, which runs alone; waiting photos go in the order they came.
@Suite("Memory budget")
struct MemoryBudgetTests {
    /// Lets the other tasks run until `condition` holds (no clock: a bounded number of yields).
    func settle(_ condition: () async -> Bool) async -> Bool {
        for _ in 0..<10_000 {
            if await condition() { return true }
            await Task.yield()
        }
        return await condition()
    }

    @Test("photos wait until their cost fits, in order; one over the budget runs alone")
    func admission() async {
        let budget = MemoryBudget(limit: 100)
        await budget.reserve(60)
        let log = Log()
        // 50 does not fit beside 60; 500 is over the whole budget; 10 would fit, but waits its turn.
        let second = Task {
            await budget.reserve(50); await log.add(50)
        }
        #expect(await settle { await budget.state.waiting == 1 })
        let third = Task {
            await budget.reserve(500); await log.add(500)
        }
        #expect(await settle { await budget.state.waiting == 2 })
        let fourth = Task {
            await budget.reserve(10); await log.add(10)
        }
        #expect(await settle { await budget.state.waiting == 3 })
        #expect(await log.order.isEmpty)

        await budget.release(60)
        await second.value
        #expect(await log.order == [50])
        #expect(await budget.state.inUse == 50)
        await budget.release(50)
        await third.value
        #expect(await log.order == [50, 500], "alone")
        #expect(await budget.state == (inUse: 500, running: 1, waiting: 1))
        await budget.release(500)
        await fourth.value
        #expect(await log.order == [50, 500, 10])
        await budget.release(10)
        #expect(await budget.state == (inUse: 0, running: 0, waiting: 0))
    }

    actor Log {
        var order: [Int] = []
        func add(_ cost: Int) { order.append(cost) }
    }
}
