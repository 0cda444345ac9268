import Scenes

/// A controller or view with commands or actions that the scene leaves out: the key window does
/// not reach it and no presentation shows it.
struct Unplaced: Equatable {
    /// The topmost container the source shows for it (itself when it has none).
    var type: String
    /// Every type left out with it: `type` and what it contains.
    var types: [String]
    /// What the import could not follow, for people.
    var reason: String
    /// Where that is in the source.
    var location: SourceLocation?
}

extension SceneBuilder {
    /// The key window, its root as ``WindowPlanner`` decides it, and everything that root holds.
    /// No other window is made: a controller the root does not reach is unplaced.
    func buildKeyWindow(relevant: Set<String>, children: [String: [String]], commandsByType: [String: [ImportedCommand]],
                        state: inout BuildState) -> (windows: [NodeDefinition], plan: WindowPlan) {
        var children = children
        func subtreeCommands(_ type: String, _ seen: inout Set<String>) -> Int {
            guard seen.insert(type).inserted else { return 0 }
            var total = commandsByType[type]?.count ?? 0
            for child in children[type] ?? [] { total += subtreeCommands(child, &seen) }
            return total
        }
        let tops = topmostContainers(of: relevant, children: children)
        let plan = WindowPlanner(model: model, idiom: idiomTests, commandsUnder: { type in
            var seen: Set<String> = []
            return subtreeCommands(type, &seen)
        }, topmostContainers: tops).plan()
        let own = keyWindowParts(commandsByType, state: &state)
        var window = NodeDefinition(kind: .window, name: "window", commands: own.commands, actions: own.actions, validations: own.validations)
        // UIKit's window dismisses no modal on Esc or ⌘W; a window class of the app's that does
        // declares those commands itself.
        window.dismissesModals = false
        guard let tree = plan.key?.tree else {
            window.children = [NodeDefinition(kind: .viewController, name: "root")]
            return ([window], plan)
        }
        // The app types the entry point nests in the root hold the children it gives them.
        func addExplicitChildren(_ node: RootTree) {
            for child in node.children {
                if node.container == nil, let type = child.firstAppType, !(children[node.name] ?? []).contains(type) {
                    children[node.name, default: []].append(type)
                }
                addExplicitChildren(child)
            }
        }
        addExplicitChildren(tree)
        let root: NodeDefinition
        if tree.container == nil, !isController(model.role(tree.name)) {
            // A SwiftUI view (or a plain view) at the root sits in a hosting controller, which
            // offers the shortcuts of the views it hosts.
            let hostName = model.role(tree.name) == .swiftUIView ? RootTree.Container.hosting.rawValue : Self.hostName(of: tree.name)
            state.hostedShortcuts.append(HostedShortcuts(path: "window/" + hostName))
            let view = node(tree.name, parentPath: "window/" + hostName, children: children, commandsByType: commandsByType, state: &state)
            var hosted = state.hostedShortcuts.popLast() ?? HostedShortcuts(path: "window/" + hostName)
            hosted.actions.formUnion(state.rootActions)
            var host = NodeDefinition(kind: .viewController, name: hostName)
            hosted.merge(into: &host)
            host.views.append(view)
            // SwiftUI's hosting controller takes focus for the views it hosts.
            if hostName == RootTree.Container.hosting.rawValue || !host.commands.isEmpty || !host.actions.isEmpty {
                host.canBecomeFirstResponder = true
            }
            root = host
        } else {
            var built = node(for: tree, parentPath: "window", children: children, commandsByType: commandsByType, state: &state)
            // The window's hosting controller performs the app's SwiftUI menu closures, also when
            // a representable wraps the content in a controller of its own.
            if tree.container == .hosting {
                HostedShortcuts(path: "window/" + built.name, actions: state.rootActions).merge(into: &built)
            }
            root = built
        }
        window.children = [root]
        return ([window], plan)
    }

