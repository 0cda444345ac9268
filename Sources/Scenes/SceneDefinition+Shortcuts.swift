import KeyTraceCore

extension SceneDefinition {
    /// Every shortcut the scene declares (menus, then windows and controllers with their nodes'
    /// commands and bar buttons, depth first), each once, first occurrence first. `keytrace
    /// synth --scene` presses these.
    public var declaredShortcuts: [KeyShortcut] {
        var found: [KeyShortcut] = []
        var seen: Set<KeyShortcut> = []
        func add(_ commands: [CommandDefinition]) {
            for command in commands where !command.isKeyless && seen.insert(command.command.shortcut).inserted {
                found.append(command.command.shortcut)
            }
        }
        func visit(_ node: NodeDefinition) {
            add(node.commands)
            add(node.barButtons)
            node.children.forEach(visit)
            node.views.forEach(visit)
        }
        for menu in menus { add(menu.commands) }
        windows.forEach(visit)
        controllers.forEach(visit)
        return found
    }
}
