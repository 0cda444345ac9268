/// What became of one key event after dispatch through the responder chain.
///
/// Raw values are stable: traces store them.
public enum DispatchOutcome: UInt8, Hashable, Sendable, CaseIterable {
    /// A key command fired: its action was performed on a target (R13, R14).
    case performedCommand = 0
    /// No command fired; a responder handled `pressesBegan`/`pressesEnded` (R18 step 2, R20).
    case deliveredAsPress = 1
    /// The first responder's text input consumed the key (R16, R18).
    case handledByTextInput = 2
    /// Nothing handled the event (R18 step 4; UIKit would beep on Catalyst).
    case unhandled = 3
    /// The matching command was disabled (by its attributes or by validation), and nothing
    /// else handled the event.
    case disabled = 4
    /// The matching command was blocked by an earlier command of the same identity that
    /// could not be performed (R12, KeyboardKit FB9469253), and nothing else handled the event.
    case shadowed = 5
    /// An auto-repeat whose command is non-repeatable: nothing fired (R19).
    case repeatSuppressed = 6
    /// A key-up whose key-down fired a command without an up-action: consumed silently (R20).
    case releaseConsumed = 7
    /// A press cancelled by a first-responder change or disconnect (`pressesCancelled`, R20).
    case cancelled = 8
    /// The platform keeps the shortcut for itself (⌘H, ⌘Space, ⌘Tab, …): the app's responders
    /// never see the press, its repeats or its key-up (R24).
    case system = 9

    /// A stable lowercase name used in notations and JSON (`performed`, `press`, …).
    public var name: String {
        switch self {
        case .performedCommand: return "performed"
        case .deliveredAsPress: return "press"
        case .handledByTextInput: return "text-input"
        case .unhandled: return "unhandled"
        case .disabled: return "disabled"
        case .shadowed: return "shadowed"
        case .repeatSuppressed: return "repeat-suppressed"
        case .releaseConsumed: return "release-consumed"
        case .cancelled: return "cancelled"
        case .system: return "system"
        }
    }

    /// The outcome named `name` (see ``name``), or `nil`.
    public init?(name: String) {
        guard let match = DispatchOutcome.allCases.first(where: { $0.name == name }) else { return nil }
        self = match
    }
}
