import Scenes

extension SceneBuilder {
    /// Why a scene has no first responder, for the report.
    static let noFirstResponderReason = "none: no responder the key window holds calls becomeFirstResponder() when its screen appears "
        + "(a lifecycle method such as viewDidAppear, or an app method one calls); key presses then reach no responder below the window, "
        + "so the app's controllers' commands do not fire (R10). Name one with the overlay's \"firstResponder\" if the app makes one elsewhere"

    /// The views each type holds that need a node of their own: those that can become first
    /// responder (``FocusableViews``), and any other view a type's lifecycle focuses by property;
    /// not the types in `placedElsewhere`, which the scene places as nodes of their own.
    func heldResponders(_ requests: [String: [FirstResponderReader.Request]], placedElsewhere: Set<String>,
                        contentViews: ContentViews, rootViews: ControllerRootViews, localClasses: Set<String>) -> [String: [FocusableViews.Held]] {
        let focusableViews = FocusableViews(model: model, placedElsewhere: placedElsewhere, contentViews: contentViews, rootViews: rootViews,
                                            localClasses: localClasses)
        var result = focusableViews.heldByOwner()
        for (owner, list) in requests {
            for request in list {
                guard let property = request.property, let viewClass = request.viewClass, !placedElsewhere.contains(viewClass) else { continue }
                if let known = result[owner]?.firstIndex(where: { $0.property == property }) {
                    // A view that only holds focusable ones becomes first responder when the app
                    // says so; a search bar or web view passes the focus to its inner responder.
                    if result[owner]?[known].contents.first?.property != property { result[owner]?[known].focusable = true }
                    continue
                }
                if let held = focusableViews.focusable(viewClass, property: property) {
                    result[owner, default: []].append(held)
                    continue
                }
                let kind: FocusableViews.Kind
                switch model.index.type(named: viewClass).map({ model.role($0.name) }) ?? AppModel.systemRole(of: viewClass) {
                case .textField?: kind = .textField
                case .textView?: kind = .textView
                default: kind = .view
                }
                result[owner, default: []].append(FocusableViews.Held(property: property, viewClass: viewClass, kind: kind, focusable: true, contents: []))
            }
        }
        return result
    }

    /// The nodes of the views `type` holds (``heldResponders(_:placedElsewhere:contentViews:rootViews:localClasses:)``), at `path`: each
    /// named after its class and titled after its property.
    ///
    /// An app class built on a web view or a search bar holds the responder inside it that
    /// takes the focus (``FocusableClass/inner``) first, and `becomeFirstResponder()` on the
    /// class focuses that responder; so does it on a class whose `becomeFirstResponder`
    /// override hands the focus to a view it holds (``BuildState/focusForwards``).
    func heldViews(of type: String, path: String, state: inout BuildState) -> [NodeDefinition] {
        var nodes: [NodeDefinition] = []
        if let inner = FocusableViews.innerResponder(ofAppClass: type, in: model.index) {
            let name = Self.nodeName(inner.name)
            nodes.append(NodeDefinition(kind: inner.kind.nodeKind, name: name, canBecomeFirstResponder: true))
            state.heldPaths[type + ".self"] = path + "/" + name
        }
        nodes += heldNodes(state.heldResponders[type] ?? [], owner: type, path: path, state: &state)
        // A class whose `becomeFirstResponder` hands the focus to a view it holds.
        if let forward = state.focusForwards[type], let inner = state.heldPaths[type + "." + forward] { state.heldPaths[type + ".self"] = inner }
        return nodes
    }

    private func heldNodes(_ list: [FocusableViews.Held], owner: String, path: String, state: inout BuildState) -> [NodeDefinition] {
        var used: [String: Int] = [:]
        return list.map { held in
            let base = Self.nodeName(held.viewClass)
            used[base, default: 0] += 1
            let name = used[base] == 1 ? base : base + "-\(used[base] ?? 0)"
            let nodePath = path + "/" + name
            // Focusing the property focuses the view, or the responder inside it that takes the
            // focus (``FocusableClass/inner``).
            let inner = held.contents.first.flatMap { $0.property == held.property ? nodePath + "/" + Self.nodeName($0.viewClass) : nil }
            state.heldPaths[owner + "." + held.property] = inner ?? nodePath
            let contents = heldNodes(held.contents, owner: held.viewClass, path: nodePath, state: &state)
            // A view whose `becomeFirstResponder` hands the focus to a view it holds.
            if let forward = state.focusForwards[held.viewClass], let forwarded = state.heldPaths[held.viewClass + "." + forward] {
                state.heldPaths[owner + "." + held.property] = forwarded
            }
            return NodeDefinition(kind: held.kind.nodeKind, name: name, title: held.property,
                                  canBecomeFirstResponder: held.focusable ? true : nil, views: contents)
        }
    }

    /// Whether `controller`, or a superclass of the app's it inherits the code from, installs a
    /// search controller in its navigation item (``NavigationBarSearch``).
    func installsSearchInNavigationBar(_ controller: String, state: BuildState) -> Bool {
        state.searchesInNavigationBar.contains(controller)
            || model.index.ancestors(of: controller).contains { state.searchesInNavigationBar.contains($0.name) }
    }

