/// Splits an Objective-C file into tokens and runs the parts of the preprocessor the scanner
/// needs.
///
/// Comments and whitespace are dropped; adjacent string literals are joined into one token
/// (`@"a" @"b"` is `@"ab"`). Conditional directives (`#if`, `#ifdef`, `#ifndef`, `#elif`,
/// `#else`, `#endif`) are evaluated against ``ObjectiveCConditions`` and inactive code yields
/// no tokens. Object-like `#define`s are recorded with their replacement tokens (they are not
/// expanded), function-like ones with their parameters (``ObjectiveCMacroExpansion`` expands
/// them). Every loop consumes at least one byte, so any input ends.
package struct ObjectiveCLexer {
    let bytes: [UInt8]
    let conditions: ObjectiveCConditions
    let readsDirectives: Bool
    var position = 0
    var line = 1
    var atLineStart = true
    var clauses: [Clause] = []
    var tokens: [ObjectiveCToken] = []
    /// Object-like macros defined in active code: name → replacement tokens (function-like
    /// macros map to an empty list).
    var definitions: [String: [ObjectiveCToken]] = [:]
    /// Function-like macros defined in active code that ``ObjectiveCMacroExpansion`` can expand:
    /// name → parameters and replacement tokens (at their places in the file).
    var functionMacros: [String: ObjectiveCMacroExpansion.Macro] = [:]

    /// One open `#if` … `#endif` group.
    package struct Clause {
        var enclosingActive: Bool
        var taken: Bool
        var active: Bool
    }

    var isActive: Bool { clauses.last?.active ?? true }

    init(bytes: [UInt8], conditions: ObjectiveCConditions, readsDirectives: Bool = true) {
        self.bytes = bytes
        self.conditions = conditions
        self.readsDirectives = readsDirectives
    }

    /// Tokenizes the whole input.
    mutating func run() {
        tokens.reserveCapacity(bytes.count / 4)
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                atLineStart = true
                position += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                position += 1
            case UInt8(ascii: "\\") where peek(1) == UInt8(ascii: "\n") || peek(1) == UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "#") where atLineStart && readsDirectives:
                directive()
            default:
                atLineStart = false
                lexToken()
            }
        }
    }

    private func peek(_ offset: Int) -> UInt8? {
        let index = position + offset
        return index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipLineComment() {
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
    }

    private mutating func skipBlockComment() {
        position += 2
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                position += 2
                return
            }
            if bytes[position] == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
    }

    // MARK: Tokens

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    private static let punctuation: [String] = [
        "...", "<<=", ">>=", "->", "++", "--", "==", "!=", "<=", ">=", "&&", "||", "<<", ">>", "+=", "-=", "*=",
        "/=", "|=", "&=", "^=", "%=", "##",
    ]

    /// Bytes that can continue a multi-byte operator.
    private static let operatorBytes: Set<UInt8> = Set("<>=-+&|*/^%#.".utf8)

    private mutating func lexToken() {
        let start = position
        let byte = bytes[position]
        if Self.isIdentifierStart(byte) {
            while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
            emit(.identifier, text(start, position), start: start)
        } else if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(Self.isDigit) == true) {
            lexNumber()
            emit(.number, text(start, position), start: start)
        } else if byte == UInt8(ascii: "\"") {
            let value = lexQuoted(UInt8(ascii: "\""))
            emit(.cString, value, start: start)
        } else if byte == UInt8(ascii: "'") {
            let value = lexQuoted(UInt8(ascii: "'"))
            emit(.character, value, start: start)
        } else if byte == UInt8(ascii: "@"), peek(1) == UInt8(ascii: "\"") {
            position += 1
            let value = lexQuoted(UInt8(ascii: "\""))
            emit(.objectString, value, start: start)
        } else if byte == UInt8(ascii: "@"), let next = peek(1), Self.isIdentifierStart(next) {
            position += 1
            let nameStart = position
            while position < bytes.count, Self.isIdentifierByte(bytes[position]) { position += 1 }
            emit(.atKeyword, text(nameStart, position), start: start)
        } else {
            if let next = peek(1), Self.operatorBytes.contains(next) {
                for candidate in Self.punctuation where matches(candidate) {
                    position += candidate.utf8.count
                    emit(.punctuation, candidate, start: start)
                    return
                }
            }
            position += 1
            emit(.punctuation, text(start, position), start: start)
        }
    }

    private func matches(_ candidate: String) -> Bool {
        var index = position
        for byte in candidate.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    private mutating func lexNumber() {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isIdentifierByte(byte) || byte == UInt8(ascii: ".") {
                position += 1
            } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"),
                let previous = position > 0 ? bytes[position - 1] : nil,
                previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") || previous == UInt8(ascii: "p")
                    || previous == UInt8(ascii: "P")
            {
                position += 1
            } else {
                return
            }
        }
    }

    /// Reads a quoted literal starting at the opening quote and returns its decoded value. An
    /// unterminated literal ends at the end of its line.
    private mutating func lexQuoted(_ quote: UInt8) -> String {
        position += 1
        var decoded: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == quote {
                position += 1
                break
            }
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
                position += 1
                decodeEscape(into: &decoded)
                continue
            }
            decoded.append(byte)
            position += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Decodes the escape whose first byte after the backslash is at `position`.
    private mutating func decodeEscape(into decoded: inout [UInt8]) {
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "v"): decoded.append(0x0B)
        case UInt8(ascii: "a"): decoded.append(0x07)
        case UInt8(ascii: "e"): decoded.append(0x1B)
        case UInt8(ascii: "\n"):
            line += 1
        case UInt8(ascii: "x"):
            appendScalar(readDigits(radix: 16, limit: 8), to: &decoded)
        case UInt8(ascii: "u"):
            appendScalar(readDigits(radix: 16, limit: 4), to: &decoded)
        case UInt8(ascii: "U"):
            appendScalar(readDigits(radix: 16, limit: 8), to: &decoded)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            position -= 1
            appendScalar(readDigits(radix: 8, limit: 3), to: &decoded)
        default:
            decoded.append(byte)
        }
    }

    private mutating func readDigits(radix: UInt32, limit: Int) -> UInt32 {
        var value: UInt32 = 0
        var count = 0
        while count < limit, position < bytes.count {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: digit = 99
            }
            guard digit < radix else { break }
            value = (value &* radix) &+ digit
            position += 1
            count += 1
        }
        return value
    }

    private func appendScalar(_ value: UInt32, to decoded: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private mutating func emit(_ kind: ObjectiveCToken.Kind, _ value: String, start: Int) {
        guard isActive else { return }
        let isString = kind == .objectString || kind == .cString
        if isString, let previous = tokens.last, previous.kind == .objectString || previous.kind == .cString {
            tokens[tokens.count - 1].value += value
            tokens[tokens.count - 1].end = position
            if kind == .objectString { tokens[tokens.count - 1].kind = .objectString }
            return
        }
        tokens.append(ObjectiveCToken(kind: kind, value: value, start: start, end: position, line: line))
    }
}
