import KeyTraceCore

/// A key-command cache event: hit, miss, or invalidation with its reason.
public struct CacheEventRecord: Hashable, Sendable {
    /// What happened to the cache.
    public enum Event: Hashable, Sendable {
        /// The cached commands were reused.
        case hit
        /// The commands had to be collected.
        case miss
        /// The cache was thrown away.
        case invalidation(CacheInvalidationReason)

        /// `hit`, `miss` or `invalidation`.
        public var name: String {
            switch self {
            case .hit: return "hit"
            case .miss: return "miss"
            case .invalidation: return "invalidation"
            }
        }
    }

    /// When it happened, in nanoseconds.
    public var timestamp: UInt64
    /// What happened.
    public var event: Event

    /// Creates a cache event record.
    public init(timestamp: UInt64, event: Event) {
        self.timestamp = timestamp
        self.event = event
    }
}
