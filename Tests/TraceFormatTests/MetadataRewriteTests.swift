import KeyTraceCore
import Testing
@testable import TraceFormat

/// `TraceWriter.setMetadata(_:)`: the header is rewritten at `finish()`, in place within the
/// reserved padding or by moving every chunk when it needs more room.
@Suite struct MetadataRewriteTests {
    private static func devices(_ count: Int) -> [DeviceInfo] {
        (0..<count).map { i in
            DeviceInfo(id: .usb(bus: 1, device: UInt16(i + 2), endpoint: 0x81), vendorID: 0x046D, productID: UInt16(i),
                       bInterval: 8, pollingIntervalNanoseconds: 8_000_000, name: "Keyboard number \(i)")
        }
    }

    private static func presses(_ count: Int) -> [KeyPress] {
        let device = DeviceID.usb(bus: 1, device: 2, endpoint: 0x81)
        return (0..<count).map { (i: Int) -> KeyPress in
            let phase: KeyPhase = i % 2 == 0 ? .began : .ended
            let usage = HIDUsage(UInt16(4 + i / 2 % 26))
            let timestamp: UInt64 = 1_700_000_000_000_000_000 + UInt64(i) * 40_000_000
            return KeyPress(phase, usage, device: device, timestamp: timestamp)
        }
    }

    /// Writes presses over several chunks, names `deviceCount` devices afterwards, and checks the
    /// trace reads back whole with the new metadata and an intact footer and checksums.
    private func check(reserve: Int, deviceCount: Int, toFile: Bool) throws {
        let options = TraceWriter.Options(flushInterval: .max, chunkSize: 4096, metadataReserve: reserve)
        let metadata = TraceMetadata(sourceKind: "usb", clockDomain: "unix-epoch")
        let path = TemporaryFile.path("rewrite-\(reserve)-\(deviceCount).ktrace")
        let writer = toFile ? try TraceWriter(path: path, metadata: metadata, options: options)
                            : TraceWriter(metadata: metadata, options: options)
        let presses = Self.presses(5_000)
        for press in presses { try writer.append(press, timestampUncertainty: 8_000_000) }
        var named = metadata
        named.devices = Self.devices(deviceCount)
        writer.setMetadata(named)
        let memory = try writer.finish()
        let bytes = toFile ? try TemporaryFile.read(path) : memory
        let reader = try TraceReader(bytes: bytes)
        #expect(reader.header.metadata.devices == named.devices)
        #expect(reader.header.metadata.sourceKind == "usb")
        #expect(reader.verify().isIntact)
        #expect(reader.chunks.count > 1)
        var read: [KeyPress] = []
        var iterator = reader.makeIterator()
        while let record = iterator.next() { if case .key(let key) = record { read.append(key.press) } }
        #expect(iterator.issues.isEmpty)
        #expect(read == presses)
    }

    @Test(arguments: [false, true])
    func devicesNamedAtFinishFitTheReservedRoomInPlace(toFile: Bool) throws {
        try check(reserve: 4096, deviceCount: 3, toFile: toFile)
    }

    @Test(arguments: [false, true])
    func devicesThatOutgrowTheRoomMoveTheChunks(toFile: Bool) throws {
        try check(reserve: 64, deviceCount: 40, toFile: toFile)
        try check(reserve: 0, deviceCount: 1, toFile: toFile)
    }

    @Test func paddingFillsEveryLengthButOneByteMore() throws {
        let metadata = TraceMetadata(sourceKind: "usb")
        let base = metadata.encoded().count
        for extra in 0..<400 where extra != 1 {
            let block = try #require(metadata.encoded(paddedTo: base + extra), "extra \(extra)")
            #expect(block.count == base + extra)
            let decoded = try #require(block.withUnsafeBytes { TraceMetadata.decode($0) })
            #expect(decoded == metadata)
        }
        #expect(metadata.encoded(paddedTo: base + 1) == nil)
        #expect(metadata.encoded(paddedTo: base - 1) == nil)
    }
}
