import KeyTraceSupport

/// The text of the markers that hold counts per responder (`keycommands-per-responder`,
/// ``CommandsBuiltMarker``): one `PATH = COUNT [COUNT …]` line per responder, the path up to
/// the last `=`, the counts decimal and separated by spaces.
public enum ResponderCountLines {
    /// The lines of `text` with a path and `fields` counts; any other line is skipped.
    public static func parse(_ text: String, fields: Int) -> [(path: String, counts: [UInt64])] {
        text.split(separator: "\n").compactMap { line in
            guard let equals = line.lastIndex(of: "=") else { return nil }
            let path = line[..<equals].trimmingWhitespace()
            let words = line[line.index(after: equals)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            let counts = words.compactMap { UInt64($0) }
            guard !path.isEmpty, counts.count == fields, words.count == fields else { return nil }
            return (path, counts)
        }
    }

    /// The line of one responder.
    public static func line(path: String, counts: [UInt64]) -> String {
        "\(path) = " + counts.map(String.init).joined(separator: " ")
    }
}
