import Comparison
import KeyTraceSupport

/// Number formatting shared by the report renderers.
enum ReportFormatting {
    /// A duration in nanoseconds with a unit: `812 ns`, `4.20 µs`, `1.35 ms`, `2.00 s`.
    static func duration(_ nanoseconds: Double) -> String {
        let magnitude = abs(nanoseconds)
        if magnitude < 1_000 {
            let rounded = (nanoseconds * 10).rounded() / 10
            return rounded == rounded.rounded() ? "\(Int64(rounded)) ns" : String(cFormat: "%.1f ns", rounded)
        }
        if magnitude < 1_000_000 { return String(cFormat: "%.2f µs", nanoseconds / 1_000) }
        if magnitude < 1_000_000_000 { return String(cFormat: "%.2f ms", nanoseconds / 1_000_000) }
        return String(cFormat: "%.2f s", nanoseconds / 1_000_000_000)
    }

    /// A signed duration: `+630 ns`, `-1.20 µs`, `0 ns`.
    static func signedDuration(_ nanoseconds: Double) -> String {
        nanoseconds > 0 ? "+" + duration(nanoseconds) : duration(nanoseconds)
    }

    /// A signed percentage of `base`: `+15.0 %`; empty when base is 0.
    static func percent(_ delta: Double, of base: Double) -> String {
        guard base != 0 else { return "" }
        return String(cFormat: "%+.1f %%", delta / base * 100)
    }

    /// A ratio with three decimals: `1.150`.
    static func ratio(_ value: Double?) -> String {
        value.map { String(cFormat: "%.3f", $0) } ?? "–"
    }

    /// A ratio with its interval: `1.150 [1.121, 1.182]`.
    static func ratioWithInterval(_ entry: LatencyComparison) -> String {
        guard let ratio = entry.ratio else { return "–" }
        guard let interval = entry.interval else { return self.ratio(ratio) }
        return String(cFormat: "%.3f [%.3f, %.3f]", ratio, interval.lower, interval.upper)
    }

    /// A p-value: three significant digits, scientific below 0.001.
    static func pValue(_ value: Double?) -> String {
        guard let value else { return "–" }
        if value == 0 { return "0" }
        return value < 0.001 ? String(cFormat: "%.1e", value) : String(cFormat: "%.3g", value)
    }

    /// A per-press counter value, `–` when absent.
    static func counter(_ value: Double?) -> String {
        guard let value else { return "–" }
        // A counter rare per press (a cache miss in thousands of presses) keeps three
        // significant digits: rounded to three decimals it would print as 0 beside a verdict.
        if value != 0, abs(value) < 0.1 { return String(cFormat: "%.3g", value) }
        return NumberText.count(value)
    }

    /// One value of the two runs' metadata: `cached` when both have it, `uikit → cached` when
    /// they differ, so a header never shows only the current run's side of a difference.
    static func sides(_ base: String, _ current: String) -> String {
        base == current ? current : "\(base) → \(current)"
    }

    /// The decision rule in one line.
    static func rule(_ policy: ComparisonPolicy) -> String {
        let relative = String(cFormat: "%g %%", policy.relativeThreshold * 100)
        let confidence = String(cFormat: "%g %%", policy.confidence * 100)
        return "timing regression = change > max(\(relative), \(duration(Double(policy.minimumDelta)))) "
            + "and two-sided Mann-Whitney U p < \(String(cFormat: "%g", policy.alpha)) on per-run medians; "
            + "ratio current/base with \(confidence) bootstrap CI; counters exact per press"
    }

    /// Pads `text` to `width` characters, on the left when `right` is true.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
