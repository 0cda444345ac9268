import KeyTraceCore

// The checks of a scene's structure that its types do not guarantee: node names, where each kind
// of node may go, the application's and the app delegate's shape, state names, and the state
// values and controllers the scene refers to. The reader runs each as it reads the part it
// checks; ``SceneDefinition/checkStructure(file:)`` runs them all on a definition a program
// built (the scene importer's), so a built scene passes the same checks as its file, with the
// same messages and JSON paths, without being written and read.

extension SceneDefinition {
    /// Runs every structural check on the definition, in the order the reader meets them:
    /// windows, controllers, the application, the app delegate, states, then the state values
    /// and controllers referred to. Errors name the JSON path the scene's text gives the part at
    /// fault (``NodeDefinition/jsonPath``).
    package func checkStructure(file: String) throws(SceneError) {
        for window in windows {
            try window.checkTree(file: file)
            try Self.checkWindow(window, file: file)
        }
        for controller in controllers {
            try controller.checkTree(file: file)
            try Self.checkController(controller, file: file)
        }
        if let application {
            try application.checkTree(file: file)
            try Self.checkApplication(application, file: file)
        }
        if let appDelegate {
            try appDelegate.checkTree(file: file)
            try Self.checkAppDelegate(appDelegate, file: file)
        }
        for (index, responder) in responders.enumerated() {
            try responder.checkTree(file: file)
            try Self.checkFreeResponder(responder, among: responders[..<index], appDelegate: appDelegate, file: file)
        }
        for (index, state) in states.enumerated() {
            try SceneState.checkName(state.name, file: file, path: state.jsonPath + ".name")
            try SceneState.checkUnique(state, among: states[..<index], file: file)
        }
        try checkStateReferences(file: file)
        try checkStates(file: file)
    }

    /// An entry of `windows` must be a window.
    static func checkWindow(_ node: NodeDefinition, file: String) throws(SceneError) {
        guard node.kind == .window else { throw SceneError.invalid(file, node.jsonPath + ".type", expected: "\"window\"") }
    }

    /// An entry of `controllers` must be a view controller.
    static func checkController(_ node: NodeDefinition, file: String) throws(SceneError) {
        guard node.kind.isController else {
            throw SceneError.invalid(file, node.jsonPath + ".type",
                                     expected: "a controller type (viewController, tabBarController, navigationController)")
        }
    }

    /// The application is a responder named `application` with no view hierarchy.
    static func checkApplication(_ node: NodeDefinition, file: String) throws(SceneError) {
        guard node.kind == .responder else {
            throw SceneError.invalid(file, "application.type", expected: "\"responder\" (the application is a UIResponder)")
        }
        guard node.name == "application" else {
            throw SceneError.invalid(file, "application.name", expected: "\"application\" (the application's path is always `application`)")
        }
        guard node.views.isEmpty, node.children.isEmpty else {
            throw SceneError.invalid(file, "application.views", expected: "no views or children (the application has no view hierarchy)")
        }
    }

    /// A free-standing responder is a `responder` node without views or children, named
    /// unlike the others and the app delegate: its name is its path.
    static func checkFreeResponder(_ node: NodeDefinition, among earlier: some Collection<NodeDefinition>, appDelegate: NodeDefinition?,
                                   file: String) throws(SceneError) {
        guard node.kind == .responder else {
            throw SceneError.invalid(file, node.jsonPath + ".type", expected: "\"responder\" (a responder outside the view hierarchy)")
        }
        guard node.views.isEmpty, node.children.isEmpty else {
            throw SceneError.invalid(file, node.jsonPath + ".views", expected: "no views or children (the responder is outside the view hierarchy)")
        }
        let taken = earlier.map(\.name) + [appDelegate?.name, "application", "window"].compactMap { $0 }
        guard !taken.contains(node.name) else {
            throw SceneError.invalid(file, node.jsonPath + ".name", expected: "a name no other top-level responder has (`\(node.name)` is taken)")
        }
    }

    /// The app delegate is a responder.
    static func checkAppDelegate(_ node: NodeDefinition, file: String) throws(SceneError) {
        guard node.kind == .responder else {
            throw SceneError.invalid(file, "appDelegate.type", expected: "\"responder\" (the app delegate is a UIResponder)")
        }
    }
}

extension NodeDefinition {
    /// A node's name is non-empty and holds no `/`: it is one component of a responder path.
    /// `path` is the name's own JSON path (`windows[0].name`).
    static func checkName(_ name: String, file: String, path: String) throws(SceneError) {
        guard !name.isEmpty, !name.contains("/") else {
            throw SceneError.invalid(file, path, expected: "a non-empty name without '/'")
        }
    }

    /// An entry of a node's `views` must be a view, not a controller or a window.
    static func checkView(_ view: NodeDefinition, file: String) throws(SceneError) {
        guard !view.kind.isController, view.kind != .window else {
            throw SceneError.invalid(file, view.jsonPath + ".type",
                                     expected: "a view type (view, responder, textField, textView, table, scroll, canvas)")
        }
    }

    /// What a node of `kind` at `path` holds: a window's root (its first child) is a controller,
    /// any other node's children are controllers, and no two children or views share a name.
    static func checkContents(kind: Kind, path: String, children: [NodeDefinition], views: [NodeDefinition],
                              file: String) throws(SceneError) {
        if kind == .window, let root = children.first, !root.kind.isController {
            throw SceneError.invalid(file, path + ".root", expected: "a root controller (or no root)")
        }
        for child in children where kind != .window && !child.kind.isController {
            throw SceneError.invalid(file, child.jsonPath + ".type", expected: "a controller type; put views under \"views\"")
        }
        var seen = Set<String>()
        for node in children + views where !seen.insert(node.name).inserted {
            throw SceneError.duplicateName(file, node.jsonPath, node.name)
        }
    }

    /// Runs the node checks on this node and everything under it, each node's before its
    /// contents' as the reader meets them.
    func checkTree(file: String) throws(SceneError) {
        try Self.checkName(name, file: file, path: jsonPath + ".name")
        for child in children { try child.checkTree(file: file) }
        for view in views {
            try view.checkTree(file: file)
            try Self.checkView(view, file: file)
        }
        try Self.checkContents(kind: kind, path: jsonPath, children: children, views: views, file: file)
    }
}

extension SceneState {
    /// A state's name is non-empty, holds no `/` and is not ``initialName``. `path` is the
    /// name's own JSON path (`states[0].name`).
    static func checkName(_ name: String, file: String, path: String) throws(SceneError) {
        guard !name.isEmpty, !name.contains("/") else {
            throw SceneError.invalid(file, path, expected: "a non-empty state name without '/'")
        }
        guard name != initialName else {
            throw SceneError.invalid(file, path, expected: "a name other than \"\(initialName)\", which names the scene as loaded")
        }
    }

    /// No state before `state` in the file has its name.
    static func checkUnique(_ state: SceneState, among earlier: ArraySlice<SceneState>, file: String) throws(SceneError) {
        if let other = earlier.first(where: { $0.name == state.name }) {
            throw SceneError.invalid(file, "\(state.jsonPath).name", expected: "a name no other state has (\"\(state.name)\" is \(other.jsonPath)'s)")
        }
    }
}
