import Dispatch

/// `DispatchQueue.concurrentPerform` for bodies whose iterations touch disjoint memory (their own
/// result slot, channel or file). The compiler cannot see that through the pointers involved, so
/// the body goes across unchecked; every caller's comment says what keeps the iterations apart.
func concurrently(_ iterations: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
        let box = UncheckedSendable(body)
        DispatchQueue.concurrentPerform(iterations: iterations) { box.value($0) }
    }
}

/// A value handed to another thread where the compiler cannot prove that is safe.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs `transform` over `items` on all cores, keeping the order.
package func parallelMap<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
    guard items.count > 1 else { return items.map(transform) }
    var results = [R?](repeating: nil, count: items.count)
    results.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        concurrently(items.count) { i in
            (base + i).pointee = transform(items[i])
        }
    }
    return results.map { $0! }
}
