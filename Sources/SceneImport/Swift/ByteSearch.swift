import KeyTraceSupport

/// Substring search over UTF-8 bytes (`memchr` for the first byte, `memcmp` for the rest): the
/// importer asks "does this file mention `addKeyCommand` at all?" before walking its trees, and
/// Foundation's `String.contains` is many times slower at that. `firstByteRange(of:)` and the
/// other byte-wise string helpers search through ``firstOffset(of:in:)``.
enum ByteSearch {
    static func contains(_ text: inout String, _ word: String) -> Bool {
        var word = word
        return text.withUTF8 { haystack in word.withUTF8 { needle in firstOffset(of: needle, in: haystack) != nil } }
    }

    /// Every byte offset at which `word` occurs in `text` (overlapping occurrences included).
    static func offsets(of word: String, in text: inout String) -> [Int] {
        var word = word
        return text.withUTF8 { haystack in
            word.withUTF8 { needle in
                var found: [Int] = []
                var start = 0
                while start < haystack.count, let base = haystack.baseAddress,
                      let offset = firstOffset(of: needle, in: UnsafeBufferPointer(start: base + start, count: haystack.count - start)) {
                    found.append(start + offset)
                    start += offset + 1
                }
                return found
            }
        }
    }

    /// Whether sorted `offsets` (as ``offsets(of:in:)`` gives them) hold one in `range`: a
    /// binary search.
    static func contains(_ offsets: [Int], offsetIn range: Range<Int>) -> Bool {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = low + (high - low) / 2
            if offsets[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low] < range.upperBound
    }

    /// The names `text` calls right after each occurrence of `prefix`: for `.modifier(`, `Bold`
    /// from `.modifier(Bold(size: 2))` and `Style.Bold` from `.modifier(Style.Bold())`. A name is
    /// the run of identifier bytes (ASCII letters, digits, `_`, `.` and every non-ASCII byte)
    /// that `(` ends; a run ended otherwise (`.modifier(bold)`) is no call and gives nothing.
    static func namesCalled(after prefix: String, in text: inout String) -> Set<String> {
        var names: Set<String> = []
        let starts = offsets(of: prefix, in: &text)
        guard !starts.isEmpty else { return names }
        let skip = prefix.utf8.count
        text.withUTF8 { bytes in
            for start in starts {
                var end = start + skip
                while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
                guard end > start + skip, end < bytes.count, bytes[end] == UInt8(ascii: "(") else { continue }
                names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + skip)..<end]), as: UTF8.self))
            }
        }
        return names
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "."), 0x80...:
            return true
        default:
            return false
        }
    }

    /// Bytes of Swift source, the most common first. A needle is anchored on its byte that comes
    /// latest here, or not at all (`_`, capitals, digits): `memchr` then stops at far fewer
    /// places than at its first byte (`i` of `in_ime` against `_`).
    private static let commonBytes = Array(" etaoinsrlcdu.\n(phmfg)y:=bv,\"wk".utf8)

    /// How common each byte is (``commonBytes``): 0 for a byte not listed.
    private static let commonness: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for (rank, byte) in commonBytes.enumerated() { table[Int(byte)] = UInt8(commonBytes.count - rank) }
        return table
    }()

    /// Where `needle` first occurs in `haystack`, in bytes; 0 for an empty needle.
    static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !needle.isEmpty, let pattern = needle.baseAddress else { return 0 }
        guard let start = haystack.baseAddress, needle.count <= haystack.count else { return nil }
        var anchor = 0
        for position in 1..<needle.count where commonness[Int(needle[position])] < commonness[Int(needle[anchor])] {
            anchor = position
        }
        let byte = Int32(needle[anchor])
        var cursor = start + anchor
        let end = start + (haystack.count - needle.count + 1) + anchor
        while cursor < end {
            guard let found = memchr(cursor, byte, end - cursor) else { return nil }
            let hit = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            let candidate = hit - anchor
            if memcmp(candidate, pattern, needle.count) == 0 { return candidate - start }
            cursor = hit + 1
        }
        return nil
    }
}
