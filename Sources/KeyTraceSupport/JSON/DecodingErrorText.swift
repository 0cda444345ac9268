import FoundationEssentials

/// Says where in a JSON document decoding failed and why, for the messages of the file types
/// the analysis reads (bench results, import reports).
package enum DecodingErrorText {
    /// `error` as `path.to[2].key: what was wrong`; errors other than `DecodingError` as they
    /// describe themselves.
    package static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }
            return keys.isEmpty ? "top level" : String(keys.joined().drop { $0 == "." })
        }
        switch error {
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing key \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(type), found null"
        @unknown default:
            return String(describing: error)
        }
    }
}
