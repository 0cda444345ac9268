import KeyTraceCore

/// The deterministic counters of one benchmark run: the same build, scene and trace give the
/// same values on every run and every machine, so `compare` judges them exactly.
///
/// Invalidations and outcomes are keyed by their stable names
/// (``CacheInvalidationReason/name``, ``DispatchOutcome/name``); names with a zero count may be
/// left out.
public struct BenchCounters: Hashable, Sendable, Codable {
    /// Key events dispatched.
    public var presses: UInt64 = 0
    /// `keyCommands` reads made.
    public var keyCommandsCalls: UInt64 = 0
    /// Reads the `uikit` policy makes for the same events.
    public var uikitEquivalentCalls: UInt64 = 0
    /// Dispatches served by a current cached collection.
    public var cacheHits: UInt64 = 0
    /// Dispatches that had to collect under the `cached` policy.
    public var cacheMisses: UInt64 = 0
    /// Cache invalidations by reason name.
    public var invalidations: [String: UInt64] = [:]
    /// Resolutions by outcome name.
    public var outcomes: [String: UInt64] = [:]
    /// Heap allocations made while dispatching, when the bench measured them; `nil` otherwise.
    public var allocations: UInt64?

    /// Zero counters.
    public init() {}

    /// Counts one resolved press.
    public mutating func record(outcome: DispatchOutcome, queries: KeyCommandQueries) {
        presses += 1
        keyCommandsCalls += UInt64(max(0, queries.calls))
        uikitEquivalentCalls += UInt64(max(0, queries.uikitCalls))
        switch queries.cache {
        case .hit: cacheHits += 1
        case .miss: cacheMisses += 1
        case .none: break
        }
        outcomes[outcome.name, default: 0] += 1
    }

    /// Counts one cache invalidation.
    public mutating func record(invalidation reason: CacheInvalidationReason) {
        invalidations[reason.name, default: 0] += 1
    }

    /// Adds `count` allocations (and starts counting allocations if it had not).
    public mutating func record(allocations count: UInt64) {
        allocations = (allocations ?? 0) + count
    }

    /// Adds every counter of `other`. Allocations stay `nil` only when neither side measured them.
    public mutating func merge(_ other: BenchCounters) {
        presses += other.presses
        keyCommandsCalls += other.keyCommandsCalls
        uikitEquivalentCalls += other.uikitEquivalentCalls
        cacheHits += other.cacheHits
        cacheMisses += other.cacheMisses
        invalidations.merge(other.invalidations, uniquingKeysWith: +)
        outcomes.merge(other.outcomes, uniquingKeysWith: +)
        if let count = other.allocations { record(allocations: count) }
    }

    /// `keyCommands` reads the cache saved compared with the `uikit` policy (negative if it cost more).
    public var callsSaved: Int64 { Int64(uikitEquivalentCalls) - Int64(keyCommandsCalls) }

    /// Hits over hits plus misses, or `nil` without lookups.
    public var cacheHitRate: Double? {
        let lookups = cacheHits + cacheMisses
        return lookups == 0 ? nil : Double(cacheHits) / Double(lookups)
    }
}
