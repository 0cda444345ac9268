import KeyTraceCore
import KeyTraceSupport

/// How many resolutions had each ``DispatchOutcome``: a counter per outcome, held inline.
///
/// Counting is one load and one store (``SIMD/addToLane(_:_:)``): counts in an array cost a
/// uniqueness check and a bounds check on every event.
public struct OutcomeCounts: Hashable, Sendable {
    /// One lane per outcome raw value; the lanes past the last outcome stay zero.
    private var lanes = SIMD16<Int>.zero

    /// No outcome counted.
    public init() {}

    /// Counts one resolution with `outcome`.
    @inline(__always)
    public mutating func count(_ outcome: DispatchOutcome) {
        lanes.addToLane(Int(outcome.rawValue), 1)
    }

    /// How many resolutions had `outcome`.
    public subscript(outcome: DispatchOutcome) -> Int { lanes.lane(Int(outcome.rawValue)) }

    /// The counts by outcome raw value, every outcome included.
    public var byRawValue: [Int] { DispatchOutcome.allCases.map { self[$0] } }

    /// Whether every outcome has a lane: checked by the tests, so that adding outcomes past the
    /// sixteenth fails there, not in the first dispatch that counts one.
    static var fitsEveryOutcome: Bool {
        DispatchOutcome.allCases.allSatisfy { Int($0.rawValue) < SIMD16<Int>.scalarCount }
    }
}
