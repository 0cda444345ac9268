import KeyTraceCore
import ResponderEngine

/// The menu bar of a Mac Catalyst app for one moment of its responder chain: the application
/// menu, File, Edit, Format, View, Window, Help and the app's own menus in the main menu's order,
/// each item with its title, its key equivalent and whether choosing it would perform its action
/// for the chain's first responder (R14). The data behind `keytrace scene menubar`, as text, JSON
/// or an HTML page.
///
/// The menus are the application's main menu as built (``Application/mainMenu``: UIKit's
/// standard menu, R21, with the app's changes, R22) and what macOS adds to its standard groups
/// (``StandardMenuBarItems``). Inline groups are drawn between separators. Everything is read
/// from the dispatcher's application as it is when the menu bar is made: a caller that sets a
/// first responder or changes the app's state first gets the menu bar of that moment.
public struct MenuBar: Hashable, Sendable {
    /// The scene's name, written into the JSON.
    public var scene: String
    /// The app's name, the application menu's title and the `{app}` of its items.
    public var appName: String
    /// The platform and OS version the menu bar is drawn for.
    public var platform: PlatformVersion
    /// The first responder's path, or `(none)` (R10).
    public var firstResponder: String
    /// The top-level menus, left to right.
    public var menus: [MenuBarMenu]
    /// Key equivalents two drawn items show, with the items' places (`Format ▸ Font ▸ Show Fonts`).
    public var sharedShortcuts: [SharedShortcut]

    /// A key equivalent more than one drawn item shows.
    public struct SharedShortcut: Hashable, Sendable {
        /// The key equivalent.
        public var shortcut: KeyShortcut
        /// The items showing it, as `Menu ▸ Submenu ▸ Item`, in menu-bar order.
        public var places: [String]
    }

    /// The menu bar for `dispatcher`'s current chain.
    public init(scene: String, appName: String, dispatcher: KeyDispatcher) {
        self.scene = scene
        self.appName = appName
        let application = dispatcher.application
        platform = application.platformVersion
        firstResponder = application.firstResponder?.path ?? "(none)"
        let builder = Builder(dispatcher: dispatcher, appName: appName)
        menus = application.mainMenu.children.compactMap { element in
            guard case .menu(let menu) = element else { return nil }
            let title = menu.identifier == .application ? appName : (menu.title.isEmpty ? menu.identifier.rawValue : menu.title)
            return MenuBarMenu(identifier: menu.identifier.rawValue, title: title, items: builder.items(of: menu))
        }
        sharedShortcuts = []
        var places: [KeyShortcut: [String]] = [:]
        var order: [KeyShortcut] = []
        for (place, command) in drawnCommands {
            guard let shortcut = command.shortcut else { continue }
            if places[shortcut] == nil { order.append(shortcut) }
            places[shortcut, default: []].append(place)
        }
        for shortcut in order {
            let found = places[shortcut] ?? []
            if found.count > 1 { sharedShortcuts.append(SharedShortcut(shortcut: shortcut, places: found)) }
        }
    }

    /// Every drawn item with its place (`Edit ▸ Find ▸ Find…`), menus left to right, depth-first.
    public var drawnCommands: [(place: String, command: MenuBarCommand)] {
        var result: [(place: String, command: MenuBarCommand)] = []
        func visit(_ menu: MenuBarMenu, _ path: String) {
            for item in menu.items {
                switch item {
                case .command(let command) where command.isDrawn: result.append(("\(path) ▸ \(command.title)", command))
                case .submenu(let submenu): visit(submenu, "\(path) ▸ \(submenu.title)")
                default: break
                }
            }
        }
        for menu in menus { visit(menu, menu.title) }
        return result
    }
}

extension MenuBar {
    /// Walks the main menu and asks the chain about every item.
    struct Builder {
        let dispatcher: KeyDispatcher
        let appName: String
        let platform: Platform
        /// The standard commands (R21) by the menu holding them, action and shortcut, to tell
        /// them from the app's: a Copy an app puts in a menu of its own is the app's.
        let standard: Set<String>
        /// Main-menu commands a command nearer the first responder shadows (R12), by action and
        /// shortcut, with what the key fires instead.
        let shadowed: [String: String]
        /// Whether the chain starts at a responder that accepts text.
        let textInputFirst: Bool

        init(dispatcher: KeyDispatcher, appName: String) {
            self.dispatcher = dispatcher
            self.appName = appName
            let application = dispatcher.application
            platform = application.platform
            standard = Builder.standardCommandKeys
            var shadowed: [String: String] = [:]
            for entry in dispatcher.shadowedCommands() where entry.provider === application {
                let instead = entry.shadowedBy.displayTitle ?? entry.shadowedBy.action?.name ?? entry.shadowedBy.shortcut.description
                shadowed[Builder.key(entry.command.action, entry.command.shortcut)] = "\(instead) (\(entry.shadowingProvider))"
            }
            self.shadowed = shadowed
            textInputFirst = dispatcher.currentChain.start?.acceptsTextInput ?? false
        }

        /// UIKit's standard menu commands (R21) by their menu and ``key(_:_:)``: a key-less
        /// item by its action.
        static let standardCommandKeys: Set<String> = {
            var standard = Set<String>()
            func collect(_ menu: Menu) {
                for child in menu.children {
                    switch child {
                    case .command(let command): standard.insert(Builder.key(command.action, command.shortcut, in: menu))
                    case .action(_, let action): standard.insert(Builder.key(action, nil, in: menu))
                    case .menu(let submenu): collect(submenu)
                    }
                }
            }
            collect(MenuBuilder.standard().root)
            return standard
        }()

