/// The decision rule of ``RunComparison``: how large and how certain a timing change must be
/// to count, and how the confidence interval is computed.
package struct ComparisonPolicy: Hashable, Sendable, Codable {
    /// The relative part of the threshold: a timing change must exceed this fraction of the base
    /// median (default 0.05, i.e. 5 %).
    package var relativeThreshold: Double
    /// The absolute part of the threshold in nanoseconds (default 2 µs). The threshold is the
    /// larger of the two parts.
    package var minimumDelta: UInt64
    /// The significance level of the two-sided Mann-Whitney U test (default 0.01).
    package var alpha: Double
    /// The confidence level of the bootstrap interval of the median ratio (default 0.99).
    package var confidence: Double
    /// Bootstrap resamples per metric (default 10 000).
    package var resamples: Int
    /// The bootstrap seed (default fixed, so reports are reproducible).
    package var seed: UInt64
    /// Fewer runs than this on either side give a warning (default 9).
    package var recommendedRuns: Int

    /// The rule `keytrace compare` applies to bench results unless told otherwise: a timing must
    /// at least double (relative threshold 100 %) and move by more than 2 µs, with p < 0.01.
    ///
    /// Calibrated by A/A runs (docs/CI.md): on a shared 2-core machine the median of per-run
    /// medians moves by up to 77 % between two processes of the same binary on the same trace
    /// (the runs of one process share its machine state, so they are not independent
    /// replicates); 400 A/A comparisons gave no alarm under this rule, against 9 in 100 under
    /// 5 %, and 5 in 100 under 50 %; 100 held-out ones under full load gave 1 (23 under 5 %).
    package static let benchDefault = ComparisonPolicy(relativeThreshold: 1.0)

    /// The default seed: the bytes of "KeyTrace".
    package static let defaultSeed: UInt64 = 0x4B65_7954_7261_6365

    /// A policy; every parameter has the documented default.
    package init(relativeThreshold: Double = 0.05, minimumDelta: UInt64 = 2_000, alpha: Double = 0.01,
                confidence: Double = 0.99, resamples: Int = 10_000, seed: UInt64 = defaultSeed,
                recommendedRuns: Int = 9) {
        self.relativeThreshold = relativeThreshold
        self.minimumDelta = minimumDelta
        self.alpha = alpha
        self.confidence = confidence
        self.resamples = resamples
        self.seed = seed
        self.recommendedRuns = recommendedRuns
    }

    /// The smallest change in nanoseconds that can count for a metric whose base median is
    /// `baseMedian`: max(relativeThreshold × baseMedian, minimumDelta).
    package func threshold(forBaseMedian baseMedian: Double) -> Double {
        Swift.max(relativeThreshold * baseMedian, Double(minimumDelta))
    }
}
