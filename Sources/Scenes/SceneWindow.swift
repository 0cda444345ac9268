import KeyTraceCore
import ResponderEngine

/// A window with keyboard behaviour (responder-semantics §G): while a modal is presented, Esc
/// and ⌘W dismiss it; ⌘, shows settings when the scene declares a `settings` controller.
public final class SceneWindow: Window {
    /// Overrides no press method: deliveries step over it.
    public override class var forwardsEveryPress: Bool { true }

    /// Whether ⌘, has something to show.
    var hasSettings = false
    /// Whether Esc and ⌘W dismiss a presented modal (``NodeDefinition/dismissesModals``).
    var dismissesModals = true
    /// Shows the settings controller.
    var showSettings: (() -> Void)?

    /// Creates a window.
    public override init(name: String = "window") {
        super.init(name: name)
        implement("dismissModal:") { [unowned self] _ in _ = self.rootViewController?.topPresentedViewController?.dismiss() }
        implement("showSettings:") { [unowned self] _ in self.showSettings?() }
    }

    /// The presented modal's name, if any.
    public var presentedModal: String? { rootViewController?.topPresentedViewController?.name }

    /// While a modal is presented, Esc (Dismiss) and ⌘W (Close) dismiss the topmost one, unless
    /// the scene's window says otherwise (``dismissesModals``); ⌘W then
    /// shadows the main menu's Close (R12). ⌘, (Settings) is offered when the scene declares a
    /// `settings` controller. The window's own commands (``Responder/keyCommands``) come first:
    /// a window class of the app's own that declares one of these keys (KeyboardKit's
    /// `KeyboardWindow` dismissing with Esc) handles it with its own action.
    public override var keyCommands: [KeyCommand]? {
        let own = super.keyCommands
        let presents = dismissesModals && rootViewController?.presentedViewController != nil
        // Without built-ins the window's own commands are returned as they are, uncopied.
        guard presents || hasSettings else { return own }
        var commands = own ?? []
        if presents {
            commands.append(KeyCommand(title: "Dismiss", input: .special(.escape), action: "dismissModal:"))
            commands.append(KeyCommand(title: "Close", input: .character("w"), modifierFlags: .command, action: "dismissModal:"))
        }
        if hasSettings {
            commands.append(KeyCommand(title: "Settings", input: .character(","), modifierFlags: .command, action: "showSettings:"))
        }
        return commands
    }
}
