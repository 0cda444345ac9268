/// The phase of a key press, as `UIPress.Phase` for keyboard presses.
public enum KeyPhase: UInt8, Hashable, Sendable, CaseIterable, BitwiseCopyable {
    /// The key went down (`pressesBegan`). Auto-repeat is a `began` with ``KeyPress/isRepeat``.
    case began = 0
    /// The press changed, e.g. its modifiers (`pressesChanged`).
    case changed = 1
    /// The key went up (`pressesEnded`).
    case ended = 2
    /// The press was cancelled (`pressesCancelled`), e.g. by a first-responder change.
    case cancelled = 3

    /// A short lowercase name: `began`, `changed`, `ended`, `cancelled`.
    public var name: String {
        switch self {
        case .began: return "began"
        case .changed: return "changed"
        case .ended: return "ended"
        case .cancelled: return "cancelled"
        }
    }
}
