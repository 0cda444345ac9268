#if canImport(CCRC32C)
import CCRC32C
#endif

/// CRC-32C (Castagnoli), the checksum of every chunk, metadata block and footer.
///
/// Polynomial 0x1EDC6F41 (reflected 0x82F63B78), initial value 0xFFFFFFFF, final XOR
/// 0xFFFFFFFF, input and output reflected: the variant of iSCSI, ext4 and SSE 4.2's
/// `crc32` instruction. `CRC32C.checksum("123456789".utf8) == 0xE3069283`.
///
/// Where the processor has a CRC-32C instruction (x86-64 SSE 4.2, the ARMv8 CRC extension),
/// eight bytes go through one instruction; elsewhere the implementation is table-driven with
/// slicing-by-8 (eight 256-entry tables, eight bytes per step). Both give the same values.
public struct CRC32C: Sendable, Hashable {
    /// The running, non-finalised register value.
    private var state: UInt32 = 0xFFFF_FFFF

    /// Starts a checksum over no bytes.
    public init() {}

    /// The checksum of everything passed to ``update(_:)`` so far.
    public var value: UInt32 { state ^ 0xFFFF_FFFF }

    /// Feeds bytes into the checksum.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        state = CRC32C.advance(state, bytes)
    }

    /// Feeds bytes into the checksum.
    public mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            state = CRC32C.advance(state, UnsafeRawBufferPointer(buffer))
        }
        if done == nil {
            let array = Array(bytes)
            array.withUnsafeBytes { state = CRC32C.advance(state, $0) }
        }
    }

    /// The CRC-32C of `bytes`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        advance(0xFFFF_FFFF, bytes) ^ 0xFFFF_FFFF
    }

    /// The CRC-32C of `bytes`.
    public static func checksum<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var crc = CRC32C()
        crc.update(bytes)
        return crc.value
    }

    /// Slicing-by-8 tables: `tables[k * 256 + b]` is the CRC of byte `b` followed by `k` zeros.
    static let tables: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
            table[byte] = crc
        }
        for byte in 0..<256 {
            var crc = table[byte]
            for slice in 1..<8 {
                crc = table[Int(crc & 0xFF)] ^ (crc >> 8)
                table[slice * 256 + byte] = crc
            }
        }
        return table
    }()

    static func advance(_ start: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        #if canImport(CCRC32C)
        if usesHardware, let base = bytes.baseAddress {
            return keytrace_crc32c_update(start, base, bytes.count)
        }
        #endif
        return advanceInSoftware(start, bytes)
    }

    /// Whether ``advance(_:_:)`` uses the processor's CRC-32C instruction.
    static let usesHardware: Bool = {
        #if canImport(CCRC32C)
        return keytrace_crc32c_hardware_available() != 0
        #else
        return false
        #endif
    }()

    /// Slicing-by-8 over the tables: the reference the instruction path is tested against.
    static func advanceInSoftware(_ start: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return start }
        var crc = start
        var index = 0
        let count = bytes.count
        tables.withUnsafeBufferPointer { table in
            guard let t = table.baseAddress else { return }
            while index + 8 <= count {
                let low = base.loadUnaligned(fromByteOffset: index, as: UInt32.self).littleEndian ^ crc
                let high = base.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self).littleEndian
                crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                index += 8
            }
            while index < count {
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                crc = t[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return crc
    }
}
