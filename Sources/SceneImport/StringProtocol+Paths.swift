extension StringProtocol where UTF8View: BidirectionalCollection {
    /// What follows the last `/` of this path (all of it when it has none): a file's name.
    ///
    /// Xcode projects list files by name or by path, and the importer matches both against the
    /// paths it found on disk by this one rule.
    var lastPathComponent: SubSequence {
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return self[...] }
        return self[utf8.index(after: slash)...]
    }
}
