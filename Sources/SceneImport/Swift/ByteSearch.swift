import KeyTraceSupport

/// Substring search over UTF-8 bytes (`memchr` for the first byte, `memcmp` for the rest): the
/// importer asks "does this file mention `addKeyCommand` at all?" before walking its trees, and
/// Foundation's `String.contains` is many times slower at that.
enum ByteSearch {
    static func contains(_ text: inout String, _ word: String) -> Bool {
        var word = word
        return text.withUTF8 { haystack in
            word.withUTF8 { needle in
                guard let first = needle.first, let pattern = needle.baseAddress else { return true }
                guard var cursor = haystack.baseAddress, needle.count <= haystack.count else { return false }
                let end = cursor + (haystack.count - needle.count + 1)
                while cursor < end {
                    guard let found = memchr(cursor, Int32(first), end - cursor) else { return false }
                    let candidate = found.assumingMemoryBound(to: UInt8.self)
                    if memcmp(candidate, pattern, needle.count) == 0 { return true }
                    cursor = UnsafePointer(candidate + 1)
                }
                return false
            }
        }
    }
}
