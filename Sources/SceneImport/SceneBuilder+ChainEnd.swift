import Scenes

extension SceneBuilder {
    /// The end of every chain after the application (R11): the app delegate, when it is a
    /// responder that declares commands, performs actions or overrides `next`, and the
    /// responders its overridden `next` leads to (`override var next: UIResponder? {
    /// services.mainCoordinator }`), each a free-standing responder of the scene that the one
    /// before it names as its `next`. A `next` leading to a type the scene already holds, or to
    /// no responder of the app's, ends the chain there.
    func chainEnd(after chainEnds: [String], commandsByType: [String: [ImportedCommand]], state: inout BuildState)
        -> (appDelegate: NodeDefinition?, responders: [NodeDefinition])
    {
        let delegates = model.index.types.keys.sorted().filter { model.isResponderAppDelegate($0) && state.paths[$0] == nil }
        guard let delegate = chainEnds.first(where: delegates.contains) ?? delegates.first(where: { !nextResponders(of: $0, state: state).isEmpty })
        else { return (nil, []) }
        var appDelegate = node(delegate, parentPath: "(app delegate)", children: [:], commandsByType: commandsByType, state: &state)
        var responders: [NodeDefinition] = []
        var current = delegate
        while let next = nextResponders(of: current, state: state).first, responders.count < 4 {
            let built = node(next, parentPath: "(next)", children: [:], commandsByType: commandsByType, state: &state)
            if responders.isEmpty { appDelegate.next = built.name } else { responders[responders.count - 1].next = built.name }
            responders.append(built)
            current = next
        }
        return (appDelegate, responders)
    }

    /// The app's responders `type`'s overridden `next` returns that are outside the scene's
    /// hierarchy (no controller, view or window, not placed yet).
    private func nextResponders(of type: String, state: BuildState) -> [String] {
        (model.nextResponders[type] ?? []).filter { model.role($0) == .responder && state.paths[$0] == nil }
    }
}
