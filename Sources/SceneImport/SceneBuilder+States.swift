import Scenes

extension SceneBuilder {
    /// The screens a user reaches from the launch screen, as scene states (docs/Scenes.md
    /// "States"): one per controller the source presents or a coordinator shows
    /// (``showsScreen(_:)``), named after the controller, with the step that presents it from the
    /// top controller. `keytrace scene states` lists them and `--state NAME` enters one.
    func presentationStates(_ presented: [String], state: BuildState) -> [SceneState] {
        var states: [SceneState] = []
        var names: Set<String> = []
        for type in presented {
            let presenters = model.edges.filter { $0.child == type && showsScreen($0) }
            // UIKit presents from the top controller whoever asks: a presenter the scene does not
            // hold still shows the screen.
            guard let edge = presenters.first(where: { state.paths[$0.parent]?.hasPrefix("window") == true }) ?? presenters.first else { continue }
            let name = Self.nodeName(type)
            guard names.insert(name).inserted else { continue }
            let how = edge.kind == .presented ? "presented" : "shown"
            let description = "\(type) \(how) by \(edge.parent) (\(edge.location.file):\(edge.location.line))"
            states.append(SceneState(name: name, summary: description, steps: [SceneState.Step(effect: .present(name))]))
        }
        return states
    }

    /// A `UIAlertController` with a text field that a controller of the key window presents, as
    /// a modal of the scene and a state that presents it: UIKit makes the alert's first text
    /// field first responder when it appears, so typing goes to the field and the standard edit
    /// commands act on it. `nil` when no such controller presents one, or the app's own code
    /// already makes a node of that name.
    func textFieldAlert(state: BuildState, taken: [String]) -> (modal: NodeDefinition, state: SceneState)? {
        let name = "UIAlertController"
        guard !taken.contains(name), state.paths[name] == nil,
              let (presenter, location) = model.textFieldAlerts.sorted(by: { $0.key < $1.key })
                .first(where: { state.paths[$0.key]?.hasPrefix("window") == true })
        else { return nil }
        let field = NodeDefinition(kind: .textField, name: "UITextField", canBecomeFirstResponder: true)
        let alert = NodeDefinition(kind: .viewController, name: name, views: [field], focus: field.name)
        let summary = "\(name) with a text field presented by \(presenter) (\(location.file):\(location.line))"
        return (alert, SceneState(name: name, summary: summary, steps: [SceneState.Step(effect: .present(name))]))
    }
}
