import Scenes

/// The SwiftUI shortcuts of the views a controller hosts: SwiftUI registers a view's
/// `.keyboardShortcut` with the hosting controller, which offers it while the view is on screen,
/// wherever focus is. The scene gives them to the nearest controller above the views.
struct HostedShortcuts {
    /// The hosting controller's path.
    var path: String
    var commands: [JSONValue] = []
    var actions: [String: JSONValue] = [:]
    /// Controllers the hosted views show (`UIViewControllerRepresentable`): the host's children.
    var controllers: [JSONValue] = []

    /// `members` with these commands and actions added to their own.
    func merged(into members: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        guard !commands.isEmpty || !actions.isEmpty || !controllers.isEmpty else { return members }
        var result = members
        func merge(_ key: String, _ combine: (JSONValue?) -> JSONValue) {
            if let index = result.firstIndex(where: { $0.key == key }) {
                result[index].value = combine(result[index].value)
            } else {
                result.append((key: key, value: combine(nil)))
            }
        }
        if !commands.isEmpty {
            merge("commands") { existing in
                guard case .array(let own)? = existing else { return .array(commands) }
                return .array(own + commands)
            }
        }
        if !controllers.isEmpty {
            merge("children") { existing in
                guard case .array(let own)? = existing else { return .array(controllers) }
                return .array(own + controllers)
            }
        }
        if !actions.isEmpty {
            merge("actions") { existing in
                var all = actions
                if case .object(let own)? = existing { for member in own { all[member.key] = member.value } }
                return .object(all.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) })
            }
        }
        return result
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

    /// The shortcuts (`input` and sorted `modifiers`) of the keyed commands of scene menu entries.
    static func shortcutKeys(in menus: [JSONValue]) -> [String] {
        var keys: [String] = []
        for menu in menus {
            guard case .object(let members) = menu, case .array(let commands)? = members.first(where: { $0.key == "commands" })?.value else { continue }
            for command in commands {
                guard case .object(let fields) = command, case .string(let input)? = fields.first(where: { $0.key == "input" })?.value,
                      !input.isEmpty else { continue }
                var modifiers: [String] = []
                if case .array(let names)? = fields.first(where: { $0.key == "modifiers" })?.value {
                    modifiers = names.compactMap { if case .string(let name) = $0 { return name } else { return nil } }.sorted()
                }
                keys.append((modifiers + [input]).joined(separator: "+"))
            }
        }
        return keys
    }

    /// The commands of main-menu elements, nested menus' included.
    static func commands(in elements: [MainMenuElement]) -> [ImportedCommand] {
        elements.flatMap { element -> [ImportedCommand] in
            switch element {
            case .command(let command): return [command]
            case .menu(let menu): return commands(in: menu.children)
            }
        }
    }

    /// The actions of the SwiftUI commands the app's menu code places: the hosting controller
    /// performs their closures.
    func swiftUIMenuActions() -> Set<String> {
        Set(model.mainMenu.flatMap { Self.commands(in: $0.elements) }.filter { $0.mechanism == .swiftui }.compactMap(\.action))
    }

    /// A SwiftUI view's members without its commands and actions, which go to the innermost
    /// hosting frame.
    func hoist(_ members: [(key: String, value: JSONValue)], state: inout BuildState) -> [(key: String, value: JSONValue)] {
        guard var frame = state.hostedShortcuts.popLast() else { return members }
        var kept: [(key: String, value: JSONValue)] = []
        for member in members {
            switch (member.key, member.value) {
            case ("commands", .array(let commands)): frame.commands += commands
            case ("actions", .object(let actions)): for action in actions { frame.actions[action.key] = action.value }
            default: kept.append(member)
            }
        }
        state.hostedShortcuts.append(frame)
        return kept
    }

    /// The main menu entries of the app's SwiftUI `Commands` (`.commands { AppCommands() }`):
    /// one menu per type, each shortcut once (R22). Their closures run in the app's SwiftUI
    /// scene, so the key window's root performs them (``BuildState/rootActions``).
    func swiftUICommandMenus(commandsByType: [String: [ImportedCommand]], menuShortcuts: inout Set<String>,
                             state: inout BuildState) -> [JSONValue] {
        var menus: [JSONValue] = []
        // Commands a `CommandMenu` or `CommandGroup` already places (``MainMenuAssembly``).
        let placed = Set(model.mainMenu.flatMap { Self.commands(in: $0.elements) }.map { "\($0.file):\($0.line):\($0.displayShortcut)" })
        for type in commandsByType.keys.sorted() where isSwiftUICommands(type) {
            var entries: [JSONValue] = []
            var removing: [JSONValue] = []
            for var command in commandsByType[type] ?? [] where !placed.contains("\(command.file):\(command.line):\(command.displayShortcut)") {
                command.action = Self.swiftUIAction(of: command)
                let keyed = command.input?.isEmpty == false && command.modifiers != nil
                guard let entry = commandJSON(command, state: &state) else { continue }
                if keyed, let key = Self.shortcutKeys(in: [.object([(key: "commands", value: .array([entry]))])]).first,
                   !menuShortcuts.insert(key).inserted {
                    state.omitted.append((command, "the main menu already has \(command.displayShortcut); UIKit refuses a duplicate shortcut in the main menu (R22)"))
                    continue
                }
                entries.append(entry)
                // The app's command takes its shortcut from a standard menu command that has it.
                if keyed, let notation = Self.notation(command) { removing.append(.string(notation)) }
            }
            guard !entries.isEmpty else { continue }
            state.paths[type] = "menu"
            menus.append(.object([(key: "id", value: .string("imported-" + Self.nodeName(type))), (key: "title", value: .string(type)),
                                  (key: "commands", value: .array(entries)), (key: "remove", value: .array(removing))]))
        }
        return menus
    }
}
