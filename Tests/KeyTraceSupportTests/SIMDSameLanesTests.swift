import Testing
import KeyTraceSupport

@Suite struct SIMDSameLanesTests {
    @Test func vectorsDifferingInAnySingleLaneOrBitAreNotTheSame() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let a8 = SIMD8<UInt64>((0..<8).map { _ in UInt64.random(in: 0...UInt64.max, using: &rng) })
            let a4 = SIMD4<UInt>((0..<4).map { _ in UInt.random(in: 0...UInt.max, using: &rng) })
            #expect(a8.hasSameLanes(as: a8) && a4.hasSameLanes(as: a4))
            let bit = Int.random(in: 0..<32, using: &rng)
            for lane in 0..<8 {
                var b8 = a8
                b8[lane] ^= 1 << UInt64(bit + 32)
                #expect(!a8.hasSameLanes(as: b8) && !b8.hasSameLanes(as: a8))
                #expect(a8.hasSameLanes(as: b8) == (a8 == b8))
                if lane < 4 {
                    var b4 = a4
                    b4[lane] ^= 1 << UInt(bit)
                    #expect(!a4.hasSameLanes(as: b4))
                }
            }
        }
        #expect(SIMD8<UInt64>.zero.hasSameLanes(as: .zero))
    }
}
