extension VerificationReport {
    /// What a reader of the trace at `path` tells its user when records were lost: one line per
    /// damaged place that lost records, then what was read. `nil` when nothing was lost.
    public func lostRecordsMessage(path: String) -> (places: [String], summary: String)? {
        Self.lostRecordsMessage(issues: issues, readableRecords: readableRecords, expectedRecords: expectedRecords, path: path)
    }

    /// ``lostRecordsMessage(path:)`` for a read that met `issues` after `readableRecords`
    /// records of the `expectedRecords` a footer listed (a stream has no footer: `nil`).
    public static func lostRecordsMessage(issues: [ChunkIssue], readableRecords: UInt64, expectedRecords: UInt64?,
                                          path: String) -> (places: [String], summary: String)? {
        let places = issues.filter(\.losesRecords).map { "\(path): \($0)" }
        guard !places.isEmpty else { return nil }
        let expected = expectedRecords.map { " of the \($0) the footer lists" } ?? ""
        return (places, "\(path) is damaged: \(readableRecords) records read\(expected); "
                + "the records of the places above are lost (keytrace verify lists them)")
    }
}
