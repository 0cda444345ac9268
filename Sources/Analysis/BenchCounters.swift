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
    /// `UIKeyCommand` objects the app's `keyCommands` getters build for the reads this policy
    /// made (each read times its responder's ``ResponderBuilds/buildsPerCall``); `nil` when the
    /// scene says nothing about its getters.
    public var commandsBuilt: UInt64?
    /// The same for the reads the `uikit` policy makes: what the app builds on a device.
    public var uikitEquivalentCommandsBuilt: UInt64?
    /// The same two counts per responder whose getter builds commands, by responder path.
    public var commandsBuiltByResponder: [String: ResponderBuilds]?

    /// What one responder's `keyCommands` getter built over a run.
    public struct ResponderBuilds: Hashable, Sendable, Codable {
        /// Commands one call builds (the scene's `keyCommandsGetter`).
        public var buildsPerCall: UInt64
        /// Commands built for the reads this policy made.
        public var built: UInt64
        /// Commands built for the reads the `uikit` policy makes.
        public var uikitEquivalentBuilt: UInt64

        /// A responder's builds.
        public init(buildsPerCall: UInt64, built: UInt64, uikitEquivalentBuilt: UInt64) {
            self.buildsPerCall = buildsPerCall
            self.built = built
            self.uikitEquivalentBuilt = uikitEquivalentBuilt
        }
    }

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

    /// Counts `built` commands under this policy and `uikitEquivalentBuilt` under `uikit`, built
    /// by the getter of the responder at `path` (`perCall` a call).
    public mutating func record(builtBy path: String, perCall: UInt64, built: UInt64, uikitEquivalentBuilt: UInt64) {
        commandsBuilt = (commandsBuilt ?? 0) &+ built
        uikitEquivalentCommandsBuilt = (uikitEquivalentCommandsBuilt ?? 0) &+ uikitEquivalentBuilt
        var byResponder = commandsBuiltByResponder ?? [:]
        var entry = byResponder[path] ?? ResponderBuilds(buildsPerCall: perCall, built: 0, uikitEquivalentBuilt: 0)
        entry.built &+= built
        entry.uikitEquivalentBuilt &+= uikitEquivalentBuilt
        byResponder[path] = entry
        commandsBuiltByResponder = byResponder
    }

    /// The commands built per press under UIKit's policy and under `policy` (the run's), or
    /// `nil` when the scene says nothing about its getters.
    public func commandsBuiltPerPress(policy: String) -> CommandsBuiltPerPress? {
        guard let uikit = uikitEquivalentCommandsBuilt else { return nil }
        return CommandsBuiltPerPress(presses: presses, policy: policy, built: commandsBuilt ?? 0, uikitEquivalentBuilt: uikit,
                                     byResponder: commandsBuiltByResponder ?? [:])
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
        if let built = other.commandsBuilt { commandsBuilt = (commandsBuilt ?? 0) + built }
        if let built = other.uikitEquivalentCommandsBuilt {
            uikitEquivalentCommandsBuilt = (uikitEquivalentCommandsBuilt ?? 0) + built
        }
        if let others = other.commandsBuiltByResponder {
            var byResponder = commandsBuiltByResponder ?? [:]
            for (path, entry) in others {
                var merged = byResponder[path] ?? ResponderBuilds(buildsPerCall: entry.buildsPerCall, built: 0, uikitEquivalentBuilt: 0)
                merged.built += entry.built
                merged.uikitEquivalentBuilt += entry.uikitEquivalentBuilt
                byResponder[path] = merged
            }
            commandsBuiltByResponder = byResponder
        }
    }

    /// `keyCommands` reads the cache saved compared with the `uikit` policy (negative if it cost more).
    public var callsSaved: Int64 { Int64(uikitEquivalentCalls) - Int64(keyCommandsCalls) }

    /// Hits over hits plus misses, or `nil` without lookups.
    public var cacheHitRate: Double? {
        let lookups = cacheHits + cacheMisses
        return lookups == 0 ? nil : Double(cacheHits) / Double(lookups)
    }
}
