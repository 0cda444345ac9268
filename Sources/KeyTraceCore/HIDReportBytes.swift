/// Up to 64 bytes held inline: the bytes of one HID report, copied without allocating.
///
/// 64 bytes is the largest interrupt packet of a full-speed device (USB 2.0 §5.7.3), and more
/// than any keyboard report (boot 8, NKRO bitmaps 16–32); longer reports keep their first 64.
public struct HIDReportBytes: Hashable, Sendable, BitwiseCopyable, RandomAccessCollection {
    /// The most bytes kept.
    @inlinable public static var capacity: Int { 64 }

    // Inlinable with the initialiser and `withUnsafeBytes` below: the recorder builds one per
    // USB report, so the copy compiles to a few stores at its call site.
    @usableFromInline var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline var stored: UInt8 = 0

    /// No bytes.
    @inlinable public init() {}

    /// The first ``capacity`` bytes of `bytes`.
    @inlinable public init(_ bytes: UnsafeRawBufferPointer) {
        let n = Swift.min(bytes.count, Self.capacity)
        stored = UInt8(n)
        if n == 8, let base = bytes.baseAddress {
            // A boot keyboard report, the most common by far: one word, no call to the C library.
            storage.0 = base.loadUnaligned(as: UInt64.self)
            return
        }
        withUnsafeMutableBytes(of: &storage) { raw in
            guard n > 0, let base = bytes.baseAddress, let target = raw.baseAddress else { return }
            target.copyMemory(from: base, byteCount: n)
        }
    }

    /// The first ``capacity`` bytes of `bytes`.
    public init(_ bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        self = array.withUnsafeBytes { HIDReportBytes($0) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { Int(stored) }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < Int(stored), "index out of range")
        return Swift.withUnsafeBytes(of: storage) { $0[position] }
    }

    /// Calls `body` with the stored bytes.
    @inlinable public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try Swift.withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0[0..<Int(stored)])) }
    }

    /// Bytes `8 × index` to `8 × index + 7` as a little-endian word, zero past ``count``: a
    /// writer copies a report a word at a time. `index` is 0…7.
    @inlinable public func word(_ index: Int) -> UInt64 {
        let raw: UInt64
        switch index {
        case 0: raw = storage.0
        case 1: raw = storage.1
        case 2: raw = storage.2
        case 3: raw = storage.3
        case 4: raw = storage.4
        case 5: raw = storage.5
        case 6: raw = storage.6
        default: raw = storage.7
        }
        return UInt64(littleEndian: raw)
    }

    /// The bytes as lowercase hex pairs joined by `separator`.
    public func hex(separator: String) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        var text = ""
        text.reserveCapacity(count * (2 + separator.count))
        for (i, byte) in enumerated() {
            if i > 0 { text += separator }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    public static func == (lhs: HIDReportBytes, rhs: HIDReportBytes) -> Bool {
        lhs.stored == rhs.stored && lhs.withUnsafeBytes { l in rhs.withUnsafeBytes { r in l.elementsEqual(r) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
