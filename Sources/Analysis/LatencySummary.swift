import KeyTraceCore
import Statistics

/// Streaming latency distributions per dispatch stage and end to end, with the clock they were
/// measured with.
///
/// Values are recorded one at a time into fixed-size HdrHistograms, so memory does not grow
/// with the number of dispatches. Summaries merge (``merge(_:)``): a benchmark keeps one per
/// run and merges them for the whole.
///
/// Each measured interval contains part of the clock reads that delimit it: about one read per
/// stage and ``LatencyMetric/clockReadsInside`` reads end to end. ``measurementOverhead(of:)``
/// states that cost; the recorded values are not corrected for it.
public struct LatencySummary: Sendable, Equatable {
    /// The clock's resolution in nanoseconds.
    public var clockResolution: UInt64
    /// The cost of one clock read at a checkpoint, in nanoseconds, as measured by the caller.
    public var checkpointOverhead: UInt64
    /// The metrics, in report order.
    public private(set) var metrics: [LatencyMetric]
    private var distributions: [LatencyDistribution]

    /// An empty summary of `metrics` (by default every dispatch stage and end-to-end).
    public init(clockResolution: UInt64, checkpointOverhead: UInt64, metrics: [LatencyMetric] = LatencyMetric.dispatch) {
        self.clockResolution = clockResolution
        self.checkpointOverhead = checkpointOverhead
        var unique: [LatencyMetric] = []
        for metric in metrics where !unique.contains(metric) { unique.append(metric) }
        self.metrics = unique
        self.distributions = Array(repeating: LatencyDistribution(), count: unique.count)
    }

    /// The distribution of `metric`, or `nil` when the summary does not have it.
    public subscript(metric: LatencyMetric) -> LatencyDistribution? {
        metrics.firstIndex(of: metric).map { distributions[$0] }
    }

    /// The statistics of `metric`, or `nil` when the summary does not have it.
    public func statistics(of metric: LatencyMetric) -> LatencyStatistics? {
        self[metric]?.statistics
    }

    /// Dispatches recorded (the end-to-end count, or the largest count of any metric).
    public var count: UInt64 {
        self[.endToEnd]?.count ?? distributions.map(\.count).max() ?? 0
    }

    /// The measurement overhead inside one value of `metric`, in nanoseconds.
    public func measurementOverhead(of metric: LatencyMetric) -> UInt64 {
        checkpointOverhead * metric.clockReadsInside
    }

    /// Records one value of `metric`, adding the metric (after the others) when it is new.
    public mutating func record(_ nanoseconds: UInt64, for metric: LatencyMetric) {
        if let index = metrics.firstIndex(of: metric) {
            distributions[index].record(nanoseconds)
        } else {
            metrics.append(metric)
            var distribution = LatencyDistribution()
            distribution.record(nanoseconds)
            distributions.append(distribution)
        }
    }

    /// Records every stage duration and the end-to-end time of one dispatch. Unmeasured timings
    /// (timing off) are ignored; returns whether anything was recorded.
    @discardableResult
    public mutating func record(_ timings: StageTimings) -> Bool {
        guard timings.isMeasured else { return false }
        for stage in DispatchStage.allCases {
            record(timings.duration(of: stage), for: .stage(stage))
        }
        record(timings.total, for: .endToEnd)
        return true
    }

    /// Adds every value of `other`. Metrics missing here are appended; the clock figures become
    /// the coarser (larger) of the two.
    public mutating func merge(_ other: LatencySummary) {
        clockResolution = max(clockResolution, other.clockResolution)
        checkpointOverhead = max(checkpointOverhead, other.checkpointOverhead)
        for (metric, distribution) in zip(other.metrics, other.distributions) {
            if let index = metrics.firstIndex(of: metric) {
                distributions[index].merge(distribution)
            } else {
                metrics.append(metric)
                distributions.append(distribution)
            }
        }
    }

    /// The merge of `summaries`, or `nil` when there are none.
    public static func merged<S: Sequence>(_ summaries: S) -> LatencySummary? where S.Element == LatencySummary {
        var iterator = summaries.makeIterator()
        guard var result = iterator.next() else { return nil }
        while let next = iterator.next() { result.merge(next) }
        return result
    }
}

extension LatencySummary: Codable {
    private enum CodingKeys: String, CodingKey {
        case clockResolutionNanoseconds, checkpointOverheadNanoseconds, metrics
    }

    private struct Entry: Codable {
        var name: LatencyMetric
        var statistics: LatencyStatistics
        var distribution: LatencyDistribution
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clockResolution, forKey: .clockResolutionNanoseconds)
        try container.encode(checkpointOverhead, forKey: .checkpointOverheadNanoseconds)
        let entries = zip(metrics, distributions).map {
            Entry(name: $0, statistics: $1.statistics, distribution: $1)
        }
        try container.encode(entries, forKey: .metrics)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clockResolution = try container.decode(UInt64.self, forKey: .clockResolutionNanoseconds)
        checkpointOverhead = try container.decode(UInt64.self, forKey: .checkpointOverheadNanoseconds)
        let entries = try container.decode([Entry].self, forKey: .metrics)
        var seen = Set<LatencyMetric>()
        for entry in entries where !seen.insert(entry.name).inserted {
            throw DecodingError.dataCorruptedError(
                forKey: .metrics, in: container, debugDescription: "metric \(entry.name) appears twice")
        }
        metrics = entries.map(\.name)
        // The distribution is authoritative; the statistics are written for readers.
        distributions = entries.map(\.distribution)
    }
}
