import KeyTraceCore

/// What the responder chain did with one press: the outcome, the command that matched and
/// the responders involved.
public struct ResolutionRecord: Hashable, Sendable {
    /// When dispatch finished, in nanoseconds.
    public var timestamp: UInt64
    /// The 0-based ordinal of the key record this resolves among the trace's key records.
    public var pressSequence: UInt64
    /// The outcome.
    public var outcome: DispatchOutcome
    /// The matched command's identity (modifiers and input), if a command matched.
    public var command: KeyShortcut?
    /// The matched command's title.
    public var title: String?
    /// The action performed (or that would have been).
    public var action: Action?
    /// Whether ``action`` was the command's up-action (fired on key-up).
    public var isUpAction: Bool
    /// The responder path that provided the command, e.g. `Window/Split/Editor`.
    public var providerPath: String?
    /// The responder path that performed the action.
    public var targetPath: String?
    /// For ``DispatchOutcome/shadowed`` and ``DispatchOutcome/disabled``: the action of the
    /// command that blocked this one.
    public var blockingAction: Action?

    /// Creates a resolution record.
    @inlinable
    public init(timestamp: UInt64, pressSequence: UInt64, outcome: DispatchOutcome, command: KeyShortcut? = nil,
                title: String? = nil, action: Action? = nil, isUpAction: Bool = false,
                providerPath: String? = nil, targetPath: String? = nil, blockingAction: Action? = nil) {
        self.timestamp = timestamp
        self.pressSequence = pressSequence
        self.outcome = outcome
        self.command = command
        self.title = title
        self.action = action
        self.isUpAction = isUpAction
        self.providerPath = providerPath
        self.targetPath = targetPath
        self.blockingAction = blockingAction
    }
}
