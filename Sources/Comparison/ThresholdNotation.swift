import KeyTraceSupport

/// Parses the command-line notations of `compare`'s thresholds.
package enum ThresholdNotation {
    /// A relative threshold: `5%` → 0.05, or a plain fraction `0.05`. `nil` if malformed or
    /// negative.
    package static func relative(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace()
        let value: Double?
        if trimmed.hasSuffix("%") {
            value = Double(trimmed.dropLast().trimmingWhitespace()).map { $0 / 100 }
        } else {
            value = Double(trimmed)
        }
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// A duration in nanoseconds: a number with a unit `ns`, `us` (or `µs`), `ms` or `s`;
    /// a bare number is nanoseconds. `2us` → 2000. `nil` if malformed or negative.
    package static func duration(_ text: String) -> UInt64? {
        let trimmed = text.trimmingWhitespace()
        let units: [(String, Double)] = [("ns", 1), ("us", 1e3), ("µs", 1e3), ("μs", 1e3), ("ms", 1e6), ("s", 1e9)]
        var number = Substring(trimmed)
        var scale = 1.0
        for (suffix, factor) in units where trimmed.hasSuffix(suffix) {
            number = trimmed.dropLast(suffix.count)
            scale = factor
            break
        }
        guard let value = Double(number.trimmingWhitespace()), value.isFinite, value >= 0 else { return nil }
        let nanoseconds = (value * scale).rounded()
        guard nanoseconds < 1.8e19 else { return nil }
        return UInt64(nanoseconds)
    }
}
