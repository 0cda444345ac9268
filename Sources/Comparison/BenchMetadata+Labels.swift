extension BenchMetadata {
    /// The labels written `KEY=VALUE` (`keytrace bench --label`), or the first one that is not
    /// of that form (no `=`, or an empty key) as the failure. A later label of a key wins.
    package static func labels(_ pairs: [String]) -> Result<[String: String], LabelError> {
        var labels: [String: String] = [:]
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { return .failure(LabelError(label: pair)) }
            labels[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return .success(labels)
    }

    /// A label not written `KEY=VALUE` with a non-empty key.
    package struct LabelError: Error, CustomStringConvertible {
        /// The label as given.
        package var label: String
        package var description: String { "--label wants KEY=VALUE with a non-empty KEY, got '\(label)'" }
    }
}
