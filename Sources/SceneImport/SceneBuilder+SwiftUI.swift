import KeyTraceCore
import Scenes

/// The SwiftUI shortcuts of the views a controller hosts: SwiftUI registers a view's
/// `.keyboardShortcut` with the hosting controller, which offers it while the view is on screen,
/// wherever focus is. The scene gives them to the nearest controller above the views.
struct HostedShortcuts {
    /// The hosting controller's path.
    var path: String
    var commands: [SceneDefinition.CommandDefinition] = []
    /// The hosted views' actions (SwiftUI closures, which show no screen the import follows: no effects).
    var actions: Set<String> = []
    /// Controllers the hosted views show (`UIViewControllerRepresentable`): the host's children.
    var controllers: [NodeDefinition] = []

    /// Adds these commands, actions and controllers to the host's own: commands and children
    /// after its own, actions merged with its own in sorted order.
    func merge(into host: inout NodeDefinition) {
        host.commands += commands
        host.children += controllers
        guard !actions.isEmpty else { return }
        let all = actions.union(host.actions.map(\.action))
        host.actions = SceneBuilder.sortedNames(all).map { NodeDefinition.ActionDefinition(action: $0) }
    }
}

extension SceneBuilder {
    /// SwiftUI's protocols whose conformers' shortcuts are menu items: `Commands`, and the `App`
    /// and `Scene` bodies that hold `.commands { … }`.
    static let swiftUIMenuProtocols: Set<String> = ["Commands", "App", "Scene"]

    /// Whether `type`'s SwiftUI shortcuts are main-menu items.
    func isSwiftUICommands(_ type: String) -> Bool {
        guard model.role(type) == .swiftUIView, let info = model.index.type(named: type) else { return false }
        return info.inherited.contains(where: Self.swiftUIMenuProtocols.contains)
    }

    /// The shortcuts (sorted `modifiers` and `input`, as the scene writes them) of the keyed
    /// commands of scene menu entries.
    static func shortcutKeys(in menus: [SceneDefinition.MenuDefinition]) -> [String] {
        menus.flatMap { menu in menu.commands.compactMap(shortcutKey) }
    }

    /// A keyed command's shortcut as ``shortcutKeys(in:)`` writes it (`cmd+shift+n`); `nil` for
    /// a menu item without a key.
    static func shortcutKey(_ command: SceneDefinition.CommandDefinition) -> String? {
        let input = command.command.input.uiKitValue
        guard !command.isKeyless, !input.isEmpty else { return nil }
        let modifiers = command.command.modifierFlags
        let names = [(ModifierFlags.command, "cmd"), (.control, "ctrl"), (.alternate, "opt"), (.shift, "shift")]
        return (names.filter { modifiers.contains($0.0) }.map(\.1) + [input]).joined(separator: "+")
    }

    /// The commands of main-menu elements, nested menus' included.
    static func commands(in elements: [MainMenuElement]) -> [ImportedCommand] {
        elements.flatMap { element -> [ImportedCommand] in
            switch element {
            case .command(let command): return [command]
            case .menu(let menu): return commands(in: menu.children)
            case .standardItem: return []
            }
        }
    }

    /// The actions of the SwiftUI commands the app's menu code places: the hosting controller
    /// performs their closures.
    func swiftUIMenuActions() -> Set<String> {
        Set(model.mainMenu.flatMap { Self.commands(in: $0.elements) }.filter { $0.mechanism == .swiftui }.compactMap(\.action))
    }

    /// A SwiftUI view's parts without its commands and actions, which go to the innermost
    /// hosting frame.
    func hoist(_ parts: ResponderParts, state: inout BuildState) -> ResponderParts {
        guard var frame = state.hostedShortcuts.popLast() else { return parts }
        frame.commands += parts.commands
        frame.actions.formUnion(parts.actions.map(\.action))
        state.hostedShortcuts.append(frame)
        return ResponderParts(validations: parts.validations)
    }

    /// The main menu entries of the app's SwiftUI `Commands` (`.commands { AppCommands() }`):
    /// one menu per type, each shortcut once (R22). Their closures run in the app's SwiftUI
    /// scene, so the key window's root performs them (``BuildState/rootActions``).
    func swiftUICommandMenus(commandsByType: [String: [ImportedCommand]], menuShortcuts: inout Set<String>,
                             state: inout BuildState) -> [SceneDefinition.MenuDefinition] {
        var menus: [SceneDefinition.MenuDefinition] = []
        // Commands a `CommandMenu` or `CommandGroup` already places (``MainMenuAssembly``).
        let placed = Set(model.mainMenu.flatMap { Self.commands(in: $0.elements) }.map { "\($0.file):\($0.line):\($0.displayShortcut)" })
        for type in commandsByType.keys.sorted() where isSwiftUICommands(type) {
            var entries: [SceneDefinition.CommandDefinition] = []
            var removing: [KeyShortcut] = []
            for row in commandsByType[type] ?? [] where !placed.contains("\(row.file):\(row.line):\(row.displayShortcut)") {
                var command = row
                command.action = Self.swiftUIAction(of: command)
                let keyed = command.input?.isEmpty == false && command.modifiers != nil
                guard let entry = sceneCommand(command, reporting: row, state: &state) else { continue }
                if keyed, let key = Self.shortcutKey(entry), !menuShortcuts.insert(key).inserted {
                    state.omitted.append((row, "the main menu already has \(command.displayShortcut); UIKit refuses a duplicate shortcut in the main menu (R22)"))
                    continue
                }
                entries.append(entry)
                // The app's command takes its shortcut from a standard menu command that has it.
                if keyed, let shortcut = Self.shortcut(command) { removing.append(shortcut) }
            }
            guard !entries.isEmpty else { continue }
            state.paths[type] = "menu"
            menus.append(SceneDefinition.MenuDefinition(identifier: "imported-" + Self.nodeName(type), title: type, commands: entries,
                                                        removing: removing))
        }
        return menus
    }
}
