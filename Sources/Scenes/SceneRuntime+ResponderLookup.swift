import ResponderEngine

extension SceneRuntime {
    /// The path of the responder `value` names, as `--first-responder` takes it, in the state
    /// the runtime is in.
    ///
    /// A path of the live hierarchy is that path; a value with a `/` is taken as a path as well
    /// (``focus(_:)`` reports one that does not exist). Otherwise `value` is a node's name, such
    /// as the type name an importer names a node after, with `.` written as `-` or not
    /// (`Editor.TextView` finds `Editor-TextView`): the one responder of that name in the key
    /// window, presented controllers included. Several are an error listing their paths; none
    /// is an error naming the declared controllers that hold one (and the states that show
    /// them), else the closest names the scene has.
    public func responderPath(for value: String) throws(SceneLookupError) -> String {
        if value.contains("/") || responder(at: value) != nil { return value }
        let wanted = Self.nameKey(value)
        let state = enteredStateName ?? SceneState.initialName
        var matches: [String] = []
        if let window = application.keyWindow {
            let windowPath = window.path
            for responder in allResponders where !responder.name.isEmpty && Self.nameKey(responder.name) == wanted {
                let path = responder.path
                if path == windowPath || path.hasPrefix(windowPath + "/") { matches.append(path) }
            }
        }
        if matches.count == 1, let path = matches.first { return path }
        if matches.count > 1 { throw SceneLookupError.ambiguousResponder(file, value, state: state, paths: matches) }
        var hidden: [SceneLookupError.HiddenMatch] = []
        for controller in definition.controllers where Self.holds(controller, nameKey: wanted) {
            let showing = definition.states.filter { $0.steps.contains { $0.effect.controllerName == controller.name } }
            hidden.append(.init(controller: controller.name, states: showing.map(\.name)))
        }
        throw SceneLookupError.unknownResponderName(file, value, state: state, closest: closestNames(to: value), hidden: hidden)
    }

    /// A name as lookups compare it: `.` written as `-`, as importers write type names.
    static func nameKey(_ name: String) -> String {
        name.contains(".") ? String(name.map { $0 == "." ? "-" : $0 }) : name
    }

    /// Whether `node` or a node under it has the name `key` (``nameKey(_:)``).
    private static func holds(_ node: NodeDefinition, nameKey key: String) -> Bool {
        nameKey(node.name) == key || (node.children + node.views).contains { holds($0, nameKey: key) }
    }

    /// Up to five of the scene's node names nearest `value`: names that contain it or that it
    /// contains (ignoring case; names of three letters or more) first, then those a few edits away.
    func closestNames(to value: String) -> [String] {
        var names = Set<String>()
        func collect(_ node: NodeDefinition) {
            names.insert(node.name)
            for child in node.children + node.views { collect(child) }
        }
        definition.topLevelNodes.forEach(collect)
        let query = value.lowercased()
        let queryScalars = Array(query.unicodeScalars)
        let limit = max(2, queryScalars.count / 3)
        var scored: [(rank: Int, distance: Int, name: String)] = []
        for name in names {
            let lower = name.lowercased()
            let scalars = Array(lower.unicodeScalars)
            if !query.isEmpty, lower.contains(query) || (scalars.count >= 3 && query.contains(lower)) {
                scored.append((0, abs(scalars.count - queryScalars.count), name))
            } else if scalars.count <= 200, let distance = Self.editDistance(queryScalars, scalars, limit: limit) {
                scored.append((1, distance, name))
            }
        }
        scored.sort { ($0.rank, $0.distance, $0.name) < ($1.rank, $1.distance, $1.name) }
        return scored.prefix(5).map(\.name)
    }

    /// The Levenshtein distance between `a` and `b` when it is at most `limit`, else `nil`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }
}
