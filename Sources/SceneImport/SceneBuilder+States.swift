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
}
