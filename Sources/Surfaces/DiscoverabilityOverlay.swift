import KeyTraceCore
import ResponderEngine

/// The overlay iPadOS shows while ⌘ is held, for one moment of the responder chain, grouped as
/// iPadOS 15 and later group it: one category per top-level menu of the main menu that has a
/// command to show (the application menu under the app's name), then one per responder whose
/// own `keyCommands` have one, nearest the first responder first. A category's commands that sit
/// in a submenu (Edit ▸ Find, Format ▸ Font) form a section under the submenu's title.
///
/// The commands are discovery's (R22, ``KeyDispatcher/discoverableCommands()``): titled, not
/// `.hidden`, enabled after validation, performable (R14), each shortcut once, the one that
/// would fire; their titles are the discoverability titles. The data behind `keytrace scene
/// overlay`, as text, JSON or an HTML page. Like ``MenuBar``, it reads the application as it is
/// when made.
public struct DiscoverabilityOverlay: Hashable, Sendable {
    /// The scene's name, written into the JSON.
    public var scene: String
    /// The platform and OS version the overlay is drawn for.
    public var platform: PlatformVersion
    /// The first responder's path, or `(none)` (R10).
    public var firstResponder: String
    /// The categories, in the order the overlay lists them.
    public var categories: [Category]

    /// A category: a menu of the main menu, or a responder's own commands.
    public struct Category: Hashable, Sendable {
        /// What the category is.
        public enum Kind: Hashable, Sendable {
            /// A top-level menu of the main menu, by identifier.
            case menu(String)
            /// A responder of the chain, by path.
            case responder(String)
        }

        /// Its title: the menu's, the app's name for the application menu, or the responder's name
        /// (its path's last part).
        public var title: String
        /// A menu or a responder.
        public var kind: Kind
        /// Its sections, in order; the first has no title unless every command is in a submenu.
        public var sections: [Section]
    }

    /// Commands of a category that sit together: directly in the menu (no title), or in one
    /// submenu (its title).
    public struct Section: Hashable, Sendable {
        /// The submenu's title, or `nil` for the category's own commands.
        public var title: String?
        /// The commands, in discovery order.
        public var commands: [Command]
    }

    /// One command as the overlay shows it.
    public struct Command: Hashable, Sendable {
        /// The discoverability title (else the title).
        public var title: String
        /// The shortcut.
        public var shortcut: KeyShortcut
        /// The action it sends.
        public var action: Action
        /// When the platform keeps the shortcut for itself: what it does with it (R24). The
        /// overlay still lists the command.
        public var systemTakesKey: String?
    }

    /// The overlay for `dispatcher`'s current chain; `appName` titles the application menu's
    /// category.
    public init(scene: String, appName: String, dispatcher: KeyDispatcher) {
        self.scene = scene
        let application = dispatcher.application
        platform = application.platformVersion
        firstResponder = application.firstResponder?.path ?? "(none)"
        let places = DiscoverabilityOverlay.places(in: application.mainMenu, appName: appName)
        var categories: [Category] = []
        var categoryIndex: [Category.Kind: Int] = [:]
        for group in dispatcher.discoverableCommands() {
            let kind: Category.Kind
            let title: String
            let sectionTitle: String?
            if let menu = group.menu {
                let place = places[menu] ?? Place(top: menu, topTitle: group.title, section: nil)
                kind = .menu(place.top.rawValue)
                title = place.topTitle
                sectionTitle = place.section
            } else {
                // A responder's section is titled with its name, as people call the screen;
                // its kind keeps the path.
                kind = .responder(group.title)
                title = group.title.split(separator: "/").last.map(String.init) ?? group.title
                sectionTitle = nil
            }
            let commands = group.commands.map { command in
                Command(title: command.displayTitle ?? "", shortcut: command.shortcut, action: command.action ?? "",
                        systemTakesKey: SystemShortcuts.row(taking: command.shortcut, on: application.platform)?.effect)
            }
            let index: Int
            if let existing = categoryIndex[kind] {
                index = existing
            } else {
                index = categories.count
                categoryIndex[kind] = index
                categories.append(Category(title: title, kind: kind, sections: []))
            }
            if let last = categories[index].sections.indices.last(where: { categories[index].sections[$0].title == sectionTitle }) {
                categories[index].sections[last].commands += commands
            } else {
                categories[index].sections.append(Section(title: sectionTitle, commands: commands))
            }
        }
        self.categories = categories
    }

    /// Where a menu's commands show: the top-level menu holding it and, when it is a submenu
    /// below that (not inline), its title (`Text ▸ Writing Direction` for a submenu's submenu).
    struct Place {
        var top: Menu.Identifier
        var topTitle: String
        var section: String?
    }

    /// The place of every menu of `mainMenu` (discovery names a command's nearest menu that is
    /// not inline).
    static func places(in mainMenu: Menu, appName: String) -> [Menu.Identifier: Place] {
        var result: [Menu.Identifier: Place] = [:]
        for case .menu(let top) in mainMenu.children {
            let topTitle = top.identifier == .application ? appName : (top.title.isEmpty ? top.identifier.rawValue : top.title)
            func visit(_ menu: Menu, section: String?) {
                result[menu.identifier] = Place(top: top.identifier, topTitle: topTitle, section: section)
                for case .menu(let submenu) in menu.children {
                    let title = submenu.title.isEmpty ? submenu.identifier.rawValue : submenu.title
                    visit(submenu, section: submenu.isInline ? section : section.map { "\($0) ▸ \(title)" } ?? title)
                }
            }
            visit(top, section: nil)
        }
        return result
    }
}
