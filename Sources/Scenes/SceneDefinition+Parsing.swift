import KeyTraceCore

extension SceneDefinition {
    /// Parses scene JSON. `file` names the source in errors.
    /// Errors name the line and column of the value at fault.
    public init(json text: String, file: String = "scene") throws(SceneError) {
        self = try JSONParser.decode(text, file: file) { root throws(SceneError) in try SceneDefinition(root, file: file) }
    }

    /// Reads a scene already held as a JSON value (one a program built): the same checks as
    /// ``init(json:file:)``, without writing and re-reading the text.
    public init(value root: JSONValue, file: String = "scene") throws(SceneError) {
        try self.init(root, file: file)
    }

    init(_ root: JSONValue, file: String) throws(SceneError) {
        let top = try JSONFields(root, file: file, path: "", allowed: SceneDefinition.keys)
        let format = try top.string("format")
        guard format == "keytrace-scene" else {
            throw SceneError.invalid(file, "format", expected: "\"keytrace-scene\" (is this a scene file?)")
        }
        guard let version = try? top.int("version"), version == SceneDefinition.formatVersion else {
            throw SceneError.invalid(file, "version", expected: "\(SceneDefinition.formatVersion) (this build reads scene format version 1)")
        }
        name = try top.requiredString("name")
        guard !name.isEmpty else { throw SceneError.invalid(file, "name", expected: "a non-empty scene name") }
        summary = try top.string("description") ?? ""
        layout = try top.string("layout") ?? KeyboardLayout.usANSI.identifier
        guard KeyboardLayout.named(layout) != nil else {
            throw SceneError.invalid(file, "layout", expected: "a known layout (\(KeyboardLayout.known.keys.sorted().joined(separator: ", ")))")
        }
        switch try top.string("direction") ?? "ltr" {
        case "ltr": rightToLeft = false
        case "rtl": rightToLeft = true
        default: throw SceneError.invalid(file, "direction", expected: "\"ltr\" or \"rtl\"")
        }
        commandsBeforeTextInput = try top.bool("commandsBeforeTextInput") ?? false
        let platformName = try top.string("platform") ?? Platform.default.rawValue
        guard let platformKind = Platform(rawValue: platformName) else {
            throw SceneError.invalid(file, "platform", expected: "\"ipad\" or \"catalyst\"")
        }
        var osVersion = OSVersion.current
        if let text = try top.string("osVersion") {
            guard let version = OSVersion(text) else {
                throw SceneError.invalid(file, "osVersion", expected: "a version such as \"18.0\" from \(OSVersion.oldest) to \(OSVersion.current)")
            }
            osVersion = version
        }
        platform = PlatformVersion(platformKind, osVersion)
        state = []
        for (key, value) in try top.object("state") {
            guard !key.isEmpty else { throw SceneError.invalid(file, "state", expected: "state values with non-empty names") }
            let initial = try JSONFields.integer(value, in: Int.min...Int.max, file: file, path: "state.\(key)")
            state.append(StateValue(name: key, initial: initial))
        }
        menus = []
        for (index, item) in try top.array("menus").enumerated() {
            menus.append(try MenuDefinition(item, file: file, path: "menus[\(index)]"))
        }
        windows = []
        for (index, item) in try top.array("windows").enumerated() {
            let node = try NodeDefinition(item, file: file, path: "windows[\(index)]")
            try Self.checkWindow(node, file: file)
            windows.append(node)
        }
        controllers = []
        for (index, item) in try top.array("controllers").enumerated() {
            let node = try NodeDefinition(item, file: file, path: "controllers[\(index)]")
            try Self.checkController(node, file: file)
            controllers.append(node)
        }
        firstResponder = try top.string("firstResponder")
        application = nil
        if let value = top.value("application") {
            let node = try NodeDefinition(value, file: file, path: "application")
            try Self.checkApplication(node, file: file)
            application = node
        }
        appDelegate = nil
        if let value = top.value("appDelegate") {
            let node = try NodeDefinition(value, file: file, path: "appDelegate")
            try Self.checkAppDelegate(node, file: file)
            appDelegate = node
        }
        responders = []
        for (index, item) in try top.array("responders").enumerated() {
            let node = try NodeDefinition(item, file: file, path: "responders[\(index)]")
            try Self.checkFreeResponder(node, among: responders, appDelegate: appDelegate, file: file)
            responders.append(node)
        }
        states = try SceneState.states(in: top, file: file)
        contentHash = SHA256.hex(of: root.canonicalUTF8)
        try checkStateReferences(file: file)
        try checkStates(file: file)
    }
}

