import Foundation
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// Containment a protocol extension's methods show: the flows of a messaging app share one
/// `extension Flow` that builds the discussion screen and shows it. The sources are written for
/// these tests.
@Suite struct ProtocolContainmentTests {
    static let app = SourceApp.sceneDelegate(root: "Tabs()").merging([
        "Flow.swift": """
            import UIKit
            protocol SomeDiscussion: UIViewController {}
            final class Discussion: UIViewController, SomeDiscussion {
                let composer = UITextView()
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "\\r", modifierFlags: .command, action: #selector(send))]
                }
                @objc func send() {}
            }
            protocol Flow: UINavigationController {}
            protocol ListFlow: Flow {}
            extension Flow {
                func open() {
                    // A `guard let` of the same name in the loop's body is not the one shown.
                    for child in children {
                        guard let shown = child as? SomeDiscussion else { continue }
                        popToViewController(shown, animated: true)
                        return
                    }
                    let shown: SomeDiscussion
                    do {
                        shown = try build()
                    } catch {
                        return
                    }
                    showDetailViewController(shown, sender: self)
                }
                func build() throws -> SomeDiscussion {
                    let made = try make()
                    return made
                }
                func make() throws -> Discussion { Discussion() }
            }
            final class Chats: UINavigationController, ListFlow {}
            final class Contacts: UINavigationController, Flow {}
            final class Tabs: UITabBarController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    viewControllers = [Chats(), Contacts()]
                }
            }
            """,
    ]) { first, _ in first }

    @Test func aProtocolExtensionsContainmentBelongsToEachClassAdoptingIt() throws {
        let result = try SourceApp.importing(Self.app)
        // Adopted directly and through a protocol that inherits it; the protocol itself holds
        // nothing, and the child is the class the methods build, not the protocol they declare.
        #expect(result.report.containment.contains { $0.hasPrefix("Chats → Discussion (child)") })
        #expect(result.report.containment.contains { $0.hasPrefix("Contacts → Discussion (child)") })
        #expect(!result.report.containment.contains { $0.hasPrefix("Flow →") || $0.contains("→ SomeDiscussion") })
        #expect(!result.report.unplaced.contains { $0.type == "Discussion" })
    }

    /// `Detail.newFromStoryboard()`, a protocol extension's `static func … -> Self`, makes a
    /// `Detail`; an alert class's own `present(from: root)` shows the alert, not the root.
    @Test func aStaticFactoryReturningSelfMakesTheTypeItIsCalledOn() throws {
        let result = try SourceApp.importing(SourceApp.sceneDelegate(root: "Root()").merging([
            "Root.swift": """
                import UIKit
                protocol StoryboardCreation: UIViewController {
                    static func newFromStoryboard() -> Self
                }
                extension StoryboardCreation {
                    static func newFromStoryboard() -> Self {
                        UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() as! Self
                    }
                }
                final class Detail: UIViewController, StoryboardCreation {}
                final class Banner: UIViewController {
                    func present(from presenter: UIViewController) {
                        presenter.present(self, animated: true)
                    }
                    func show() {
                        present(from: Root.current())
                    }
                }
                final class Root: UIViewController, StoryboardCreation {
                    let navigator = UINavigationController()
                    static func current() -> Root { Root() }
                    func openDetail() {
                        if let shown = navigator.visibleViewController as? Detail { return }
                        let shown = Detail.newFromStoryboard()
                        navigator.setViewControllers([shown], animated: false)
                    }
                }
                """,
        ]) { first, _ in first })
        #expect(result.report.containment.contains { $0.hasPrefix("Root → Detail") })
        #expect(!result.report.containment.contains { $0.hasPrefix("Banner → Root") })
    }
}
