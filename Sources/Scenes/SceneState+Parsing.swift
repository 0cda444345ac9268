import KeyTraceCore

extension SceneState {
    /// The fields a state may have (docs/scene.schema.json lists the same).
    static let keys = ["name", "description", "steps", "firstResponder"]
    /// The fields a step may have: those of the effects a step can be, and `from`.
    static let stepKeys = effectKeys + ["value", "by", "from"]
    /// The fields that name a step's effect.
    static let effectKeys = ["present", "dismiss", "push", "pop", "selectTab", "focus", "set", "increment", "toggle"]

    /// The `states` of the scene object `top`: each checked on its own, and their names unique.
    static func states(in top: JSONFields, file: String) throws(SceneError) -> [SceneState] {
        var states: [SceneState] = []
        for (index, item) in try top.array("states").enumerated() {
            let state = try SceneState(item, file: file, path: "states[\(index)]")
            try checkUnique(state, among: states[...], file: file)
            states.append(state)
        }
        return states
    }

    init(_ value: JSONValue, file: String, path: String) throws(SceneError) {
        let fields = try JSONFields(value, file: file, path: path, allowed: Self.keys)
        name = try fields.requiredString("name")
        try Self.checkName(name, file: file, path: fields.child("name"))
        summary = try fields.string("description") ?? ""
        steps = []
        for (index, item) in try fields.array("steps").enumerated() {
            let stepPath = "\(path).steps[\(index)]"
            let step = try JSONFields(item, file: file, path: stepPath, allowed: Self.stepKeys)
            guard Self.effectKeys.contains(where: step.has) else {
                throw SceneError.invalid(file, stepPath, expected: "one effect: present, dismiss, push, pop, selectTab, focus, set+value, increment(+by) or toggle")
            }
            let effect = try SceneEffect(item, file: file, path: stepPath, allowed: Self.stepKeys)
            steps.append(Step(effect: effect, from: try step.string("from")))
        }
        firstResponder = try fields.string("firstResponder")
        jsonPath = path
    }
}

extension SceneDefinition {
    /// Every controller a state's `present` or `push` step names must be declared in
    /// `controllers`. (Paths are checked once the hierarchy is built, ``SceneRuntime``.)
    func checkStates(file: String) throws(SceneError) {
        let declared = controllers.map(\.name)
        for state in states {
            for (index, step) in state.steps.enumerated() {
                guard let name = step.effect.controllerName, !declared.contains(name) else { continue }
                let known = declared.isEmpty ? "the scene declares no controllers" : "declared: \(declared.joined(separator: ", "))"
                throw SceneError.invalid(file, "\(state.jsonPath).steps[\(index)].\(step.effect.key)",
                                         expected: "a controller declared in \"controllers\" (\"\(name)\" is not; \(known))")
            }
        }
    }
}

extension SceneEffect {
    /// The field of the effect's object that names it (`push`, `selectTab`).
    var key: String {
        switch self {
        case .focus: return "focus"
        case .present: return "present"
        case .dismiss: return "dismiss"
        case .set: return "set"
        case .increment: return "increment"
        case .toggle: return "toggle"
        case .push: return "push"
        case .pop: return "pop"
        case .selectTab: return "selectTab"
        case .updateKeyCommands: return "updateKeyCommands"
        case .rebuildMainMenu: return "rebuildMainMenu"
        }
    }

    /// The declared controller a `present` or `push` shows.
    var controllerName: String? {
        switch self {
        case .present(let name), .push(let name): return name
        default: return nil
        }
    }

    /// The effect as messages write it: `push "editor"`, `selectTab 2`, `focus window/list`.
    var text: String {
        switch self {
        case .focus(let path): return "focus \(path)"
        case .present(let name), .push(let name): return "\(key) \"\(name)\""
        case .set(let name, let value): return "set \(name) = \(value)"
        case .increment(let name, let delta): return "increment \(name) by \(delta)"
        case .toggle(let name): return "toggle \(name)"
        case .selectTab(let index): return "selectTab \(index)"
        case .dismiss, .pop, .updateKeyCommands, .rebuildMainMenu: return key
        }
    }
}
