// One lane of a vector, read or written through the vector's bytes.
//
// `vector[i]` with an index the compiler cannot see spills every lane to the stack and loads
// them back: about 20 instructions for eight lanes, where the dispatcher stamps eight stage
// checkpoints and counts an outcome on every event. These are one load or one store.

extension SIMD where Scalar: FixedWidthInteger {
    /// Lane `index`, read through a copy of the vector's bytes (the copy costs more than the
    /// spill on a hot path: there, change a lane in place with ``addToLane(_:_:)``). `index` must
    /// be a lane of the vector.
    @inlinable @inline(__always)
    public func lane(_ index: Int) -> Scalar {
        precondition(index >= 0 && index < scalarCount, "no such lane")
        return withUnsafeBytes(of: self) { $0.load(fromByteOffset: index &* MemoryLayout<Scalar>.stride, as: Scalar.self) }
    }

    /// Sets lane `index` to `value` in place. `index` must be a lane of the vector.
    @inlinable @inline(__always)
    public mutating func setLane(_ index: Int, to value: Scalar) {
        precondition(index >= 0 && index < scalarCount, "no such lane")
        withUnsafeMutableBytes(of: &self) {
            $0.storeBytes(of: value, toByteOffset: index &* MemoryLayout<Scalar>.stride, as: Scalar.self)
        }
    }

    /// Adds `amount` to lane `index` in place, wrapping on overflow (a counter). `index` must be
    /// a lane of the vector.
    @inlinable @inline(__always)
    public mutating func addToLane(_ index: Int, _ amount: Scalar) {
        precondition(index >= 0 && index < scalarCount, "no such lane")
        withUnsafeMutableBytes(of: &self) { bytes in
            let offset = index &* MemoryLayout<Scalar>.stride
            bytes.storeBytes(of: bytes.load(fromByteOffset: offset, as: Scalar.self) &+ amount, toByteOffset: offset, as: Scalar.self)
        }
    }
}
