extension StringProtocol {
    /// The first range where `text` occurs, compared byte for byte in UTF-8.
    ///
    /// Project files and source texts are searched for ASCII keys (`isa = `,
    /// `IPHONEOS_DEPLOYMENT_TARGET`): a byte comparison finds the same ranges as a Unicode-aware
    /// search at a fraction of its cost, without bridging to Foundation.
    func firstByteRange(of text: String) -> Range<Index>? {
        // The needle is read in place (a native string's UTF-8 is contiguous): searching for
        // `"."` allocates nothing.
        var needle = text
        let (offset, count) = needle.withUTF8 { pattern -> (Int?, Int) in
            let found = utf8.withContiguousStorageIfAvailable { ByteSearch.firstOffset(of: pattern, in: $0) }
                ?? Array(utf8).withUnsafeBufferPointer { ByteSearch.firstOffset(of: pattern, in: $0) }
            return (found, pattern.count)
        }
        guard let offset else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: count)
    }

    /// Whether `text` occurs, compared byte for byte in UTF-8 (``firstByteRange(of:)``).
    func containsBytes(of text: String) -> Bool {
        firstByteRange(of: text) != nil
    }

    /// The parts between occurrences of `separator`, compared byte for byte in UTF-8 (the
    /// parts `components(separatedBy:)` gives, without bridging to Foundation).
    func components(separatedByBytes separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let found = rest.firstByteRange(of: separator) {
            parts.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    /// A type name without its optionality marks: `UIKeyCommand?` and `String!` give
    /// `UIKeyCommand` and `String`.
    var withoutOptionality: String { removingBytes { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") } }

    /// The text with its spaces dropped (`UIKeyCommand ` → `UIKeyCommand`), without building a
    /// Foundation character set.
    var withoutSpaces: String { removingBytes { $0 == UInt8(ascii: " ") } }

    /// The text without the ASCII bytes `isRemoved` picks, filtered as UTF-8 (filtering
    /// `Character`s would break the text into grapheme clusters); an ASCII byte is never part of
    /// another character's encoding, so the result is valid UTF-8. Text with none of them is
    /// returned whole, without filtering.
    func removingBytes(where isRemoved: (UInt8) -> Bool) -> String {
        let hasRemoved = utf8.withContiguousStorageIfAvailable { $0.contains(where: isRemoved) } ?? utf8.contains(where: isRemoved)
        guard hasRemoved else { return String(self) }
        var kept: [UInt8] = []
        kept.reserveCapacity(utf8.count)
        for byte in utf8 where !isRemoved(byte) { kept.append(byte) }
        return String(decoding: kept, as: UTF8.self)
    }
}
