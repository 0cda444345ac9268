import KeyTraceCore
import KeyTraceSupport

/// A percentile-bootstrap confidence interval for the ratio of two medians.
///
/// Method: draw `resamples` times, each time resampling the base and the current samples
/// independently with replacement (same sizes as the originals), and take the ratio
/// median(current*) / median(base*). The interval is the (1 − confidence)/2 and
/// (1 + confidence)/2 quantiles of those ratios (linear interpolation between order
/// statistics). Draws come from ``SeededGenerator`` seeded by the caller, so the same inputs
/// and seed always give the same interval.
package struct BootstrapInterval: Hashable, Sendable, Codable {
    /// The lower bound of the ratio.
    package var lower: Double
    /// The upper bound of the ratio.
    package var upper: Double
    /// The confidence level, e.g. 0.99.
    package var confidence: Double
    /// Resamples drawn.
    package var resamples: Int

    /// The interval from its bounds.
    package init(lower: Double, upper: Double, confidence: Double, resamples: Int) {
        self.lower = lower
        self.upper = upper
        self.confidence = confidence
        self.resamples = resamples
    }

    /// The bootstrap interval of median(`current`) / median(`base`), or `nil` when a sample is
    /// empty or a resampled base median is not positive.
    package static func ratioOfMedians(
        base: [Double], current: [Double], confidence: Double = 0.99,
        resamples: Int = 10_000, generator: inout SeededGenerator
    ) -> BootstrapInterval? {
        guard !base.isEmpty, !current.isEmpty, resamples > 0, confidence > 0, confidence < 1 else { return nil }
        // Each sample is sorted once; a resample is drawn as counts per sorted position, and its
        // median found by walking the counts, so no resample is ever sorted.
        let sortedBase = base.sorted(), sortedCurrent = current.sorted()
        var baseCounts = [Int](repeating: 0, count: base.count)
        var currentCounts = [Int](repeating: 0, count: current.count)
        var ratios: [Double] = []
        ratios.reserveCapacity(resamples)
        for _ in 0..<resamples {
            let denominator = resampledMedian(sortedBase, &baseCounts, &generator)
            guard denominator > 0 else { return nil }
            ratios.append(resampledMedian(sortedCurrent, &currentCounts, &generator) / denominator)
        }
        ratios.sort()
        let tail = (1 - confidence) / 2
        return BootstrapInterval(
            lower: quantile(sorted: ratios, tail),
            upper: quantile(sorted: ratios, 1 - tail),
            confidence: confidence,
            resamples: resamples
        )
    }

    /// Whether `value` lies inside the interval.
    package func contains(_ value: Double) -> Bool { lower <= value && value <= upper }

    /// The median of a resample with replacement of `sorted` (counts is scratch space of the
    /// same size). Indices are drawn as ⌊u·n / 2⁶⁴⌋ for a uniform 64-bit u (bias below n / 2⁶⁴).
    private static func resampledMedian(_ sorted: [Double], _ counts: inout [Int], _ generator: inout SeededGenerator) -> Double {
        let n = sorted.count
        for i in 0..<n { counts[i] = 0 }
        for _ in 0..<n { counts[Int(generator.next().multipliedFullWidth(by: UInt64(n)).high)] += 1 }
        // The order statistics at 0-based ranks (n − 1) / 2 and n / 2.
        let lowRank = (n - 1) / 2, highRank = n / 2
        var seen = 0
        var low = sorted[0]
        for i in 0..<n where counts[i] > 0 {
            if seen <= lowRank && lowRank < seen + counts[i] { low = sorted[i] }
            if seen <= highRank && highRank < seen + counts[i] { return (low + sorted[i]) / 2 }
            seen += counts[i]
        }
        return low
    }

    /// The median of `values` (sorted in place): the mean of the middle two for an even count.
    static func median(_ values: inout [Double]) -> Double {
        values.sort()
        let mid = values.count / 2
        return values.count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2
    }

    /// The `q` quantile of sorted `values`, interpolating linearly between order statistics.
    static func quantile(sorted values: [Double], _ q: Double) -> Double {
        let position = q * Double(values.count - 1)
        let low = Int(position.rounded(.down))
        let high = Swift.min(low + 1, values.count - 1)
        let fraction = position - Double(low)
        return values[low] + (values[high] - values[low]) * fraction
    }
}
