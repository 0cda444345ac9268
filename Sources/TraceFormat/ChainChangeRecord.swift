import KeyTraceCore

/// A change of the responder chain: which kind, and the responder paths before and after.
public struct ChainChangeRecord: Hashable, Sendable {
    /// When it happened, in nanoseconds.
    public var timestamp: UInt64
    /// What changed.
    public var kind: ChainChangeKind
    /// The responder path before the change, if any.
    public var from: String?
    /// The responder path after the change, if any.
    public var to: String?

    /// Creates a chain-change record.
    public init(timestamp: UInt64, kind: ChainChangeKind, from: String? = nil, to: String? = nil) {
        self.timestamp = timestamp
        self.kind = kind
        self.from = from
        self.to = to
    }
}
