import Testing
@testable import TraceFormat

@Suite struct ByteWriterTests {
    /// Every varint length, and both sides of the one-store limit (2⁵⁶).
    static let values: [UInt64] = [0, 1, 127, 128, 300, 16_383, 16_384, 1 << 21, (1 << 28) - 1, 1 << 35, 1 << 42,
                                   1 << 49, (1 << 56) - 1, 1 << 56, (1 << 63) - 1, 1 << 63, .max]

    @Test func varintsReadBackAndTakeTheirLEB128Size() {
        var writer = ByteWriter()
        var sizes: [Int] = []
        for value in Self.values {
            let before = writer.count
            writer.writeVarint(value)
            sizes.append(writer.count - before)
        }
        #expect(sizes == Self.values.map(Varint.size))
        let bytes = writer.bytes
        bytes.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            for value in Self.values { #expect(reader.readVarint() == value) }
            #expect(reader.isAtEnd)
        }
        // LEB128 by definition: 300 is AC 02.
        var small = ByteWriter()
        small.writeVarint(300)
        #expect(small.bytes == [0xAC, 0x02])
    }

    @Test func bytesFromEverySourceAppendInOrder() {
        var writer = ByteWriter(capacity: 4)
        writer.writeBytes([1, 2, 3] as [UInt8])
        writer.writeBytes(([9, 4, 5, 9] as [UInt8])[1...2])
        var other = ByteWriter()
        other.writeBytes(Array(6...200) as [UInt8])  // grows past its first capacity
        writer.writeBytes(other)
        writer.writeBytes(Set<UInt8>([201]))  // no contiguous storage: byte by byte
        #expect(writer.bytes == Array(1...201))
    }
}
