/// One line of the text recordings whose lines read `T: field field … # comment` (evemu,
/// hid-recorder): its tag and its whitespace-separated fields with their 1-based columns.
///
/// ```
///   E: 0.000001 0004 0004 458792   # EV_MSC …
///   ^  ^        ^    ^    ^          comment: ignored
///   tag (column 3 here: leading blanks are skipped), fields with their columns
/// ```
struct TaggedLine {
    /// What a line holds.
    enum Parsed {
        /// A blank line or a `#` comment.
        case blank
        /// A line whose first character (at `column`) is not followed by `:`.
        case untagged(column: Int)
        /// A `T:` line.
        case tagged(TaggedLine)
    }

    /// The character before the colon.
    let tag: Character
    /// The 1-based column of ``tag``.
    let column: Int
    /// The fields after the colon, up to a `#` comment.
    let fields: [(text: String, column: Int)]
    private let characters: [Character]

    /// Everything after the colon without surrounding blanks (a name may hold spaces and `#`).
    var value: String { String(characters[(column + 1)...]).trimmingCharacters(inSet: " \t") }

    /// Splits `text` into its tag and fields.
    static func parse(_ text: String) -> Parsed {
        let characters = Array(text)
        var index = 0
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        guard index < characters.count, characters[index] != "#" else { return .blank }
        guard index + 1 < characters.count, characters[index + 1] == ":" else { return .untagged(column: index + 1) }
        var fields: [(text: String, column: Int)] = []
        var position = index + 2
        while position < characters.count {
            if characters[position] == "#" { break }
            if characters[position] == " " || characters[position] == "\t" { position += 1; continue }
            let start = position
            while position < characters.count, characters[position] != " ", characters[position] != "\t" { position += 1 }
            fields.append((String(characters[start..<position]), start + 1))
        }
        return .tagged(TaggedLine(tag: characters[index], column: index + 1, fields: fields, characters: characters))
    }

    /// The tagged line `text` holds, `nil` for a blank or comment line; an untagged line throws
    /// what `untagged` makes of its column (1-based).
    static func tagged(_ text: String, untagged: (Int) -> CaptureError) throws(CaptureError) -> TaggedLine? {
        switch parse(text) {
        case .blank: return nil
        case .untagged(let column): throw untagged(column)
        case .tagged(let line): return line
        }
    }
}