        static func key(_ action: Action?, _ shortcut: KeyShortcut?) -> String {
            (action?.name ?? "") + "|" + (shortcut?.textNotation ?? "")
        }

        /// ``key(_:_:)`` of an item of `menu`.
        static func key(_ action: Action?, _ shortcut: KeyShortcut?, in menu: Menu) -> String {
            menu.identifier.rawValue + "|" + key(action, shortcut)
        }

        /// What `menu` shows: macOS's items placed first, the menu's children (inline groups
        /// between separators, submenus as items), macOS's items placed last; separators
        /// collapsed as macOS collapses them.
        func items(of menu: Menu) -> [MenuBarItem] {
            var items: [MenuBarItem] = []
            let groups = StandardMenuBarItems.groups(in: menu.identifier)
            for group in groups where group.placement == .first { items += section(group) }
            for child in menu.children {
                switch child {
                case .command(let command): items.append(.command(item(command, in: menu)))
                case .action(let title, let action):
                    items.append(.command(item(KeyCommand(title: title, input: .character(""), action: action), in: menu)))
                case .menu(let submenu) where submenu.isInline:
                    items += [.separator] + self.items(of: submenu) + [.separator]
                case .menu(let submenu):
                    let title = submenu.title.isEmpty ? submenu.identifier.rawValue : submenu.title
                    items.append(.submenu(MenuBarMenu(identifier: submenu.identifier.rawValue, title: title, items: self.items(of: submenu))))
                }
            }
            for group in groups where group.placement == .last { items += section(group) }
            return Builder.collapsingSeparators(items)
        }

        private func section(_ group: StandardMenuBarGroup) -> [MenuBarItem] {
            let items = group.items.map { $0.kind == .searchField ? MenuBarItem.searchField : .command(standardItem($0)) }
            return group.separated ? [.separator] + items + [.separator] : items
        }

        /// A main-menu command (or key-less action) of `menu` as an item, asked of the chain (R14).
        private func item(_ command: KeyCommand, in menu: Menu) -> MenuBarCommand {
            let validation = dispatcher.validateMenuItem(command)
            let validated = validation.command
            // The key as the Mac reads a menu item's: an uppercase letter implies Shift (R6).
            let keyed = MenuKeyEquivalent.menuItem(command, on: platform)
            // An item no key triggers (a `UICommand`) draws no key equivalent.
            let shortcut = command.isKeyless ? nil : keyed.shortcut
            let reason: String
            if let target = validation.target {
                reason = validated.isDisabled
                    ? (command.isDisabled ? "declared disabled" : "\(target.path)'s validate(_:) disables it")
                    : "\(target.path) performs it"
            } else {
                reason = "nothing in the chain performs \(command.action?.name ?? "(no action)")"
            }
            let systemTakes = shortcut.flatMap { SystemShortcuts.row(taking: $0, on: platform)?.effect }
            return MenuBarCommand(
                title: validated.title, shortcut: shortcut, action: command.action ?? "",
                origin: standard.contains(Builder.key(command.action, shortcut, in: menu)) ? .standard : .app,
                isEnabled: validation.isEnabled, reason: reason, target: validation.target?.path, state: validated.state,
                isDrawn: !validated.title.isEmpty && !validation.isHidden && !command.attributes.contains(.hidden),
                alternates: command.alternates.map { alternate in
                    MenuBarCommand.Alternate(
                        title: alternate.title.isEmpty ? validated.title : alternate.title,
                        shortcut: KeyShortcut(input: keyed.input, modifiers: keyed.modifierFlags.union(alternate.modifierFlags)),
                        action: alternate.action)
                },
                keyFiresInstead: shadowed[Builder.key(command.action, shortcut)], systemTakesKey: systemTakes)
        }

        /// One of macOS's items: always enabled when macOS performs it; a text input's item
        /// while the chain starts at a text input, else as the chain answers (R14).
        private func standardItem(_ standardItem: StandardMenuBarItem) -> MenuBarCommand {
            let title = standardItem.title.replacing("{app}", with: appName)
            var item = MenuBarCommand(
                title: title, shortcut: standardItem.shortcut, action: standardItem.action, origin: .macOS, isEnabled: true,
                reason: "macOS performs it", target: nil, state: .off, isDrawn: true, alternates: [], keyFiresInstead: nil,
                systemTakesKey: nil)
            switch standardItem.performer {
            case .system: break
            case .textInput where textInputFirst:
                item.target = dispatcher.currentChain.start?.path
                item.reason = "the text input \(item.target ?? "") performs it"
            case .textInput, .chain:
                let command = KeyCommand(title: title, input: standardItem.shortcut?.input ?? .character(""),
                                         modifierFlags: standardItem.shortcut?.modifiers ?? [], action: standardItem.action)
                let validation = dispatcher.validateMenuItem(command)
                item.isEnabled = validation.isEnabled
                item.target = validation.target?.path
                item.title = validation.command.title
                item.reason = validation.target.map { validation.isEnabled ? "\($0.path) performs it" : "\($0.path)'s validate(_:) disables it" }
                    ?? "nothing in the chain performs \(standardItem.action.name)"
                    + (standardItem.performer == .textInput ? " (a text input would)" : "")
            }
            return item
        }

        /// `items` without separators at either end or next to each other.
        static func collapsingSeparators(_ items: [MenuBarItem]) -> [MenuBarItem] {
            var result: [MenuBarItem] = []
            for item in items {
                if case .separator = item {
                    if result.isEmpty { continue }
                    if case .separator = result[result.count - 1] { continue }
                }
                result.append(item)
            }
            if case .separator? = result.last { result.removeLast() }
            return result
        }
    }
}
