import KeyTraceCore

// The scene writer: a definition as the JSON its reader (SceneDefinition+Parsing.swift) takes.
//
// Every field is written under its key in sorted order; state values and actions, whose order is
// the definition's (declaration order), are written in that order. A field holding what the reader
// takes when it is absent is left out, except the ones every scene spells out: `format`,
// `version`, `name`, `layout` and `windows`, a command's `input` and `modifiers`, a menu's `id`,
// `title`, `commands` and `remove`, a getter's three fields. Reading the text back gives an equal
// definition, its content hash aside (the hash is of the text read).

extension SceneDefinition {
    /// The scene file's text: ``jsonValue`` laid out as ``JSONValue/prettyText`` (two spaces of
    /// indentation, arrays of scalars on one line), ending in a newline. A definition whose state
    /// values and actions are in sorted order gives text with every object's keys sorted, the
    /// same as ``JSONValue/prettyCanonicalText``.
    package var jsonText: String { jsonValue.prettyText + "\n" }

    /// The scene as a JSON value, the members of each object in the order ``jsonText`` writes.
    package var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let appDelegate { members.append((key: "appDelegate", value: appDelegate.jsonValue)) }
        if let application { members.append((key: "application", value: application.jsonValue)) }
        if commandsBeforeTextInput { members.append((key: "commandsBeforeTextInput", value: .bool(true))) }
        if !controllers.isEmpty { members.append((key: "controllers", value: .array(controllers.map(\.jsonValue)))) }
        if !summary.isEmpty { members.append((key: "description", value: .string(summary))) }
        if rightToLeft { members.append((key: "direction", value: .string("rtl"))) }
        if let firstResponder { members.append((key: "firstResponder", value: .string(firstResponder))) }
        members.append((key: "format", value: .string("keytrace-scene")))
        members.append((key: "layout", value: .string(layout)))
        if !menus.isEmpty { members.append((key: "menus", value: .array(menus.map(\.jsonValue)))) }
        members.append((key: "name", value: .string(name)))
        if platform.version != .current { members.append((key: "osVersion", value: .string(platform.version.description))) }
        if platform.platform != .default { members.append((key: "platform", value: .string(platform.platform.rawValue))) }
        if !state.isEmpty {
            members.append((key: "state", value: .object(state.map { (key: $0.name, value: JSONValue.number(JSONNumber($0.initial))) })))
        }
        members.append((key: "version", value: .number(JSONNumber(Self.formatVersion))))
        members.append((key: "windows", value: .array(windows.map(\.jsonValue))))
        return .fields(members)
    }

    /// Modifier names as scenes write them, in the order the writer lists them: the
    /// alphabetical order of their UIKit names (alternate, command, control, shift).
    static let writtenModifiers: [(flag: ModifierFlags, name: String)] = [
        (.alternate, "opt"), (.command, "cmd"), (.control, "ctrl"), (.shift, "shift"),
    ]

    /// `modifiers` as a scene's `modifiers` array (``writtenModifiers``).
    static func modifiersValue(_ modifiers: ModifierFlags) -> JSONValue {
        .array(writtenModifiers.filter { modifiers.contains($0.flag) }.map { .string($0.name) })
    }
}

extension SceneDefinition.MenuDefinition {
    /// The menu's object, keys in sorted order: `id`, `removed` and nothing else for a menu the
    /// entry removes; otherwise `commands`, `id`, `remove` and `title` always, and `after`, `at`,
    /// `before`, `inline` and `parent` when they differ from the reader's defaults.
    var jsonValue: JSONValue {
        if removesMenu { return .fields([(key: "id", value: .string(identifier)), (key: "removed", value: .bool(true))]) }
        var members: [(key: String, value: JSONValue)] = []
        var parent = "root"
        var sibling: (key: String, name: String)?
        switch placement {
        case .child(let name, _): parent = name
        case .after(let name): sibling = (key: "after", name: name)
        case .before(let name): sibling = (key: "before", name: name)
        }
        if let sibling, sibling.key == "after" { members.append((key: "after", value: .string(sibling.name))) }
        if commandsAtStart { members.append((key: "at", value: .string("start"))) }
        if let sibling, sibling.key == "before" { members.append((key: "before", value: .string(sibling.name))) }
        members.append((key: "commands", value: .array(commands.map(\.jsonValue))))
        members.append((key: "id", value: .string(identifier)))
        if isInline { members.append((key: "inline", value: .bool(true))) }
        if parent != "root" { members.append((key: "parent", value: .string(parent))) }
        members.append((key: "remove", value: .array(removing.map { .string($0.description) })))
        members.append((key: "title", value: .string(title)))
        return .fields(members)
    }
}