extension SceneDefinition {
    /// The fields each object of a scene file may have (docs/scene.schema.json lists the same).
    static let keys = ["format", "version", "name", "description", "layout", "direction", "commandsBeforeTextInput", "platform", "osVersion",
                       "state", "menus", "windows", "controllers", "firstResponder", "application",
                       "appDelegate", "responders", "states"]
    static let menuKeys = ["id", "title", "parent", "at", "after", "before", "inline", "commands", "remove", "removed"]
    static let commandKeys = ["title", "discoverabilityTitle", "image", "shortcut", "input", "modifiers", "action", "upAction",
                              "propertyList", "attributes", "state", "alternates", "wantsPriorityOverSystemBehavior",
                              "allowsAutomaticMirroring", "repeat", "when", "whileFirstResponder"]
    /// The fields of a menu's key-less item (a command with neither `shortcut` nor `input`).
    static let keylessItemKeys = ["title", "action"]
    static let effectKeys = ["focus", "present", "dismiss", "set", "value", "increment", "by", "toggle", "push", "pop", "selectTab",
                             "updateKeyCommands", "rebuildMainMenu"]
}

extension SceneDefinition.MenuDefinition {
    init(_ value: JSONValue, file: String, path: String) throws(SceneError) {
        let fields = try JSONFields(value, file: file, path: path, allowed: SceneDefinition.menuKeys)
        identifier = try fields.requiredString("id")
        title = try fields.string("title") ?? identifier
        hasTitle = fields.has("title")
        removesMenu = try fields.bool("removed") ?? false
        if removesMenu, let extra = ["title", "parent", "at", "after", "before", "inline", "commands", "remove"].first(where: fields.has) {
            throw SceneError.invalid(file, "\(path).\(extra)", expected: "nothing beside \"removed\": true (the entry removes the menu \"\(identifier)\" and everything in it)")
        }
        isInline = try fields.bool("inline") ?? false
        let at = try fields.string("at")
        guard at == nil || at == "start" || at == "end" else {
            throw SceneError.invalid(file, "\(path).at", expected: "\"start\" or \"end\" (where in the menu the entry's menu or commands go)")
        }
        commandsAtStart = at == "start"
        let siblings = [("after", try fields.string("after")), ("before", try fields.string("before"))].filter { $0.1 != nil }
        if siblings.count > 1 {
            throw SceneError.invalid(file, "\(path).before", expected: "either \"after\" or \"before\", not both")
        }
        if let (key, _) = siblings.first, let clash = ["parent", "at"].first(where: fields.has) {
            throw SceneError.invalid(file, "\(path).\(clash)", expected: "no \"\(clash)\" beside \"\(key)\" (a menu placed beside a sibling goes into the sibling's parent)")
        }
        switch siblings.first {
        case ("after", let sibling?)?: placement = .after(sibling: sibling)
        case ("before", let sibling?)?: placement = .before(sibling: sibling)
        default: placement = .child(parent: try fields.string("parent") ?? "root", atStart: commandsAtStart)
        }
        commands = []
        let commandsPath = JSONPath.text("\(path).commands")
        for (index, item) in try fields.array("commands").enumerated() {
            if case .object(let members) = item, !members.contains(where: { $0.key == "shortcut" || $0.key == "input" }) {
                commands.append(try SceneDefinition.CommandDefinition(keyless: item, file: file, location: commandsPath.element(index)))
            } else {
                let command = try SceneDefinition.CommandDefinition(item, file: file, location: commandsPath.element(index))
                guard !command.whileFirstResponder else {
                    throw SceneError.invalid(file, commandsPath.element(index).member("whileFirstResponder").description, expected: "no \"whileFirstResponder\" on a menu's command: the main menu's commands are the application's, which is never first responder")
                }
                commands.append(command)
            }
        }
        removing = []
        for (index, text) in try fields.strings("remove").enumerated() {
            if let error = SceneDefinition.mediaKeyError(text, file: file, path: "\(path).remove[\(index)]") { throw error }
            do { removing.append(try KeyShortcut(text)) } catch let error as NotationError {
                throw SceneError.invalid(file, "\(path).remove[\(index)]", expected: "a shortcut (\(error.reason))")
            } catch {
                throw SceneError.invalid(file, "\(path).remove[\(index)]", expected: "a shortcut")
            }
        }
    }
}

