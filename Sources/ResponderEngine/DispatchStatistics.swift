import KeyTraceCore

/// Running totals of a dispatcher: events, `keyCommands` reads, cache effectiveness (R23).
public struct DispatchStatistics: Hashable, Sendable {
    /// Events dispatched.
    public var events: Int = 0
    /// `keyCommands` reads made.
    public var keyCommandsCalls: Int = 0
    /// Reads the `uikit` policy would have made for the same events and chain changes.
    public var uikitEquivalentCalls: Int = 0
    /// The part of ``uikitEquivalentCalls`` made on first-responder changes rather than by
    /// events (per-event counters in traces do not include it).
    public var uikitCallsOnChainChanges: Int = 0
    /// Dispatches served by a current cached collection.
    public var cacheHits: Int = 0
    /// Dispatches that had to collect.
    public var cacheMisses: Int = 0
    /// Cache invalidations, indexed by ``CacheInvalidationReason`` raw value.
    public var invalidations: [Int] = Array(repeating: 0, count: CacheInvalidationReason.allCases.count)
    /// Resolutions by ``DispatchOutcome`` raw value.
    public var outcomes: [Int] { outcomeCounts.byRawValue }
    /// Resolutions by outcome.
    public private(set) var outcomeCounts = OutcomeCounts()

    /// Zero totals.
    public init() {}

    mutating func record(_ outcome: DispatchOutcome, _ queries: KeyCommandQueries) {
        events += 1
        outcomeCounts.count(outcome)
        keyCommandsCalls += Int(queries.calls)
        uikitEquivalentCalls += Int(queries.uikitCalls)
        switch queries.cache {
        case .hit: cacheHits += 1
        case .miss: cacheMisses += 1
        case .none: break
        }
    }

    /// Invalidations for `reason`.
    public func invalidations(_ reason: CacheInvalidationReason) -> Int { invalidations[Int(reason.rawValue)] }

    /// Resolutions with `outcome`.
    public func count(of outcome: DispatchOutcome) -> Int { outcomeCounts[outcome] }

    /// Hits over hits plus misses, or `nil` before any lookup.
    public var cacheHitRate: Double? {
        let lookups = cacheHits + cacheMisses
        return lookups == 0 ? nil : Double(cacheHits) / Double(lookups)
    }

    /// Reads saved compared with the `uikit` policy.
    public var callsSaved: Int { uikitEquivalentCalls - keyCommandsCalls }
}
