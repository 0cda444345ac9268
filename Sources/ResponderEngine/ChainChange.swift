import KeyTraceCore

/// A change of the responder chain: first responder, text input, modal.
public struct ChainChange {
    /// What changed.
    public var kind: ChainChangeKind
    /// The chain start before.
    public var from: Responder?
    /// The chain start after.
    public var to: Responder?
    /// The timestamp of the last event dispatched before the change (source clock, ns).
    public var timestamp: UInt64
    /// `keyCommands` reads the change caused (the `uikit` policy re-enumerates).
    public var keyCommandsCalls: Int
    /// Presses in flight that received `pressesCancelled` (R20).
    public var cancelledPresses: Int

    /// The path of ``from``, or an empty string.
    public var fromPath: String { from?.path ?? "" }
    /// The path of ``to``, or an empty string.
    public var toPath: String { to?.path ?? "" }
}

extension ChainChange: CustomStringConvertible {
    public var description: String {
        "\(kind.name): \(fromPath.isEmpty ? "(none)" : fromPath) → \(toPath.isEmpty ? "(none)" : toPath)"
    }
}
