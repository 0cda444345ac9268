import KeyTraceSupport
import ResponderEngine

/// What each state of a scene shows (`keytrace scene states`): the scene as loaded
/// (``SceneState/initialName``), then every named state in file order, each entered on a
/// runtime of its own.
public struct SceneStateListing: Hashable, Sendable {
    /// One state as entered.
    public struct Entry: Hashable, Sendable {
        /// The state's name.
        public var name: String
        /// Its description (empty when the scene gives none).
        public var summary: String
        /// The paths of ``SceneRuntime/shownControllers``, in that order.
        public var controllers: [String]
        /// The first responder's path, `nil` for none.
        public var firstResponder: String?
    }

    /// The scene's name.
    public var scene: String
    /// The states, the scene as loaded first.
    public var entries: [Entry]

    /// What the description of the scene as loaded says.
    static let initialSummary = "the scene as loaded"

    /// Enters every state of `definition`; throws the error of the first that cannot be entered.
    public init(definition: SceneDefinition, file: String) throws(SceneError) {
        scene = definition.name
        entries = []
        for state in [nil] + definition.states.map(Optional.some) {
            let runtime = try SceneRuntime(definition: definition, file: file)
            if let state { try runtime.enter(state) }
            entries.append(Entry(name: state?.name ?? SceneState.initialName, summary: state?.summary ?? Self.initialSummary,
                                 controllers: runtime.shownControllers.map(\.path),
                                 firstResponder: runtime.application.firstResponder?.path))
        }
    }

    /// For people: each state's name and description, the controllers it shows (one a line)
    /// and its first responder.
    public var text: String {
        var lines: [String] = []
        for entry in entries {
            lines.append(entry.summary.isEmpty ? entry.name : "\(entry.name): \(entry.summary)")
            if entry.controllers.isEmpty { lines.append("  controllers      none") }
            for (index, path) in entry.controllers.enumerated() {
                lines.append((index == 0 ? "  controllers      " : "                   ") + path)
            }
            lines.append("  first responder  \(entry.firstResponder ?? "none")")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// For tools: `{"scene": …, "states": [{"controllers", "description", "firstResponder", "name"}]}`,
    /// keys sorted, `firstResponder` `null` for none.
    public var json: String {
        var object = JSONObject()
        object.add("scene", scene)
        object.add("states", objects: entries.map { entry in
            var state = JSONObject()
            state.add("controllers", strings: entry.controllers)
            state.add("description", entry.summary)
            state.add("firstResponder", entry.firstResponder)
            state.add("name", entry.name)
            return state
        })
        return object.text
    }
}
