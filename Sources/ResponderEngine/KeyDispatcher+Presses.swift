import KeyTraceCore

extension KeyDispatcher {
    // MARK: System shortcuts (R24)

    /// The system shortcut that takes `press`: a key-down of one of the platform's system
    /// shortcuts, or a repeat, change or key-up of a key whose key-down it took; `nil` when the
    /// app gets the press. A key-down it takes is tracked so that what follows of that key goes
    /// to the system too; its key-up ends that.
    func systemShortcut(taking press: KeyPress) -> SystemShortcut? {
        if press.phase == .began && !press.isRepeat {
            guard let row = application.systemShortcut(for: press) else { return nil }
            if let index = inFlightIndex(for: press), case .system(let held) = inFlight[index].state { return held }
            track(press, .system(row))
            systemPressesInFlight += 1
            return row
        }
        guard systemPressesInFlight > 0, let index = inFlightIndex(for: press), case .system(let row) = inFlight[index].state else {
            return nil
        }
        if press.phase == .ended || press.phase == .cancelled {
            inFlight.remove(at: index)
            systemPressesInFlight -= 1
        }
        return row
    }

    // MARK: Key-down (R18, R19)

    /// A key-down, whose resolution already holds `collection`'s chain and queries.
    func keyDown(_ press: KeyPress, in collection: CommandCollection, into resolution: inout Resolution,
                 timer: inout StageTimer) {
        let chain = collection.chain
        timer.mark(.match)

        let existing = inFlightIndex(for: press)
        if press.isRepeat, let existing, case .press(_, let handler?, let textInput) = inFlight[existing].state {
            // A press already delivered is not re-delivered (R19); text input takes its repeats.
            timer.mark(.deliver)
            if textInput, handler.handleRepeat(of: press) {
                resolution.outcome = .handledByTextInput
            } else {
                resolution.outcome = .repeatSuppressed
            }
            resolution.pressHandler = handler
            return
        }

        // Step 1: commands that do not wait for text input.
        var choice = Choice()
        choose(press, in: collection, deferred: false, timer: &timer, into: &choice)
        timer.mark(.perform)
        if fire(&choice, press: press, into: &resolution) { return }
        timer.mark(.deliver)

        // Step 2: pressesBegan along the chain (not for repeats).
        if !press.isRepeat {
            var delivery = PressDelivery(phase: .began, chain: chain)
            delivery.start(press)
            let handler = delivery.handler
            track(press, .press(chain, handler: handler, textInput: delivery.consumedAsText))
            if let handler {
                resolution.outcome = delivery.consumedAsText ? .handledByTextInput : .deliveredAsPress
                resolution.pressHandler = handler
                return
            }
        }

        // Step 3: deferred commands, once text input declined the key. UIKit looks them up
        // again (a second enumeration, R23) whenever text input is active.
        if chain.isTextInputActive && !application.commandsPrecedeTextInput {
            let deferredCollection: CommandCollection
            if policy == .uikit {
                deferredCollection = CommandCollection(chain: ResponderChain.walk(from: application.chainStart),
                                                       application: application, indexed: false)
                resolution.queries.calls += Int32(deferredCollection.calls)
                resolution.queries.enumerations &+= 1
            } else {
                deferredCollection = collection
            }
            resolution.queries.uikitCalls += Int32(deferredCollection.chain.count)
            var ignored = StageTimer.off
            var deferredChoice = Choice()
            choose(press, in: deferredCollection, deferred: true, timer: &ignored, into: &deferredChoice)
            if fire(&deferredChoice, press: press, into: &resolution) { return }
            if choice.failure == nil { choice = deferredChoice }
        }

        // Step 4: nothing handled it.
        applyFailure(choice, to: &resolution)
    }

    /// Performs a winning choice (or suppresses it on a non-repeatable repeat). Returns
    /// whether the event is consumed. A winning choice is spent: its values are moved into the
    /// resolution and the in-flight state, not copied.
    private func fire(_ choice: inout Choice, press: KeyPress, into resolution: inout Resolution) -> Bool {
        guard choice.provider != nil, choice.target != nil, let action = choice.command?.action else { return false }
        guard let provider = choice.provider.take(), let command = choice.command.take(), let target = choice.target.take()
        else { return false }
        resolution.command = command
        resolution.provider = provider
        resolution.target = target
        resolution.actionSource = .keyDown
        resolution.fidelity = choice.fidelity
        if press.isRepeat && !command.repeatBehavior.firesOnRepeat {
            resolution.outcome = .repeatSuppressed
            return true
        }
        // The sender the target was found with, unless validation changed the command.
        var sender = choice.sender.take() ?? ActionSender(command: command, press: press, provider: provider)
        if sender.command.instanceIdentifier != command.instanceIdentifier { sender.command = command }
        target.perform(action, sender: sender)
        resolution.outcome = .performedCommand
        if !press.isRepeat { track(press, .command(command, target: target, provider: provider)) }
        return true
    }

    // MARK: Key-up (R20)