extension SceneDefinition.CommandDefinition {
    /// The command's object: its `input` (the `UIKeyCommand.input` string) and `modifiers`
    /// rather than a `shortcut`, `title` when ``hasTitle`` or non-empty, every other field when
    /// it differs from UIKit's default.
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let action = command.action { members.append((key: "action", value: .string(action.name))) }
        if !command.allowsAutomaticMirroring { members.append((key: "allowsAutomaticMirroring", value: .bool(false))) }
        if !command.alternates.isEmpty {
            members.append((key: "alternates", value: .array(command.alternates.map { alternate in
                var fields: [(key: String, value: JSONValue)] = [
                    (key: "action", value: .string(alternate.action.name)),
                    (key: "modifiers", value: SceneDefinition.modifiersValue(alternate.modifierFlags)),
                ]
                if !alternate.title.isEmpty { fields.append((key: "title", value: .string(alternate.title))) }
                return .fields(fields)
            })))
        }
        if !command.attributes.isEmpty {
            // Alphabetical, as the names sort.
            let names: [(KeyCommand.Attributes, String)] = [(.destructive, "destructive"), (.disabled, "disabled"), (.hidden, "hidden")]
            members.append((key: "attributes", value: .array(names.filter { command.attributes.contains($0.0) }.map { .string($0.1) })))
        }
        if let discoverabilityTitle = command.discoverabilityTitle {
            members.append((key: "discoverabilityTitle", value: .string(discoverabilityTitle)))
        }
        if let image = command.imageName { members.append((key: "image", value: .string(image))) }
        members.append((key: "input", value: .string(command.input.uiKitValue)))
        members.append((key: "modifiers", value: SceneDefinition.modifiersValue(command.modifierFlags)))
        if let propertyList = command.propertyList { members.append((key: "propertyList", value: .string(propertyList))) }
        switch command.repeatBehavior {
        case .automatic: break
        case .repeatable: members.append((key: "repeat", value: .string("repeatable")))
        case .nonRepeatable: members.append((key: "repeat", value: .string("nonRepeatable")))
        }
        switch command.state {
        case .off: break
        case .on: members.append((key: "state", value: .string("on")))
        case .mixed: members.append((key: "state", value: .string("mixed")))
        }
        if hasTitle || !command.title.isEmpty { members.append((key: "title", value: .string(command.title))) }
        if let upAction = command.upAction { members.append((key: "upAction", value: .string(upAction.name))) }
        if command.wantsPriorityOverSystemBehavior { members.append((key: "wantsPriorityOverSystemBehavior", value: .bool(true))) }
        if let condition { members.append((key: "when", value: condition.jsonValue)) }
        return .fields(members)
    }
}

