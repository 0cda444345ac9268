extension Responder {
    /// Visits `start` and the responders `step` leads to, in order, until the chain ends, `body`
    /// returns `false`, or the walk comes back to a responder it has seen (a cycle).
    ///
    /// Cycles are found with Brent's algorithm: no allocation, and a cyclic chain ends after
    /// about two laps instead of a fixed step budget. A responder of a cycle may be visited
    /// twice before the cycle is noticed, so `body` should be idempotent.
    public static func walk(from start: Responder?, via step: (Responder) -> Responder?,
                            _ body: (Responder) -> Bool) {
        guard let start, body(start) else { return }
        var tortoise = start
        var hare = step(start)
        var power = 1, length = 1
        while let current = hare {
            if current === tortoise { return }  // a cycle
            guard body(current) else { return }
            if power == length {
                tortoise = current
                power &*= 2
                length = 0
            }
            hare = step(current)
            length += 1
        }
    }

    /// The first responder from here along ``next`` (this one included) that satisfies `test`.
    public func firstInChain(where test: (Responder) -> Bool) -> Responder? {
        var found: Responder?
        Responder.walk(from: self, via: { $0.next }) { responder in
            if test(responder) { found = responder; return false }
            return true
        }
        return found
    }
}
