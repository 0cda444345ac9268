import KeyTraceCore
import ResponderEngine
import Scenes

/// What the platform findings' rules look at, gathered once from every screen of a scene: the
/// app's commands (main-menu items and responders' `keyCommands`), each with how every screen
/// answers for it, and the key equivalents of the platform's standard menu items.
public struct PlatformSurvey {
    /// The platform and version the scene is surveyed on.
    public var platform: PlatformVersion
    /// The screens' names, `initial` first.
    public var screens: [String]
    /// Every command of the scene, main-menu items first (menu order), then responders' in
    /// hierarchy order; one entry per place, action and shortcut.
    public var commands: [Command]
    /// The main menu of the scene as loaded.
    public var mainMenu: Menu
    /// The items the platform's own menus show with a key equivalent, by it: on Mac Catalyst the
    /// standard commands (R21) the main menu holds and what macOS adds (``StandardMenuBarItems``);
    /// on iPadOS none (the system's shortcuts are R24's).
    public var standardItems: [KeyShortcut: StandardItem]

    /// A standard menu item: where the menu bar shows it, and its action.
    public struct StandardItem: Hashable, Sendable {
        public var place: String
        public var action: String
    }

    /// One command of the scene.
    public struct Command {
        /// The command as declared (a key-less item as a command with an empty input).
        public var command: KeyCommand
        /// A key-less menu item (`UICommand`): no key equivalent.
        public var isKeyless: Bool
        /// The declaring responder's path, or `menu:ID` (the menu holding the item).
        public var responder: String
        /// For a main-menu item: its place, `File ▸ Save`.
        public var menuPlace: String?
        /// Whether it is one of UIKit's standard menu commands (R21) rather than the app's.
        public var isStandard: Bool
        /// How each screen answers for it, in ``PlatformSurvey/screens`` order.
        public var availability: [Availability]

        /// The command's shortcut, `nil` when it is key-less.
        public var shortcut: KeyShortcut? { isKeyless ? nil : command.shortcut }
        /// Its action's name.
        public var action: String { command.action?.name ?? "" }
        /// How people find it in a message: `Save (⌘S, save:) in File ▸ Save` or `Refresh (⌘R, refresh:) on window/feed`.
        public var described: String {
            let name = command.displayTitle ?? "untitled"
            let key = shortcut.map { "\($0.description), " } ?? ""
            return "\(name) (\(key)\(action)) " + (menuPlace.map { "in \($0)" } ?? "on \(responder)")
        }
    }

    /// What one screen makes of a command.
    public enum Availability: Hashable, Sendable {
        /// Not offered there: its responder is not shown, or not on the chain.
        case absent
        /// A responder of the chain performs it and it is enabled.
        case enabled
        /// Disabled there: by `validate(_:)` or its `disabled` attribute.
        case disabled
        /// Offered, but nothing of the chain performs its action.
        case noTarget
    }

    /// Surveys `screens` (``SceneScreen/all(of:limit:)``; the first is the scene as loaded).
    public init(screens: [SceneScreen]) {
        platform = screens.first?.runtime.application.platformVersion ?? PlatformVersion(.default)
        self.screens = screens.map(\.name)
        mainMenu = screens.first?.runtime.application.mainMenu ?? Menu(.root, title: "", children: [])
        commands = []
        standardItems = [:]
        /// A command's identity across screens: who offers it, its action and its key.
        struct Identity: Hashable {
            var responder: String
            var action: String
            var shortcut: KeyShortcut?
        }
        var index: [Identity: Int] = [:]
        for (position, screen) in screens.enumerated() {
            func record(_ command: KeyCommand, keyless: Bool, responder: String, place: String?, standard: Bool,
                        answer: Availability) {
                let key = Identity(responder: responder, action: command.action?.name ?? "", shortcut: keyless ? nil : command.shortcut)
                let found: Int
                if let known = index[key] {
                    found = known
                } else {
                    found = commands.count
                    index[key] = found
                    commands.append(Command(command: command, isKeyless: keyless, responder: responder, menuPlace: place,
                                            isStandard: standard, availability: Array(repeating: .absent, count: screens.count)))
                }
                commands[found].availability[position] = answer
            }
            let dispatcher = screen.dispatcher
            for item in PlatformSurvey.menuItems(of: screen.runtime.application.mainMenu, appName: screen.runtime.definition.name) {
                let standard = MenuBar.Builder.standardCommandKeys.contains(MenuBar.Builder.key(item.command.action, item.keyless ? nil : item.command.shortcut))
                record(item.command, keyless: item.keyless, responder: "menu:\(item.menu.rawValue)", place: item.place, standard: standard,
                       answer: PlatformSurvey.answer(dispatcher.validateMenuItem(item.command)))
            }
            let chain = dispatcher.currentChain
            let application = screen.runtime.application
            for responder in screen.runtime.allResponders + [application] {
                let declared = responder.declaredKeyCommands + ((responder as? ViewController)?.addedKeyCommands ?? [])
                guard !declared.isEmpty else { continue }
                let onChain = chain.index(of: responder) != nil
                let path = responder === application ? "application" : responder.path
                for command in declared {
                    let answer = onChain ? PlatformSurvey.answer(dispatcher.validateMenuItem(command, provider: responder)) : .absent
                    record(command, keyless: false, responder: path, place: nil, standard: false, answer: answer)
                }
            }
        }
        if platform.platform == .catalyst, let first = screens.first {
            let bar = MenuBar(scene: first.runtime.definition.name, appName: first.runtime.definition.name, dispatcher: first.dispatcher)
            for (place, item) in bar.drawnCommands where item.origin != .app {
                guard let shortcut = item.shortcut, standardItems[shortcut] == nil else { continue }
                standardItems[shortcut] = StandardItem(place: place, action: item.action.name)
            }
        }
    }

    private static func answer(_ validation: MenuItemValidation) -> Availability {
        if validation.command.isDisabled { return .disabled }
        return validation.target == nil ? .noTarget : .enabled
    }

    /// Every item of `mainMenu`'s menus, depth-first: the command (a key-less item as a command
    /// with an empty input), the menu holding it and its place (`File ▸ Save`).
    static func menuItems(of mainMenu: Menu, appName: String) -> [(command: KeyCommand, keyless: Bool, menu: Menu.Identifier, place: String)] {
        var result: [(command: KeyCommand, keyless: Bool, menu: Menu.Identifier, place: String)] = []
        func visit(_ menu: Menu, _ path: String) {
            for child in menu.children {
                switch child {
                case .command(let command):
                    result.append((command, false, menu.identifier, "\(path) ▸ \(command.title.isEmpty ? "(untitled)" : command.title)"))
                case .action(let title, let action):
                    result.append((KeyCommand(title: title, input: .character(""), action: action), true, menu.identifier, "\(path) ▸ \(title)"))
                case .menu(let submenu):
                    visit(submenu, submenu.isInline ? path : "\(path) ▸ \(submenu.title.isEmpty ? submenu.identifier.rawValue : submenu.title)")
                }
            }
        }
        for case .menu(let top) in mainMenu.children {
            visit(top, top.identifier == .application ? appName : (top.title.isEmpty ? top.identifier.rawValue : top.title))
        }
        return result
    }
}
