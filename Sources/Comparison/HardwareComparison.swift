import Analysis
import KeyTraceSupport

/// Two captures of the same keyboard compared (before and after a firmware or debounce change):
/// `keytrace compare BASE.ktrace CURRENT.ktrace`.
///
/// Gated figures decide: the chatter rate (chatter presses per key-down; a regression when it
/// grew and a one-sided two-proportion z-test gives p < 0.01) and the p99 polling jitter (a
/// regression when it grew by more than the policy's relative threshold and its minimum
/// delta). The report-gap median, chord split, rollover and ErrorRollOver figures are shown
/// as `changed` or `unchanged`, never as regressions.
package struct HardwareComparison: Sendable, Codable {
    /// One compared figure.
    package struct Row: Sendable, Codable, Hashable {
        package var name: String
        package var gated: Bool
        package var base: Double
        package var current: Double
        /// How the values read: `share`, `ns` or `count`.
        package var unit: String
        package var verdict: ComparisonVerdict
        /// How the verdict was reached (the test's p-value, or the thresholds).
        package var detail: String
    }

    /// The two captures (labels as given) and the device compared on each.
    package var baseLabel: String, currentLabel: String
    package var baseDevice: String, currentDevice: String
    package var rows: [Row] = []
    package var warnings: [String] = []

    /// Whether any gated figure regressed.
    package var hasRegression: Bool { rows.contains { $0.gated && $0.verdict == .regression } }

    /// The one-sided critical value of the z-test at p = 0.01.
    static let criticalZ = 2.326

    package init(base: TraceAnalysis.HardwareDevice, current: TraceAnalysis.HardwareDevice, policy: ComparisonPolicy,
                baseLabel: String, currentLabel: String) {
        self.baseLabel = baseLabel
        self.currentLabel = currentLabel
        baseDevice = base.name.map { "\(base.id) \($0)" } ?? base.id
        currentDevice = current.name.map { "\(current.id) \($0)" } ?? current.id
        if base.name != current.name {
            warnings.append("the captures name different devices (\(baseDevice) and \(currentDevice)): compare captures of one keyboard")
        }
        rows.append(Self.chatterRow(base, current))
        rows.append(Self.jitterRow(base, current, policy: policy))
        func info(_ name: String, _ b: Double, _ c: Double, unit: String) {
            rows.append(Row(name: name, gated: false, base: b, current: c, unit: unit, verdict: b == c ? .unchanged : .changed,
                            detail: "informational"))
        }
        info("report gap p50", Double(base.polling.reportInterval.p50), Double(current.polling.reportInterval.p50), unit: "ns")
        info("chord split p99", Double(base.chords.split.p99), Double(current.chords.split.p99), unit: "ns")
        info("chords in one report", Self.share(base.chords.inOneReport, base.chords.count),
             Self.share(current.chords.inOneReport, current.chords.count), unit: "share")
        info("max keys held", Double(base.rollover.maxKeysHeld), Double(current.rollover.maxKeysHeld), unit: "count")
        info("ErrorRollOver reports", Double(base.rollover.errorRollOverReports), Double(current.rollover.errorRollOverReports),
             unit: "count")
        info("key-downs", Double(base.keyDowns), Double(current.keyDowns), unit: "count")
    }

    private static func share(_ part: UInt64, _ whole: UInt64) -> Double { whole == 0 ? 0 : Double(part) / Double(whole) }

    static func chatterRow(_ base: TraceAnalysis.HardwareDevice, _ current: TraceAnalysis.HardwareDevice) -> Row {
        let n1 = Double(base.keyDowns), n2 = Double(current.keyDowns)
        let p1 = share(base.chatter.count, base.keyDowns), p2 = share(current.chatter.count, current.keyDowns)
        var row = Row(name: "chatter rate", gated: true, base: p1, current: p2, unit: "share", verdict: .unchanged, detail: "")
        guard n1 > 0, n2 > 0 else {
            row.verdict = .missing
            row.detail = "a capture has no key-downs"
            return row
        }
        let pooled = (Double(base.chatter.count) + Double(current.chatter.count)) / (n1 + n2)
        guard pooled > 0, p1 != p2 else {
            row.detail = "no difference"
            return row
        }
        let z = (p2 - p1) / (pooled * (1 - pooled) * (1 / n1 + 1 / n2)).squareRoot()
        let p = 0.5 * erfc(abs(z) / 2.0.squareRoot())
        row.detail = String(cFormat: "two-proportion z = %.2f, one-sided p = %.4f", z, p)
        if z >= criticalZ { row.verdict = .regression } else if z <= -criticalZ { row.verdict = .improvement } else { row.verdict = .notSignificant }
        return row
    }

    static func jitterRow(_ base: TraceAnalysis.HardwareDevice, _ current: TraceAnalysis.HardwareDevice, policy: ComparisonPolicy) -> Row {
        guard let b = base.polling.jitter, let c = current.polling.jitter, b.count > 0, c.count > 0 else {
            return Row(name: "polling jitter p99", gated: true, base: 0, current: 0, unit: "ns", verdict: .missing,
                       detail: "a capture has no polling interval (bInterval) or no report gaps")
        }
        let base = Double(b.p99), current = Double(c.p99)
        let limit = max(base * policy.relativeThreshold, Double(policy.minimumDelta))
        let verdict: ComparisonVerdict
        if current == base { verdict = .unchanged } else if current - base > limit { verdict = .regression } else if base - current > limit {
            verdict = .improvement
        } else { verdict = .withinThreshold }
        let detail = String(cFormat: "threshold %.0f ns (the larger of %.1f %% and %llu ns)", limit, policy.relativeThreshold * 100,
                            policy.minimumDelta)
        return Row(name: "polling jitter p99", gated: true, base: base, current: current, unit: "ns", verdict: verdict, detail: detail)
    }
}

extension HardwareComparison {
    /// What the comparison found, in one line.
    package var headline: String {
        let regressions = rows.filter { $0.gated && $0.verdict == .regression }.map(\.name)
        return regressions.isEmpty ? "no regression" : "regression: " + regressions.joined(separator: ", ")
    }

    /// The comparison as JSON (`keytrace-hardware-comparison/1`, sorted keys).
    package func jsonReport() throws -> String {
        struct Document: Encodable {
            var schema = "keytrace-hardware-comparison/1"
            var comparison: HardwareComparison
            var hasRegression: Bool
        }
        return try JSONDocument.text(Document(comparison: self, hasRegression: hasRegression))
    }
}
