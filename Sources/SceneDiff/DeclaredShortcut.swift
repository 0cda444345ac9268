import KeyTraceCore
import Scenes

/// One key command as a scene declares it, with the type that declares it: the unit
/// `keytrace scene diff` matches between two scenes.
///
/// The declarer is the node's name (for an imported scene, the Swift type, nested types joined
/// with `-`) or `menu:ID` for a main-menu addition. The same declarer placed at several spots
/// of the hierarchy declares its commands once.
public struct DeclaredShortcut: Hashable, Sendable {
    /// The declaring type (node name) or `menu:ID`.
    public var declarer: String
    /// Where the declarer keeps it: `commands`, `addedCommands`, `barButtons` or `menu`.
    public var list: String
    /// The JSON path of its first declaration, e.g. `windows[0].root.views[1].commands[0]`.
    public var jsonPath: String
    /// The command as parsed.
    public var command: KeyCommand
    /// The state condition that offers it, if any.
    public var condition: SceneCondition?

    /// The action's name, or an empty string for a command without one.
    public var action: String { command.action?.name ?? "" }

    /// The shortcut in text notation (`shift+cmd+a`), control characters the notation has no
    /// word for escaped (`cmd+\u{8}`), so approval ids stay printable.
    public var notation: String { Self.printable(command.shortcut.textNotation) }

    /// `text` with control characters written as `\u{…}`.
    static func printable(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }

    /// Every compared field with its value, in report order.
    var fields: [Field] {
        let attributeNames = [(KeyCommand.Attributes.disabled, "disabled"), (.destructive, "destructive"), (.hidden, "hidden")]
            .filter { command.attributes.contains($0.0) }.map(\.1)
        let alternates = command.alternates.map { alternate in
            let extra = KeyShortcut(input: command.input, modifiers: command.modifierFlags.union(alternate.modifierFlags))
            return "\(extra.textNotation) \(alternate.action.name)" + (alternate.title.isEmpty ? "" : " \"\(alternate.title)\"")
        }
        let repeatText: String
        switch command.repeatBehavior {
        case .automatic: repeatText = "automatic"
        case .repeatable: repeatText = "repeatable"
        case .nonRepeatable: repeatText = "nonRepeatable"
        }
        let stateText: String
        switch command.state {
        case .off: stateText = "off"
        case .on: stateText = "on"
        case .mixed: stateText = "mixed"
        }
        return [
            Field(name: "shortcut", value: notation, affectsBehaviour: true),
            Field(name: "when", value: condition.map(Self.describe) ?? "", affectsBehaviour: true),
            Field(name: "attributes", value: attributeNames.joined(separator: ","), affectsBehaviour: true),
            Field(name: "upAction", value: command.upAction?.name ?? "", affectsBehaviour: true),
            Field(name: "alternates", value: alternates.joined(separator: "; "), affectsBehaviour: true),
            Field(name: "wantsPriorityOverSystemBehavior", value: String(command.wantsPriorityOverSystemBehavior), affectsBehaviour: true),
            Field(name: "allowsAutomaticMirroring", value: String(command.allowsAutomaticMirroring), affectsBehaviour: true),
            Field(name: "repeat", value: repeatText, affectsBehaviour: true),
            Field(name: "propertyList", value: command.propertyList ?? "", affectsBehaviour: true),
            Field(name: "title", value: command.title, affectsBehaviour: false),
            Field(name: "discoverabilityTitle", value: command.discoverabilityTitle ?? "", affectsBehaviour: false),
            Field(name: "image", value: command.imageName ?? "", affectsBehaviour: false),
            Field(name: "state", value: stateText, affectsBehaviour: false),
        ]
    }

    /// One compared field: its name, its value as text (empty when unset) and whether a change
    /// of it changes what a key press does (the title does not; the shortcut does).
    struct Field: Hashable, Sendable {
        var name: String
        var value: String
        var affectsBehaviour: Bool
    }

    /// `openTabs >= 1`: a condition as the diff prints it.
    static func describe(_ condition: SceneCondition) -> String {
        let symbol: String
        switch condition.comparison {
        case .equals: symbol = "=="
        case .notEquals: symbol = "!="
        case .atMost: symbol = "<="
        case .atLeast: symbol = ">="
        }
        return "\(condition.state) \(symbol) \(condition.value)"
    }
}

extension SceneDefinition {
    /// Every key command the scene declares, each with its declarer: main-menu additions first,
    /// then windows, controllers and the app delegate depth first. A declarer that appears at
    /// several places contributes each distinct command once.
    public var declaredCommands: [DeclaredShortcut] {
        var result: [DeclaredShortcut] = []
        var seen = Set<DeclaredShortcut>()
        func add(_ shortcut: DeclaredShortcut) {
            var key = shortcut
            key.jsonPath = ""
            if seen.insert(key).inserted { result.append(shortcut) }
        }
        for (menuIndex, menu) in menus.enumerated() {
            for (index, definition) in menu.commands.enumerated() where !definition.isKeyless {
                add(DeclaredShortcut(declarer: "menu:\(menu.identifier)", list: "menu", jsonPath: "menus[\(menuIndex)].commands[\(index)]",
                                     command: definition.command, condition: definition.condition))
            }
        }
        func visit(_ node: NodeDefinition) {
            for (list, definitions) in [("commands", node.commands), ("addedCommands", node.addedCommands), ("barButtons", node.barButtons)] {
                for (index, definition) in definitions.enumerated() {
                    add(DeclaredShortcut(declarer: node.name, list: list, jsonPath: "\(node.jsonPath).\(list)[\(index)]", command: definition.command,
                                         condition: definition.condition))
                }
            }
            for child in node.children { visit(child) }
            for view in node.views { visit(view) }
        }
        for node in topLevelNodes { visit(node) }
        return result
    }
}
