import FoundationEssentials

/// The one encoder of KeyTrace's JSON documents (`keytrace-analysis/1`, `keytrace-bench/1`,
/// comparison reports): pretty-printed with sorted keys and unescaped slashes, so the same value
/// always gives the same bytes; dates in ISO 8601; infinities and NaN as the strings `inf`,
/// `-inf` and `nan`. Streamed JSON (exports, summaries) is written with `JSONObject` instead.
package enum JSONDocument {
    /// `value` encoded as a document's bytes (no trailing newline).
    package static func data<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(value)
    }

    /// `value` encoded as a document's text, ending with a newline.
    package static func text<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try data(value), as: UTF8.self) + "\n"
    }
}
