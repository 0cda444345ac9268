import KeyTraceCore

// The scene writer: a definition as the text its reader (SceneDefinition+Parsing.swift) takes,
// written straight from the definition by ``PrettyJSONWriter``, in the layout of
// ``JSONValue/prettyCanonicalText``.
//
// Each object's fixed fields are written in sorted order (their UTF-8 bytes); state values and
// actions, whose order is the definition's (declaration order), are written in that order. A
// field holding what the reader takes when it is absent is left out, except the ones every scene
// spells out: `format`, `version`, `name`, `layout` and `windows`, a command's `input` and
// `modifiers`, a menu's `id` and `commands`, a getter's three fields. Reading the text back gives
// an equal definition, its content hash aside (the hash is of the text read).

extension SceneDefinition {
    /// The scene file's text, ending in a newline: two spaces of indentation, arrays of scalars
    /// on one line. A definition whose state values and actions are in sorted order (as the
    /// importer builds them) gives text with every object's keys sorted, the same as
    /// ``JSONValue/prettyCanonicalText`` of the scene's JSON.
    package var jsonText: String {
        var writer = PrettyJSONWriter(capacity: 4096)
        write(to: &writer)
        return writer.text + "\n"
    }

    func write(to w: inout PrettyJSONWriter) {
        w.openObject()
        if let appDelegate {
            w.key("appDelegate")
            appDelegate.write(to: &w)
        }
        if let application {
            w.key("application")
            application.write(to: &w)
        }
        if commandsBeforeTextInput {
            w.key("commandsBeforeTextInput")
            w.bool(true)
        }
        if !controllers.isEmpty {
            w.key("controllers")
            NodeDefinition.write(controllers, to: &w)
        }
        if !summary.isEmpty {
            w.key("description")
            w.string(summary)
        }
        if rightToLeft {
            w.key("direction")
            w.string("rtl")
        }
        if let firstResponder {
            w.key("firstResponder")
            w.string(firstResponder)
        }
        w.key("format")
        w.string("keytrace-scene")
        w.key("layout")
        w.string(layout)
        if !menus.isEmpty {
            w.key("menus")
            w.array(menus) { menu, w in menu.write(to: &w) }
        }
        w.key("name")
        w.string(name)
        if platform.version != .current {
            w.key("osVersion")
            w.string(platform.version.description)
        }
        if platform.platform != .default {
            w.key("platform")
            w.string(platform.platform.rawValue)
        }
        if !responders.isEmpty {
            w.key("responders")
            NodeDefinition.write(responders, to: &w)
        }
        if !state.isEmpty {
            w.key("state")
            w.openObject()
            for value in state {
                w.key(value.name)
                w.int(value.initial)
            }
            w.closeObject()
        }
        if !states.isEmpty {
            w.key("states")
            w.array(states) { state, w in state.write(to: &w) }
        }
        w.key("version")
        w.int(Self.formatVersion)
        w.key("windows")
        NodeDefinition.write(windows, to: &w)
        w.closeObject()
    }

    /// Modifier names as scenes write them, in the order the writer lists them: the
    /// alphabetical order of their UIKit names (alternate, command, control, shift).
    static let writtenModifiers: [(flag: ModifierFlags, name: String)] = [
        (.alternate, "opt"), (.command, "cmd"), (.control, "ctrl"), (.shift, "shift"),
    ]

    /// `modifiers` as a scene's `modifiers` array (``writtenModifiers``), read as it is written.
    static func modifierNames(_ modifiers: ModifierFlags) -> some Sequence<String> {
        writtenModifiers.lazy.filter { modifiers.contains($0.flag) }.map(\.name)
    }

    /// Writes `commands` as an array of command objects.
    static func write(_ commands: [CommandDefinition], to w: inout PrettyJSONWriter) {
        w.array(commands) { command, w in command.write(to: &w) }
    }
}

