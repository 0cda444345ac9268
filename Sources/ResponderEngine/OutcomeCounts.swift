import KeyTraceCore

/// How many resolutions had each ``DispatchOutcome``: a counter per outcome, held inline.
///
/// Counting is one load and one store: counts in an array cost a uniqueness check and a bounds
/// check on every event, and a lane of a vector assigned by a variable index spills the whole
/// vector to the stack.
public struct OutcomeCounts: Hashable, Sendable {
    /// One lane per outcome raw value; the lanes past the last outcome stay zero.
    private var lanes = SIMD16<Int>.zero

    /// No outcome counted.
    public init() {}

    /// Counts one resolution with `outcome`.
    @inline(__always)
    public mutating func count(_ outcome: DispatchOutcome) {
        withUnsafeMutableBytes(of: &lanes) { lanes in
            let offset = Int(outcome.rawValue) &* MemoryLayout<Int>.stride
            lanes.storeBytes(of: lanes.load(fromByteOffset: offset, as: Int.self) &+ 1, toByteOffset: offset, as: Int.self)
        }
    }

    /// How many resolutions had `outcome`.
    public subscript(outcome: DispatchOutcome) -> Int { lanes[Int(outcome.rawValue)] }

    /// The counts by outcome raw value, every outcome included.
    public var byRawValue: [Int] { DispatchOutcome.allCases.map { self[$0] } }

    /// Whether every outcome has a lane: checked by the tests, so that adding outcomes past the
    /// sixteenth fails there instead of writing past the lanes.
    static var fitsEveryOutcome: Bool {
        DispatchOutcome.allCases.allSatisfy { Int($0.rawValue) < SIMD16<Int>.scalarCount }
    }
}
