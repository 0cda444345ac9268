/// One lexical token of an Objective-C file, after the preprocessor has dropped inactive code.
///
/// A token records where it is in the file's UTF-8 bytes (so source text can be rebuilt with
/// its original spelling) and, for literals, the decoded value.
package struct ObjectiveCToken {
    package enum Kind: UInt8 {
        /// A C identifier or keyword (`if`, `self`, `UIKeyCommand`).
        case identifier
        /// An `@` keyword without its `@`: `interface`, `end`, `selector`, `YES`.
        case atKeyword
        /// An `@"…"` literal, adjacent literals concatenated; ``ObjectiveCToken/value`` is decoded.
        case objectString
        /// A C string literal `"…"`; ``ObjectiveCToken/value`` is decoded.
        case cString
        /// A character literal `'…'`; ``ObjectiveCToken/value`` is decoded.
        case character
        /// A number literal as written (`0`, `0x1`, `1.5f`).
        case number
        /// An operator or punctuation mark, longest match (`->`, `==`, `...`, `[`, `@`).
        case punctuation
    }

    var kind: Kind
    /// The spelling (identifiers, keywords, numbers, punctuation) or decoded value (literals).
    var value: String
    /// Byte offsets of the token's source text.
    var start: Int
    var end: Int
    /// The 1-based line the token starts on.
    var line: Int

    func isPunctuation(_ text: String) -> Bool { kind == .punctuation && value == text }
    func isIdentifier(_ text: String) -> Bool { kind == .identifier && value == text }
    func isAtKeyword(_ text: String) -> Bool { kind == .atKeyword && value == text }
}
