/// The kinds of ``TraceRecord``, with the stable names used by `--kind`, JSON and CSV.
public enum RecordKind: String, Hashable, Sendable, CaseIterable, Comparable {
    /// ``KeyRecord``.
    case key = "key"
    /// ``ResolutionRecord``.
    case resolution = "resolution"
    /// ``StageTimingsRecord``.
    case stageTimings = "timing"
    /// ``KeyCommandsCountersRecord``.
    case keyCommandsCounters = "counters"
    /// ``CacheEventRecord``.
    case cache = "cache"
    /// ``ChainChangeRecord``.
    case chainChange = "chain"
    /// ``DroppedEventsRecord``.
    case dropped = "dropped"
    /// ``MarkerRecord``.
    case marker = "marker"
    /// A HID report (``KeyTraceCore/HIDReport``).
    case hidReport = "report"
    /// ``UnknownRecord``.
    case unknown = "unknown"

    /// The stable name (`key`, `resolution`, `timing`, `counters`, `cache`, `chain`,
    /// `dropped`, `marker`, `report`, `unknown`).
    public var name: String { rawValue }

    /// Parses a comma-separated list such as `key,resolution`; `nil` names the first unknown word.
    public static func parseList(_ text: String) -> Result<Set<RecordKind>, UnknownKindName> {
        var kinds = Set<RecordKind>()
        for word in text.split(separator: ",") {
            let trimmed = word.trimmingCharacters(in: " ")
            guard let kind = RecordKind(rawValue: trimmed) else { return .failure(UnknownKindName(name: trimmed)) }
            kinds.insert(kind)
        }
        guard !kinds.isEmpty else { return .failure(UnknownKindName(name: text)) }
        return .success(kinds)
    }

    /// Orders kinds as ``allCases`` lists them (keys first).
    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// A `--kind` word that names no record kind.
public struct UnknownKindName: Error, Hashable, Sendable, CustomStringConvertible {
    /// The word that was not recognised.
    public let name: String

    /// What was wrong and which names are accepted.
    public var description: String {
        "unknown record kind '\(name)'; use a comma-separated list of: "
            + RecordKind.allCases.map(\.name).joined(separator: ", ")
    }
}

extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return String(s)
    }
}
