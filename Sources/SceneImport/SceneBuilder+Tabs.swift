import Scenes

extension SceneBuilder {
    /// Makes each app subclass of `UITabBarController` whose tabs the source lists a tab bar of
    /// the scene: its children are its tabs, in the order the source lists them, one per tab,
    /// then any other child. A tab the source wraps in a navigation controller
    /// (`Nav(rootViewController: Feed())`) is the controller it wraps, as the scene has one
    /// node per type and one wrapper class often wraps every tab. UIKit shows the first tab at
    /// launch, so only that tab's responders can be the launch first responder
    /// (``BuildState/hiddenAtLaunch``).
    func orderTabs(_ children: inout [String: [String]], state: inout BuildState) {
        let parents = Set(model.edges.filter { $0.kind == .tab }.map(\.parent))
        for parent in parents.sorted() where model.role(parent) == .controller && model.index.inherits(parent, from: "UITabBarController") {
            let (tabs, wrappers) = tabs(of: parent)
            guard !tabs.isEmpty else { continue }
            let listed = Set(tabs + wrappers)
            children[parent] = tabs + (children[parent] ?? []).filter { !listed.contains($0) }
            state.tabBars.insert(parent)
        }
    }

    /// The node kind of an app controller: an app subclass of `UITabBarController` whose tabs
    /// the source lists is a tab bar, and one of `UINavigationController` a navigation
    /// controller, as the UIKit class it inherits from behaves; either declaring commands of its
    /// own keeps them in place of the container's (responder-semantics §G) as a plain
    /// controller node.
    func containerKind(of type: String, hasCommands: Bool, state: BuildState) -> NodeDefinition.Kind {
        guard !hasCommands else { return .viewController }
        if state.tabBars.contains(type) { return .tabBarController }
        if model.index.inherits(type, from: "UINavigationController") { return .navigationController }
        return .viewController
    }

    /// The tab a tab bar of the app's shows at launch: the index its code selects as the app
    /// launches (``SelectedTabReader``) when it has that many tabs, else the first.
    func selectedTab(of type: String, tabs: Int, state: BuildState) -> Int {
        guard let selected = state.selectedTabs[type], selected < tabs else { return 0 }
        return selected
    }

    /// The paths of the children of `type` (at `path`) that its screen does not show at launch:
    /// a tab bar's tabs after the first, as UIKit shows the first tab, and the children a
    /// container tells of their appearance only later or pushes (``AppModel/appearsLater``).
    func childrenShownLater(of type: String, children: [String], path: String, state: BuildState) -> [String] {
        let later = model.appearsLater[type] ?? []
        let selected = selectedTab(of: type, tabs: children.count, state: state)
        let hidden = children.enumerated().filter { position, name in
            later.contains(name) || (state.tabBars.contains(type) && position != selected)
        }
        return hidden.map { path + "/" + $0.element }
    }

    /// The tabs of `parent` in the source's order (each tab's wrapped controller) and the
    /// navigation controllers wrapping them.
    private func tabs(of parent: String) -> (tabs: [String], wrappers: [String]) {
        var groups: [(position: Int, members: [String])] = []
        var unlisted = Int.max / 2
        for edge in model.edges where edge.parent == parent && edge.kind == .tab && placeable(model.role(edge.child)) {
            let position = edge.tab ?? { unlisted += 1; return unlisted }()
            if let found = groups.firstIndex(where: { $0.position == position }) {
                groups[found].members.append(edge.child)
            } else {
                groups.append((position, [edge.child]))
            }
        }
        var tabs: [String] = []
        var wrappers: [String] = []
        for group in groups.sorted(by: { $0.position < $1.position }) {
            let wrapped = group.members.filter { !model.index.inherits($0, from: "UINavigationController") }
            guard let shown = wrapped.last ?? group.members.last else { continue }
            if !tabs.contains(shown) { tabs.append(shown) }
            wrappers += group.members.filter { $0 != shown && !wrappers.contains($0) }
        }
        return (tabs, wrappers.filter { !tabs.contains($0) })
    }
}
