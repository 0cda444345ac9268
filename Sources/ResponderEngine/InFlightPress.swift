import KeyTraceCore

/// A key that is down: what its key-down did, so its repeats, changes and key-up follow (R19, R20).
struct InFlightPress {
    enum State {
        /// A command fired; its target gets the up-action.
        case command(KeyCommand, target: Responder, provider: Responder)
        /// Delivered as a press along `chain`; `handler` took it (`nil`: nobody did).
        case press(ResponderChain, handler: Responder?, textInput: Bool)
        /// A repeat-suppressed or otherwise consumed key-down with nothing to follow.
        case consumed
        /// Taken by the system (R24): its repeats, changes and key-up are the system's too.
        case system(SystemShortcut)
        /// Cancelled by a first-responder change or a keyboard disconnect (R20).
        case cancelled
    }

    let device: DeviceID
    let usage: HIDUsage
    var state: State
}
