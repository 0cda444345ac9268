import KeyTraceCore

/// A named latency interval: one ``DispatchStage`` or the end-to-end time of a dispatch.
///
/// Stage names come from ``DispatchStage/name`` (the single source of truth); other intervals
/// (for example input-to-dispatch when a capture has hardware timestamps) are named the same
/// `AToB` way and pass through files unchanged.
public struct LatencyMetric: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The metric's name, e.g. `CollectToMatch` or `EndToEnd`.
    public let name: String

    /// A metric named `name`.
    public init(name: String) { self.name = name }

    /// The metric of a dispatch stage.
    public static func stage(_ stage: DispatchStage) -> LatencyMetric { LatencyMetric(name: stage.name) }

    /// Receive to end of one dispatch: the sum of every stage.
    public static let endToEnd = LatencyMetric(name: "EndToEnd")

    /// The dispatch stages in table order, then ``endToEnd``.
    public static let dispatch: [LatencyMetric] = DispatchStage.allCases.map(stage) + [endToEnd]

    /// The stage this metric measures, or `nil` for ``endToEnd`` and other intervals.
    public var stage: DispatchStage? { DispatchStage(name: name) }

    /// How many clock reads fall inside one measurement of this metric: one per stage, one per
    /// stage boundary for ``endToEnd``.
    public var clockReadsInside: UInt64 {
        self == .endToEnd ? UInt64(DispatchStage.checkpointCount - 1) : 1
    }

    /// Orders stages by the stage table, then end-to-end, then other names alphabetically.
    public static func < (lhs: LatencyMetric, rhs: LatencyMetric) -> Bool {
        lhs.sortKey < rhs.sortKey || (lhs.sortKey == rhs.sortKey && lhs.name < rhs.name)
    }

    private var sortKey: Int {
        if let stage { return Int(stage.rawValue) }
        return self == .endToEnd ? DispatchStage.allCases.count : DispatchStage.allCases.count + 1
    }

    public var description: String { name }

    public init(from decoder: Decoder) throws {
        name = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