extension SceneDefinition.MenuDefinition {
    /// The menu's object: `id` and `removed` and nothing else for a menu the entry removes;
    /// otherwise `id` and `commands` always, `title` when the scene gives one (``hasTitle``),
    /// `remove` when it removes shortcuts, and `after`, `at`, `before`, `inline` and `parent` when
    /// they differ from the reader's defaults.
    func write(to w: inout PrettyJSONWriter) {
        w.openObject()
        defer { w.closeObject() }
        if removesMenu {
            w.key("id")
            w.string(identifier)
            w.key("removed")
            w.bool(true)
            return
        }
        var parent = "root"
        switch placement {
        case .child(let name, _): parent = name
        case .after(let sibling):
            w.key("after")
            w.string(sibling)
        case .before: break
        }
        if commandsAtStart {
            w.key("at")
            w.string("start")
        }
        if case .before(let sibling) = placement {
            w.key("before")
            w.string(sibling)
        }
        w.key("commands")
        SceneDefinition.write(commands, to: &w)
        w.key("id")
        w.string(identifier)
        if isInline {
            w.key("inline")
            w.bool(true)
        }
        if parent != "root" {
            w.key("parent")
            w.string(parent)
        }
        if !removing.isEmpty {
            w.key("remove")
            w.strings(removing.map(\.description))
        }
        if hasTitle {
            w.key("title")
            w.string(title)
        }
    }
}

extension SceneDefinition.CommandDefinition {
    /// The command's object: a key-less menu item's `action` and `title`; otherwise its `input`
    /// (the `UIKeyCommand.input` string) and `modifiers` rather than a `shortcut`, `title` when
    /// ``hasTitle`` or non-empty, every other field when it differs from UIKit's default.
    func write(to w: inout PrettyJSONWriter) {
        w.openObject()
        defer { w.closeObject() }
        if let action = command.action {
            w.key("action")
            w.string(action.name)
        }
        if isKeyless {
            if hasTitle || !command.title.isEmpty {
                w.key("title")
                w.string(command.title)
            }
            return
        }
        if !command.allowsAutomaticMirroring {
            w.key("allowsAutomaticMirroring")
            w.bool(false)
        }
        if !command.alternates.isEmpty {
            w.key("alternates")
            w.openArray()
            for alternate in command.alternates {
                w.item()
                w.openObject()
                w.key("action")
                w.string(alternate.action.name)
                w.key("modifiers")
                w.strings(SceneDefinition.modifierNames(alternate.modifierFlags))
                if !alternate.title.isEmpty {
                    w.key("title")
                    w.string(alternate.title)
                }
                w.closeObject()
            }
            w.closeArray()
        }
        if !command.attributes.isEmpty {
            // Alphabetical, as the names sort.
            let names: [(KeyCommand.Attributes, String)] = [(.destructive, "destructive"), (.disabled, "disabled"), (.hidden, "hidden")]
            w.key("attributes")
            w.strings(names.lazy.filter { command.attributes.contains($0.0) }.map(\.1))
        }
        if let discoverabilityTitle = command.discoverabilityTitle {
            w.key("discoverabilityTitle")
            w.string(discoverabilityTitle)
        }
        if let image = command.imageName {
            w.key("image")
            w.string(image)
        }
        w.key("input")
        w.string(command.input.uiKitValue)
        w.key("modifiers")
        w.strings(SceneDefinition.modifierNames(command.modifierFlags))
        if let propertyList = command.propertyList {
            w.key("propertyList")
            w.string(propertyList)
        }
        switch command.repeatBehavior {
        case .automatic: break
        case .repeatable:
            w.key("repeat")
            w.string("repeatable")
        case .nonRepeatable:
            w.key("repeat")
            w.string("nonRepeatable")
        }
        switch command.state {
        case .off: break
        case .on:
            w.key("state")
            w.string("on")
        case .mixed:
            w.key("state")
            w.string("mixed")
        }
        if hasTitle || !command.title.isEmpty {
            w.key("title")
            w.string(command.title)
        }
        if let upAction = command.upAction {
            w.key("upAction")
            w.string(upAction.name)
        }
        if command.wantsPriorityOverSystemBehavior {
            w.key("wantsPriorityOverSystemBehavior")
            w.bool(true)
        }
        if let condition {
            w.key("when")
            condition.write(to: &w)
        }
        if whileFirstResponder {
            w.key("whileFirstResponder")
            w.bool(true)
        }
    }
}

