// Whole-vector equality in a few vector instructions.
//
// The standard library's `==` on SIMD vectors compares lane by lane through its generic
// implementation, with a branch per lane: 77 instructions measured for eight lanes. Caches
// keyed by vectors (``KeyCommand`` identities, string references) compare a key on every
// event, so they use these instead: one XOR, then ORs of the halves down to one word.

extension SIMD4 where Scalar == UInt {
    /// Whether every lane equals the same lane of `other` (`self == other`, without branches).
    @inlinable @inline(__always)
    public func hasSameLanes(as other: Self) -> Bool {
        let difference = self ^ other
        let two = difference.lowHalf | difference.highHalf
        return two[0] | two[1] == 0
    }
}

extension SIMD8 where Scalar == UInt64 {
    /// Whether every lane equals the same lane of `other` (`self == other`, without branches).
    @inlinable @inline(__always)
    public func hasSameLanes(as other: Self) -> Bool {
        let difference = self ^ other
        let four = difference.lowHalf | difference.highHalf
        let two = four.lowHalf | four.highHalf
        return two[0] | two[1] == 0
    }
}
