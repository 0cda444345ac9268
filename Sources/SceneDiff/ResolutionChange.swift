import ResponderEngine

/// A shortcut that does something else with one first responder in the head scene than in the
/// base scene.
public struct ResolutionChange: Hashable, Sendable {
    /// Why the result changed, when the head scene's resolution says.
    public enum Reason: String, Hashable, Sendable, Codable {
        /// The command that fired is now hidden by an earlier command with the same shortcut (R12).
        case shadowed = "newly-shadowed"
        /// The command that fired is now disabled by validation.
        case disabled = "newly-disabled"
        /// Text input now uses the key before the command (R16/R17).
        case textInput = "eaten-by-text-input"
        /// Nothing along the chain performs the command's action any more (R14).
        case noTarget = "no-target"
        /// The command that fired is no longer declared or no longer offered.
        case gone = "no-longer-offered"
        /// A command now fires where none did, or another one wins for another reason.
        case other = "changed"
    }

    /// The first responder's path, or `(none)`.
    public var firstResponder: String
    /// The shortcut, text notation.
    public var shortcut: String
    /// The shortcut, symbols (`⇧⌘A`).
    public var shortcutSymbols: String
    /// What the press did in the base scene, and does in the head scene.
    public var base: ResolutionOutcome, head: ResolutionOutcome
    /// Why, as far as the head scene's resolution tells.
    public var reason: Reason
    /// What shadows the base's command (for ``Reason/shadowed``): action and provider.
    public var shadowedBy: String?

    /// The identifier an approval file lists.
    public var id: String {
        "resolution \(firstResponder) \(shortcut): \(base.summary) -> \(head.summary)"
    }

    /// One line for people.
    public var summary: String {
        var line = "\(shortcutSymbols) with first responder \(firstResponder): \(head.summary) (was: \(base.summary))"
        switch reason {
        case .shadowed: line += " — newly shadowed" + (shadowedBy.map { " by \($0)" } ?? "")
        case .disabled: line += " — newly disabled"
        case .textInput: line += " — now eaten by text input"
        case .noTarget: line += " — nothing in the chain performs \(base.action ?? "it") any more"
        case .gone: line += " — \(base.action ?? "the command") is no longer offered"
        case .other: break
        }
        return line
    }

    /// Why the base outcome became the head's, from the head's explanation of the press.
    static func reason(base: ResolutionOutcome, head: ResolutionOutcome,
                       explanation: ResolutionExplanation?) -> (Reason, String?) {
        guard base.kind == .performs, let action = base.action, let explanation else { return (.other, nil) }
        if head.kind == .textInput { return (.textInput, nil) }
        let same = explanation.candidates.filter { $0.command.action?.name == action && $0.provider.name == base.provider }
        if same.contains(where: { $0.verdict == .shadowed }) {
            let winner = explanation.winner ?? explanation.candidates.first { $0.verdict != .shadowed }
            return (.shadowed, winner.map { "\($0.command.action?.name ?? "?") from \($0.provider.name)" })
        }
        if same.contains(where: { $0.verdict == .disabled }) { return (.disabled, nil) }
        if same.contains(where: { $0.verdict == .noTarget }) { return (.noTarget, nil) }
        if same.isEmpty { return (.gone, nil) }
        return (.other, nil)
    }
}