extension SceneDefinition.CommandDefinition {
    init(_ value: JSONValue, file: String, location: JSONPath) throws(SceneError) {
        let f = try JSONFields(value, file: file, location: location, allowed: SceneDefinition.commandKeys)
        let input: KeyInput
        var modifiers: ModifierFlags = []
        if let shortcut = try f.string("shortcut") {
            guard !f.has("input") else { throw SceneError.invalid(file, f.child("input"), expected: "either \"shortcut\" or \"input\", not both") }
            if let error = SceneDefinition.mediaKeyError(shortcut, file: file, path: f.child("shortcut")) { throw error }
            do {
                let parsed = try KeyShortcut(shortcut)
                input = parsed.input
                modifiers = parsed.modifiers
            } catch let error as NotationError {
                throw SceneError.invalid(file, f.child("shortcut"), expected: "a shortcut such as \"cmd+shift+a\" or \"⇧⌘A\" (\(error.reason) at column \(error.column))")
            } catch {
                throw SceneError.invalid(file, f.child("shortcut"), expected: "a shortcut such as \"cmd+shift+a\"")
            }
        } else if let raw = try f.string("input") {
            input = KeyInput(uiKitValue: raw)
        } else {
            throw SceneError.invalid(file, f.child("shortcut"), expected: "a \"shortcut\" (e.g. \"cmd+g\") or an \"input\"")
        }
        modifiers.formUnion(try Self.modifiers(f, "modifiers"))
        guard let action = try f.string("action") else {
            throw SceneError.invalid(file, f.child("action"), expected: "an action name such as \"goToPage:\" (required)")
        }
        var attributes: KeyCommand.Attributes = []
        for (index, name) in try f.strings("attributes").enumerated() {
            switch name {
            case "disabled": attributes.insert(.disabled)
            case "destructive": attributes.insert(.destructive)
            case "hidden": attributes.insert(.hidden)
            default: throw SceneError.invalid(file, "\(f.child("attributes"))[\(index)]", expected: "disabled, destructive or hidden")
            }
        }
        let state: KeyCommand.State
        switch try f.string("state") ?? "off" {
        case "off": state = .off
        case "on": state = .on
        case "mixed": state = .mixed
        default: throw SceneError.invalid(file, f.child("state"), expected: "off, on or mixed")
        }
        let repeatBehavior: KeyCommand.RepeatBehavior
        switch try f.string("repeat") ?? "automatic" {
        case "automatic": repeatBehavior = .automatic
        case "repeatable": repeatBehavior = .repeatable
        case "nonRepeatable": repeatBehavior = .nonRepeatable
        default: throw SceneError.invalid(file, f.child("repeat"), expected: "automatic, repeatable or nonRepeatable")
        }
        var alternates: [KeyCommand.Alternate] = []
        for (index, item) in try f.array("alternates").enumerated() {
            let a = try JSONFields(item, file: file, location: f.location.member("alternates").element(index), allowed: ["title", "action", "modifiers"])
            let alternateAction = Action(try a.requiredString("action"))
            alternates.append(KeyCommand.Alternate(title: try a.string("title") ?? "", action: alternateAction,
                                                   modifierFlags: try Self.modifiers(a, "modifiers")))
        }
        let upAction: Action? = try f.string("upAction").map { Action($0) }
        command = KeyCommand(
            title: try f.string("title") ?? "", imageName: try f.string("image"),
            discoverabilityTitle: try f.string("discoverabilityTitle"), input: input, modifierFlags: modifiers,
            action: Action(action), upAction: upAction,
            propertyList: try f.string("propertyList"), attributes: attributes, state: state, alternates: alternates,
            wantsPriorityOverSystemBehavior: try f.bool("wantsPriorityOverSystemBehavior") ?? false,
            allowsAutomaticMirroring: try f.bool("allowsAutomaticMirroring") ?? true, repeatBehavior: repeatBehavior)
        condition = try f.value("when").map { value throws(SceneError) in try SceneCondition(value, file: file, location: f.location.member("when")) }
        whileFirstResponder = try f.bool("whileFirstResponder") ?? false
        hasTitle = f.has("title")
    }

