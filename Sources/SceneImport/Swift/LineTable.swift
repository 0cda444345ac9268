import SwiftSyntax

/// The line each UTF-8 offset of one source file is on, for inventory rows and report entries.
///
/// Built by one scan of the file's bytes for line ends, the same ends swift-syntax counts
/// (`\n`, `\r\n` and a lone `\r`); a line is found by binary search over the line starts.
/// swift-syntax's `SourceLocationConverter` gives the same physical line numbers but walks the
/// whole syntax tree to build its table.
struct LineTable: Sendable {
    /// The UTF-8 offset at which each line starts; the first is 0.
    private let starts: [Int]

    /// Scans `source` for line ends.
    init(_ source: String) {
        var starts = [0]
        var source = source
        source.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\n") {
                    starts.append(index)
                } else if byte == UInt8(ascii: "\r") {
                    if index < count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index)
                }
            }
        }
        self.starts = starts
    }

    /// The 1-based line that holds the byte at `offset`.
    func line(atUTF8Offset offset: Int) -> Int {
        // The last start at or before `offset`.
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low + 1
    }

    /// The 1-based line on which `node` starts, after its leading trivia (as
    /// `startLocation(converter:)` counts it).
    func line(of node: some SyntaxProtocol) -> Int {
        line(atUTF8Offset: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}
