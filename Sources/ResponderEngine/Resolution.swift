import KeyTraceCore

/// What the dispatcher did with one key event, and why.
///
/// For ``DispatchOutcome/performedCommand`` it names the command, the responder that provided
/// it and the target that performed it (R13, R14). For ``DispatchOutcome/disabled`` and
/// ``DispatchOutcome/shadowed`` ``command`` is the command that could not run and
/// ``blockingCommand`` what blocked it. ``chain`` is the chain at that moment.
public struct Resolution {
    /// The event.
    public var press: KeyPress
    /// The outcome.
    public var outcome: DispatchOutcome
    /// The command that fired, or that was disabled or shadowed.
    public var command: KeyCommand?
    /// The responder whose key commands (or main menu) provided ``command``.
    public var provider: Responder?
    /// The responder that performed the action.
    public var target: Responder?
    /// The action performed (the up-action on a key-up), or that could not be performed; `nil`
    /// when the event involved no action (a press, or a key-up consumed silently).
    public var action: Action? { actionSource.action(of: command) }
    /// Whether ``action`` is the command's up-action (a key-up, R20).
    public var isUpAction: Bool { actionSource == .keyUp }
    /// Whether ``action`` is not `nil`, answered without copying the action.
    public var hasAction: Bool {
        switch actionSource {
        case .keyDown: return command?.action != nil
        case .keyUp: return command?.upAction != nil
        case .none: return false
        }
    }

    /// Which of ``command``'s actions ``action`` is.
    public enum ActionSource: UInt8, Hashable, Sendable {
        /// No action: a press, or a key-up consumed silently.
        case none
        /// The command's action (a key-down, or a command that could not run).
        case keyDown
        /// The command's up-action (a key-up, R20).
        case keyUp

        /// The action of `command` this names (`nil` for ``none`` or no command).
        public func action(of command: KeyCommand?) -> Action? {
            switch self {
            case .keyDown: return command?.action
            case .keyUp: return command?.upAction
            case .none: return nil
            }
        }
    }
    /// Which of ``command``'s actions ``action`` is; read it instead of ``action`` to avoid
    /// copying the action.
    public internal(set) var actionSource: ActionSource
    /// For a shadowed command, the earlier command of the same identity that blocked it (R12).
    public var blockingCommand: KeyCommand?
    /// The provider of ``blockingCommand``.
    public var blockingProvider: Responder?
    /// The responder that handled the press (`pressesBegan` and friends, or text input).
    public var pressHandler: Responder?
    /// How well the command matched: 3 exact, 2 pair (R8), 0 when no command.
    public var fidelity: UInt8
    /// The chain the event went through.
    public var chain: ResponderChain
    /// Stage checkpoints (all zero when timing is off).
    public var timings: StageTimings
    /// `keyCommands` queries made for this event.
    public var queries: KeyCommandQueries
    /// Anything unusual met on the way.
    public var diagnostics: DispatchDiagnostics

    /// The resolution of `press` before it is dispatched: unhandled, through the empty chain.
    /// ``KeyDispatcher/dispatch(_:into:)`` writes over it.
    public init(unresolved press: KeyPress) {
        self.press = press
        self.outcome = .unhandled
        self.actionSource = .none
        self.fidelity = 0
        self.chain = .empty
        self.timings = .zero
        self.queries = .none
        self.diagnostics = []
    }

    /// Makes this the resolution of `press` going through `chain` after `queries`, before
    /// anything else has happened: every field is set, so nothing of the event it held before
    /// remains.
    ///
    /// Field by field, in place: assigning a new value built by an initialiser built it in a
    /// temporary and copied it over.
    mutating func start(press: KeyPress, chain: ResponderChain, queries: KeyCommandQueries) {
        self.press = press
        outcome = .unhandled
        command = nil
        provider = nil
        target = nil
        actionSource = .none
        blockingCommand = nil
        blockingProvider = nil
        pressHandler = nil
        fidelity = 0
        self.chain = chain
        timings = .zero
        self.queries = queries
        diagnostics = []
    }
}

extension Resolution: CustomStringConvertible {
    /// One line without timings, e.g.
    /// `began ⌘A → performed selectAll: "Select All" from application on window/songs`.
    public var description: String {
        var text = "\(press) → \(outcome.name)"
        if let action { text += " \(action.name)" }
        if let command, let title = command.displayTitle { text += " \"\(title)\"" }
        if let provider { text += " from \(provider)" }
        if let target { text += " on \(target)" }
        if let handler = pressHandler { text += " by \(handler)" }
        if let blocking = blockingCommand {
            text += " blocked by \(blocking.action?.name ?? "?")"
            if let blockingProvider { text += " from \(blockingProvider)" }
        }
        if !diagnostics.isEmpty { text += " [\(diagnostics)]" }
        return text
    }
}
