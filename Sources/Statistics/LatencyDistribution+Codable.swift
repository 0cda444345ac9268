import Histogram

/// The compact, lossless (to histogram precision) encoding of a ``LatencyDistribution``.
///
/// Only non-empty buckets are written, as one string of space-separated `value:count` pairs in
/// increasing value order, where `value` is the highest value equivalent to the bucket;
/// re-recording each pair rebuilds the same histogram:
///
/// ```json
/// {"count": 3, "min": 800, "max": 1490, "sum": 3102, "clamped": 0,
///  "buckets": "800:1 812:1 1490:1"}
/// ```
extension LatencyDistribution: Codable {
    private enum CodingKeys: String, CodingKey {
        case count, min, max, sum, clamped, buckets
    }

    /// The non-empty buckets as (highest equivalent value, count), in increasing value order.
    public var buckets: [[UInt64]] {
        guard count > 0 else { return [] }
        return histogram.recordedValues().map { [$0.value, UInt64($0.count)] }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(min, forKey: .min)
        try container.encode(max, forKey: .max)
        try container.encode(sum, forKey: .sum)
        try container.encode(clampedCount, forKey: .clamped)
        try container.encode(buckets.map { "\($0[0]):\($0[1])" }.joined(separator: " "), forKey: .buckets)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let count = try container.decode(UInt64.self, forKey: .count)
        let min = try container.decode(UInt64.self, forKey: .min)
        let max = try container.decode(UInt64.self, forKey: .max)
        let sum = try container.decode(UInt64.self, forKey: .sum)
        let clamped = try container.decodeIfPresent(UInt64.self, forKey: .clamped) ?? 0
        let text = try container.decode(String.self, forKey: .buckets)
        var pairs: [(value: UInt64, occurrences: UInt64)] = []
        for token in text.split(separator: " ") {
            let parts = token.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let value = UInt64(parts[0]), let occurrences = UInt64(parts[1]) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .buckets, in: container, debugDescription: "a bucket must be value:count, got \"\(token)\"")
            }
            pairs.append((value, occurrences))
        }

        var histogram = LatencyDistribution.makeHistogram(covering: pairs.lazy.map(\.value).max() ?? 0)
        var bucketTotal: UInt64 = 0
        for pair in pairs {
            guard pair.occurrences > 0, pair.value <= LatencyDistribution.highestTrackableValue else {
                throw DecodingError.dataCorruptedError(
                    forKey: .buckets, in: container,
                    debugDescription: "a bucket must have value ≤ \(LatencyDistribution.highestTrackableValue) and count > 0, got \(pair.value):\(pair.occurrences)")
            }
            histogram.record(pair.value, count: pair.occurrences)
            let (total, overflow) = bucketTotal.addingReportingOverflow(pair.occurrences)
            guard !overflow else {
                throw DecodingError.dataCorruptedError(forKey: .buckets, in: container, debugDescription: "bucket counts overflow")
            }
            bucketTotal = total
        }
        guard bucketTotal == count else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: container,
                debugDescription: "count is \(count) but the buckets hold \(bucketTotal) values")
        }
        guard count == 0 || min <= max, clamped <= count else {
            throw DecodingError.dataCorruptedError(
                forKey: .min, in: container, debugDescription: "inconsistent min \(min), max \(max), clamped \(clamped)")
        }
        self.init()
        self.histogram = histogram
        self.restore(count: count, min: min, max: max, sum: sum, clamped: clamped)
    }
}
