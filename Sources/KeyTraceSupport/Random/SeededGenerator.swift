/// A deterministic random number generator (SeededGenerator): the same seed gives the same sequence
/// on every platform and run. Used for bootstrap resampling, so reports are reproducible.
package struct SeededGenerator: RandomNumberGenerator, Hashable, Sendable {
    /// The generator's whole state: 64 bits.
    package private(set) var state: UInt64

    /// A generator starting from `seed`.
    package init(seed: UInt64) { state = seed }

    /// A generator seeded from `seed` mixed with a 64-bit FNV-1a hash of `label`, so each
    /// label (for example a metric name) has its own stream whatever order labels are used in.
    package init(seed: UInt64, label: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in label.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        state = seed ^ hash
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
