import KeyTraceSupport

/// Writes JSON text in the layout of ``JSONValue/prettyCanonicalText`` as its members come, with
/// no ``JSONValue`` in between: two spaces of indentation per level, each member of an object and
/// each item of an array of objects on a line of its own, scalars and arrays of scalars on one
/// line in compact text (`["cmd","shift"]`), `{}` and `[]` for empty ones.
///
/// The writer lays out; the caller orders. An object's members are written in the order the
/// caller gives them, so a caller that gives them sorted by key (their UTF-8 bytes) writes
/// ``JSONValue/prettyCanonicalText``'s text. Punctuation goes in byte by byte, indentation in one
/// run, and strings are escaped by ``JSONString/appendQuoted(_:to:)``, as in every JSON writer of
/// the package.
struct PrettyJSONWriter {
    /// The text so far, UTF-8.
    private(set) var bytes: [UInt8] = []
    /// How many objects and arrays are open.
    private var depth = 0
    /// Whether the innermost open object or array has no member yet.
    private var isEmpty = true

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Opens an object, as the value of the member or array item just begun (or the document).
    mutating func openObject() {
        bytes.append(UInt8(ascii: "{"))
        depth += 1
        isEmpty = true
    }

    /// Closes the innermost object: `}` on a line of its own, or right after `{` when it is empty.
    mutating func closeObject() { close(UInt8(ascii: "}")) }

    /// Opens an array whose items are objects or arrays, one per line (``item()`` begins each).
    /// Arrays of scalars are written on one line, by ``strings(_:)`` or ``appendCompact(_:)``.
    mutating func openArray() {
        bytes.append(UInt8(ascii: "["))
        depth += 1
        isEmpty = true
    }

    /// Closes the innermost array: `]` on a line of its own, or right after `[` when it is empty.
    mutating func closeArray() { close(UInt8(ascii: "]")) }

    /// Begins the object member `key`; its value is written next.
    mutating func key(_ key: String) {
        newItem()
        JSONString.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// Begins an item of the innermost array; the item is written next.
    mutating func item() { newItem() }

    /// Writes `items` as an array of objects or arrays, one per line, each written by `write`.
    mutating func array<Items: Sequence>(_ items: Items, _ write: (Items.Element, inout PrettyJSONWriter) -> Void) {
        openArray()
        for element in items {
            newItem()
            write(element, &self)
        }
        closeArray()
    }

    /// Writes a string value.
    mutating func string(_ value: String) { JSONString.appendQuoted(value, to: &bytes) }

    /// Writes an integer value.
    mutating func int(_ value: Int) {
        // One digit (a state flag's value, most numbers a scene holds) needs no text made.
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// Writes a Boolean value.
    mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

    /// Writes an array of strings, on one line.
    mutating func strings(_ values: some Sequence<String>) {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for value in values {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONString.appendQuoted(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes `value` in compact text, members in the order given: for scalars and arrays of
    /// scalars, which the layout keeps on one line.
    mutating func appendCompact(_ value: JSONValue) {
        value.appendCompactText(to: &bytes, sortingKeys: false)
    }

    /// Ends the previous member or item with `,` (when there is one) and starts a new line at
    /// the current depth.
    private mutating func newItem() {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\n"))
        indent(depth)
        isEmpty = false
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !isEmpty {
            bytes.append(UInt8(ascii: "\n"))
            indent(depth)
        }
        bytes.append(bracket)
        // The enclosing object or array holds at least the member just closed.
        isEmpty = false
    }

    private mutating func indent(_ depth: Int) {
        let width = 2 * depth
        if width <= Self.spaces.count {
            bytes.append(contentsOf: Self.spaces[..<width])
        } else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: width))
        }
    }

    /// A run of spaces indentation is cut from: copied at once, where a repeated element is
    /// appended byte by byte.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)
}
