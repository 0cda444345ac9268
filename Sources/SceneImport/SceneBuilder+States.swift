import Scenes

extension SceneBuilder {
    /// The screens a user reaches from the launch screen, as scene states (docs/Scenes.md
    /// "States"): one per controller the source presents, a coordinator shows or a screen of
    /// the key window pushes (``showsScreen(_:)``), named after the controller, with the steps
    /// that show it: a push from the pusher onto the navigation controller holding it, after
    /// the tabs that bring it on screen (``pushSteps(showing:by:state:)``); a push from the
    /// top controller onto the key window's navigation controller when a coordinator pushes it
    /// or sets it on a stack and the window's root is one (`rootIsNavigation`); else a
    /// presentation. `keytrace scene states` lists them and `--state NAME` enters one.
    func presentationStates(_ presented: [String], state: BuildState, rootIsNavigation: Bool) -> [SceneState] {
        var states: [SceneState] = []
        var names: Set<String> = []
        for type in presented {
            guard let edge = showingEdge(of: type, state: state) else { continue }
            let name = Self.nodeName(type)
            guard names.insert(name).inserted else { continue }
            let how = edge.kind == .presented ? (edge.tab.map { "shown in tab \($0 + 1)" } ?? (edge.pushed ? "pushed" : "presented"))
                : edge.pushed ? "pushed" : "shown"
            let description = "\(type) \(how) by \(edge.parent) (\(edge.location.file):\(edge.location.line))"
            if let steps = pushSteps(showing: name, by: edge, state: state) {
                states.append(SceneState(name: name, summary: description, steps: steps))
                continue
            }
            let pushed = isPushed(type, by: edge, rootIsNavigation: rootIsNavigation)
            let shown = model.role(type) == .swiftUIView ? Self.hostName(of: type)
                : !pushed && showsInNavigationController(type, state: state) ? Self.navigationName(of: type) : name
            let effect: SceneEffect = pushed ? .push(shown) : .present(shown)
            states.append(SceneState(name: name, summary: description, steps: [SceneState.Step(effect: effect)]))
        }
        return states
    }

    /// The edge that shows a screen: UIKit presents from the top controller whoever asks, so a
    /// presenter the key window holds comes first, but one the scene does not hold still shows it.
    func showingEdge(of type: String, state: BuildState) -> AppModel.Edge? {
        let presenters = model.edges.filter { $0.child == type && showsScreen($0) }
        return presenters.first(where: { state.paths[$0.parent]?.hasPrefix("window") == true }) ?? presenters.first
    }

    /// Whether the state showing a screen pushes it onto the key window's navigation controller:
    /// a coordinator pushes it or sets it on a stack, and the window's root is one (a screen
    /// another screen pushes is pushed from that screen: ``pushSteps(showing:by:state:)``).
    func isPushed(_ type: String, by edge: AppModel.Edge, rootIsNavigation: Bool) -> Bool {
        rootIsNavigation && [.child, .navigationRoot, .tab].contains(edge.kind) && isController(model.role(type)) && !isPushedByController(edge)
    }

    /// The node of a screen the app presents: a controller's own, or for a SwiftUI view
    /// (`.sheet { Editor() }`) the hosting controller SwiftUI presents it in, holding the view
    /// (``hostName(of:)``). The host offers the shortcuts of the views it hosts and takes the
    /// focus for them, as the window's does. A presented screen that installs a search sits in
    /// a navigation controller of its own (``showsInNavigationController(_:state:)``); a pushed
    /// one goes onto the key window's.
    func presentedNode(_ type: String, rootIsNavigation: Bool, children: [String: [String]], commandsByType: [String: [ImportedCommand]],
                       state: inout BuildState) -> NodeDefinition {
        let pushed = showingEdge(of: type, state: state).map {
            isPushed(type, by: $0, rootIsNavigation: rootIsNavigation) || pushSteps(showing: Self.nodeName(type), by: $0, state: state) != nil
        } ?? false
        if !pushed, showsInNavigationController(type, state: state) {
            // A screen that installs a search in its navigation item is shown in a navigation
            // controller, whose bar holds the search (``NavigationBarSearch``).
            let name = Self.navigationName(of: type)
            let screen = node(type, parentPath: "(presented)/" + name, children: children, commandsByType: commandsByType, state: &state)
            return NodeDefinition(kind: .navigationController, name: name, children: [focusing(screen, of: type, under: "(presented)/" + name, state: state)],
                                  views: [NavigationBarSearch.navigationBarNode(installedBy: [type])])
        }
        guard model.role(type) == .swiftUIView else {
            let screen = node(type, parentPath: "(presented)", children: children, commandsByType: commandsByType, state: &state)
            return focusing(screen, of: type, under: "(presented)", state: state)
        }
        let hostPath = "(presented)/" + Self.hostName(of: type)
        state.hostedShortcuts.append(HostedShortcuts(path: hostPath))
        let view = node(type, parentPath: hostPath, children: children, commandsByType: commandsByType, state: &state)
        let hosted = state.hostedShortcuts.popLast() ?? HostedShortcuts(path: hostPath)
        var host = NodeDefinition(kind: .viewController, name: Self.hostName(of: type), canBecomeFirstResponder: true)
        hosted.merge(into: &host)
        host.views.append(view)
        // The text control the view focuses as it appears (``SwiftUIFocus``).
        if let property = state.focusedProperties[type], let path = state.heldPaths[type + "." + property], path.hasPrefix(hostPath + "/") {
            host.focus = String(path.dropFirst(hostPath.count + 1))
        }
        return host
    }

    /// A shown screen's node with its `focus`: the view its lifecycle makes first responder
    /// (``BuildState/focusedProperties``), so that entering the state that shows it leaves that
    /// view first responder, as on the device (`body.becomeFirstResponder()` in `viewDidLoad`).
    func focusing(_ screen: NodeDefinition, of type: String, under parentPath: String, state: BuildState) -> NodeDefinition {
        let prefix = parentPath + "/" + screen.name + "/"
        guard screen.focus == nil, let property = state.focusedProperties[type],
              let path = state.heldPaths[type + "." + property], path.hasPrefix(prefix) else { return screen }
        var focused = screen
        focused.focus = String(path.dropFirst(prefix.count))
        return focused
    }

    /// Whether a screen the app shows is shown inside a navigation controller the scene makes
    /// for it: a controller (not a navigation controller itself) that installs a search in its
    /// navigation item, which only a navigation bar shows.
    func showsInNavigationController(_ type: String, state: BuildState) -> Bool {
        isController(model.role(type)) && !model.index.inherits(type, from: "UINavigationController")
            && !state.searchesInNavigationBar.isEmpty && installsSearchInNavigationBar(type, state: state)
    }

    /// The name of the navigation controller a shown screen sits in (``showsInNavigationController(_:state:)``).
    static func navigationName(of screen: String) -> String {
        nodeName(screen) + "-navigation"
    }

    /// The name of the hosting controller that shows a SwiftUI view the app presents.
    static func hostName(of view: String) -> String {
        nodeName(view) + "-host"
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
