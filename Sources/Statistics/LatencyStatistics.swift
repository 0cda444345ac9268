/// The numbers a latency report prints for one metric, in nanoseconds.
///
/// Percentiles come from an HdrHistogram (≤ 0.1 % error); count, min, max and mean are exact.
public struct LatencyStatistics: Hashable, Sendable, Codable {
    /// Values recorded.
    public var count: UInt64
    /// Smallest value.
    public var min: UInt64
    /// Median.
    public var p50: UInt64
    /// 90th percentile.
    public var p90: UInt64
    /// 99th percentile.
    public var p99: UInt64
    /// 99.9th percentile.
    public var p999: UInt64
    /// Largest value.
    public var max: UInt64
    /// Arithmetic mean.
    public var mean: Double

    /// The statistics of no values: every figure zero.
    public static let empty = LatencyStatistics(count: 0, min: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: 0)

    /// Creates statistics from their values.
    public init(count: UInt64, min: UInt64, p50: UInt64, p90: UInt64, p99: UInt64, p999: UInt64, max: UInt64, mean: Double) {
        self.count = count
        self.min = min
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
        self.mean = mean
    }
}
