/// Events a source has decoded but not yet handed out, in order, and how its input ended.
///
/// Decoders append to ``events`` (one packet or record may give several events); ``next()``
/// hands them out and reuses the buffer once it is drained, so a streaming source allocates
/// nothing per event in steady state. A source's `next()` starts with ``handout()``: events
/// decoded before the input ended come first, then the error it ended with (once), then the end.
struct PendingEvents: CaptureEventSink {
    /// What a source hands out before it reads more input.
    enum Handout {
        case event(CaptureEvent)
        case end
        case readMore
    }

    /// Decoded events not yet handed out, and those already handed out before ``next()`` drains.
    var events: [CaptureEvent] = []
    private var index = 0
    /// Whether the input has ended (events may still be pending).
    private(set) var isFinished = false
    private var deferredError: CaptureError?

    /// Queues `event` after the others.
    mutating func receive(_ event: CaptureEvent) { events.append(event) }

    /// Marks the input as ended; `error`, if any, is thrown after the pending events.
    mutating func finish(deferring error: CaptureError? = nil) {
        isFinished = true
        deferredError = error
    }

    /// The next pending event, else the deferred error (thrown once), else the end, else
    /// ``Handout/readMore``.
    mutating func handout() throws(CaptureError) -> Handout {
        if let event = next() { return .event(event) }
        if let error = deferredError {
            deferredError = nil
            throw error
        }
        return isFinished ? .end : .readMore
    }

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
