#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A seeded pseudo-random generator (SplitMix64, Steele, Lea and Flood 2014): 64 bits of
/// state, one add and three xor-shift-multiplies a number. The same seed gives the same
/// numbers on every run; nothing here reads system randomness.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// random.next()                 // always the same first number for seed 42
/// random.logNormal(median: 150_000_000, sigma: 0.4)
/// ```
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double uniform in (0, 1]: never 0, so its logarithm is finite.
    public mutating func unitInterval() -> Double {
        Double((next() >> 11) + 1) * 0x1p-53
    }

    /// Whether an event of `probability` happens.
    public mutating func chance(_ probability: Double) -> Bool {
        unitInterval() <= probability
    }

    /// A whole number uniform in `range`.
    public mutating func uniform(_ range: ClosedRange<UInt64>) -> UInt64 {
        let span = range.upperBound - range.lowerBound
        if span == .max { return next() }
        return range.lowerBound + next() % (span + 1)
    }

    /// A standard normal number (Box–Muller; one of the pair is used, so every call draws two
    /// numbers and the generator's state alone decides what comes next).
    public mutating func standardNormal() -> Double {
        let u1 = unitInterval(), u2 = unitInterval()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A log-normal number: `median · e^(sigma·Z)` with Z standard normal.
    public mutating func logNormal(median: Double, sigma: Double) -> Double {
        median * exp(sigma * standardNormal())
    }
}
