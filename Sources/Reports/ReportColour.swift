import FoundationEssentials
import KeyTraceSupport

/// Whether a text report may colour its output: the one rule every command that prints a
/// report follows.
package enum ReportColour {
    /// `true` when the report goes to standard output (`writesToFile` is false), standard
    /// output is a terminal, and `NO_COLOR` is unset (https://no-color.org).
    package static func allowed(writesToFile: Bool) -> Bool {
        !writesToFile && isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }
}
