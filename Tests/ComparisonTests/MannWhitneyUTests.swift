@testable import Comparison
import Testing

/// Reference values from scipy 1.17 `scipy.stats.mannwhitneyu(x, y, method=…)`.
struct MannWhitneyUTests {
    private func close(_ a: Double, _ b: Double, relative: Double = 1e-9) -> Bool {
        abs(a - b) <= relative * max(abs(a), abs(b))
    }

    @Test func smallSamplesWithoutTiesUseTheExactDistribution() {
        let test = MannWhitneyU([19.0, 22, 16, 29, 24], [20.0, 11, 17, 12])
        #expect(test.method == .exact)
        #expect(test.u == 17)
        #expect(close(test.pValue, 0.1111111111111111))

        let other = MannWhitneyU([3.1, 1.2, 5.5, 4.4], [2.2, 6.6, 7.7])
        #expect(other.u == 3)
        #expect(close(other.pValue, 0.4))
    }

    @Test func completelySeparatedSamplesOfTenGiveTheSmallestExactPValue() {
        let test = MannWhitneyU((1...10).map(Double.init), (11...20).map(Double.init))
        #expect(test.method == .exact)
        #expect(test.u == 0)
        #expect(close(test.pValue, 1.082508822446903e-05))
    }

    @Test func tiesUseTheTieCorrectedNormalApproximationWithContinuityCorrection() {
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
        let test = MannWhitneyU(x, y)
        #expect(test.method == .normal)
        #expect(test.u == 58)
        #expect(close(test.pValue, 0.13291945818531892))

        let heavy = MannWhitneyU([1.0, 2, 2, 3, 3, 3, 4], [3.0, 4, 4, 5, 5, 6])
        #expect(heavy.u == 3.5)
        #expect(close(heavy.pValue, 0.012999854364387305))
    }

    @Test func largeSamplesUseTheNormalApproximation() {
        let x = (0..<30).map { 0.5 * Double($0) }
        let y = (0..<30).map { 0.5 * Double($0) + 3.25 }
        let test = MannWhitneyU(x, y)
        #expect(test.method == .normal)
        #expect(test.u == 276)
        #expect(close(test.pValue, 0.010314672402337998))
        let swapped = MannWhitneyU(y, x)
        #expect(swapped.u == 624)
        #expect(close(swapped.pValue, test.pValue))
    }

    @Test func exactAndNormalAgreeOnAMediumSample() {
        let a = [1.0352, 1.0856, 1.0336, 0.8778, 1.0948, 1.0456, 0.9477, 1.0598, 1.0371, 1.0299, 1.0028, 1.0562]
        let b = [0.9766, 1.0343, 1.0018, 1.1161, 1.0555, 1.021, 0.9722, 1.0246, 1.0521, 1.0227, 1.1965, 1.1626,
                 0.8016, 0.8703, 1.0331]
        let test = MannWhitneyU(a, b)
        #expect(test.method == .exact)
        #expect(test.u == 104)
        #expect(close(test.pValue, 0.5163649500168548))
    }

    @Test func exactDistributionCountsEveryArrangement() throws {
        let counts = try #require(MannWhitneyU.exactDistribution(n: 3, m: 4))
        // [7 choose 3]_q coefficients.
        #expect(counts == [1, 1, 2, 3, 4, 4, 5, 4, 4, 3, 2, 1, 1])
        #expect(counts.reduce(0, +) == 35)
        #expect(MannWhitneyU.exactDistribution(n: 40, m: 40) == nil)
    }

    @Test func identicalOrEmptySamplesAreNotSignificant() {
        #expect(MannWhitneyU([1.0, 1, 1], [1.0, 1, 1]).pValue == 1)
        #expect(MannWhitneyU([Double](), [1.0, 2]).pValue == 1)
    }
}
