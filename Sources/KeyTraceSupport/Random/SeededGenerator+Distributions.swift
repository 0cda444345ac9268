
/// The distributions the synthetic load generator draws from, on the package's seeded
/// generator (SplitMix64): the same seed gives the same numbers on every run.
///
/// ```swift
/// var random = SeededGenerator(seed: 42)
/// random.logNormal(median: 150_000_000, sigma: 0.4)
/// ```

extension SeededGenerator {
    /// A double uniform in (0, 1]: never 0, so its logarithm is finite.
    package mutating func unitInterval() -> Double {
        Double((next() >> 11) + 1) * 0x1p-53
    }

    /// Whether an event of `probability` happens.
    package mutating func chance(_ probability: Double) -> Bool {
        unitInterval() <= probability
    }

    /// A whole number uniform in `range`.
    package mutating func uniform(_ range: ClosedRange<UInt64>) -> UInt64 {
        let span = range.upperBound - range.lowerBound
        if span == .max { return next() }
        return range.lowerBound + next() % (span + 1)
    }

    /// A standard normal number (Box–Muller; one of the pair is used, so every call draws two
    /// numbers and the generator's state alone decides what comes next).
    package mutating func standardNormal() -> Double {
        let u1 = unitInterval(), u2 = unitInterval()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A log-normal number: `median · e^(sigma·Z)` with Z standard normal.
    package mutating func logNormal(median: Double, sigma: Double) -> Double {
        median * exp(sigma * standardNormal())
    }
}
