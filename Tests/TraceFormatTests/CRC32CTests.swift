import KeyTraceCore
import Testing
@testable import TraceFormat
import KeyTraceSupport

@Suite struct CRC32CTests {
    @Test func matchesTheKnownCheckValueAndRFC3720Vectors() {
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0..<32).map { UInt8($0) }) == 0x46DD_794E)
        #expect(CRC32C.checksum((0..<32).map { UInt8(31 - $0) }) == 0x113F_DB5C)
        #expect(CRC32C.checksum([UInt8]()) == 0)
    }

    @Test func slicingByEightAgreesWithTheBitwiseDefinitionAtEveryLengthAndSplit() {
        var rng = SeededGenerator(seed: 7)
        let data = (0..<300).map { _ in UInt8.random(in: 0...255, using: &rng) }
        for length in 0...data.count {
            let bytes = Array(data[0..<length])
            #expect(CRC32C.checksum(bytes) == bitwise(bytes))
            let split = length / 3
            var crc = CRC32C()
            crc.update(bytes[0..<split])
            crc.update(bytes[split...])
            #expect(crc.value == bitwise(bytes))
        }
    }

    /// The instruction path (when this machine has one) against the tables, at every length
    /// up to 300 and every alignment of the start, chained across a split.
    @Test func theProcessorInstructionAgreesWithTheTablesAtEveryLengthAndAlignment() {
        var rng = SeededGenerator(seed: 9)
        let data = (0..<320).map { _ in UInt8.random(in: 0...255, using: &rng) }
        data.withUnsafeBytes { all in
            for start in 0..<8 {
                for length in 0...(data.count - start - 8) {
                    let bytes = UnsafeRawBufferPointer(rebasing: all[start..<(start + length)])
                    let reference = CRC32C.advanceInSoftware(0xFFFF_FFFF, bytes)
                    #expect(CRC32C.advance(0xFFFF_FFFF, bytes) == reference, "start \(start), length \(length)")
                    let split = length / 3
                    let chained = CRC32C.advance(CRC32C.advance(0xFFFF_FFFF, UnsafeRawBufferPointer(rebasing: bytes[0..<split])),
                                                 UnsafeRawBufferPointer(rebasing: bytes[split...]))
                    #expect(chained == reference)
                }
            }
        }
    }

    /// Lengths around the sizes where the instruction path runs three blocks side by side
    /// (3 × 256 and 3 × 8192 bytes) and a whole 64 KiB chunk, at two alignments and chained.
    @Test func threeBlocksSideBySideAgreeWithTheTablesAroundEveryBlockSize() {
        var rng = SeededGenerator(seed: 11)
        let data = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let lengths = [767, 768, 769, 775, 776, 1_536, 2_311, 24_575, 24_576, 24_577, 25_344, 49_152, 65_536, 69_990]
        data.withUnsafeBytes { all in
            for start in [0, 3] {
                for length in lengths {
                    let bytes = UnsafeRawBufferPointer(rebasing: all[start..<(start + length)])
                    let reference = CRC32C.advanceInSoftware(0xFFFF_FFFF, bytes)
                    #expect(CRC32C.advance(0xFFFF_FFFF, bytes) == reference, "start \(start), length \(length)")
                    let split = length / 3 + 1
                    let chained = CRC32C.advance(CRC32C.advance(0xFFFF_FFFF, UnsafeRawBufferPointer(rebasing: bytes[0..<split])),
                                                 UnsafeRawBufferPointer(rebasing: bytes[split...]))
                    #expect(chained == reference, "start \(start), length \(length), split")
                }
            }
        }
    }

    private func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
