import KeyTraceCore

/// A parsed scene file: the app's responder hierarchy, key commands, state and effects.
///
/// Scenes are JSON (`docs/Scenes.md`, schema `docs/scene.schema.json`). A definition is a value;
/// ``SceneRuntime`` builds live responders from it.
public struct SceneDefinition: Hashable, Sendable {
    /// The format version this build reads.
    public static let formatVersion = 1

    /// The scene's name (e.g. `pdf-viewer`).
    public var name: String
    /// What the scene models.
    public var summary: String
    /// The keyboard layout identifier (`us-ansi`).
    public var layout: String
    /// Right-to-left writing direction.
    public var rightToLeft: Bool
    /// Models apps linked with the iOS 14 SDK (R16).
    public var commandsBeforeTextInput: Bool
    /// Named integer state values and their initial values, in declaration order.
    public var state: [StateValue]
    /// Main-menu additions and removals.
    public var menus: [MenuDefinition]
    /// Windows; the first is the key window.
    public var windows: [NodeDefinition]
    /// Controllers that effects can present or push, by name.
    public var controllers: [NodeDefinition]
    /// The initial first responder's path, if any.
    public var firstResponder: String?
    /// SHA-256 of the canonical JSON text (keys sorted, no whitespace): names the exact scene.
    public var contentHash: String

    /// One named state value.
    public struct StateValue: Hashable, Sendable {
        public var name: String
        public var initial: Int
    }

    /// A menu to add to (or create in) the main menu.
    public struct MenuDefinition: Hashable, Sendable {
        public var identifier: String
        public var title: String
        public var parent: String
        public var commands: [CommandDefinition]
        /// Shortcuts of standard commands to remove first.
        public var removing: [KeyShortcut]
    }

    /// A key command as a scene declares it.
    public struct CommandDefinition: Hashable, Sendable {
        public var command: KeyCommand
        /// The command is offered only while this holds (its provider's commands then depend on state).
        public var condition: SceneCondition?
    }
}

/// One node of a scene's hierarchy: a window, controller, view or component.
public struct NodeDefinition: Hashable, Sendable {
    /// Node types.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case window, viewController, tabBarController, navigationController
        case view, responder, textField, textView, table, scroll, canvas

        /// Whether the node is a view controller.
        public var isController: Bool { [.viewController, .tabBarController, .navigationController].contains(self) }
    }

    public var kind: Kind
    public var name: String
    public var title: String
    /// Where the node is in the file, for messages.
    public var jsonPath: String
    public var commands: [SceneDefinition.CommandDefinition]
    /// Actions the node can perform, with their effects, in declaration order.
    public var actions: [ActionDefinition]
    public var validations: [SceneValidation]
    public var canBecomeFirstResponder: Bool?
    /// Child controllers (tabs, navigation stack, children) or, for a window, its root.
    public var children: [NodeDefinition]
    /// Subviews (of a view, or of a controller's root view).
    public var views: [NodeDefinition]
    /// For `responder` nodes: an explicit next responder's path.
    public var next: String?
    /// For a tab or pushed controller: the child to focus when it is shown (relative path).
    public var focus: String?
    /// Table rows; text of a text input.
    public var rows: [String]
    public var text: String
    public var multipleSelection: Bool
    /// Scroll view geometry.
    public var contentHeight: Int
    public var pageHeight: Int
    public var lineHeight: Int
    /// Effects run when a table row is activated.
    public var onActivate: [SceneEffect]
    /// Navigation bar-button key equivalents of a controller.
    public var barButtons: [SceneDefinition.CommandDefinition]

    /// An action and its effects.
    public struct ActionDefinition: Hashable, Sendable {
        public var action: String
        public var effects: [SceneEffect]
    }
}