    /// A key-up, whose resolution already holds `collection`'s chain and queries.
    func keyUp(_ press: KeyPress, in collection: CommandCollection, into resolution: inout Resolution,
               timer: inout StageTimer) {
        switch removeInFlight(for: press) {  // its values are moved into the resolution
        case .command(let command, let target, let provider)?:
            resolution.command = command
            resolution.provider = provider
            resolution.target = target
            if let up = command.upAction {
                timer.mark(.perform)
                target.perform(up, sender: ActionSender(command: command, press: press, provider: provider))
                resolution.actionSource = .keyUp
                resolution.outcome = .performedCommand
            } else {
                resolution.outcome = .releaseConsumed
            }
        case .press(let chain, let handler, let textInput)?:
            timer.mark(.deliver)
            resolution.chain = chain
            deliver(press, phase: .ended, along: chain, into: &resolution)
            if textInput {
                resolution.outcome = .handledByTextInput
                resolution.pressHandler = handler
            }
        case .consumed?:
            resolution.outcome = .releaseConsumed
        case .system?:
            resolution.outcome = .system  // not reached: systemShortcut(taking:) answers first
        case .cancelled?:
            resolution.outcome = .cancelled
        case nil:
            timer.mark(.deliver)
            resolution.diagnostics.insert(.unmatchedPress)
            deliver(press, phase: .ended, along: collection.chain, into: &resolution)
        }
    }

    // MARK: Changed and cancelled (R20)

    /// The chain a change or cancellation of the press in flight at `index` goes along: the one
    /// its key-down was delivered along, else the current one.
    func chainOfUpdate(at index: Int?) -> ResponderChain {
        if let index, case .press(let pressChain, _, _) = inFlight[index].state { return pressChain }
        return ResponderChain.walk(from: application.chainStart)
    }

    /// A change or cancellation of the press in flight at `index`, whose resolution already holds
    /// ``chainOfUpdate(at:)``.
    func pressUpdate(_ press: KeyPress, at index: Int?, into resolution: inout Resolution) {
        let chain = resolution.chain
        if index == nil { resolution.diagnostics.insert(.unmatchedPress) }
        if press.phase == .cancelled {
            if let index { inFlight.remove(at: index) }
            var delivery = PressDelivery(phase: .cancelled, chain: chain)
            delivery.start(press)
            resolution.pressHandler = delivery.handler
            resolution.outcome = .cancelled
        } else {
            deliver(press, phase: .changed, along: chain, into: &resolution)
        }
    }

    private func deliver(_ press: KeyPress, phase: KeyPhase, along chain: ResponderChain,
                         into resolution: inout Resolution) {
        var delivery = PressDelivery(phase: phase, chain: chain)
        delivery.start(press)
        resolution.pressHandler = delivery.handler
        resolution.outcome = delivery.handler == nil ? .unhandled : .deliveredAsPress
    }

    func noteChainDiagnostics(_ chain: ResponderChain, into resolution: inout Resolution) {
        if chain.cycleDetectedAt != nil { resolution.diagnostics.insert(.cycleInChain) }
        if application.firstResponder == nil {
            resolution.diagnostics.insert(application.keyWindow == nil ? .noKeyWindow : .noFirstResponder)
        }
    }

    // MARK: In-flight presses

    func inFlightIndex(for press: KeyPress) -> Int? {
        for i in 0..<inFlight.count where inFlight[i].usage == press.usage && inFlight[i].device == press.device {
            return i
        }
        return nil
    }

    private func track(_ press: KeyPress, _ state: consuming InFlightPress.State) {
        if let index = inFlightIndex(for: press) {
            if case .system = inFlight[index].state { systemPressesInFlight -= 1 }
            inFlight[index].state = state
        } else {
            inFlight.append(InFlightPress(device: press.device, usage: press.usage, state: state))
        }
    }

    private func removeInFlight(for press: KeyPress) -> InFlightPress.State? {
        guard let index = inFlightIndex(for: press) else { return nil }
        return inFlight.remove(at: index).state
    }

    /// Sends `pressesCancelled` for every press delivered as a press, at this moment, to the
    /// responders that received its `pressesBegan`, and marks it cancelled: its later key-up is
    /// not delivered (R20). With `all`, presses that fired a command are cancelled too (their
    /// up-action is not sent). `device` limits it to one keyboard. Returns how many were cancelled.
    func cancelPressesInFlight(all: Bool = false, device: DeviceID? = nil) -> Int {
        var cancelled = 0
        for i in 0..<inFlight.count where device == nil || inFlight[i].device == device {
            switch inFlight[i].state {
            case .press(let chain, let handler, _):
                let press = KeyPress(.cancelled, inFlight[i].usage, device: inFlight[i].device, timestamp: lastTimestamp,
                                     layout: application.keyboardLayout)
                // Only the responders that received its pressesBegan: up to the one that handled it.
                var delivery = PressDelivery(phase: .cancelled, chain: chain, through: handler.flatMap(chain.index(of:)))
                delivery.start(press)
            case .command, .consumed:
                guard all else { continue }
            case .cancelled, .system:
                continue  // the system's presses are not the app's to cancel
            }
            inFlight[i].state = .cancelled
            cancelled += 1
        }
        return cancelled
    }

    /// The keyboard `device` (every keyboard when `nil`) went away at `timestamp`: every press
    /// in flight from it is cancelled now — `pressesCancelled` to the responders holding a
    /// delivered press, no up-action for a command — and its key-up, should one come, is
    /// `cancelled` (R20). Returns how many presses were cancelled.
    @discardableResult
    public func keyboardDidDisconnect(_ device: DeviceID? = nil, at timestamp: UInt64) -> Int {
        if timestamp > lastTimestamp { lastTimestamp = timestamp }
        return cancelPressesInFlight(all: true, device: device)
    }
}
