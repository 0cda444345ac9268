import KeyTraceCore

extension KeyDispatcher {
    /// The outcome of looking for a command to perform.
    struct Choice {
        /// The responder that provides the winning command; `nil` while there is none.
        var provider: Responder?
        var command: KeyCommand?
        var target: Responder?
        /// The sender ``target`` was found with (carrying the command before validation).
        var sender: ActionSender?
        var fidelity: UInt8 = 0
        /// The first candidate that matched but could not run, and why.
        var failure: Failure?
        var sawCandidate = false

        /// Each case carries the providers the resolution reports.
        enum Failure {
            case disabled(KeyCommand, provider: Responder)
            case noTarget
            case shadowed(blocker: KeyCommand, blockingProvider: Responder, shadowed: KeyCommand, provider: Responder)
        }
    }

    /// Walks the candidates matching `press` (R12, R13): exact matches first; partial ones only
    /// when no exact candidate was seen; the first whose target resolves (R14) and survives
    /// validation wins. Before iOS 15 a candidate nothing can perform lets the later commands of
    /// its identity be tried in its place (R12). Stamps the resolve-target checkpoint once
    /// matching is done.
    ///
    /// Fills `choice`, which starts out empty: built in the caller's variable, the choice is
    /// never copied (returning it from inside the search loop copied it, with its references).
    func choose(_ press: KeyPress, in collection: CommandCollection, deferred: Bool,
                timer: inout StageTimer, into choice: inout Choice) {
        let hits = collection.hits(for: press)
        timer.mark(.resolveTarget)
        guard !hits.isEmpty, let start = collection.chain.start else { return }
        let unperformableBlocks = application.unperformableCommandsBlock
        for pass in 0..<2 {
            let exactPass = pass == 0
            if !exactPass && choice.sawCandidate { break }
            for hit in hits where (hit.fidelity == 3) == exactPass {
                let candidate = collection.candidates[Int(hit.candidate)]
                guard candidate.deferred == deferred, candidate.command.action != nil else { continue }
                choice.sawCandidate = true
                switch attempt(candidate, fidelity: hit.fidelity, press: press, start: start, in: collection, into: &choice) {
                case .won: return
                case .refused: continue
                case .noTarget:
                    if !unperformableBlocks {
                        // Before iOS 15 the command does not block: the equal ones after it are
                        // tried, up to the first that has a target.
                        laterOnes: for later in collection.shadowed[Int(hit.candidate)] ?? [] where later.deferred == deferred {
                            switch attempt(later, fidelity: hit.fidelity, press: press, start: start, in: collection,
                                           into: &choice) {
                            case .won: return
                            case .refused: break laterOnes
                            case .noTarget: continue
                            }
                        }
                        if choice.failure == nil { choice.failure = .noTarget }
                    } else if choice.failure == nil {
                        choice.failure = shadowingFailure(of: candidate, at: Int(hit.candidate), in: collection,
                                                          press: press) ?? .noTarget
                    }
                }
            }
        }
    }

    /// What trying one candidate gave.
    private enum Attempt { case won, refused, noTarget }

    /// Tries `candidate`: its target (R14), then validation. A win fills `choice`; a disabled
    /// command is recorded as the failure when none is yet.
    private func attempt(_ candidate: CommandCollection.Candidate, fidelity: UInt8, press: KeyPress, start: Responder,
                         in collection: CommandCollection, into choice: inout Choice) -> Attempt {
        guard let action = candidate.command.action else { return .refused }
        let provider = collection.provider(of: candidate)
        let sender: ActionSender? = ActionSender(command: candidate.command, press: press, provider: provider)
        guard let target = start.target(forAction: action, withSender: sender) else { return .noTarget }
        var validated = candidate.command
        target.validate(&validated)
        if validated.isDisabled {
            if choice.failure == nil { choice.failure = .disabled(validated, provider: provider) }
            return .refused
        }
        choice.provider = provider
        choice.command = validated
        choice.target = target
        choice.sender = sender
        choice.fidelity = fidelity
        return .won
    }

    /// When `blocker` cannot be performed, whether a later command of the same identity that
    /// R12 skipped could have been: the KeyboardKit shadowing case.
    private func shadowingFailure(of blocker: CommandCollection.Candidate, at index: Int,
                                  in collection: CommandCollection, press: KeyPress) -> Choice.Failure? {
        guard let later = collection.shadowed[index], let start = collection.chain.start else { return nil }
        for candidate in later {
            guard let action = candidate.command.action else { continue }
            let provider = collection.provider(of: candidate)
            let sender: ActionSender? = ActionSender(command: candidate.command, press: press, provider: provider)
            if start.target(forAction: action, withSender: sender) != nil {
                return .shadowed(blocker: blocker.command, blockingProvider: collection.provider(of: blocker),
                                 shadowed: candidate.command, provider: provider)
            }
        }
        return nil
    }

    /// Fills `resolution` from a choice that found no winner.
    func applyFailure(_ choice: Choice, to resolution: inout Resolution) {
        switch choice.failure {
        case .disabled(let validated, let provider)?:
            resolution.outcome = .disabled
            resolution.actionSource = .keyDown
            resolution.command = validated
            resolution.provider = provider
        case .shadowed(let blocker, let blockingProvider, let shadowed, let provider)?:
            resolution.outcome = .shadowed
            resolution.actionSource = .keyDown
            resolution.command = shadowed
            resolution.provider = provider
            resolution.blockingCommand = blocker
            resolution.blockingProvider = blockingProvider
            resolution.diagnostics.insert(.actionWithoutTarget)
        case .noTarget?:
            resolution.outcome = .unhandled
            resolution.diagnostics.insert(.actionWithoutTarget)
        case nil:
            resolution.outcome = .unhandled
        }
    }
}
