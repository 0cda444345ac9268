import Analysis
import Surfaces

/// The formats `keytrace analyze` writes an analysis in.
package enum AnalysisReportFormat: String, CaseIterable, Sendable {
    /// For a terminal (coloured when ``ReportColour`` allows).
    case text
    /// `keytrace-analysis/1`.
    case json
    /// For a pull-request comment.
    case markdown
    /// A page of its own, with charts.
    case html
}

extension TraceAnalysis {
    /// The analysis in `format`; `colour` applies to text. `surfaces`, the menu bar and the
    /// overlay of the scene the traces went through, are drawn in HTML.
    package func report(_ format: AnalysisReportFormat, colour: Bool, surfaces: SceneSurfaces? = nil) throws -> String {
        switch format {
        case .text: textReport(colour: colour)
        case .json: try jsonReport()
        case .markdown: markdownReport()
        case .html: htmlReport(surfaces: surfaces)
        }
    }
}
