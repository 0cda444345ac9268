extension StringProtocol where UTF8View: BidirectionalCollection {
    /// What follows the last `/` of this path (all of it when it has none): a file's name.
    ///
    /// Xcode projects list files by name or by path, and the importer matches both against the
    /// paths it found on disk by this one rule.
    package var lastPathComponent: SubSequence {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return self[...] }
        return self[utf8.index(after: slash)...]
    }

    /// Whether the text ends with `suffix`, compared byte for byte in UTF-8 (`hasSuffix`
    /// compares characters, which breaks the text into grapheme clusters).
    @inline(__always)
    package func hasByteSuffix(_ suffix: StaticString) -> Bool {
        var cursor = utf8.endIndex
        return suffix.withUTF8Buffer { suffix in
            for byte in suffix.reversed() {
                guard cursor > utf8.startIndex else { return false }
                cursor = utf8.index(before: cursor)
                guard utf8[cursor] == byte else { return false }
            }
            return true
        }
    }
}
