import KeyTraceCore

/// Why one key-down resolves the way it does: every candidate that matched, in the order the
/// engine visits them, and what became of each (R12–R17).
public struct ResolutionExplanation {
    /// What became of one candidate.
    public enum Verdict: Hashable, Sendable {
        /// It fires.
        case wins
        /// Its action has no target along the chain (R14).
        case noTarget
        /// Validation disabled it.
        case disabled
        /// An earlier command of the same identity in its bucket is considered instead (R12).
        case shadowed
        /// It waits for text input to decline the key (R16, R17).
        case deferredBehindTextInput
        /// A partial match, ignored because an exact candidate was seen (R13).
        case partialIgnored
        /// An earlier candidate already won.
        case notReached
        /// The system takes the shortcut before the app sees it (R24).
        case takenBySystem

        /// A short explanation.
        public var text: String {
            switch self {
            case .wins: return "wins"
            case .noTarget: return "skipped: nothing in the chain can perform its action"
            case .disabled: return "skipped: disabled by validation"
            case .shadowed: return "skipped: shadowed by an earlier command with the same shortcut"
            case .deferredBehindTextInput: return "deferred: runs only if text input declines the key"
            case .partialIgnored: return "skipped: partial match, and an exact match exists"
            case .notReached: return "not reached: an earlier candidate wins"
            case .takenBySystem: return "not reached: the system takes the shortcut"
            }
        }
    }

    /// One visited candidate.
    public struct Candidate {
        /// The command as matched: in a right-to-left scene, already mirrored (R4).
        public var command: KeyCommand
        /// The responder the command was collected from; the application for main-menu commands (R11).
        public var provider: Responder
        /// The command's priority bucket (R12): 0 for most commands, −1 for exactly ⌘+ and bare Escape.
        public var bucket: Int
        /// How well the press matches the command: 3 exact (R5–R7), 2 a pair (R8); see ``CommandMatcher``.
        public var fidelity: UInt8
        /// Whether the command waits for text input to decline the key: text input is active, the command
        /// conflicts with it (R17), is not Escape, does not set `wantsPriorityOverSystemBehavior`, and comes
        /// from a responder after the first responder (R16).
        public var deferred: Bool
        /// What became of the command: it ``Verdict/wins``, or why it was skipped, deferred or not reached.
        public var verdict: Verdict
        /// The target that would perform it, when one resolves.
        public var target: Responder?
    }

    /// The event explained.
    public var press: KeyPress
    /// The chain it goes through.
    public var chain: ResponderChain
    /// Whether text input is active (the first responder accepts text, R16).
    public var textInputActive: Bool
    /// Candidates in visiting order, shadowed ones right after the command that shadows them.
    public var candidates: [Candidate]
    /// What the first responder's text input would do with the key (§G), or `nil` when it
    /// declines it (or text input is not active): deferred commands run only then (R18).
    public var textInputEdit: TextInputView.Edit?

    /// The system shortcut that takes the press before the app (R24), if any: then no candidate
    /// is reached.
    public var system: SystemShortcut?

    /// What the chain starts from (R10).
    public enum ChainStart: String, Hashable, Sendable {
        /// The first responder.
        case firstResponder = "first-responder"
        /// No first responder: the key window's deepest controller stands in
        /// (``FirstResponderFallback/deepestController``).
        case standIn = "stand-in"
        /// No first responder and nothing stands in: the walk starts at the key window.
        case noFirstResponder = "no-first-responder"
    }

    /// What ``chain`` starts from.
    public var chainStartKind: ChainStart = .firstResponder

    /// What the press would do if no command fired: the first responder the press would reach.
    public var winner: Candidate? { candidates.first { $0.verdict == .wins } }
}

extension KeyDispatcher {
    /// Explains how `press` would resolve now, without performing anything or delivering presses.
    public func explain(_ press: KeyPress) -> ResolutionExplanation {
        explain(press, in: CommandCollection(chain: currentChain, application: application, indexed: false))
    }

