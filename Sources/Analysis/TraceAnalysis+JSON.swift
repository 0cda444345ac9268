import Foundation

extension TraceAnalysis {
    /// The `keytrace-analysis/1` JSON document: sorted keys, pretty-printed, so the same
    /// analysis always gives the same bytes.
    public func jsonReport() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
