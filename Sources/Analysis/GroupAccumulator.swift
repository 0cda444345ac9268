import Statistics

/// Counts and end-to-end latency per group, for the analyzer's breakdowns.
///
/// Memory is bounded: at most `limit` groups keep their own distribution (one fixed-size
/// HdrHistogram each); dispatches of further groups are counted in ``otherCount``.
///
/// Groups live in arrays indexed by a slot number. The last few groups used are checked by
/// equality first (keys decoded from one trace chunk share their string storage, so that is a
/// pointer compare), so most dispatches skip hashing; the rest cost one hash lookup. The
/// group is then updated in place.
struct GroupAccumulator<Key: Hashable> {
    let limit: Int
    private var slots: [Key: Int] = [:]
    private var keys: [Key] = []
    private var counts: [UInt64] = []
    private var latencies: [LatencyDistribution] = []
    private var recentKeys: [Key] = []
    private var recentSlots: [Int] = []
    private var nextRecent = 0
    private static var recentCapacity: Int { 4 }
    private(set) var otherCount: UInt64 = 0
    /// For the accumulator of a later partition of a trace: the dispatches folded into
    /// `(other)`, so a merge can credit those whose group the earlier partition keeps.
    private var folded: FoldedDispatches<Key>?

    init(limit: Int) { self.limit = limit }

    /// An accumulator for the later partition of a trace: it also keeps what it folds (up to
    /// a million dispatches), which ``merge(_:)`` needs to be exact.
    static func forLaterPartition(limit: Int) -> GroupAccumulator<Key> {
        var accumulator = GroupAccumulator(limit: limit)
        accumulator.folded = FoldedDispatches()
        return accumulator
    }

    /// Counts one dispatch of `key`, with its end-to-end time when it was measured.
    mutating func add(_ key: Key, endToEnd: UInt64?) {
        var slot = -1
        for i in recentKeys.indices where recentKeys[i] == key {
            slot = recentSlots[i]
            break
        }
        if slot < 0 {
            if let known = slots[key] {
                slot = known
            } else {
                guard keys.count < limit else {
                    otherCount += 1
                    folded?.append(key, endToEnd: endToEnd)
                    return
                }
                slot = keys.count
                slots[key] = slot
                keys.append(key)
                counts.append(0)
                latencies.append(LatencyDistribution())
            }
            remember(key, slot: slot)
        }
        counts[slot] += 1
        if let endToEnd { latencies[slot].record(endToEnd) }
    }

    private mutating func remember(_ key: Key, slot: Int) {
        if recentKeys.count < Self.recentCapacity {
            recentKeys.append(key)
            recentSlots.append(slot)
        } else {
            recentKeys[nextRecent] = key
            recentSlots[nextRecent] = slot
            nextRecent = (nextRecent + 1) % Self.recentCapacity
        }
    }

    /// The groups named by `name`, slowest p99 first (then most frequent, then by name).
    /// Adds the groups of `later`, an accumulator fed the records that came after this one's.
    ///
    /// The result equals feeding both record streams into one accumulator in order whenever
    /// `later` folded nothing into `(other)` (``mergesExactly(_:)``); groups are admitted in
    /// `later`'s first-seen order until the limit.
    ///
    /// Why that is exact: one accumulator would keep this one's groups plus the first new
    /// groups `later` met, up to the limit, and those are all among `later`'s own first
    /// `limit` groups. What `later` folded belongs either to a group kept here (credited from
    /// its folded dispatches) or to `(other)`.
    mutating func merge(_ later: GroupAccumulator<Key>) {
        for (slot, key) in later.keys.enumerated() {
            if let known = slots[key] {
                counts[known] += later.counts[slot]
                latencies[known].merge(later.latencies[slot])
            } else if keys.count < limit {
                slots[key] = keys.count
                keys.append(key)
                counts.append(later.counts[slot])
                latencies.append(later.latencies[slot])
            } else {
                otherCount += later.counts[slot]
            }
        }
        otherCount += later.otherCount
        guard let folded = later.folded else { return }
        for (id, endToEnd) in folded.dispatches {
            guard let known = slots[folded.keys[Int(id)]] else { continue }
            otherCount -= 1
            counts[known] += 1
            if endToEnd != FoldedDispatches<Key>.unmeasured { latencies[known].record(endToEnd) }
        }
    }

    /// Whether ``merge(_:)`` of `later` gives exactly what one accumulator fed both would:
    /// `later` folded nothing, or kept every dispatch it folded.
    func mergesExactly(_ later: GroupAccumulator<Key>) -> Bool {
        later.otherCount == 0 || later.folded?.isComplete == true
    }

    func breakdown(name: (Key) -> String) -> TraceAnalysis.Breakdown {
        var entries = keys.indices.map { slot in
            let latency = latencies[slot]
            let p = latency.values(atPercentiles: [50, 99])
            return TraceAnalysis.BreakdownEntry(
                name: name(keys[slot]), count: counts[slot], timed: latency.count, p50: p[0], p99: p[1], max: latency.max)
        }
        entries.sort {
            if $0.p99 != $1.p99 { return $0.p99 > $1.p99 }
            if $0.count != $1.count { return $0.count > $1.count }
            return $0.name < $1.name
        }
        return TraceAnalysis.Breakdown(entries: entries, otherCount: otherCount, limit: limit)
    }
}

/// Dispatches a later partition's accumulator folded into `(other)`: group numbers and
/// end-to-end times, bounded so memory stays constant; past the bound the merge is not exact
/// and the trace is read again on one thread.
struct FoldedDispatches<Key: Hashable> {
    static var capacity: Int { 1 << 20 }
    static var keyCapacity: Int { 1 << 16 }
    static var unmeasured: UInt64 { .max }

    private var ids: [Key: Int32] = [:]
    private(set) var keys: [Key] = []
    private(set) var dispatches: [(id: Int32, endToEnd: UInt64)] = []
    private(set) var isComplete = true

    mutating func append(_ key: Key, endToEnd: UInt64?) {
        guard isComplete else { return }
        let id: Int32
        if let known = ids[key] {
            id = known
        } else {
            guard keys.count < Self.keyCapacity else { return overflow() }
            id = Int32(keys.count)
            ids[key] = id
            keys.append(key)
        }
        guard dispatches.count < Self.capacity else { return overflow() }
        dispatches.append((id, endToEnd ?? Self.unmeasured))
    }

    private mutating func overflow() {
        isComplete = false
        ids = [:]
        keys = []
        dispatches = []
    }
}
