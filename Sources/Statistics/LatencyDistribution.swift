import Histogram

/// A streaming latency distribution in nanoseconds: an HdrHistogram of fixed layout plus the
/// exact count, minimum, maximum and sum.
///
/// Memory does not depend on how many values are recorded: the histogram covers
/// 1 ns … ``highestTrackableValue`` at three significant digits (≤ 0.1 % error). Its counts
/// array covers eight times the largest value recorded (8 KiB per doubling), so a distribution
/// of microsecond latencies holds about a third of the 60 s range's 216 KiB (an analysis keeps
/// one per stage, group and thread). A value above the range is recorded as
/// ``highestTrackableValue`` and counted in ``clampedCount``; the exact ``max`` still holds it.
/// Every distribution has the same bucket layout, whatever its length, so any two merge
/// (``merge(_:)``) without loss.
///
/// ```
///  record(v) ──▶ histogram[bucket(v)] += 1     percentiles ◀── histogram
///             └▶ count, min, max, sum (exact)  mean, min, max ◀── exact fields
/// ```
public struct LatencyDistribution: Sendable {
    /// The largest value the histogram resolves: 60 s in nanoseconds.
    public static let highestTrackableValue: UInt64 = 60_000_000_000
    /// Significant decimal digits kept by the histogram.
    public static let significantDigits = 3

    var histogram: Histogram<UInt64>
    /// Values recorded.
    public private(set) var count: UInt64 = 0
    /// The smallest value recorded, exactly; 0 when empty.
    public var min: UInt64 { count == 0 ? 0 : exactMin }
    /// The largest value recorded, exactly; 0 when empty.
    public private(set) var max: UInt64 = 0
    /// The sum of every value recorded, exactly (saturating at `UInt64.max`).
    public private(set) var sum: UInt64 = 0
    /// Values above ``highestTrackableValue``, recorded in the histogram as that value.
    public private(set) var clampedCount: UInt64 = 0
    private var exactMin: UInt64 = .max

    /// An empty distribution.
    public init() {
        histogram = Self.makeHistogram()
    }

    /// An empty histogram of the shared layout (lowest value 1, three digits) whose counts array
    /// covers `value` with room to spare (``range(covering:)``).
    static func makeHistogram(covering value: UInt64 = 0) -> Histogram<UInt64> {
        Histogram<UInt64>(lowestDiscernibleValue: 1, highestTrackableValue: range(covering: value),
                          numberOfSignificantValueDigits: .three)
    }

    /// The range a histogram is made with to hold `value`: eight times the value, so that a
    /// growing maximum widens it at most every third doubling; at least 65 µs, at most
    /// ``highestTrackableValue``.
    static func range(covering value: UInt64) -> UInt64 {
        guard value <= highestTrackableValue / 8 else { return highestTrackableValue }
        return Swift.max(1 << 16, value &* 8)
    }

    /// Replaces the histogram with a wider one holding the same counts when `value` lies beyond
    /// its range. Widening copies the counts once, with the histogram's own specialised `add`.
    private mutating func widen(toCover value: UInt64) {
        guard value > histogram.highestTrackableValue else { return }
        var wider = Self.makeHistogram(covering: value)
        wider.add(histogram)
        histogram = wider
    }

    /// Whether nothing was recorded.
    public var isEmpty: Bool { count == 0 }

    /// Records one value, in nanoseconds.
    public mutating func record(_ nanoseconds: UInt64) {
        record(nanoseconds, count: 1)
    }

    /// Records `count` occurrences of one value, in nanoseconds.
    public mutating func record(_ nanoseconds: UInt64, count occurrences: UInt64) {
        guard occurrences > 0 else { return }
        let stored: UInt64
        if nanoseconds > Self.highestTrackableValue {
            stored = Self.highestTrackableValue
            clampedCount += occurrences
        } else {
            stored = nanoseconds
        }
        widen(toCover: stored)
        histogram.record(stored, count: occurrences)
        count += occurrences
        if nanoseconds < exactMin { exactMin = nanoseconds }
        if nanoseconds > max { max = nanoseconds }
        let (product, productOverflow) = nanoseconds.multipliedReportingOverflow(by: occurrences)
        let (total, sumOverflow) = sum.addingReportingOverflow(product)
        sum = (productOverflow || sumOverflow) ? .max : total
    }