    /// A key-less menu item (`UICommand`): a title and an action, no key equivalent.
    init(keyless value: JSONValue, file: String, location: JSONPath) throws(SceneError) {
        let f = try JSONFields(value, file: file, location: location, allowed: SceneDefinition.commandKeys)
        if let extra = SceneDefinition.commandKeys.first(where: { f.has($0) && !SceneDefinition.keylessItemKeys.contains($0) }) {
            throw SceneError.invalid(file, f.child(extra), expected: "only \"title\" and \"action\" on a key-less menu item (one with neither \"shortcut\" nor \"input\", a UICommand); give it a \"shortcut\" to make it a key command")
        }
        guard let action = try f.string("action") else {
            throw SceneError.invalid(file, f.child("action"), expected: "an action name such as \"save:\" (required)")
        }
        command = KeyCommand(title: try f.string("title") ?? "", input: .character(""), action: Action(action))
        condition = nil
        isKeyless = true
        hasTitle = f.has("title")
    }

    static func modifiers(_ f: JSONFields, _ key: String) throws(SceneError) -> ModifierFlags {
        var result: ModifierFlags = []
        for (index, word) in try f.strings(key).enumerated() {
            guard let flag = KeyShortcut.modifier(named: word) else {
                throw SceneError.invalid(f.file, "\(f.child(key))[\(index)]", expected: "ctrl, opt, shift or cmd")
            }
            result.insert(flag)
        }
        return result
    }
}

extension SceneCondition {
    /// The fields a condition may have: its state and one comparison.
    static let keys = ["state"] + Comparison.allCases.map(\.rawValue)

    init(_ value: JSONValue, file: String, location: JSONPath) throws(SceneError) {
        let f = try JSONFields(value, file: file, location: location, allowed: Self.keys)
        state = try f.requiredString("state")
        var found: (Comparison, Int)?
        for comparison in Comparison.allCases {
            if let value = try f.int(comparison.rawValue) { found = (comparison, value) }
        }
        guard let (comparison, value) = found else {
            throw SceneError.invalid(file, location.description, expected: "one of equals, notEquals, atMost, atLeast with an integer")
        }
        self.comparison = comparison
        self.value = value
    }
}

extension SceneEffect {
    init(_ value: JSONValue, file: String, path: String, allowed: [String] = SceneDefinition.effectKeys) throws(SceneError) {
        let f = try JSONFields(value, file: file, path: path, allowed: allowed)
        if let target = try f.string("focus") { self = .focus(target) }
        else if let name = try f.string("present") { self = .present(name) }
        else if try f.bool("dismiss") == true { self = .dismiss }
        else if let name = try f.string("set") {
            guard let value = try f.int("value") else { throw SceneError.invalid(file, f.child("value"), expected: "an integer") }
            self = .set(name, value)
        } else if let name = try f.string("increment") {
            self = .increment(name, try f.int("by") ?? 1)
        } else if let name = try f.string("toggle") { self = .toggle(name)
        } else if let name = try f.string("push") { self = .push(name) }
        else if try f.bool("pop") == true { self = .pop }
        else if let tab = try f.int("selectTab", in: 0...Int.max) { self = .selectTab(tab) }
        else if try f.bool("updateKeyCommands") == true { self = .updateKeyCommands }
        else if try f.bool("rebuildMainMenu") == true { self = .rebuildMainMenu }
        else {
            throw SceneError.invalid(file, path, expected: "one effect: focus, present, dismiss, set+value, increment(+by), toggle, push, pop, selectTab, updateKeyCommands or rebuildMainMenu")
        }
    }
}

extension NodeDefinition {
    /// The largest scroll-view length in points a scene may give (a billion): zooming to 800 %
    /// and scrolling stay far from `Int`'s limits.
    static let maximumLength = 1_000_000_000

    static let common = ["type", "name", "title", "commands", "actions", "validations", "refusals", "canBecomeFirstResponder", "views",
                         "keyCommandsGetter"]
    static let extra: [Kind: [String]] = [
        .window: ["root", "dismissesModals"],
        .viewController: ["children", "focus", "barButtons", "addedCommands", "keyInput"],
        .tabBarController: ["children", "focus", "barButtons", "addedCommands", "selectedTab"],
        .navigationController: ["children", "focus", "barButtons", "addedCommands"],
        .view: ["keyInput"], .responder: ["next", "keyInput"],
        .textField: ["text", "onActivate"], .textView: ["text"],
        .table: ["rows", "multipleSelection", "onActivate"],
        .scroll: ["contentHeight", "pageHeight", "lineHeight"],
        .canvas: [],
    ]

