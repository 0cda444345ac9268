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

    init(limit: Int) { self.limit = limit }

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
    }

    /// Whether ``merge(_:)`` of `later` gives exactly what one accumulator would have: a group
    /// `later` folded into `(other)` may be one this accumulator keeps.
    func mergesExactly(_ later: GroupAccumulator<Key>) -> Bool {
        later.otherCount == 0
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
