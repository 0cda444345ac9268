/// Counts and end-to-end latency per group, for the analyzer's breakdowns.
///
/// Memory is bounded: at most `limit` groups keep their own distribution (one fixed-size
/// HdrHistogram each); dispatches of further groups are counted in ``otherCount``.
struct GroupAccumulator<Key: Hashable> {
    private struct Group {
        var count: UInt64 = 0
        var latency = LatencyDistribution()
    }

    let limit: Int
    private var groups: [Key: Group] = [:]
    private(set) var otherCount: UInt64 = 0

    init(limit: Int) { self.limit = limit }

    /// Counts one dispatch of `key`, with its end-to-end time when it was measured.
    mutating func add(_ key: Key, endToEnd: UInt64?) {
        if groups[key] == nil {
            guard groups.count < limit else {
                otherCount += 1
                return
            }
            groups[key] = Group()
        }
        groups[key]?.count += 1
        if let endToEnd { groups[key]?.latency.record(endToEnd) }
    }

    /// The groups named by `name`, slowest p99 first (then most frequent, then by name).
    func breakdown(name: (Key) -> String) -> TraceAnalysis.Breakdown {
        var entries = groups.map { key, group in
            TraceAnalysis.BreakdownEntry(
                name: name(key), count: group.count, timed: group.latency.count,
                p50: group.latency.value(atPercentile: 50), p99: group.latency.value(atPercentile: 99),
                max: group.latency.max)
        }
        entries.sort {
            if $0.p99 != $1.p99 { return $0.p99 > $1.p99 }
            if $0.count != $1.count { return $0.count > $1.count }
            return $0.name < $1.name
        }
        return TraceAnalysis.Breakdown(entries: entries, otherCount: otherCount, limit: limit)
    }
}
