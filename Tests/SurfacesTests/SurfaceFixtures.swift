import CLITestSupport
import KeyTraceCore
import ResponderEngine
import Scenes
import Surfaces
import Testing

/// The path of a fixture scene of `Tests/SurfacesFixtures`.
func fixturePath(_ name: String) -> String { "\(repositoryRoot)/Tests/SurfacesFixtures/\(name).json" }

/// A fixture scene loaded on `platform`, with its dispatcher.
func loadFixture(_ name: String, platform: Platform = .catalyst) throws -> (SceneRuntime, KeyDispatcher) {
    let runtime = try SceneRuntime(contentsOf: fixturePath(name))
    runtime.application.platformVersion = PlatformVersion(platform)
    let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
    return (runtime, dispatcher)
}

/// The menu bar of a fixture scene.
func menuBar(_ name: String) throws -> MenuBar {
    let (runtime, dispatcher) = try loadFixture(name)
    return MenuBar(scene: runtime.definition.name, appName: runtime.definition.name, dispatcher: dispatcher)
}

/// The overlay of a fixture scene.
func overlay(_ name: String) throws -> DiscoverabilityOverlay {
    let (runtime, dispatcher) = try loadFixture(name, platform: .ipad)
    return DiscoverabilityOverlay(scene: runtime.definition.name, appName: runtime.definition.name, dispatcher: dispatcher)
}

extension MenuBarMenu {
    /// The item titled `title`, searched depth-first; drawn or not.
    func command(_ title: String) -> MenuBarCommand? {
        for item in items {
            switch item {
            case .command(let command) where command.title == title: return command
            case .submenu(let submenu): if let found = submenu.command(title) { return found }
            default: continue
            }
        }
        return nil
    }

    /// The submenu titled `title` among the items.
    func submenu(_ title: String) -> MenuBarMenu? {
        for case .submenu(let submenu) in items where submenu.title == title { return submenu }
        return nil
    }

    /// The items as short words: a command's title, `--` for a separator, `Title ▸` for a
    /// submenu, `[Search]` for the search field.
    var outline: [String] {
        items.map { item in
            switch item {
            case .command(let command): return command.title
            case .separator: return "--"
            case .submenu(let submenu): return submenu.title + " ▸"
            case .searchField: return "[Search]"
            }
        }
    }
}

extension MenuBar {
    /// The top-level menu titled `title`.
    func menu(_ title: String) -> MenuBarMenu? { menus.first { $0.title == title } }
}
