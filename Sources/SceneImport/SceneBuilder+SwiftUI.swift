import Scenes

/// The SwiftUI shortcuts of the views a controller hosts: SwiftUI registers a view's
/// `.keyboardShortcut` with the hosting controller, which offers it while the view is on screen,
/// wherever focus is. The scene gives them to the nearest controller above the views.
struct HostedShortcuts {
    var commands: [JSONValue] = []
    var actions: [String: JSONValue] = [:]

    /// `members` with these commands and actions added to their own.
    func merged(into members: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
        guard !commands.isEmpty || !actions.isEmpty else { return members }
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
        for type in commandsByType.keys.sorted() where isSwiftUICommands(type) {
            var entries: [JSONValue] = []
            var removing: [JSONValue] = []
            for var command in commandsByType[type] ?? [] {
                command.action = Self.swiftUIAction(of: command)
                let keyed = command.input?.isEmpty == false && command.modifiers != nil
                if keyed, !menuShortcuts.insert(command.displayShortcut).inserted {
                    state.omitted.append((command, "the main menu already has \(command.displayShortcut); UIKit refuses a duplicate shortcut in the main menu (R22)"))
                    continue
                }
                guard let entry = commandJSON(command, state: &state) else { continue }
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
