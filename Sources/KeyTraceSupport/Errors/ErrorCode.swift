/// The kind of an error: a stable hyphenated name (`not-a-trace`) that callers compare with the
/// error type's static members instead of matching message text, as swift-system's `Errno`:
///
/// ```swift
/// do { _ = try TraceReader(path: path) }
/// catch let error as TraceFormatError where error.code == .notATrace { … }
/// ```
///
/// `Domain` is the error type the code belongs to, so codes of two error types never compare
/// equal. Each error type declares its codes as static members of
/// `ErrorCode where Domain == ThatError` (its `Code`); new codes may be added.
public struct ErrorCode<Domain>: Hashable, Sendable, CustomStringConvertible {
    /// The stable hyphenated name, e.g. `not-a-trace`.
    public let name: String

    /// A code named `name`; only the module of `Domain` declares its codes.
    package init(_ name: String) { self.name = name }

    public var description: String { name }
}