    /// A node of the root tree: an app type as ``node(_:parentPath:children:commandsByType:state:)``
    /// builds it, or one of UIKit's containers holding its children.
    private func node(for tree: RootTree, parentPath: String, siblingName: String? = nil, children: [String: [String]],
                      commandsByType: [String: [ImportedCommand]], state: inout BuildState) -> NodeDefinition {
        guard let container = tree.container else {
            return node(tree.name, parentPath: parentPath, children: children, commandsByType: commandsByType, state: &state)
        }
        let name = siblingName ?? Self.nodeName(tree.name)
        let path = parentPath + "/" + name
        var result = NodeDefinition(kind: container.nodeKind, name: name)
        var used: [String: Int] = [:]
        for child in tree.children {
            if child.container == nil, state.paths[child.name] != nil { continue }
            var childName: String?
            if child.container != nil {
                let base = Self.nodeName(child.name)
                used[base, default: 0] += 1
                childName = used[base] == 1 ? base : base + "-\(used[base] ?? 0)"
            }
            let built = node(for: child, parentPath: path, siblingName: childName, children: children, commandsByType: commandsByType, state: &state)
            if child.container != nil || isController(model.role(child.name)) { result.children.append(built) } else { result.views.append(built) }
        }
        // A navigation controller's bar shows the search bar its screen installs
        // (``NavigationBarSearch``), as an app navigation controller's does.
        if container == .navigation, !state.searchesInNavigationBar.isEmpty {
            let searching = tree.children.filter { child in
                child.container == nil && installsSearchInNavigationBar(child.name, state: state)
                    && result.children.contains { $0.name == Self.nodeName(child.name) }
            }.map(\.name)
            if !searching.isEmpty { result.views.append(NavigationBarSearch.navigationBarNode(installedBy: searching)) }
        }
        return result
    }

    /// The topmost container of each type, as far up as the source nests it, sorted.
    func topmostContainers(of types: Set<String>, children: [String: [String]]) -> [String] {
        let parentOf = parents(children)
        var tops: Set<String> = []
        for type in types { tops.insert(topmost(type, parentOf: parentOf)) }
        return tops.sorted()
    }

    private func parents(_ children: [String: [String]]) -> [String: String] {
        var parentOf: [String: String] = [:]
        for (parent, list) in children.sorted(by: { $0.key < $1.key }) {
            for child in list where parentOf[child] == nil { parentOf[child] = parent }
        }
        return parentOf
    }

    private func topmost(_ type: String, parentOf: [String: String]) -> String {
        var top = type
        var seen: Set<String> = [type]
        while let parent = parentOf[top], placeable(model.role(parent)), seen.insert(parent).inserted { top = parent }
        return top
    }

    /// The types with commands or actions the scene does not hold, grouped by their topmost
    /// container, each with why the import could not place it.
    func unplacedTypes(relevant: Set<String>, children: [String: [String]], plan: WindowPlan, state: BuildState) -> [Unplaced] {
        let parentOf = parents(children)
        var groups: [String: [String]] = [:]
        for type in relevant.sorted() where state.paths[type] == nil {
            groups[topmost(type, parentOf: parentOf), default: []].append(type)
        }
        return groups.keys.sorted().map { top in
            let types = groups[top] ?? []
            if let conditional = plan.conditional.first(where: { $0.type == top }) {
                return Unplaced(type: top, types: types, reason: "the root of a window the app shows only under a run-time condition, or sets outside its entry point; that window is not key",
                                location: conditional.location)
            }
            if let edge = model.edges.first(where: { $0.child == top && $0.kind == .presented }) {
                let reason = state.paths[edge.parent] == nil ? "presented by \(edge.parent), which the scene does not hold"
                    : "presented by \(edge.parent) (a sheet or popover the user opens), not on the launch screen"
                return Unplaced(type: top, types: types, reason: reason, location: edge.location)
            }
            if let edge = model.edges.first(where: { $0.child == top }) {
                return Unplaced(type: top, types: types, reason: "contained by \(edge.parent), which the scene does not hold", location: edge.location)
            }
            return Unplaced(type: top, types: types, reason: "no containment the source shows creates or shows it; place it with an overlay "
                                + "line under \"place\" (docs/SceneImport.md)", location: model.index.type(named: top)?.location)
        }
    }

    /// The key window's own parts: the app's window class (``keyWindowClass(_:)``), when it
    /// has commands and is the only one, is the key window, placed at `window` (R11 walks
    /// through the window).
    func keyWindowParts(_ commandsByType: [String: [ImportedCommand]], state: inout BuildState) -> ResponderParts {
        guard let windowClass = keyWindowClass(commandsByType) else { return ResponderParts() }
        state.paths[windowClass] = "window"
        return responderParts(windowClass, commandsByType: commandsByType, state: &state)
    }

    /// The app's `UIWindow` subclass that provides key commands, when exactly one does: its
    /// commands are the key window's own. Else the app's `extension UIWindow` when it
    /// implements actions: every window, the key one included, performs them (a menu command
    /// whose action the window's extension claims).
    func keyWindowClass(_ commandsByType: [String: [ImportedCommand]]) -> String? {
        let classes = commandsByType.keys.filter { model.role($0) == .window && !(commandsByType[$0] ?? []).isEmpty }
        if classes.count == 1 { return classes.first }
        guard classes.isEmpty, let extended = model.index.type(named: Self.windowClass), extended.kind == .extensionOnly,
              !model.implementedActions(of: extended.name).isEmpty else { return nil }
        return extended.name
    }
}
