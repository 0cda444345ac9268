import KeyTraceCore

/// What the responder chain answers for one menu item before the item is drawn (R14): the
/// responder that would perform its action, and the command as that responder's
/// `validate(_:)` left it (disabled, retitled or hidden).
public struct MenuItemValidation {
    /// The first responder from the chain's start that can perform the action
    /// (`target(forAction:withSender:)`), or `nil` when none can.
    public var target: Responder?
    /// The command after `validate(_:)` ran on the target; the command as given when there is
    /// no target.
    public var command: KeyCommand

    /// Whether choosing the item would perform its action: a target exists and validation left
    /// the command enabled.
    public var isEnabled: Bool { target != nil && !command.isDisabled }

    /// Whether the item is hidden (`.hidden`, declared or set by validation): not drawn, though
    /// its key still fires (R4).
    public var isHidden: Bool { command.attributes.contains(.hidden) }
}

extension KeyDispatcher {
    /// Asks the current chain about `command` as a menu item provided by `provider` (the
    /// application for the main menu), as UIKit does before it draws or performs an item:
    /// the target search starts at the chain's start (the first responder, R10) and walks
    /// `next` (R14), then the target validates a copy of the command.
    ///
    /// A key-less item (`UICommand`) is asked with a command whose input is empty.
    public func validateMenuItem(_ command: KeyCommand, provider: Responder? = nil) -> MenuItemValidation {
        validateMenuItem(command, provider: provider ?? application, from: currentChain.start)
    }

    /// ``validateMenuItem(_:provider:)`` from a chain start the caller already walked.
    func validateMenuItem(_ command: KeyCommand, provider: Responder, from start: Responder?) -> MenuItemValidation {
        guard let action = command.action, let start else { return MenuItemValidation(target: nil, command: command) }
        let layout = application.keyboardLayout
        let press = KeyPress(.began, command.input.representativeUsage(layout: layout), modifiers: command.modifierFlags, layout: layout)
        let sender = ActionSender(command: command, press: press, provider: provider)
        guard let target = start.target(forAction: action, withSender: sender) else {
            return MenuItemValidation(target: nil, command: command)
        }
        var validated = command
        target.validate(&validated)
        return MenuItemValidation(target: target, command: validated)
    }
}
