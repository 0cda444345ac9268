/// The per-stage durations of one dispatch, in nanoseconds, indexed by stage raw value.
///
/// Up to ``inlineCapacity`` durations (every stage the engine has today, with room to grow)
/// are held inline, so decoding a stage-timings record allocates nothing. A record from a
/// newer writer with more stages keeps all of them in a heap array instead.
///
/// ```swift
/// let durations: StageDurations = [120, 80, 310, 45, 12, 60, 9]
/// durations[2]        // 310
/// Array(durations)    // every value, in stage order
/// ```
public struct StageDurations: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// How many durations fit without a heap allocation.
    public static let inlineCapacity = 8

    @usableFromInline var inline = SIMD8<UInt64>(repeating: 0)
    /// Every value when there are more than ``inlineCapacity``; `nil` otherwise.
    @usableFromInline var spilled: [UInt64]?
    @usableFromInline var storedCount = 0

    /// The number of durations.
    @inlinable public var count: Int { storedCount }

    /// No durations.
    @inlinable
    public init() {}

    /// The first `count` (at most ``inlineCapacity``) lanes of `values`, in order.
    @inlinable
    public init(_ values: SIMD8<UInt64>, count: Int) {
        precondition(count >= 0 && count <= Self.inlineCapacity, "at most \(Self.inlineCapacity) inline durations")
        inline = values
        storedCount = count
    }

    /// The durations of `values`, in order (inlinable, so it is specialised for the caller's
    /// sequence instead of walking it through generic metadata).
    @inlinable
    public init<Values: Sequence>(_ values: Values) where Values.Element == UInt64 {
        for value in values { append(value) }
    }

    public init(arrayLiteral values: UInt64...) {
        self.init(values)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The duration at `index` (`0..<count`).
    @inlinable
    public subscript(index: Int) -> UInt64 {
        get {
            precondition(index >= 0 && index < storedCount, "stage duration index out of range")
            if let spilled { return spilled[index] }
            return inline[index]
        }
        set {
            precondition(index >= 0 && index < storedCount, "stage duration index out of range")
            if spilled != nil {
                spilled?[index] = newValue
                return
            }
            inline[index] = newValue
        }
    }

    /// Adds `value` as the duration of the next stage.
    @inlinable
    public mutating func append(_ value: UInt64) {
        if spilled == nil && count < Self.inlineCapacity {
            inline[count] = value
        } else {
            if spilled == nil { spilled = Array(self) }
            spilled?.append(value)
        }
        storedCount += 1
    }

    public static func == (lhs: StageDurations, rhs: StageDurations) -> Bool {
        lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for value in self { hasher.combine(value) }
    }
}

extension StageDurations: CustomStringConvertible {
    public var description: String { Array(self).description }
}
