/// Events a source has decoded but not yet handed out, in order.
///
/// Decoders append to ``events`` (one packet or record may give several events); ``next()``
/// hands them out and reuses the buffer once it is drained, so a streaming source allocates
/// nothing per event in steady state.
struct PendingEvents {
    /// Decoded events not yet handed out, and those already handed out before ``next()`` drains.
    var events: [CaptureEvent] = []
    private var index = 0

    /// The next pending event, or `nil` when every event has been handed out.
    mutating func next() -> CaptureEvent? {
        guard index < events.count else {
            if !events.isEmpty {
                events.removeAll(keepingCapacity: true)
                index = 0
            }
            return nil
        }
        defer { index += 1 }
        return events[index]
    }
}
