import KeyTraceSupport

extension TraceAnalysis {
    /// The `keytrace-analysis/1` JSON document: sorted keys, pretty-printed, so the same
    /// analysis always gives the same bytes.
    public func jsonReport() throws -> String {
        try JSONDocument.text(self)
    }
}
