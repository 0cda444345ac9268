import Foundation
import SceneImportTestSupport
import Testing

@testable import SceneImport

/// The coordinator pattern: the scene delegate makes an empty navigation controller, hands it
/// to a coordinator that stores it and pushes the first screen when started, then sets the
/// navigation controller as the window's root. The sources are written for this test.
@Suite struct CoordinatorHandOverTests {
    static func sources(start: String) -> String {
        """
        import UIKit
        class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            var coordinator: MainCoordinator?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                guard let windowScene = scene as? UIWindowScene else { return }
                let navController = UINavigationController()
                coordinator = MainCoordinator(navigationController: navController)
                coordinator?.start()
                window = UIWindow(windowScene: windowScene)
                window?.rootViewController = navController
                window?.makeKeyAndVisible()
            }
        }
        final class MainCoordinator {
            let navigationController: UINavigationController
            init(navigationController: UINavigationController) {
                self.navigationController = navigationController
            }
            func start() {
        \(start)
            }
            func showList() {
                navigationController.pushViewController(ListViewController(), animated: false)
            }
        }
        final class DetailCoordinator {
            private let navigationController: UINavigationController
            init(_ navigationController: UINavigationController) { self.navigationController = navigationController }
            func start() { navigationController.setViewControllers([DetailViewController()], animated: false) }
        }
        final class ListViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
            @objc func find() {}
        }
        final class DetailViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "e", modifierFlags: .command, action: #selector(edit))] }
            @objc func edit() {}
        }
        """
    }

    /// What the started coordinator pushes, itself or through a method it calls on `self`, is
    /// in the navigation controller the window shows.
    @Test(arguments: [
        "        navigationController.pushViewController(ListViewController(), animated: false)",
        "        showList()",
    ])
    func theScreenAStartedCoordinatorPushesIsInTheRootNavigationController(start: String) throws {
        let result = try TemporaryApp.importing(["App/App.swift": Self.sources(start: start)], folder: "App")
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.responderPaths["ListViewController"] == "window/UINavigationController/ListViewController")
    }

    /// A coordinator that hands its navigation controller on to a child coordinator (an
    /// unlabelled parameter) places what the child sets.
    @Test func aChildCoordinatorGivenTheNavigationControllerFillsIt() throws {
        let result = try TemporaryApp.importing([
            "App/App.swift": Self.sources(start: "        DetailCoordinator(navigationController).start()"),
        ], folder: "App")
        #expect(result.report.responderPaths["DetailViewController"] == "window/UINavigationController/DetailViewController")
    }

    /// A coordinator that is never started pushes nothing at launch: the navigation controller
    /// stays empty, and the screen is no part of the key window.
    @Test func aCoordinatorNeverStartedLeavesTheNavigationControllerEmpty() throws {
        let source = Self.sources(start: "        showList()").replacingOccurrences(of: "coordinator?.start()", with: "")
        let result = try TemporaryApp.importing(["App/App.swift": source], folder: "App")
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.responderPaths["ListViewController"]?.hasPrefix("window/") != true)
    }

    /// Coordinators that hand the navigation controller on, each to the next, are followed a
    /// few levels down; a chain of them that never ends in a push places nothing, and the
    /// import ends.
    @Test(arguments: [(3, true), (40, false)])
    func aChainOfCoordinatorsIsFollowedWithinItsBound(levels: Int, placed: Bool) throws {
        var types = ""
        for level in 1...levels {
            let next = level == levels && placed
                ? "navigationController.pushViewController(ListViewController(), animated: false)"
                : "Coordinator\(level + 1)(navigationController: navigationController).start()"
            types += """
                final class Coordinator\(level) {
                    let navigationController: UINavigationController
                    init(navigationController: UINavigationController) { self.navigationController = navigationController }
                    func start() { \(next) }
                }

                """
        }
        let source = Self.sources(start: "        Coordinator1(navigationController: navigationController).start()") + "\n" + types
        let result = try TemporaryApp.importing(["App/App.swift": source], folder: "App")
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect((result.report.responderPaths["ListViewController"] == "window/UINavigationController/ListViewController") == placed)
    }
}