extension NodeDefinition {
    /// Writes `nodes` as an array of node objects.
    static func write(_ nodes: some Collection<NodeDefinition>, to w: inout PrettyJSONWriter) {
        w.array(nodes) { node, w in node.write(to: &w) }
    }

    /// The node's object: `type` and `name` always, `title` when it is not the name, every other
    /// field when it holds more than the reader's default. A window's first child is its `root`.
    /// A field the node's kind does not take is written all the same, so reading it back reports
    /// it rather than the writer dropping it.
    func write(to w: inout PrettyJSONWriter) {
        w.openObject()
        if !actions.isEmpty {
            w.key("actions")
            w.openObject()
            for action in actions {
                w.key(action.action)
                SceneEffect.write(action.effects, to: &w)
            }
            w.closeObject()
        }
        if !addedCommands.isEmpty {
            w.key("addedCommands")
            SceneDefinition.write(addedCommands, to: &w)
        }
        if !barButtons.isEmpty {
            w.key("barButtons")
            SceneDefinition.write(barButtons, to: &w)
        }
        if let canBecomeFirstResponder {
            w.key("canBecomeFirstResponder")
            w.bool(canBecomeFirstResponder)
        }
        let listedChildren = kind == .window ? children.dropFirst() : children[...]
        if !listedChildren.isEmpty {
            w.key("children")
            Self.write(listedChildren, to: &w)
        }
        if !commands.isEmpty {
            w.key("commands")
            SceneDefinition.write(commands, to: &w)
        }
        if contentHeight != Self.defaultContentHeight {
            w.key("contentHeight")
            w.int(contentHeight)
        }
        if kind == .window, !dismissesModals {
            w.key("dismissesModals")
            w.bool(false)
        }
        if let focus {
            w.key("focus")
            w.string(focus)
        }
        if let keyCommandsGetter {
            w.key("keyCommandsGetter")
            w.openObject()
            w.key("builds")
            w.int(keyCommandsGetter.builds)
            w.key("computed")
            w.bool(keyCommandsGetter.computed)
            w.key("costly")
            w.strings(keyCommandsGetter.costly)
            w.closeObject()
        }
        if keyInput {
            w.key("keyInput")
            w.bool(true)
        }
        if lineHeight != Self.defaultLineHeight {
            w.key("lineHeight")
            w.int(lineHeight)
        }
        if !multipleSelection {
            w.key("multipleSelection")
            w.bool(false)
        }
        w.key("name")
        w.string(name)
        if let next {
            w.key("next")
            w.string(next)
        }
        if !onActivate.isEmpty {
            w.key("onActivate")
            SceneEffect.write(onActivate, to: &w)
        }
        if pageHeight != Self.defaultPageHeight {
            w.key("pageHeight")
            w.int(pageHeight)
        }
        if !refusals.isEmpty {
            w.key("refusals")
            w.openArray()
            for refusal in refusals {
                w.item()
                w.openObject()
                w.key("action")
                w.string(refusal.action)
                w.key("when")
                refusal.when.write(to: &w)
                w.closeObject()
            }
            w.closeArray()
        }
        if kind == .window, let root = children.first {
            w.key("root")
            root.write(to: &w)
        }
        if !rows.isEmpty {
            w.key("rows")
            w.strings(rows)
        }
        if kind == .tabBarController, selectedTab != 0 {
            w.key("selectedTab")
            w.int(selectedTab)
        }
        if !text.isEmpty {
            w.key("text")
            w.string(text)
        }
        if title != name {
            w.key("title")
            w.string(title)
        }
        w.key("type")
        w.string(kind.rawValue)
        if !validations.isEmpty {
            w.key("validations")
            w.array(validations) { validation, w in validation.write(to: &w) }
        }
        if !views.isEmpty {
            w.key("views")
            Self.write(views, to: &w)
        }
        w.closeObject()
    }
}

