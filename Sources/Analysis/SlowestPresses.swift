/// The N slowest presses seen so far, slowest first: a bounded, sorted list.
///
/// Admission is one comparison against the current N-th value, so the common case (a press
/// faster than all N kept) costs nothing; equal times keep the earlier press.
struct SlowestPresses {
    let capacity: Int
    private(set) var presses: [TraceAnalysis.SlowPress] = []

    init(capacity: Int) {
        self.capacity = capacity
        presses.reserveCapacity(capacity)
    }

    /// Whether a press taking `endToEnd` would be kept.
    func admits(_ endToEnd: UInt64) -> Bool {
        capacity > 0 && (presses.count < capacity || endToEnd > presses[presses.count - 1].endToEndNanoseconds)
    }

    /// Keeps `press` if it is among the slowest.
    mutating func insert(_ press: TraceAnalysis.SlowPress, traceIndex: Int) {
        guard admits(press.endToEndNanoseconds) else { return }
        // First position whose time is strictly smaller: ties stay in arrival order.
        var low = 0, high = presses.count
        while low < high {
            let mid = (low + high) / 2
            if presses[mid].endToEndNanoseconds >= press.endToEndNanoseconds { low = mid + 1 } else { high = mid }
        }
        presses.insert(press, at: low)
        if presses.count > capacity { presses.removeLast() }
    }
}
