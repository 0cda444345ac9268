import KeyTraceCore
import KeyTraceSupport

/// A JSON value that keeps object keys in document order and numbers exactly as written.
/// ``JSONParser/location(of:in:)`` finds where a value starts, so scene errors can name a line,
/// a column and a JSON path.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonicalText)
    }

    /// A one-word name of the value's kind, for error messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Canonical text: object keys sorted, no insignificant whitespace, integers without a
    /// fraction. Equal documents give equal text; the scene content hash is taken over it.
    public var canonicalText: String { String(decoding: canonicalUTF8, as: UTF8.self) }

    /// ``canonicalText`` as UTF-8 bytes, written without building a `String` per value (the
    /// scene content hash reads them directly).
    var canonicalUTF8: [UInt8] {
        var bytes: [UInt8] = []
        appendCompactText(to: &bytes, sortingKeys: true)
        return bytes
    }

    /// Compact JSON with object members in the order given, not sorted: for formats that fix
    /// a field order (JSON Lines records).
    public var orderedText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)  // a record of a JSON Lines file, most often, in one allocation
        appendCompactText(to: &bytes, sortingKeys: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact text's UTF-8 to `bytes`: one buffer for the whole document.
    func appendCompactText(to bytes: inout [UInt8], sortingKeys: Bool) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let b): bytes.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): bytes.append(contentsOf: n.canonicalText.utf8)
        case .string(let s): JSONString.appendQuoted(s, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for i in items.indices {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                items[i].appendCompactText(to: &bytes, sortingKeys: sortingKeys)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            let ordered = sortingKeys ? Self.sortedByKey(members) : members
            for i in ordered.indices {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.appendQuoted(ordered[i].key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                ordered[i].value.appendCompactText(to: &bytes, sortingKeys: sortingKeys)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Whether key `a` comes before key `b`: their UTF-8 bytes compared, read in place when the
    /// strings are contiguous (as every native string is).
    static func keyPrecedes(_ a: String, _ b: String) -> Bool {
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in x.lexicographicallyPrecedes(y) }
        }
        if case let precedes?? = inPlace { return precedes }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// An object's members in the canonical order: keys compared by their UTF-8 bytes.
    static func sortedByKey(_ members: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        let precedes = { (a: (key: String, value: JSONValue), b: (key: String, value: JSONValue)) in keyPrecedes(a.key, b.key) }
        // Writers that build their objects in key order (the scene builder's) pay one pass, not a sort.
        if members.indices.dropFirst().allSatisfy({ !precedes(members[$0], members[$0 - 1]) }) { return members }
        return members.sorted(by: precedes)
    }
}

/// A JSON syntax error with its position.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line.
    public let line: Int
    /// 1-based column.
    public let column: Int
    /// What was expected.
    public let reason: String
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A small strict JSON parser (RFC 8259) that preserves key order and reports positions.
package struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    /// The JSON path (`windows[0].root.name`) whose position ``location(of:in:)`` looks for;
    /// `nil` while parsing normally, so paths are built only when an error is being located.
    private var target: String?
    /// The byte offset where ``target`` starts (the key of an object member, else the value).
    private var found: Int?

    init(_ text: String) { bytes = Array(text.utf8) }

    /// Parses `text` and reads it with `read`: a syntax error names its line and column, and an
    /// error `read` throws is located at its JSON path in `text` (the one way scenes and import
    /// overlays report their errors).
    package static func decode<T>(_ text: String, file: String, _ read: (JSONValue) throws(SceneError) -> T) throws(SceneError) -> T {
        let root: JSONValue
        do {
            root = try parse(text)
        } catch {
            throw SceneError.syntax(file, error)
        }
        do {
            return try read(root)
        } catch {
            throw error.located(in: text)
        }
    }

    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(text)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0, path: nil)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// The 1-based line and column where the value at JSON path `path` starts in `text` (for a
    /// member of an object, where its key starts), or of its nearest enclosing value that exists:
    /// `windows[0].root.name` missing gives the position of `windows[0].root`. `nil` when `text`
    /// is not valid JSON up to there.
    static func location(of path: String, in text: String) -> (line: Int, column: Int)? {
        var candidate = path
        while true {
            var parser = JSONParser(text)
            parser.target = candidate
            parser.skipWhitespace()
            if candidate.isEmpty { parser.found = parser.index }
            _ = try? parser.parseValue(depth: 0, path: "")
            if let found = parser.found {
                parser.index = found
                let position = parser.error("")
                return (position.line, position.column)
            }
            guard !candidate.isEmpty else { return nil }
            candidate = JSONParser.parent(of: candidate)
        }
    }

    /// `a.b[2]` → `a.b`, `a.b` → `a`, `a` → the empty path.
    static func parent(of path: String) -> String {
        if path.hasSuffix("]"), let open = path.lastIndex(of: "[") { return String(path[..<open]) }
        if let dot = path.lastIndex(of: ".") { return String(path[..<dot]) }
        return ""
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Notes where `path` starts when it is the one being located.
    private mutating func mark(_ path: String?, at offset: Int) {
        if let path, found == nil, path == target { found = offset }
    }

    private mutating func parseValue(depth: Int, path: String?) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 256 else { throw error("nesting deeper than 256 levels") }
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth, path: path)
        case UInt8(ascii: "["): return try parseArray(depth: depth, path: path)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("invalid literal; expected \(word)")
        }
        index += expected.count
    }

    private mutating func parseObject(depth: Int, path: String?) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let keyStart = index
            let key = try parseString()
            guard keys.insert(key).inserted else {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            let memberPath = path.map { $0.isEmpty ? key : "\($0).\(key)" }
            mark(memberPath, at: keyStart)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1, path: memberPath)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int, path: String?) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            let itemPath = path.map { "\($0)[\(items.count)]" }
            mark(itemPath, at: index)
            items.append(try parseValue(depth: depth + 1, path: itemPath))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Most strings have no escape: decoded in one piece, as the general path decodes a run.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
              bytes[end] >= 0x20 {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: bytes[index..<end], as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run = [] }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                flush()
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string; escape it") }
            if byte == UInt8(ascii: "\\") {
                flush()
                index += 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var value = try hex4()
                    if (0xD800..<0xDC00).contains(value) {
                        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                              bytes[index + 2] == UInt8(ascii: "u") else { throw error("unpaired surrogate") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default: throw error("invalid escape")
                }
                index += 1
                continue
            }
            run.append(byte)
            index += 1
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 < bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for offset in 1...4 {
            let byte = bytes[index + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
        }
        index += 4
        return value
    }

    /// A number, checked against the JSON grammar (no leading zeros, digits after `.` and in
    /// the exponent) and kept as written.
    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digitRun() > 0 else {
            index = start
            throw error("expected a value (object, array, string, number, true, false or null)")
        }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            index = integerStart
            throw error("invalid number: leading zero")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digitRun() > 0 else { throw error("invalid number: expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digitRun() > 0 else { throw error("invalid number: expected a digit in the exponent") }
        }
        return JSONNumber(literal: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Skips decimal digits; returns how many.
    private mutating func digitRun() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }
}
