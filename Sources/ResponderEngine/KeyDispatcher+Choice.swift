import KeyTraceCore

extension KeyDispatcher {
    /// The outcome of looking for a command to perform.
    struct Choice {
        var winner: CommandCollection.Candidate?
        var command: KeyCommand?
        var target: Responder?
        /// The sender ``target`` was found with (carrying the command before validation).
        var sender: ActionSender?
        var fidelity: UInt8 = 0
        /// The first candidate that matched but could not run, and why.
        var failure: Failure?
        var sawCandidate = false

        enum Failure {
            case disabled(CommandCollection.Candidate, KeyCommand)
            case noTarget(CommandCollection.Candidate)
            case shadowed(blocker: CommandCollection.Candidate, shadowed: CommandCollection.Candidate)
        }
    }

    /// Walks the candidates matching `press` (R12, R13): exact matches first; partial ones only
    /// when no exact candidate was seen; the first whose target resolves (R14) and survives
    /// validation wins. Stamps the resolve-target checkpoint once matching is done.
    ///
    /// Fills `choice`, which starts out empty: built in the caller's variable, the choice is
    /// never copied (returning it from inside the search loop copied it, with its references).
    func choose(_ press: KeyPress, in collection: CommandCollection, deferred: Bool,
                timer: inout StageTimer, into choice: inout Choice) {
        let hits = collection.hits(for: press)
        timer.mark(.resolveTarget)
        guard !hits.isEmpty, let start = collection.chain.start else { return }
        for pass in 0..<2 {
            let exactPass = pass == 0
            if !exactPass && choice.sawCandidate { break }
            for hit in hits where (hit.fidelity == 3) == exactPass {
                let candidate = collection.candidates[Int(hit.candidate)]
                guard candidate.deferred == deferred, let action = candidate.command.action else { continue }
                choice.sawCandidate = true
                let sender: ActionSender? = ActionSender(command: candidate.command, press: press,
                                                         provider: candidate.provider)
                guard let target = start.target(forAction: action, withSender: sender) else {
                    if choice.failure == nil {
                        choice.failure = shadowingFailure(of: candidate, at: Int(hit.candidate), in: collection,
                                                          press: press) ?? .noTarget(candidate)
                    }
                    continue
                }
                var validated = candidate.command
                target.validate(&validated)
                if validated.isDisabled {
                    if choice.failure == nil { choice.failure = .disabled(candidate, validated) }
                    continue
                }
                choice.winner = candidate
                choice.command = validated
                choice.target = target
                choice.sender = sender
                choice.fidelity = hit.fidelity
                return
            }
        }
    }

    /// When `blocker` cannot be performed, whether a later command of the same identity that
    /// R12 skipped could have been: the KeyboardKit shadowing case.
    private func shadowingFailure(of blocker: CommandCollection.Candidate, at index: Int,
                                  in collection: CommandCollection, press: KeyPress) -> Choice.Failure? {
        guard let later = collection.shadowed[index], let start = collection.chain.start else { return nil }
        for candidate in later {
            guard let action = candidate.command.action else { continue }
            let sender: ActionSender? = ActionSender(command: candidate.command, press: press, provider: candidate.provider)
            if start.target(forAction: action, withSender: sender) != nil {
                return .shadowed(blocker: blocker, shadowed: candidate)
            }
        }
        return nil
    }

    /// Fills `resolution` from a choice that found no winner.
    func applyFailure(_ choice: Choice, to resolution: inout Resolution) {
        switch choice.failure {
        case .disabled(let candidate, let validated)?:
            resolution.outcome = .disabled
            resolution.actionSource = .keyDown
            resolution.command = validated
            resolution.provider = candidate.provider
        case .shadowed(let blocker, let shadowed)?:
            resolution.outcome = .shadowed
            resolution.actionSource = .keyDown
            resolution.command = shadowed.command
            resolution.provider = shadowed.provider
            resolution.blockingCommand = blocker.command
            resolution.blockingProvider = blocker.provider
            resolution.diagnostics.insert(.actionWithoutTarget)
        case .noTarget?:
            resolution.outcome = .unhandled
            resolution.diagnostics.insert(.actionWithoutTarget)
        case nil:
            resolution.outcome = .unhandled
        }
    }
}
