/// A shortcut or script notation that could not be read, with the column at fault.
public struct NotationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that failed to parse.
    public let text: String
    /// The 1-based column (in characters) where the problem starts.
    public let column: Int
    /// What was wrong and what is accepted instead.
    public let reason: String

    /// Creates an error for `text` at `column`.
    public init(text: String, column: Int, reason: String) {
        self.text = text
        self.column = column
        self.reason = reason
    }

    public var description: String {
        "cannot read shortcut '\(text)' at column \(column): \(reason)"
    }
}
