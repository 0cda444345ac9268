import Analysis
import Comparison

extension RunComparison {
    /// An aligned terminal table. With `colour`, verdicts are coloured with ANSI escapes
    /// (regression red, improvement green, not significant yellow); callers pass `true` only
    /// when writing to a terminal.
    package func textReport(colour: Bool = false) -> String {
        var lines: [String] = []
        // A bench result is input: its overhead may be any number, so the product saturates.
        let product = current.checkpointOverheadNanoseconds.multipliedReportingOverflow(by: LatencyMetric.endToEnd.clockReadsInside)
        let endToEndOverhead = product.overflow ? UInt64.max : product.partialValue
        lines.append("keytrace compare: \(base.label) (\(base.runs) runs) → \(current.label) (\(current.runs) runs)")
        let (was, meta) = (base.metadata, current.metadata)
        let scene = ReportFormatting.sides("\(was.scene.name) (\(was.scene.contentHash))", "\(meta.scene.name) (\(meta.scene.contentHash))")
        lines.append("scene \(scene), trace \(ReportFormatting.sides(was.trace, meta.trace)), "
            + "policy \(ReportFormatting.sides("\(was.policy)", "\(meta.policy)")), "
            + "host \(ReportFormatting.sides(was.host.hostname, meta.host.hostname))")
        lines.append("clock resolution \(current.clockResolutionNanoseconds) ns; each stage includes about one clock read "
            + "(\(current.checkpointOverheadNanoseconds) ns), EndToEnd about \(LatencyMetric.endToEnd.clockReadsInside) "
            + "(\(endToEndOverhead) ns)")
        lines.append(ReportFormatting.rule(policy))
        lines.append("")

        lines.append("latency (median of per-run medians)")
        let latencyRows = latency.map { entry -> [String] in
            [
                entry.metric.name,
                ReportFormatting.duration(entry.baseMedian),
                ReportFormatting.duration(entry.currentMedian),
                ReportFormatting.signedDuration(entry.delta),
                ReportFormatting.percent(entry.delta, of: entry.baseMedian),
                ReportFormatting.ratioWithInterval(entry),
                ReportFormatting.pValue(entry.test?.pValue),
                entry.verdict.rawValue,
            ]
        }
        lines += table(
            header: ["metric", "base", "current", "change", "", "ratio [\(confidenceLabel) CI]", "p", "verdict"],
            rightAligned: [false, true, true, true, true, false, true, false],
            rows: latencyRows, colour: colour)
        lines.append("")

        lines.append("counters (per press, over all runs)")
        let counterRows = counters.map { entry -> [String] in
            [
                entry.name + (entry.gated ? "" : " (info)"),
                ReportFormatting.counter(entry.basePerPress),
                ReportFormatting.counter(entry.currentPerPress),
                entry.verdict.rawValue,
            ]
        }
        lines += table(
            header: ["counter", "base", "current", "verdict"],
            rightAligned: [false, true, true, false],
            rows: counterRows, colour: colour)

        if !warnings.isEmpty {
            lines.append("")
            lines.append(paint("warnings:", .yellow, colour))
            lines += warnings.map { "  - " + $0 }
        }
        lines.append("")
        if !ignoredRegressions.isEmpty {
            lines.append(paint("ignored for the result (--ignore): \(ignoredRegressions.joined(separator: ", "))", .yellow, colour))
        }
        if hasRegression {
            lines.append(paint("result: REGRESSION (\(regressions.joined(separator: ", ")))", .red, colour))
        } else {
            lines.append(paint("result: no regression", .green, colour))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var confidenceLabel: String { String(cFormat: "%g %%", policy.confidence * 100) }

    private enum Colour: String {
        case red = "31", green = "32", yellow = "33"
    }

    private func paint(_ text: String, _ colour: Colour, _ enabled: Bool) -> String {
        enabled ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }

    private func colour(for verdict: String) -> Colour? {
        switch ComparisonVerdict(rawValue: verdict) {
        case .regression: return .red
        case .improvement: return .green
        case .notSignificant, .missing: return .yellow
        default: return nil
        }
    }

    /// Rows padded to column widths; the last column (the verdict) is coloured after padding.
    private func table(header: [String], rightAligned: [Bool], rows: [[String]], colour: Bool) -> [String] {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.enumerated().map { index, row in
            var cells = row.indices.map { column in
                ReportFormatting.pad(row[column], widths[column], right: rightAligned[column])
            }
            if index > 0, let last = row.last, let tint = self.colour(for: last) {
                cells[cells.count - 1] = paint(last, tint, colour)
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
