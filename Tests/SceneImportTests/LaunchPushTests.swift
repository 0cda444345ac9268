import CLITestSupport
import Foundation
import SceneImportTestSupport
import Testing

@testable import SceneImport

/// A coordinator sets the window's root to its empty navigation controller, then a child
/// coordinator it starts pushes the home screen onto it: at launch the window shows the home
/// screen inside that navigation controller. The sources are written for this test.
@Suite struct LaunchPushTests {
    static let sources = """
        import UIKit
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            var coordinator: AppCoordinator?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                guard let windowScene = (scene as? UIWindowScene) else { return }
                let window = UIWindow(windowScene: windowScene)
                self.window = window
                coordinator = AppCoordinator(window: window)
                coordinator?.start()
            }
        }
        protocol Coordinator: AnyObject {
            var children: [Coordinator] { get set }
            func start()
        }
        final class AppCoordinator: Coordinator {
            var children: [Coordinator] = []
            private let window: UIWindow
            private let navigationController = UINavigationController()
            init(window: UIWindow) { self.window = window }
            func start() {
                window.rootViewController = navigationController
                window.makeKeyAndVisible()
                let home = HomeCoordinator(navigationController: navigationController)
                children.append(home)
                home.start()
            }
        }
        final class HomeCoordinator: Coordinator {
            var children: [Coordinator] = []
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() {
                let home = HomeViewController()
                home.onOpen = { [weak self] in self?.showDetail() }
                navigationController.pushViewController(home, animated: false)
            }
            func showDetail() {
                navigationController.pushViewController(DetailViewController(), animated: true)
            }
        }
        final class HomeViewController: UIViewController {
            var onOpen: (() -> Void)?
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(newItem))] }
            @objc func newItem() {}
        }
        final class DetailViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(edit))] }
            @objc func edit() {}
        }
        """

    @Test func theFirstScreenAChildCoordinatorPushesIsInTheRootNavigationController() throws {
        let dir = ScratchDirectory.make() + "/Coordinated"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Self.sources.write(toFile: dir + "/App.swift", atomically: true, encoding: .utf8)
        let result = try SceneImporter().importApp(at: [dir])
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.responderPaths["HomeViewController"] == "window/UINavigationController/HomeViewController")
        // What an action pushes later is a screen the user reaches, not the launch screen.
        #expect(result.report.responderPaths["DetailViewController"]?.hasPrefix("window/UINavigationController/HomeViewController") != true)
    }
}
