/// How many line feeds text holds: the length in lines an import reports for each source file,
/// whichever language the file is in.
package enum LineFeeds {
    /// The line feeds in `text`, counted over its contiguous UTF-8 (iterating the `utf8` view
    /// costs about ten times as much).
    package static func count(in text: String) -> Int {
        var text = text
        return text.withUTF8 { count(in: $0) }
    }

    /// The line feeds in `bytes`.
    package static func count(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { count &+= 1 }
        return count
    }
}
