import KeyTraceCore

/// A parsed scene file: the app's responder hierarchy, key commands, state and effects.
///
/// Scenes are JSON (`docs/Scenes.md`, schema `docs/scene.schema.json`), read by
/// ``init(json:file:)`` and written by ``jsonText``. A definition is a value; ``SceneRuntime``
/// builds live responders from it.
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
    /// The platform and OS version the app runs on (`platform`, `osVersion`; default the current
    /// iPadOS): which shortcuts the system takes (R24) and which version's rules apply (R2, R4,
    /// R12, R16).
    public var platform: PlatformVersion = .default
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
    /// What the app's `UIApplication` subclass declares, a `responder` node named
    /// `application`: its commands, actions and validations are the application's, read after
    /// the key window and before the main menu in every chain (R11).
    public var application: NodeDefinition?
    /// The app delegate, a `responder` node: the end of every chain, after the application (R11).
    public var appDelegate: NodeDefinition?
    /// Responders outside the view hierarchy that a `next` names (a coordinator the app
    /// delegate's `next` returns), `responder` nodes whose paths are their names (R11).
    public var responders: [NodeDefinition] = []
    /// The app's named screens (`states`), in file order; the scene as loaded is the state
    /// ``SceneState/initialName``.
    public var states: [SceneState] = []
    /// SHA-256 of the canonical JSON text (keys sorted, no whitespace): names the exact scene.
    public var contentHash: String

    /// Every node at the top of the file: windows, controllers, the application, the app
    /// delegate and the free-standing responders, in that order.
    public var topLevelNodes: [NodeDefinition] {
        windows + controllers + [application, appDelegate].compactMap { $0 } + responders
    }

    /// One named state value.
    public struct StateValue: Hashable, Sendable {
        /// The value's name, as conditions and effects refer to it (its key in `state`).
        public var name: String
        /// The value when the scene starts.
        public var initial: Int

        /// The state value `name`, starting at `initial`.
        package init(name: String, initial: Int) {
            self.name = name
            self.initial = initial
        }
    }

    /// A change to the main menu (`UIMenuBuilder`): commands added to a menu, a menu created,
    /// a menu removed, standard commands removed.
    public struct MenuDefinition: Hashable, Sendable {
        /// Where a created menu goes: at an end of its parent, or beside another menu.
        public enum Placement: Hashable, Sendable {
            /// At the start (`insertChild(_:atStartOfMenu:)`) or end (`atEndOfMenu:`) of `parent`.
            case child(parent: String, atStart: Bool)
            /// Right after the menu `sibling` (`insertSibling(_:afterMenu:)`).
            case after(sibling: String)
            /// Right before the menu `sibling` (`insertSibling(_:beforeMenu:)`).
            case before(sibling: String)
        }

        /// The menu's `id`: a standard one such as `edit` (or a standard group such as `find`)
        /// to change, or a new one to create.
        public var identifier: String
        /// The title of a created menu (default: the identifier); unused when the menu exists.
        public var title: String
        /// Where a created menu goes (default: the end of `root`; `parent`, `at`, `after`,
        /// `before`).
        public var placement: Placement
        /// Whether a created menu is shown inline in its parent, between separators
        /// (`UIMenu.Options.displayInline`, `inline`).
        public var isInline: Bool
        /// Whether the commands go at the start of the menu instead of its end (`"at":
        /// "start"`), in their order (`insertElements(_:atStartOfMenu:)`).
        public var commandsAtStart: Bool
        /// Commands added to the menu, in order; a shortcut the main menu already holds is an error (R22).
        public var commands: [CommandDefinition]
        /// Shortcuts of standard commands to remove first.
        public var removing: [KeyShortcut]
        /// Whether the entry removes the menu `identifier` and everything in it
        /// (`remove(menu:)`, `"removed": true`) instead of adding to it.
        public var removesMenu: Bool
        /// Whether the scene gives the menu a `title`. The reader takes the identifier when it
        /// gives none; the text keeps the difference, so a scene read and written again keeps a
        /// title equal to its identifier, and leaves out one it did not give.
        package var hasTitle = false
    }

    /// A key command as a scene declares it.
    public struct CommandDefinition: Hashable, Sendable {
        /// The command as parsed: `shortcut` (or `input` and `modifiers`), `action` and the display and
        /// behaviour fields (R2, R4).
        public var command: KeyCommand
        /// The command is offered only while this holds (its provider's commands then depend on state).
        public var condition: SceneCondition?
        /// Whether its responder offers it only while it is first responder (an app's getter
        /// that returns it under `if isFirstResponder { … }`).
        public var whileFirstResponder = false
        /// Whether it is a key-less menu item (`UICommand`): a menu's command with neither
        /// `shortcut` nor `input`, which has a title and an action only.
        public var isKeyless = false
        /// Whether the scene gives the command a `title`, an empty one included. UIKit reads an
        /// empty title and none alike; the text keeps the difference, so a scene read and
        /// written again keeps its `"title": ""`.
        package var hasTitle = false
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

    /// What the node builds (its `type`).
    public var kind: Kind
    /// The node's name: non-empty, without `/`, unique among its siblings; one component of its
    /// responder's ``Responder/path``.
    public var name: String
    /// The display title (default: ``name``); for a tab, the title of its ⌘1…⌘9 command.
    public var title: String
    /// Where the node is in the file, for messages.
    public var jsonPath: String
    /// Key commands the node's responder declares, in order; one with a condition is offered only
    /// while it holds.
    public var commands: [SceneDefinition.CommandDefinition]
    /// Actions the node can perform, with their effects, in declaration order.
    public var actions: [ActionDefinition]
    /// Rules run when the node's responder validates a command it is the target of (R14).
    public var validations: [SceneValidation]
    /// Actions the node implements but refuses in `canPerformAction` while a condition holds,
    /// so the target search goes on up the chain (R14).
    public var refusals: [SceneRefusal]
    /// For controllers: commands added with `addKeyCommand`, collected after ``commands``
    /// (the controller's `keyCommands`), R11.
    public var addedCommands: [SceneDefinition.CommandDefinition]
    /// Whether the responder can become first responder; `nil` keeps the kind's default (`responder`,
    /// text inputs, tables, scroll views and canvases can; plain views, controllers and windows cannot).
    public var canBecomeFirstResponder: Bool?
    /// For `view`, `responder` and `viewController` nodes: whether the responder adopts
    /// `UIKeyInput`, taking as text the keys it types (``ResponderEngine/Responder/adoptsKeyInput``).
    public var keyInput = false
    /// What one call of the responder's `keyCommands` getter costs (`keyCommandsGetter`), when
    /// the scene says (the importer records it from the source).
    public var keyCommandsGetter: KeyCommandsGetter?
    /// Child controllers (tabs, navigation stack, children) or, for a window, its root.
    public var children: [NodeDefinition]
    /// Subviews (of a view, or of a controller's root view).
    public var views: [NodeDefinition]
    /// For `responder` nodes: an explicit next responder's path.
    public var next: String?
    /// For a tab or pushed controller: the child to focus when it is shown (relative path).
    public var focus: String?
    /// For `tabBarController` nodes: the tab shown at launch, by index (`selectedTab`, default 0),
    /// as `selectedIndex = 1` in the app's code selects it.
    public var selectedTab: Int = 0
    /// For `window` nodes: whether Esc and ⌘W dismiss a presented modal (`dismissesModals`,
    /// default `true`), the behaviour of KeyboardKit's window (responder-semantics §G). UIKit's
    /// own window has none, so a scene imported from an app that declares it nowhere says `false`.
    public var dismissesModals = true
    /// For `table` nodes: the rows' titles, in order.
    public var rows: [String]
    /// For `textField` and `textView` nodes: the initial text (default empty).
    public var text: String
    /// For `table` nodes: whether ⌘A selects every row (default `true`).
    public var multipleSelection: Bool
    /// For `scroll` nodes: the content's height in points at 100 % zoom (default 10 000).
    public var contentHeight: Int
    /// For `scroll` nodes: one page in points, the step of Page Up/Down, ⌥↑/⌥↓ and Space (default 800).
    public var pageHeight: Int
    /// For `scroll` nodes: one line in points, the step of the arrow keys (default 40).
    public var lineHeight: Int
    /// Effects run when a table row is activated, or when Return sends a text field's return action.
    public var onActivate: [SceneEffect]
    /// Navigation bar-button key equivalents of a controller.
    public var barButtons: [SceneDefinition.CommandDefinition]

    /// An action and its effects.
    public struct ActionDefinition: Hashable, Sendable {
        /// The action's name (its key in the node's `actions`), e.g. `addBookmark:`; the node's responder
        /// implements it.
        public var action: String
        /// The effects performing the action runs, in order; may be empty.
        public var effects: [SceneEffect]

        /// The action `action`, running `effects` in order.
        package init(action: String, effects: [SceneEffect] = []) {
            self.action = action
            self.effects = effects
        }
    }
}
