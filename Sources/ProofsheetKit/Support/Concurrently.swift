import Dispatch
import Synchronization

/// `body` of each of `0..<count`, on every core at once; the results in order. For work
/// split in a few large parts (a library's two halves, a rebuild's kept albums), each part
/// writing only its own slot (under a lock taken once a part).
func concurrently<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
    let results = Mutex([Result?](repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { part in
        let result = body(part)
        results.withLock { $0[part] = result }
    }
    return results.withLock { $0.map { $0! } }
}

/// `first` and `second` at once, on two cores; both results.
func concurrently<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    let results = Mutex<(First?, Second?)>((nil, nil))
    DispatchQueue.concurrentPerform(iterations: 2) { part in
        if part == 0 {
            let result = first()
            results.withLock { $0.0 = result }
        } else {
            let result = second()
            results.withLock { $0.1 = result }
        }
    }
    return results.withLock { ($0.0!, $0.1!) }
}
