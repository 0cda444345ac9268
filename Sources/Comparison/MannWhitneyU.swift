import KeyTraceSupport

/// The two-sided Mann-Whitney U test (Wilcoxon rank-sum test) of two independent samples.
///
/// The null hypothesis is that a value drawn from one sample is as likely to be larger as
/// smaller than one drawn from the other. It assumes nothing about the distributions' shape,
/// which suits per-run medians of latency (skewed, with occasional outlying runs).
///
/// - Exact: with no ties and C(n + m, n) ≤ 2⁵³, the p-value is computed from the exact null
///   distribution of U (the coefficients of the Gaussian binomial [n + m choose n]_q).
/// - Normal: otherwise, the normal approximation with the tie-corrected variance and a
///   continuity correction of ½.
///
/// `u` is the statistic of the first sample (scipy's `mannwhitneyu(x, y).statistic`):
/// the number of pairs (xᵢ, yⱼ) with xᵢ > yⱼ, ties counting ½.
package struct MannWhitneyU: Hashable, Sendable, Codable {
    /// How the p-value was computed.
    package enum Method: String, Hashable, Sendable, Codable {
        /// The exact null distribution (no ties, small samples).
        case exact
        /// Normal approximation, tie-corrected, with continuity correction.
        case normal
    }

    /// U of the first sample.
    package var u: Double
    /// The two-sided p-value.
    package var pValue: Double
    /// How ``pValue`` was computed.
    package var method: Method
    /// The sample sizes.
    package var n: Int, m: Int

    /// Tests `x` against `y`. With an empty sample the p-value is 1.
    package init<X: Collection, Y: Collection>(_ x: X, _ y: Y)
    where X.Element: BinaryFloatingPoint, Y.Element: BinaryFloatingPoint {
        let xs = x.map { Double($0) }
        let ys = y.map { Double($0) }
        self = MannWhitneyU.test(xs, ys)
    }

    private init(u: Double, pValue: Double, method: Method, n: Int, m: Int) {
        self.u = u
        self.pValue = pValue
        self.method = method
        self.n = n
        self.m = m
    }

    private static func test(_ x: [Double], _ y: [Double]) -> MannWhitneyU {
        let n = x.count, m = y.count
        guard n > 0, m > 0 else { return MannWhitneyU(u: 0, pValue: 1, method: .normal, n: n, m: m) }

        // Average ranks over the pooled sample; collect tie group sizes.
        let pooled = (x.map { ($0, true) } + y.map { ($0, false) }).sorted { $0.0 < $1.0 }
        var rankSumX = 0.0
        var tieTerm = 0.0
        var start = 0
        while start < pooled.count {
            var end = start
            while end + 1 < pooled.count, pooled[end + 1].0 == pooled[start].0 { end += 1 }
            let rank = Double(start + end + 2) / 2 // ranks are 1-based
            for index in start...end where pooled[index].1 { rankSumX += rank }
            let t = Double(end - start + 1)
            tieTerm += t * t * t - t
            start = end + 1
        }
        let nd = Double(n), md = Double(m)
        let u1 = rankSumX - nd * (nd + 1) / 2
        let u2 = nd * md - u1
        let uMax = Swift.max(u1, u2)

        if tieTerm == 0, let counts = exactDistribution(n: n, m: m) {
            let total = counts.reduce(0, +)
            let threshold = Int(uMax.rounded())
            let upper = counts[threshold...].reduce(0, +)
            let p = Swift.min(1, 2 * Double(upper) / Double(total))
            return MannWhitneyU(u: u1, pValue: p, method: .exact, n: n, m: m)
        }

        let total = nd + md
        let mean = nd * md / 2
        let variance = nd * md / 12 * ((total + 1) - tieTerm / (total * (total - 1)))
        guard variance > 0 else { return MannWhitneyU(u: u1, pValue: 1, method: .normal, n: n, m: m) }
        let z = (uMax - mean - 0.5) / variance.squareRoot()
        let p = Swift.min(1, Swift.max(0, erfc(z / 2.0.squareRoot())))
        return MannWhitneyU(u: u1, pValue: p, method: .normal, n: n, m: m)
    }

    /// The number of arrangements giving each U = 0 … n·m under the null hypothesis, or `nil`
    /// when C(n + m, n) exceeds 2⁵³ (the counts would not be exact as `Double`).
    static func exactDistribution(n: Int, m: Int) -> [Int64]? {
        var binomial = 1.0
        for i in 0..<Swift.min(n, m) {
            binomial = binomial * Double(n + m - i) / Double(i + 1)
        }
        guard binomial <= 9_007_199_254_740_992 else { return nil }
        // Gaussian binomial [n + m choose n]_q = ∏_{i=1…n} (1 − q^{m+i}) / (1 − q^i); after step
        // i the polynomial is [m + i choose i]_q, of degree i·m, with non-negative coefficients.
        var poly = [Int64](repeating: 0, count: n * m + n + 1)
        poly[0] = 1
        var degree = 0
        for i in stride(from: 1, through: n, by: 1) {
            let k = m + i
            for d in stride(from: degree, through: 0, by: -1) { poly[d + k] -= poly[d] }
            for d in stride(from: i, through: degree + k, by: 1) { poly[d] += poly[d - i] }
            degree = i * m
        }
        return Array(poly[0...(n * m)])
    }
}