    init(_ value: JSONValue, file: String, path: String) throws(SceneError) {
        guard case .object(let members) = value, let typeValue = members.first(where: { $0.key == "type" })?.value,
              case .string(let typeName) = typeValue else {
            throw SceneError.invalid(file, path.isEmpty ? "type" : "\(path).type",
                                     expected: "a \"type\": one of \(Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let kind = Kind(rawValue: typeName) else {
            throw SceneError.invalid(file, "\(path).type", expected: "one of \(Kind.allCases.map(\.rawValue).joined(separator: ", ")); found \"\(typeName)\"")
        }
        let f = try JSONFields(value, file: file, path: path, allowed: NodeDefinition.common + (NodeDefinition.extra[kind] ?? []))
        self.kind = kind
        self.jsonPath = path
        name = try f.requiredString("name")
        try Self.checkName(name, file: file, path: f.child("name"))
        title = try f.string("title") ?? name
        commands = []
        let commandsPath = JSONPath.text("\(path).commands")
        for (index, item) in try f.array("commands").enumerated() {
            commands.append(try SceneDefinition.CommandDefinition(item, file: file, location: commandsPath.element(index)))
        }
        barButtons = []
        let barButtonsPath = JSONPath.text("\(path).barButtons")
        for (index, item) in try f.array("barButtons").enumerated() {
            barButtons.append(try SceneDefinition.CommandDefinition(item, file: file, location: barButtonsPath.element(index)))
        }
        actions = []
        for (key, effectsValue) in try f.object("actions") {
            guard case .array(let items) = effectsValue else {
                throw SceneError.invalid(file, "\(path).actions.\(key)", expected: "an array of effects (may be empty)")
            }
            var effects: [SceneEffect] = []
            for (index, item) in items.enumerated() {
                effects.append(try SceneEffect(item, file: file, path: "\(path).actions.\(key)[\(index)]"))
            }
            actions.append(ActionDefinition(action: key, effects: effects))
        }
        validations = []
        for (index, item) in try f.array("validations").enumerated() {
            let itemPath = "\(path).validations[\(index)]"
            let v = try JSONFields(item, file: file, path: itemPath, allowed: ["action", "disabledWhen", "title"])
            validations.append(SceneValidation(
                action: try v.requiredString("action"),
                disabledWhen: try v.value("disabledWhen").map { value throws(SceneError) in
                    try SceneCondition(value, file: file, location: .text("\(itemPath).disabledWhen")) },
                title: try v.string("title")))
        }
        refusals = []
        for (index, item) in try f.array("refusals").enumerated() {
            let itemPath = "\(path).refusals[\(index)]"
            let r = try JSONFields(item, file: file, path: itemPath, allowed: ["action", "when"])
            guard let when = r.value("when") else {
                throw SceneError.invalid(file, "\(itemPath).when", expected: "a condition under which canPerformAction refuses (required)")
            }
            refusals.append(SceneRefusal(action: try r.requiredString("action"),
                                         when: try SceneCondition(when, file: file, location: .text("\(itemPath).when"))))
        }
        addedCommands = []
        let addedCommandsPath = JSONPath.text("\(path).addedCommands")
        for (index, item) in try f.array("addedCommands").enumerated() {
            addedCommands.append(try SceneDefinition.CommandDefinition(item, file: file, location: addedCommandsPath.element(index)))
        }
        canBecomeFirstResponder = try f.bool("canBecomeFirstResponder")
        keyInput = try f.bool("keyInput") ?? false
        keyCommandsGetter = try f.value("keyCommandsGetter").map { value throws(SceneError) in
            try KeyCommandsGetter(value, file: file, path: f.child("keyCommandsGetter"))
        }
        children = []
        if let root = f.value("root") { children.append(try NodeDefinition(root, file: file, path: f.child("root"))) }
        for (index, item) in try f.array("children").enumerated() {
            children.append(try NodeDefinition(item, file: file, path: "\(path).children[\(index)]"))
        }
        views = []
        for (index, item) in try f.array("views").enumerated() {
            let view = try NodeDefinition(item, file: file, path: "\(path).views[\(index)]")
            try Self.checkView(view, file: file)
            views.append(view)
        }
        try Self.checkContents(kind: kind, path: path, children: children, views: views, file: file)
        next = try f.string("next")
        focus = try f.string("focus")
        if let selected = try f.int("selectedTab", in: 0...NodeDefinition.maximumLength) {
            guard selected < children.count else {
                throw SceneError.invalid(file, path + ".selectedTab", expected: "the index of one of the \(children.count) tabs in children (0 is the first)")
            }
            selectedTab = selected
        }
        dismissesModals = try f.bool("dismissesModals") ?? true
        rows = try f.strings("rows")
        text = try f.string("text") ?? ""
        multipleSelection = try f.bool("multipleSelection") ?? true
        contentHeight = try f.int("contentHeight", in: 0...NodeDefinition.maximumLength) ?? NodeDefinition.defaultContentHeight
        pageHeight = try f.int("pageHeight", in: 1...NodeDefinition.maximumLength) ?? NodeDefinition.defaultPageHeight
        lineHeight = try f.int("lineHeight", in: 1...NodeDefinition.maximumLength) ?? NodeDefinition.defaultLineHeight
        onActivate = []
        for (index, item) in try f.array("onActivate").enumerated() {
            onActivate.append(try SceneEffect(item, file: file, path: "\(path).onActivate[\(index)]"))
        }
    }
}

extension SceneDefinition {
    /// Every state name a condition (`when`, `disabledWhen`) or an effect (`set`, `increment`,
    /// `toggle`) reads or writes must be declared in `state`: a misspelt name would otherwise be
    /// a value that is silently 0.
    func checkStateReferences(file: String) throws(SceneError) {
        let declared = Set(state.map(\.name))
        let known = declared.isEmpty ? "the scene declares no state; add it to \"state\"" : "declared: \(declared.sorted().joined(separator: ", "))"
        func check(_ name: String, _ path: @autoclosure () -> String) throws(SceneError) {
            guard !declared.contains(name) else { return }
            throw SceneError.invalid(file, path(), expected: "a state value declared in \"state\" (\"\(name)\" is not; \(known))")
        }
        func check(_ commands: [CommandDefinition], _ path: String) throws(SceneError) {
            for (index, command) in commands.enumerated() {
                if let condition = command.condition { try check(condition.state, "\(path)[\(index)].when.state") }
            }
        }
        func check(_ effects: [SceneEffect], _ path: String) throws(SceneError) {
            for (index, effect) in effects.enumerated() {
                switch effect {
                case .set(let name, _): try check(name, "\(path)[\(index)].set")
                case .increment(let name, _): try check(name, "\(path)[\(index)].increment")
                case .toggle(let name): try check(name, "\(path)[\(index)].toggle")
                case .focus, .present, .dismiss, .push, .pop, .selectTab, .updateKeyCommands, .rebuildMainMenu: break
                }
            }
        }
        func check(_ node: NodeDefinition) throws(SceneError) {
            try check(node.commands, "\(node.jsonPath).commands")
            try check(node.barButtons, "\(node.jsonPath).barButtons")
            for action in node.actions { try check(action.effects, "\(node.jsonPath).actions.\(action.action)") }
            for (index, validation) in node.validations.enumerated() {
                if let condition = validation.disabledWhen {
                    try check(condition.state, "\(node.jsonPath).validations[\(index)].disabledWhen.state")
                }
            }
            try check(node.onActivate, "\(node.jsonPath).onActivate")
            try check(node.addedCommands, "\(node.jsonPath).addedCommands")
            for (index, refusal) in node.refusals.enumerated() {
                try check(refusal.when.state, "\(node.jsonPath).refusals[\(index)].when.state")
            }
            for child in node.children + node.views { try check(child) }
        }
        for (index, menu) in menus.enumerated() { try check(menu.commands, "menus[\(index)].commands") }
        for node in topLevelNodes { try check(node) }
        for state in states { try check(state.steps.map(\.effect), "\(state.jsonPath).steps") }
    }
}

extension SceneDefinition {
    /// The error for a key command bound to a media or system key (`volume-up`, `sleep`): UIKit
    /// matches key commands against Keyboard/Keypad keys only, so such a command could never fire.
    static func mediaKeyError(_ text: String, file: String, path: String) -> SceneError? {
        guard let (key, _) = MediaKey.chord(text) else { return nil }
        return SceneError.invalid(
            file, path,
            expected: "a keyboard shortcut; \"\(text)\" is the \(key.page.name) page key \(key.name), and keys of pages "
                + "other than Keyboard/Keypad never match a UIKeyCommand (handle them in pressesBegan instead)")
    }
}
