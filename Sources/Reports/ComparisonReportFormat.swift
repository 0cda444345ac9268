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

extension RunComparison {
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

extension HardwareComparison {
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
