import Foundation
import Scenes
import Testing

@testable import SceneImport

/// The end of every chain after the application: an app delegate whose overridden `next`
/// returns a coordinator the app services hold. The sources are written for these tests.
@Suite struct ChainEndTests {
    static let app = [
        "AppDelegate.swift": """
            import UIKit
            @main
            class AppDelegate: UIResponder, UIApplicationDelegate {
                var window: UIWindow?
                let services = AppServices()
                override var next: UIResponder? { services.mainCoordinator }
                func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    window?.rootViewController = Library()
                    return true
                }
            }
            final class AppServices {
                lazy var mainCoordinator = MainCoordinator()
            }
            final class MainCoordinator: UIResponder {
                override func buildMenu(with builder: UIMenuBuilder) {
                    let settings = UIKeyCommand(title: "Settings", action: #selector(showSettings), input: ",", modifierFlags: .command)
                    builder.insertChild(UIMenu(options: .displayInline, children: [settings]), atEndOfMenu: .application)
                }
                @objc func showSettings() {}
            }
            final class Library: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
                @objc func find() {}
            }
            """,
    ]

    @Test func aCoordinatorTheAppDelegatesNextReturnsPerformsTheMenuCommandsItImplements() throws {
        let result = try SceneImporter().importSources(Self.app.map { (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value) })
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.appDelegate?.name == "AppDelegate")
        #expect(definition.appDelegate?.next == "MainCoordinator")
        #expect(definition.responders.map(\.name) == ["MainCoordinator"])
        #expect(!result.report.unplaced.contains { $0.type == "MainCoordinator" })

        #expect(definition.responders.first?.actions.map(\.action) == ["showSettings"])
        // The live chain runs on from the app delegate to the coordinator.
        let runtime = try SceneRuntime(definition: definition, file: "scene")
        #expect(runtime.application.delegate?.next?.name == "MainCoordinator")
        #expect(runtime.responder(at: "MainCoordinator") != nil)
    }

    /// An app's `extension UIWindow` that implements the action its main-menu commands share
    /// makes the key window their performer: with no first responder, ⌘⇧1 fires on the window.
    @Test func anExtensionOfUIWindowPerformsTheMenuCommandsItsActionNames() throws {
        let sources = [
            "AppDelegate.swift": """
                import UIKit
                @main
                class AppDelegate: UIResponder, UIApplicationDelegate {
                    var window: UIWindow?
                    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        window?.rootViewController = UINavigationController()
                        return true
                    }
                    override func buildMenu(with builder: UIMenuBuilder) {
                        let toggle = UIKeyCommand(title: "Toggle Left Part", action: #selector(UIWindow.onAction(command:)),
                                                  input: "1", modifierFlags: [.command, .shift])
                        builder.insertChild(UIMenu(title: "", options: .displayInline, children: [toggle]), atEndOfMenu: .view)
                    }
                }
                extension UIWindow {
                    @objc func onAction(command: UIKeyCommand) {}
                }
                """,
        ]
        let result = try SceneImporter().importSources(sources.map { (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value) })
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.windows.first?.actions.map(\.action) == ["onActionWithCommand:"])
    }
}
