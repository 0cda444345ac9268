/// A capture source that decodes its input a piece at a time into ``PendingEvents``. The
/// shared ``next()`` hands out what is pending and asks for more input only when nothing is,
/// so each source implements only how it reads (``readMore()``) and how it ends (``endInput()``).
///
/// ```
///  next() ─▶ an event pending? ──yes──▶ return it
///               │ no: the error the input ended with? ─▶ throw it (once); ended? ─▶ nil
///               ▼
///           stopper stopped? ──yes──▶ endInput()       then hand out what it left
///               │ no
///               ▼
///           readMore() ─▶ decodes into pending.events, or ends the input (pending.finish)
/// ```
protocol StreamingCaptureSource: CaptureSource {
    /// Events decoded and not yet handed out, and how the input ended.
    var pending: PendingEvents { get set }
    /// Checked before every read: once stopped, the input ends.
    var stopper: CaptureStopper { get }
    /// Reads the next piece of input (a packet, a line, a block of records) and decodes it into
    /// ``pending``. At the end of the input, or when it fails, finishes ``pending`` (deferring
    /// the error) or throws.
    func readMore() throws(CaptureError)
    /// Ends the input when the stopper asks: flushes what the decoder holds and finishes
    /// ``pending``.
    func endInput()
}

extension StreamingCaptureSource {
    /// The next event, or `nil` at the end of the input or once stopped. A failure throws once,
    /// after the events decoded before it.
    public func next() throws(CaptureError) -> CaptureEvent? {
        while true {
            switch try pending.handout() {
            case .event(let event): return event
            case .end: return nil
            case .readMore: break
            }
            if stopper.isStopped {
                endInput()
            } else {
                try readMore()
            }
        }
    }
}
