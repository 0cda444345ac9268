import Comparison
import KeyTraceSupport

extension RunComparison {
    /// A pull-request comment: a headline, the latency table, the gated counters and any
    /// informational counter that changed, warnings, and the rule in small print.
    package func markdownReport() -> String {
        var lines: [String] = []
        if hasRegression {
            let count = regressions.count
            lines.append("### keytrace compare: ❌ \(count) regression\(count == 1 ? "" : "s") (\(regressions.map { "`\($0)`" }.joined(separator: ", ")))")
        } else {
            lines.append("### keytrace compare: ✅ no regression")
        }
        if !ignoredRegressions.isEmpty {
            lines.append("")
            lines.append("Reported, not counted (`--ignore`): \(ignoredRegressions.map { "`\($0)`" }.joined(separator: ", "))")
        }
        lines.append("")
        let (was, meta) = (base.metadata, current.metadata)
        let side = { (base: String, current: String) in
            ReportFormatting.sides("`\(escape(base))`", "`\(escape(current))`")
        }
        lines.append("`\(escape(base.label))` (\(base.runs) runs) → `\(escape(current.label))` (\(current.runs) runs) · "
            + "scene \(side(was.scene.name, meta.scene.name)) · trace \(side(was.trace, meta.trace)) · "
            + "policy \(side("\(was.policy)", "\(meta.policy)"))")
        lines.append("")
        let confidence = String(cFormat: "%g", policy.confidence * 100)
        lines.append("| metric | base | current | change | ratio [\(confidence) % CI] | p | verdict |")
        lines.append("|---|--:|--:|--:|---|--:|---|")
        for entry in latency {
            let change = ReportFormatting.signedDuration(entry.delta) + " "
                + ReportFormatting.percent(entry.delta, of: entry.baseMedian)
            lines.append("| \(entry.metric.name) | \(ReportFormatting.duration(entry.baseMedian)) | "
                + "\(ReportFormatting.duration(entry.currentMedian)) | \(change.trimmingWhitespace()) | "
                + "\(ReportFormatting.ratioWithInterval(entry)) | \(ReportFormatting.pValue(entry.test?.pValue)) | "
                + "\(badge(entry.verdict)) |")
        }
        lines.append("")
        let shown = counters.filter { $0.gated || $0.verdict != .unchanged }
        let hidden = counters.count - shown.count
        lines.append("| counter (per press) | base | current | verdict |")
        lines.append("|---|--:|--:|---|")
        for entry in shown {
            lines.append("| \(entry.name)\(entry.gated ? "" : " *(info)*") | \(ReportFormatting.counter(entry.basePerPress)) | "
                + "\(ReportFormatting.counter(entry.currentPerPress)) | \(badge(entry.verdict)) |")
        }
        if hidden > 0 {
            lines.append("")
            lines.append("\(hidden) informational counter\(hidden == 1 ? "" : "s") unchanged.")
        }
        if !warnings.isEmpty {
            lines.append("")
            lines += warnings.map { "> ⚠️ \(escape($0))" }
        }
        lines.append("")
        lines.append("<sub>\(ReportFormatting.rule(policy))</sub>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func badge(_ verdict: ComparisonVerdict) -> String {
        switch verdict {
        case .regression: return "❌ regression"
        case .improvement: return "🟢 improvement"
        case .notSignificant: return "❔ not significant"
        case .withinThreshold: return "within threshold"
        case .unchanged: return "unchanged"
        case .changed: return "changed"
        case .missing: return "missing"
        }
    }

    private func escape(_ text: String) -> String {
        text.replacingPipes()
    }
}

extension String {
    func replacingPipes() -> String {
        var result = ""
        for character in self {
            switch character {
            case "|": result += "\\|"
            case "`": result += "'"
            case "\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
