/// How one dispatch asked for `keyCommands` (R23).
public struct KeyCommandQueries: Hashable, Sendable {
    /// Whether a cached collection served this dispatch (`cached` policy only).
    public enum CacheUse: UInt8, Hashable, Sendable {
        /// No cache involved (`uikit` policy, or nothing to collect).
        case none = 0
        /// The cached collection was still current.
        case hit = 1
        /// The cache was stale or empty and was rebuilt.
        case miss = 2
    }

    /// `keyCommands` reads made by this dispatch, summed over responders.
    public var calls: Int32 = 0
    /// Reads the `uikit` policy makes for the same dispatch (equal to ``calls`` under `uikit`).
    public var uikitCalls: Int32 = 0
    /// Chain enumerations made.
    public var enumerations: UInt8 = 0
    /// Cache use.
    public var cache: CacheUse = .none

    /// Reads the cache saved: ``uikitCalls`` − ``calls``.
    public var callsSaved: Int32 { uikitCalls - calls }

    /// No queries yet: every count zero, no cache use.
    public init() {}

    /// No queries.
    public static let none = KeyCommandQueries()
}
