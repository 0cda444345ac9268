import Scenes

extension SceneBuilder {
    /// The containers of the key window a push lands in: the paths of its navigation
    /// controllers, and of its tab bar controllers with their tabs' names and the tab shown at
    /// launch.
    struct ContainerPaths {
        var navigations: [String] = []
        var tabBars: [String: (tabs: [String], selected: Int)] = [:]

        /// The navigation controller a push from `path` lands in: the nearest one above it.
        func navigation(above path: String) -> String? {
            navigations.filter { path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
        }

        /// The tabs to select, outermost first, so that the responder at `path` is on screen:
        /// for each tab bar above it that shows another tab at launch, the tab holding it.
        func tabsToSelect(toShow path: String) -> [Int] {
            tabBars.filter { path.hasPrefix($0.key + "/") }.sorted { $0.key.count < $1.key.count }.compactMap { tabBar, entry in
                let next = path.dropFirst(tabBar.count + 1).prefix { $0 != "/" }
                guard let position = entry.tabs.firstIndex(where: { $0 == next }), position != entry.selected else { return nil }
                return position
            }
        }
    }

    /// The key window's containers (``ContainerPaths``), read from the built windows.
    static func containerPaths(in windows: [NodeDefinition]) -> ContainerPaths {
        var found = ContainerPaths()
        func walk(_ node: NodeDefinition, path: String) {
            switch node.kind {
            case .navigationController: found.navigations.append(path)
            case .tabBarController: found.tabBars[path] = (node.children.map(\.name), node.selectedTab)
            default: break
            }
            for child in node.children { walk(child, path: path + "/" + child.name) }
        }
        for window in windows { walk(window, path: window.name) }
        return found
    }

    /// The steps of the state that shows `shown`, the node of a screen another screen pushes
    /// or shows (``isPushedByController(_:)``): the tabs that bring the pusher on screen, then
    /// the push from it, onto the navigation controller holding it. `nil` when the key window
    /// does not hold the pusher inside a navigation controller: the screen is then presented,
    /// as `show(_:sender:)` does outside one.
    func pushSteps(showing shown: String, by edge: AppModel.Edge, state: BuildState) -> [SceneState.Step]? {
        guard isPushedByController(edge), let pusher = state.paths[edge.parent], pusher.hasPrefix("window/"),
              state.containers.navigation(above: pusher) != nil else { return nil }
        let tabs = state.containers.tabsToSelect(toShow: pusher).map { SceneState.Step(effect: .selectTab($0), from: pusher) }
        return tabs + [SceneState.Step(effect: .push(shown), from: pusher)]
    }
}
