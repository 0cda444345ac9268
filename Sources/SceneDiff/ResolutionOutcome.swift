import ResponderEngine

/// What one key press does with one first responder: the end result of a
/// ``ResolutionExplanation`` (`keytrace scene resolve`), reduced to what a diff compares.
public struct ResolutionOutcome: Hashable, Sendable, Codable {
    /// The kind of result.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// A command fires: ``ResolutionOutcome/action`` on ``ResolutionOutcome/target``.
        case performs
        /// Text input uses the key (typing, caret movement, an edit), and no command runs.
        case textInput = "text-input"
        /// A command matches, but validation disables it.
        case disabled
        /// No command matches; the press goes to `pressesBegan` along the chain.
        case nothing
        /// The system takes the shortcut before the app sees it (R24).
        case system
    }

    /// The kind of result.
    public var kind: Kind
    /// The action that fires or is disabled.
    public var action: String?
    /// The responder that performs it (its path).
    public var target: String?
    /// The declaring responder of the command (its name), the application for main-menu commands.
    public var provider: String?
    /// The edit text input makes, for ``Kind/textInput``.
    public var edit: String?

    /// The outcome of `explanation`: the winner; else a deferred command when text input
    /// declines the key, or text input when it uses it; else the first disabled candidate.
    public init(_ explanation: ResolutionExplanation) {
        let deferred = explanation.candidates.first { $0.verdict == .deferredBehindTextInput }
        if let system = explanation.system {
            self.init(kind: .system, action: nil, target: nil, provider: nil, edit: system.effect)
        } else if let winner = explanation.winner {
            self.init(kind: .performs, candidate: winner)
        } else if let edit = explanation.textInputEdit, explanation.textInputActive {
            self.init(kind: .textInput, action: nil, target: nil, provider: nil, edit: "\(edit)")
        } else if let deferred {
            self.init(kind: .performs, candidate: deferred)
        } else if let disabled = explanation.candidates.first(where: { $0.verdict == .disabled }) {
            self.init(kind: .disabled, candidate: disabled)
        } else {
            self.init(kind: .nothing, action: nil, target: nil, provider: nil, edit: nil)
        }
    }

    private init(kind: Kind, candidate: ResolutionExplanation.Candidate) {
        self.init(kind: kind, action: candidate.command.action?.name, target: candidate.target?.path,
                  provider: candidate.provider.name, edit: nil)
    }

    init(kind: Kind, action: String?, target: String?, provider: String?, edit: String?) {
        self.kind = kind
        self.action = action
        self.target = target
        self.provider = provider
        self.edit = edit
    }

    /// `performs closeTab: on window/editor`, `text input (insert "w")`, `disabled (save:)`,
    /// `nothing`.
    public var summary: String {
        switch kind {
        case .performs: return "performs \(action ?? "?") on \(target ?? "?")"
        case .textInput: return "text input uses it (\(edit ?? "edit"))"
        case .disabled: return "\(action ?? "?") is disabled"
        case .nothing: return "nothing fires"
        case .system: return "the system takes it (\(edit ?? "system"))"
        }
    }
}
