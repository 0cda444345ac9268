/// A test on a named scene state value: `{"state": "openTabs", "atMost": 0}`.
public struct SceneCondition: Hashable, Sendable {
    /// How the value is compared.
    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case equals, notEquals, atMost, atLeast
    }
    /// The state value's name.
    public var state: String
    /// The comparison.
    public var comparison: Comparison
    /// The value compared against.
    public var value: Int

    /// Whether the condition holds for `current`.
    public func holds(for current: Int) -> Bool {
        switch comparison {
        case .equals: return current == value
        case .notEquals: return current != value
        case .atMost: return current <= value
        case .atLeast: return current >= value
        }
    }
}

/// A declared effect of an action: what performing it changes, so replays stay deterministic.
public enum SceneEffect: Hashable, Sendable {
    /// Move the first responder to the responder at a path.
    case focus(String)
    /// Present a declared modal controller (by name) from the current top controller.
    case present(String)
    /// Dismiss the topmost modal.
    case dismiss
    /// Set a state value.
    case set(String, Int)
    /// Add to a state value (negative to subtract).
    case increment(String, Int)
    /// Flip a state value between 0 and 1.
    case toggle(String)
    /// Push a declared controller (by name) on the nearest navigation controller.
    case push(String)
    /// Pop the nearest navigation controller.
    case pop
    /// Select a tab (0-based) of the nearest tab bar controller.
    case selectTab(Int)
    /// The performing responder calls `setNeedsKeyCommandsUpdate()` (cache invalidation
    /// reason `explicit-update`, R23).
    case updateKeyCommands
    /// The application rebuilds its main menu (reason `main-menu-rebuild`, R23).
    case rebuildMainMenu
}

/// An action a node implements but refuses in `canPerformAction` while a condition holds:
/// `{"action": "paste:", "when": {"state": "clipboardEmpty", "equals": 1}}`.
public struct SceneRefusal: Hashable, Sendable {
    /// The refused action.
    public var action: String
    /// While this holds, `canPerformAction` answers `false` for the action.
    public var when: SceneCondition

    /// `canPerformAction` refuses `action` while `when` holds.
    package init(action: String, when: SceneCondition) {
        self.action = action
        self.when = when
    }
}

/// A validation rule: the action's commands are disabled (and optionally retitled) when a
/// condition holds.
public struct SceneValidation: Hashable, Sendable {
    /// The action whose commands the rule validates when this node's responder is their target (R14).
    public var action: String
    /// Disables the command while this holds; `nil` never disables.
    public var disabledWhen: SceneCondition?
    /// The title the command takes on every validation, disabled or not; `nil` keeps its own.
    public var title: String?

    /// A rule for `action`'s commands: disabled while `disabledWhen` holds, retitled `title`.
    package init(action: String, disabledWhen: SceneCondition? = nil, title: String? = nil) {
        self.action = action
        self.disabledWhen = disabledWhen
        self.title = title
    }
}
