import Synchronization

/// The text a key typed (`UIKey.characters`), held as UTF-8 inside the value itself.
///
/// A key types at most a grapheme or two, so up to 15 UTF-8 bytes are stored inline in two
/// words; copying, comparing and hashing a text then touch no memory outside the value, and
/// a ``KeyPress`` that holds two of them is a plain, bitwise-copyable value.
///
/// ```
///        low word (bytes 0–7)                 high word (bytes 8–15)
/// +-------------------------------+   +---------------------------+-------+
/// |  UTF-8 bytes 0 … 7            |   |  UTF-8 bytes 8 … 14       | count |   count 0…15
/// +-------------------------------+   +---------------------------+-------+
/// |  number of a long text        |   |  0                        | 0xFF  |   longer text
/// +-------------------------------+   +---------------------------+-------+
/// ```
///
/// Longer text (an input method's composition, a long grapheme cluster) is kept once in a
/// process-wide table and the value holds its number, so every text keeps all its bytes.
///
/// Two texts are equal when their UTF-8 bytes are equal: unlike `String`, a precomposed `é`
/// and `e` with a combining accent differ, as the recorded bytes do.
public struct KeyText: Hashable, Sendable, BitwiseCopyable {
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    /// The most UTF-8 bytes stored inline.
    public static let inlineCapacity = 15
    /// The top byte of ``high`` marking a text kept in the long-text table.
    static let longMark: UInt64 = 0xFF

    /// The empty text: what a key that types nothing (an arrow, a modifier) carries.
    @inlinable
    public init() {
        low = 0
        high = 0
    }

    /// The text of `string`, byte for byte.
    public init(_ string: String) {
        var copy = string
        let packed: (UInt64, UInt64)? = copy.withUTF8 { bytes in
            guard bytes.count <= Self.inlineCapacity else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { raw in
                if let base = bytes.baseAddress { raw.baseAddress?.copyMemory(from: base, byteCount: bytes.count) }
            }
            let low = UInt64(littleEndian: words.0)
            let high = UInt64(littleEndian: words.1) | UInt64(bytes.count) &<< 56
            return (low, high)
        }
        if let (low, high) = packed {
            self.low = low
            self.high = high
        } else {
            low = KeyText.longTexts.number(for: string)
            high = Self.longMark &<< 56
        }
    }

    /// The text of one Unicode scalar, encoded straight into the value.
    public init(_ scalar: Unicode.Scalar) {
        var low: UInt64 = 0
        var count: UInt64 = 0
        UTF8.encode(scalar) { byte in
            low |= UInt64(byte) &<< (count &* 8)
            count &+= 1
        }
        self.low = low
        high = count &<< 56
    }

    /// Whether the text is held in the long-text table rather than inline.
    var isLong: Bool { high &>> 56 == Self.longMark }

    /// Whether the key typed nothing.
    @inlinable
    public var isEmpty: Bool { low == 0 && high == 0 }

    /// The text as a `String`.
    public var string: String {
        if isLong { return KeyText.longTexts.text(number: low) }
        let count = Int(truncatingIfNeeded: high &>> 56)
        if count == 0 { return "" }
        var words = (low.littleEndian, high.littleEndian)
        return withUnsafeBytes(of: &words) { raw in
            String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<count]), as: UTF8.self)
        }
    }

    /// The text's only Unicode scalar, or `nil` when it is empty or has more than one.
    ///
    /// An ASCII character is answered from the stored byte, without building a `String`.
    public var singleScalar: Unicode.Scalar? {
        if high == 1 &<< 56, low < 0x80 { return Unicode.Scalar(UInt8(truncatingIfNeeded: low)) }
        if isEmpty { return nil }
        var scalars = string.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }

    /// The table of texts longer than ``inlineCapacity`` bytes, each kept once for the
    /// life of the process (a trace holds few distinct key texts, and none is ever lost).
    static let longTexts = LongTexts()

    /// Numbers long texts and gives them back; safe to use from any thread.
    final class LongTexts: Sendable {
        private struct Table {
            /// Keyed by bytes: `String` keys would merge canonically equivalent texts.
            var numbers: [[UInt8]: UInt64] = [:]
            var texts: [String] = []
        }
        private let table = Mutex(Table())

        func number(for text: String) -> UInt64 {
            let bytes = Array(text.utf8)
            return table.withLock { table in
                if let number = table.numbers[bytes] { return number }
                let number = UInt64(table.texts.count)
                table.texts.append(text)
                table.numbers[bytes] = number
                return number
            }
        }

        func text(number: UInt64) -> String {
            table.withLock { table in
                number < UInt64(table.texts.count) ? table.texts[Int(number)] : ""
            }
        }
    }
}

extension KeyText: ExpressibleByStringLiteral {
    /// The text of a string literal: `press.characters == "a"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

extension KeyText: CustomStringConvertible, CustomDebugStringConvertible {
    /// The text itself.
    public var description: String { string }
    /// The text quoted and escaped, as `String` shows itself in a debugger.
    public var debugDescription: String { string.debugDescription }
}

extension String {
    /// The string a key typed.
    public init(_ text: KeyText) {
        self = text.string
    }
}
