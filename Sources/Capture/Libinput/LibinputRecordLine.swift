/// One line of a `libinput record` recording, split the way its fixed YAML layout needs.
///
/// `libinput record` writes YAML with a C `printf` per line, so every value this reader needs
/// sits on one line (a `hid: [` byte list excepted, which continues over the following lines):
///
/// ```
///   - [  0,  10560,   1,  30,       1] # EV_KEY / KEY_A                    1 (obfuscated)
///   ^ indent    ^ content (list item, flow sequence)   ^ comment (after an unquoted `#`)
/// ```
/// Columns are 1-based and count characters, as errors report them.
struct LibinputRecordLine {
    /// Spaces before the content.
    let indent: Int
    /// The text after the indentation, without the comment and trailing spaces.
    let content: Substring
    /// The text after an unquoted `#`, or `nil`.
    let comment: Substring?

    init(_ text: String) {
        var indent = 0
        var index = text.startIndex
        while index < text.endIndex, text[index] == " " {
            indent += 1
            index = text.index(after: index)
        }
        self.indent = indent
        var inQuotes = false
        var end = text.endIndex
        var comment: Substring?
        var scan = index
        while scan < text.endIndex {
            let character = text[scan]
            if character == "\"" { inQuotes.toggle() }
            if character == "#", !inQuotes, scan == index || text[text.index(before: scan)] == " " {
                end = scan
                comment = text[text.index(after: scan)...]
                break
            }
            scan = text.index(after: scan)
        }
        var content = text[index..<end]
        while let last = content.last, last == " " || last == "\t" { content = content.dropLast() }
        self.content = content
        self.comment = comment
    }

    /// Whether the line holds nothing but a comment or spaces.
    var isBlank: Bool { content.isEmpty }

    /// The column of `index` in the content.
    func column(of index: Substring.Index) -> Int {
        indent + 1 + content.distance(from: content.startIndex, to: index)
    }

    /// For `key: value` (or `- key: value`): the key, the value (possibly empty) and the value's column.
    var keyValue: (key: Substring, value: Substring, column: Int)? {
        var body = content
        if body.hasPrefix("- ") { body = body.dropFirst(2) }
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let key = body[body.startIndex..<colon]
        guard !key.isEmpty, !key.contains(" "), !key.contains("[") else { return nil }
        var value = body[body.index(after: colon)...]
        while let first = value.first, first == " " { value = value.dropFirst() }
        return (key, value, column(of: value.startIndex))
    }

    /// Whether the content is a list item (`- …`).
    var isListItem: Bool { content.hasPrefix("- ") || content == "-" }
}

/// The comma-separated integers of a flow sequence, `[  0,  10560,   1,  30,  1]`, with their
/// columns; hex (`0x1e`) and negative numbers are read. `nil` for an element that is no integer,
/// with its column.
enum LibinputFlowList {
    enum Element {
        case number(Int64, column: Int)
        case invalid(Substring, column: Int)
    }

    /// Splits `text` (which starts at `column`) at commas; the brackets, when present, are removed
    /// by the caller. Empty elements (`[]`, a trailing comma before a line break) are skipped.
    static func elements(_ text: Substring, column: Int) -> [Element] {
        var elements: [Element] = []
        var start = text.startIndex
        var index = text.startIndex
        func flush() {
            var item = text[start..<index]
            var offset = text.distance(from: text.startIndex, to: start)
            while let first = item.first, first == " " { item = item.dropFirst(); offset += 1 }
            while let last = item.last, last == " " { item = item.dropLast() }
            guard !item.isEmpty else { return }
            if let value = number(item) {
                elements.append(.number(value, column: column + offset))
            } else {
                elements.append(.invalid(item, column: column + offset))
            }
        }
        while index < text.endIndex {
            if text[index] == "," {
                flush()
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        flush()
        return elements
    }

    static func number(_ text: Substring) -> Int64? {
        var digits = text
        var negative = false
        if digits.first == "-" { negative = true; digits = digits.dropFirst() }
        let magnitude: UInt64?
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            magnitude = UInt64(digits.dropFirst(2), radix: 16)
        } else {
            magnitude = digits.allSatisfy({ $0.isASCII && $0.isNumber }) ? UInt64(digits) : nil
        }
        guard let magnitude, !digits.isEmpty else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }
}
