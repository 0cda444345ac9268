import KeyTraceCore

/// What an action receives as its sender: the key command, the press that triggered it and
/// the responder that provided the command (R14).
public struct ActionSender {
    /// The command being performed (after validation).
    public var command: KeyCommand
    /// The key press that triggered it.
    public var press: KeyPress
    /// The responder whose `keyCommands` (or main menu, for the application) provided it.
    public var provider: Responder?

    /// Creates a sender.
    public init(command: KeyCommand, press: KeyPress, provider: Responder?) {
        self.command = command
        self.press = press
        self.provider = provider
    }
}
