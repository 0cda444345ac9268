import Testing
@testable import KeyTraceSupport

/// `SIMD.lane(_:)`, `setLane(_:to:)` and `addToLane(_:_:)` read and write exactly the lane the
/// subscript names, and no other.
@Suite struct SIMDLanesTests {
    @Test func settingALaneChangesThatLaneOnly() {
        for index in 0..<8 {
            var vector = SIMD8<UInt64>(1, 2, 3, 4, 5, 6, 7, 8)
            var expected = vector
            vector.setLane(index, to: 99)
            expected[index] = 99
            #expect(vector == expected)
            #expect(vector.lane(index) == 99)
        }
    }

    @Test func addingToALaneWrapsAndLeavesTheOthers() {
        var counts = SIMD16<Int>.zero
        for index in 0..<16 {
            for _ in 0...index { counts.addToLane(index, 1) }
        }
        #expect(counts == SIMD16<Int>((1...16).map { $0 }))
        var top = SIMD4<UInt8>(255, 0, 0, 0)
        top.addToLane(0, 1)
        #expect(top == SIMD4<UInt8>(0, 0, 0, 0))
    }
}