extension NodeDefinition {
    /// The node's object: `type` and `name` always, `title` when it is not the name, every other
    /// field when it holds more than the reader's default. A window's first child is its `root`.
    /// A field the node's kind does not take is written all the same, so reading it back reports
    /// it rather than the writer dropping it.
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if !actions.isEmpty {
            members.append((key: "actions", value: .object(actions.map { (key: $0.action, value: JSONValue.array($0.effects.map(\.jsonValue))) })))
        }
        if !addedCommands.isEmpty { members.append((key: "addedCommands", value: .array(addedCommands.map(\.jsonValue)))) }
        if !barButtons.isEmpty { members.append((key: "barButtons", value: .array(barButtons.map(\.jsonValue)))) }
        if let canBecomeFirstResponder { members.append((key: "canBecomeFirstResponder", value: .bool(canBecomeFirstResponder))) }
        let listedChildren = kind == .window ? Array(children.dropFirst()) : children
        if !listedChildren.isEmpty { members.append((key: "children", value: .array(listedChildren.map(\.jsonValue)))) }
        if !commands.isEmpty { members.append((key: "commands", value: .array(commands.map(\.jsonValue)))) }
        if contentHeight != Self.defaultContentHeight { members.append((key: "contentHeight", value: .number(JSONNumber(contentHeight)))) }
        if let focus { members.append((key: "focus", value: .string(focus))) }
        if let keyCommandsGetter { members.append((key: "keyCommandsGetter", value: keyCommandsGetter.jsonValue)) }
        if lineHeight != Self.defaultLineHeight { members.append((key: "lineHeight", value: .number(JSONNumber(lineHeight)))) }
        if !multipleSelection { members.append((key: "multipleSelection", value: .bool(false))) }
        members.append((key: "name", value: .string(name)))
        if let next { members.append((key: "next", value: .string(next))) }
        if !onActivate.isEmpty { members.append((key: "onActivate", value: .array(onActivate.map(\.jsonValue)))) }
        if pageHeight != Self.defaultPageHeight { members.append((key: "pageHeight", value: .number(JSONNumber(pageHeight)))) }
        if !refusals.isEmpty {
            members.append((key: "refusals", value: .array(refusals.map { refusal in
                .fields([(key: "action", value: .string(refusal.action)), (key: "when", value: refusal.when.jsonValue)])
            })))
        }
        if kind == .window, let root = children.first { members.append((key: "root", value: root.jsonValue)) }
        if !rows.isEmpty { members.append((key: "rows", value: .array(rows.map(JSONValue.string)))) }
        if !text.isEmpty { members.append((key: "text", value: .string(text))) }
        if title != name { members.append((key: "title", value: .string(title))) }
        members.append((key: "type", value: .string(kind.rawValue)))
        if !validations.isEmpty { members.append((key: "validations", value: .array(validations.map(\.jsonValue)))) }
        if !views.isEmpty { members.append((key: "views", value: .array(views.map(\.jsonValue)))) }
        return .fields(members)
    }
}

extension SceneCondition {
    /// `{"state": NAME, COMPARISON: VALUE}`.
    var jsonValue: JSONValue {
        .fields([(key: comparison.rawValue, value: .number(JSONNumber(value))), (key: "state", value: .string(state))])
    }
}

extension SceneValidation {
    /// `{"action": …, "disabledWhen": …, "title": …}`, the last two when given.
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [(key: "action", value: .string(action))]
        if let disabledWhen { members.append((key: "disabledWhen", value: disabledWhen.jsonValue)) }
        if let title { members.append((key: "title", value: .string(title))) }
        return .fields(members)
    }
}

extension KeyCommandsGetter {
    /// `{"builds": N, "computed": BOOL, "costly": [STRING]}`, all three always.
    var jsonValue: JSONValue {
        .fields([(key: "builds", value: .number(JSONNumber(builds))), (key: "computed", value: .bool(computed)),
                 (key: "costly", value: .array(costly.map(JSONValue.string)))])
    }
}

extension SceneEffect {
    /// The effect's object, e.g. `{"set": "saves", "value": 1}`; an increment's `by` when it
    /// is not 1.
    var jsonValue: JSONValue {
        switch self {
        case .focus(let path): return .fields([(key: "focus", value: .string(path))])
        case .present(let name): return .fields([(key: "present", value: .string(name))])
        case .dismiss: return .fields([(key: "dismiss", value: .bool(true))])
        case .set(let name, let value):
            return .fields([(key: "set", value: .string(name)), (key: "value", value: .number(JSONNumber(value)))])
        case .increment(let name, let by):
            return .fields(by == 1 ? [(key: "increment", value: .string(name))]
                : [(key: "by", value: .number(JSONNumber(by))), (key: "increment", value: .string(name))])
        case .toggle(let name): return .fields([(key: "toggle", value: .string(name))])
        case .push(let name): return .fields([(key: "push", value: .string(name))])
        case .pop: return .fields([(key: "pop", value: .bool(true))])
        case .selectTab(let index): return .fields([(key: "selectTab", value: .number(JSONNumber(index)))])
        case .updateKeyCommands: return .fields([(key: "updateKeyCommands", value: .bool(true))])
        case .rebuildMainMenu: return .fields([(key: "rebuildMainMenu", value: .bool(true))])
        }
    }
}

extension JSONValue {
    /// An object of fixed fields, its members sorted by key (one pass when they already are,
    /// as the writer lists them).
    static func fields(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(sortedByKey(members))
    }
}