extension SceneCondition {
    /// `{COMPARISON: VALUE, "state": NAME}` (every comparison sorts before `state`).
    func write(to w: inout PrettyJSONWriter) {
        w.openObject()
        w.key(comparison.rawValue)
        w.int(value)
        w.key("state")
        w.string(state)
        w.closeObject()
    }
}

extension SceneValidation {
    /// `{"action": …, "disabledWhen": …, "title": …}`, the last two when given.
    func write(to w: inout PrettyJSONWriter) {
        w.openObject()
        w.key("action")
        w.string(action)
        if let disabledWhen {
            w.key("disabledWhen")
            disabledWhen.write(to: &w)
        }
        if let title {
            w.key("title")
            w.string(title)
        }
        w.closeObject()
    }
}

extension SceneState {
    /// `{"description": …, "firstResponder": …, "name": …, "steps": […]}`, the first two when
    /// given; each step is its effect's object with `from` when given.
    func write(to w: inout PrettyJSONWriter) {
        w.openObject()
        if !summary.isEmpty {
            w.key("description")
            w.string(summary)
        }
        if let firstResponder {
            w.key("firstResponder")
            w.string(firstResponder)
        }
        w.key("name")
        w.string(name)
        w.key("steps")
        w.openArray()
        for step in steps {
            w.item()
            var members = step.effect.members
            if let from = step.from {
                members.append((key: "from", value: .string(from)))
                members = JSONValue.sortedByKey(members)
            }
            SceneEffect.write(members, to: &w)
        }
        w.closeArray()
        w.closeObject()
    }
}

extension SceneEffect {
    /// The effect's members, sorted by key, e.g. `set` and `value`; an increment's `by` when it
    /// is not 1.
    var members: [(key: String, value: JSONValue)] {
        switch self {
        case .focus(let path): return [(key: "focus", value: .string(path))]
        case .present(let name): return [(key: "present", value: .string(name))]
        case .dismiss: return [(key: "dismiss", value: .bool(true))]
        case .set(let name, let value): return [(key: "set", value: .string(name)), (key: "value", value: .number(JSONNumber(value)))]
        case .increment(let name, let by):
            return by == 1 ? [(key: "increment", value: .string(name))]
                : [(key: "by", value: .number(JSONNumber(by))), (key: "increment", value: .string(name))]
        case .toggle(let name): return [(key: "toggle", value: .string(name))]
        case .push(let name): return [(key: "push", value: .string(name))]
        case .pop: return [(key: "pop", value: .bool(true))]
        case .selectTab(let index): return [(key: "selectTab", value: .number(JSONNumber(index)))]
        case .updateKeyCommands: return [(key: "updateKeyCommands", value: .bool(true))]
        case .rebuildMainMenu: return [(key: "rebuildMainMenu", value: .bool(true))]
        }
    }

    /// Writes `effects` as an array of effect objects.
    static func write(_ effects: [SceneEffect], to w: inout PrettyJSONWriter) {
        w.array(effects) { effect, w in write(effect.members, to: &w) }
    }

    /// Writes an effect's (scalar) members as an object, in their order.
    static func write(_ members: [(key: String, value: JSONValue)], to w: inout PrettyJSONWriter) {
        w.openObject()
        for member in members {
            w.key(member.key)
            w.appendCompact(member.value)
        }
        w.closeObject()
    }
}