    /// Adds every value of `other` to this distribution.
    public mutating func merge(_ other: LatencyDistribution) {
        guard !other.isEmpty else { return }
        widen(toCover: Swift.min(other.max, Self.highestTrackableValue))
        histogram.add(other.histogram)
        count += other.count
        exactMin = Swift.min(exactMin, other.exactMin)
        max = Swift.max(max, other.max)
        let (total, overflow) = sum.addingReportingOverflow(other.sum)
        sum = overflow ? .max : total
        clampedCount += other.clampedCount
    }

    /// Sets the exact fields after the histogram was rebuilt from its encoding.
    mutating func restore(count: UInt64, min: UInt64, max: UInt64, sum: UInt64, clamped: UInt64) {
        self.count = count
        self.exactMin = count == 0 ? .max : min
        self.max = max
        self.sum = sum
        self.clampedCount = clamped
    }

    /// The exact mean, or 0 when empty.
    public var mean: Double { count == 0 ? 0 : Double(sum) / Double(count) }

    /// The value at `percentile` (0–100), to the histogram's precision and clamped to the exact
    /// minimum and maximum; 0 when empty.
    public func value(atPercentile percentile: Double) -> UInt64 {
        values(atPercentiles: [percentile])[0]
    }

    /// The values at several percentiles (0–100, any order), found in one pass over the
    /// histogram's recorded buckets; each equals ``value(atPercentile:)`` of its percentile.
    ///
    /// HdrHistogram's rule: the value at p is the highest value equivalent to the first bucket
    /// whose running count reaches ⌈p/100 × count⌉ (at least 1), clamped to the recorded range.
    public func values(atPercentiles percentiles: [Double]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: percentiles.count)
        guard count > 0 else { return result }
        let total = histogram.totalCount
        var pending: [(target: UInt64, index: Int)] = []
        for (index, percentile) in percentiles.enumerated() {
            if percentile <= 0 {
                result[index] = min
            } else if percentile >= 100 {
                result[index] = max
            } else {
                let share = (Swift.min(Swift.max(percentile.nextDown, 0), 100) * Double(total)) / 100
                pending.append((Swift.max(1, UInt64(share.rounded(.up))), index))
            }
        }
        guard !pending.isEmpty else { return result }
        pending.sort { $0.target < $1.target }
        let low = histogram.min
        let high = histogram.maxRecorded
        var next = 0
        var running: UInt64 = 0
        for bucket in histogram.recordedValues() {
            running += UInt64(bucket.count)
            while next < pending.count && running >= pending[next].target {
                let value = Swift.max(Swift.min(bucket.value, high), low)
                result[pending[next].index] = Swift.min(Swift.max(value, min), max)
                next += 1
            }
            if next == pending.count { break }
        }
        return result
    }

    /// The statistics reports print: count, min, p50, p90, p99, p99.9, max, mean.
    public var statistics: LatencyStatistics {
        let p = values(atPercentiles: [50, 90, 99, 99.9])
        return LatencyStatistics(count: count, min: min, p50: p[0], p90: p[1], p99: p[2], p999: p[3], max: max, mean: mean)
    }
}

extension LatencyDistribution: Equatable {
    public static func == (lhs: LatencyDistribution, rhs: LatencyDistribution) -> Bool {
        lhs.count == rhs.count && lhs.min == rhs.min && lhs.max == rhs.max && lhs.sum == rhs.sum
            && lhs.clampedCount == rhs.clampedCount && lhs.buckets == rhs.buckets
    }
}
