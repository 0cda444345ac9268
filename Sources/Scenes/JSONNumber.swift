/// A JSON number exactly as written: integers stay integers, with no round trip through
/// `Double`, so a value beyond `Int`'s range is reported as such instead of rounded or trapped.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The number's text as it appears in the document (RFC 8259 number grammar).
    public let literal: String

    /// A number from its JSON text; `literal` must already follow the JSON number grammar.
    init(literal: String) {
        self.literal = literal
    }

    /// The integer `value`.
    public init(_ value: Int) {
        self.literal = String(value)
    }

    /// The integer `value`, written as a literal.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// Whether the literal is an integer: no fraction and no exponent.
    public var isIntegerLiteral: Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as an `Int` when the literal is an integer within `Int`'s range, else `nil`.
    public var integer: Int? {
        guard isIntegerLiteral else { return nil }
        return Int(literal)
    }

    /// The value as the nearest `Double` (for numbers that are not integers).
    public var double: Double { Double(literal) ?? .nan }

    /// Canonical text: an integer literal in plain decimal (`-0` is `0`); any other number as
    /// before, an integral value below 10^15 without a fraction, else Swift's shortest
    /// round-tripping form.
    public var canonicalText: String {
        if isIntegerLiteral {
            return literal == "-0" ? "0" : literal
        }
        let n = double
        guard n.isFinite else { return literal }
        if n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    public var description: String { literal }

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.canonicalText == rhs.canonicalText }

    public func hash(into hasher: inout Hasher) { hasher.combine(canonicalText) }
}
