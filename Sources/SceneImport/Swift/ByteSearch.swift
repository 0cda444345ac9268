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

    /// Where `needle` first occurs in `haystack`, in bytes; 0 for an empty needle.
    static func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, let pattern = needle.baseAddress else { return 0 }
        guard let start = haystack.baseAddress, needle.count <= haystack.count else { return nil }
        var cursor = start
        let end = start + (haystack.count - needle.count + 1)
        while cursor < end {
            guard let found = memchr(cursor, Int32(first), end - cursor) else { return nil }
            let candidate = found.assumingMemoryBound(to: UInt8.self)
            if memcmp(candidate, pattern, needle.count) == 0 { return UnsafePointer(candidate) - start }
            cursor = UnsafePointer(candidate + 1)
        }
        return nil
    }
}
