import Analysis
import Comparison
import FoundationEssentials

extension HardwareComparison {
    private var table: ReportTable {
        var table = ReportTable(["figure", "base", "current", "verdict", "how"], rightAligned: [1, 2])
        for row in rows {
            table.add([row.name + (row.gated ? "" : " (info)"), row.formatted(row.base), row.formatted(row.current),
                       row.verdict.rawValue, row.detail])
        }
        return table
    }

    /// The comparison for a terminal.
    package func textReport(colour: Bool) -> String {
        var out = ["keytrace compare (keyboard hardware): \(headline)",
                   "  base    \(baseLabel): \(baseDevice)", "  current \(currentLabel): \(currentDevice)", table.text(colour: colour)]
        out += warnings.map { "  warning: \($0)" }
        return out.joined(separator: "\n") + "\n"
    }

    /// The comparison for a pull-request comment.
    package func markdownReport() -> String {
        var out = ["### keytrace compare (keyboard hardware): \(headline)", "",
                   "base `\(baseLabel)` (\(baseDevice)), current `\(currentLabel)` (\(currentDevice))", "", table.markdown()]
        out += warnings.map { "- ⚠️ \($0)" }
        return out.joined(separator: "\n") + "\n"
    }
}
