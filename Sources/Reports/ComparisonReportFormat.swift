import Comparison

/// The formats `keytrace compare` writes a comparison in.
package enum ComparisonReportFormat: String, CaseIterable, Sendable {
    /// For a terminal (coloured when ``ReportColour`` allows).
    case text
    /// For a pull-request comment.
    case markdown
    /// `keytrace-compare/1` or `keytrace-hardware-comparison/1`.
    case json
    /// JUnit XML, for CI test reports.
    case junit
}

/// A comparison `keytrace compare` writes: bench results (``RunComparison``) or keyboard
/// captures (``HardwareComparison``), in every ``ComparisonReportFormat``.
package protocol ComparisonReport {
    /// For a terminal; `colour` adds ANSI colours.
    func textReport(colour: Bool) -> String
    /// For a pull-request comment.
    func markdownReport() -> String
    /// As JSON, keys sorted.
    func jsonReport() throws -> String
    /// As JUnit XML.
    func junitReport() -> String
}

extension ComparisonReport {
    /// The comparison in `format`; `colour` applies to text.
    package func report(_ format: ComparisonReportFormat, colour: Bool) throws -> String {
        switch format {
        case .text: textReport(colour: colour)
        case .markdown: markdownReport()
        case .json: try jsonReport()
        case .junit: junitReport()
        }
    }
}

extension RunComparison: ComparisonReport {}
extension HardwareComparison: ComparisonReport {}
