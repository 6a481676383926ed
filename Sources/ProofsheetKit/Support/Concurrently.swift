import Dispatch

/// `body` of each of `0..<count`, on every core at once; the results in order. For work
/// split in a few large parts (a library's two halves, a rebuild's kept albums), each part
/// writing only its own slot.
func concurrently<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    var results = [Result?](repeating: nil, count: count)
    results.withUnsafeMutableBufferPointer { buffer in
        nonisolated(unsafe) let buffer = buffer
        DispatchQueue.concurrentPerform(iterations: count) { buffer[$0] = body($0) }
    }
    return results.map { $0! }
}