    /// Explains how each of `presses` would resolve now, as ``explain(_:)`` does one: the chain's
    /// `keyCommands` are read once and looked up for every press, since explaining changes
    /// nothing.
    public func explain(_ presses: [KeyPress]) -> [ResolutionExplanation] {
        guard presses.count > 1 else { return presses.map { explain($0) } }
        let collection = CommandCollection(chain: currentChain, application: application, indexed: true, tracksValidity: false)
        return presses.map { explain($0, in: collection) }
    }

    private func explain(_ press: KeyPress, in collection: CommandCollection) -> ResolutionExplanation {
        let chain = collection.chain
        let textInput = chain.isTextInputActive && !application.commandsPrecedeTextInput
        var explanation = ResolutionExplanation(press: press, chain: chain, textInputActive: textInput, candidates: [])
        if application.firstResponder == nil {
            explanation.chainStartKind = application.firstResponderFallback == .deepestController
                && chain.start is ViewController ? .standIn : .noFirstResponder
        }
        if textInput, let input = chain.start as? TextInputView {
            explanation.textInputEdit = TextInputView.Edit(press, style: input.style)
        } else if textInput, chain.start?.adoptsKeyInput == true {
            explanation.textInputEdit = TextInputView.Edit(keyInput: press)
        }
        let hits = collection.hits(for: press)
        let sawExact = hits.contains { $0.fidelity == 3 }
        if press.phase == .began { explanation.system = application.systemShortcut(for: press) }
        var won = explanation.system != nil
        let unperformableBlocks = application.unperformableCommandsBlock
        /// The entry for `candidate`, deciding its verdict in visiting order.
        func entry(for candidate: CommandCollection.Candidate, fidelity: UInt8) -> ResolutionExplanation.Candidate {
            let provider = collection.provider(of: candidate)
            var entry = ResolutionExplanation.Candidate(
                command: candidate.command, provider: provider, bucket: Int(candidate.bucket),
                fidelity: fidelity, deferred: candidate.deferred, verdict: .notReached, target: nil)
            if let action = candidate.command.action, let start = chain.start {
                entry.target = start.target(forAction: action, withSender: ActionSender(
                    command: candidate.command, press: press, provider: provider))
            }
            if explanation.system != nil {
                entry.verdict = .takenBySystem
            } else if won {
                entry.verdict = .notReached
            } else if fidelity < 3 && sawExact {
                entry.verdict = .partialIgnored
            } else if let target = entry.target {
                var validated = candidate.command
                target.validate(&validated)
                if validated.isDisabled {
                    entry.verdict = .disabled
                } else if candidate.deferred {
                    entry.verdict = .deferredBehindTextInput
                } else {
                    entry.verdict = .wins
                    won = true
                }
            } else {
                entry.verdict = .noTarget
            }
            return entry
        }
        for deferredPhase in [false, true] {
            for hit in hits {
                let candidate = collection.candidates[Int(hit.candidate)]
                guard candidate.deferred == deferredPhase else { continue }
                let first = entry(for: candidate, fidelity: hit.fidelity)
                explanation.candidates.append(first)
                // Before iOS 15 a command nothing can perform does not block the equal ones (R12).
                var blocking = unperformableBlocks || first.verdict != .noTarget
                for shadowed in collection.shadowed[Int(hit.candidate)] ?? [] {
                    guard !blocking else {
                        explanation.candidates.append(ResolutionExplanation.Candidate(
                            command: shadowed.command, provider: collection.provider(of: shadowed),
                            bucket: Int(shadowed.bucket), fidelity: hit.fidelity, deferred: shadowed.deferred,
                            verdict: .shadowed, target: nil))
                        continue
                    }
                    let later = entry(for: shadowed, fidelity: hit.fidelity)
                    explanation.candidates.append(later)
                    blocking = later.verdict != .noTarget
                }
            }
        }
        return explanation
    }
}