    /// The responder the key window's screen makes first responder: of the requests of types in
    /// the key window, one made on its method's unconditional path before one made under a
    /// condition, then the deepest (a child controller's screen appears inside its parent's),
    /// then the one UIKit calls last. `nil` when no type there makes one.
    func firstResponder(requests: [String: [FirstResponderReader.Request]], state: BuildState,
                        accepts: (String) -> Bool = { _ in true }) -> (path: String, reason: String)? {
        var best: (unconditional: Int, depth: Int, order: Int, path: String, reason: String)?
        for owner in requests.keys.sorted() {
            guard let ownerPath = state.paths[owner], ownerPath.hasPrefix("window/") else { continue }
            for request in requests[owner] ?? [] {
                let path: String?
                if let property = request.property {
                    path = state.heldPaths[owner + "." + property] ?? request.viewClass.flatMap { state.heldPaths[$0 + ".self"] ?? state.paths[$0] }
                } else {
                    path = state.heldPaths[owner + ".self"] ?? ownerPath
                }
                // A responder in a tab the tab bar does not show at launch, or in a child whose
                // container tells it of its appearance later, appears later, if at all.
                guard let path, path.hasPrefix("window/"),
                      !state.hiddenAtLaunch.contains(where: { path == $0 || path.hasPrefix($0 + "/") }), accepts(path) else { continue }
                let depth = path.split(separator: "/").count
                let (unconditional, order) = request.precedence
                let target = request.property.map { "\(owner).\($0)" } ?? owner
                let condition = request.conditional ? ", under a condition" : ""
                let reason = "\(target).becomeFirstResponder() in \(owner).\(request.method) (\(request.location.file):\(request.location.line)\(condition))"
                if let current = best, (current.unconditional, current.depth, current.order) >= (unconditional, depth, order) { continue }
                best = (unconditional, depth, order, path, reason)
            }
        }
        return best.map { ($0.path, $0.reason) }
    }
}

extension SceneBuilder {
    /// Whether the node at `path` of the key window can become first responder: it says so, or
    /// it is a text field or text view, which can unless it says otherwise (as the engine builds
    /// them).
    static func acceptsFocus(_ path: String, in windows: [NodeDefinition]) -> Bool {
        var parts = path.split(separator: "/").map(String.init)[...]
        guard let first = parts.popFirst(), var node = windows.first(where: { $0.name == first }) else { return false }
        while let part = parts.popFirst() {
            guard let next = (node.children + node.views).first(where: { $0.name == part }) else { return false }
            node = next
        }
        return node.canBecomeFirstResponder ?? (node.kind == .textField || node.kind == .textView)
    }

    /// Why the scene has no first responder when the app's only requests ask responders that
    /// cannot become first responder.
    static func refusedFocusReason(_ request: String, path: String) -> String {
        "none: \(request) asks \(path), which cannot become first responder (the source shows no canBecomeFirstResponder "
            + "override for it, and it hands the focus to no view it holds), so UIKit refuses it (R10). Name one with the overlay's "
            + "\"firstResponder\" if the app makes one elsewhere"
    }

    /// The first responder of a SwiftUI window whose source focuses nothing: the hosting
    /// controller SwiftUI shows the `WindowGroup` in. SwiftUI finds a control's keyboard
    /// shortcut anywhere in the active scene, focused or not (`keyboardShortcut(_:modifiers:)`),
    /// and the scene holds those shortcuts on that controller, so its chain is where they fire
    /// (docs/Rules.md R10). The controller is made able to become first responder.
    func swiftUIWindowResponder(in windows: inout [NodeDefinition], plan: WindowPlan) -> (path: String, reason: String)? {
        guard let key = plan.key, key.decision == .windowGroup,
              let window = windows.first, let root = window.children.first, root.name == RootTree.Container.hosting.rawValue else { return nil }
        windows[0].children[0].canBecomeFirstResponder = true
        let place = key.location.map { " (\($0.file):\($0.line))" } ?? ""
        return (window.name + "/" + root.name,
                "the SwiftUI window's hosting controller\(place): SwiftUI finds a control's keyboard shortcut anywhere in the active scene, "
                    + "focused or not, and nothing the source shows takes the focus at launch")
    }
}

extension AppModel {
    /// Whether an app class adopts UIKit's text input protocols (`UIKeyInput`, `UITextInput`),
    /// itself or through a superclass.
    func adoptsKeyInput(_ type: String) -> Bool {
        ([index.type(named: type)].compactMap { $0 } + index.ancestors(of: type)).contains { info in
            info.inherited.contains("UIKeyInput") || info.inherited.contains("UITextInput")
        }
    }

    /// Whether `type` (or a superclass) overrides `canBecomeFirstResponder` with anything but
    /// `false` (`NO` in Objective-C).
    func allowsFirstResponder(_ type: String) -> Bool {
        for info in [index.type(named: type)].compactMap({ $0 }) + index.ancestors(of: type) {
            if objectiveCFocus.allowsFirstResponder.contains(info.name) { return true }
            guard let property = info.properties["canBecomeFirstResponder"], property.isOverride else { continue }
            let text = (property.getter.map { $0.sourceText } ?? property.initializer?.sourceText ?? "").filter { !$0.isWhitespace }
            return text != "false" && text != "returnfalse"
        }
        return false
    }
}
