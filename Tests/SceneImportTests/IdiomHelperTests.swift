import KeyTraceCore
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// An app's own names for the idiom and size-class tests (``IdiomHelpers``) decide as the tests
/// they return: the layout the scene builds and the commands it offers are the device's.
@Suite struct IdiomHelperTests {
    /// A coordinator that picks the layout with a global helper built on another helper
    /// (`isMacOrPad` returns `!isPhone`).
    static let layoutApp = [
        "SceneDelegate.swift": """
            import UIKit
            public var isPhone: Bool {
                return UIDevice.current.userInterfaceIdiom == .phone
            }
            public var isMacOrPad: Bool {
                return !isPhone
            }
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    let home = HomeCoordinator()
                    window?.rootViewController = home.viewController
                }
            }
            class HomeCoordinator {
                var viewController: UIViewController?
                init() {
                    if isMacOrPad {
                        self.viewController = DesktopHome()
                    } else {
                        self.viewController = PhoneHome()
                    }
                }
            }
            class DesktopHome: UIViewController {}
            class PhoneHome: UIViewController {}
            """,
    ]

    @Test func aHelperThatReturnsAnIdiomTestDecidesTheLayout() throws {
        let pad = try SourceApp.importing(Self.layoutApp, idiom: .pad)
        #expect(pad.report.keyWindow.root == "DesktopHome")
        let phone = try SourceApp.importing(Self.layoutApp, idiom: .phone)
        #expect(phone.report.keyWindow.root == "PhoneHome")
    }

    /// A property of a type returning a size-class test (`var isCompact: Bool {
    /// horizontalSizeClass == .compact }`) decides a command's condition: the iPad in full screen
    /// is regular. A name the app also declares as a stored property is no helper: a test that
    /// names it stays a run-time one.
    @Test func aHelperPropertyDecidesACommandAndAnAmbiguousNameDoesNot() throws {
        var app = SourceApp.appDelegate(launch: "window?.rootViewController = Editor()")
        app["Editor.swift"] = """
            import UIKit
            class Editor: UIViewController {
                var isCompact: Bool { traitCollection.horizontalSizeClass == .compact }
                var isNarrow: Bool { traitCollection.horizontalSizeClass == .compact }
                override var keyCommands: [UIKeyCommand]? {
                    var commands: [UIKeyCommand] = []
                    if isCompact {
                        commands.append(UIKeyCommand(input: "c", modifierFlags: .command, action: #selector(compactOnly)))
                    }
                    if !isCompact {
                        commands.append(UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(regularOnly)))
                    }
                    if isNarrow {
                        commands.append(UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(narrow)))
                    }
                    return commands
                }
                @objc func compactOnly() {}
                @objc func regularOnly() {}
                @objc func narrow() {}
            }
            class Settings {
                var isNarrow = false
            }
            """
        let result = try SourceApp.importing(app, idiom: .pad)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let editor = try #require(definition.windows.first?.children.first)
        #expect(editor.commands.map { "\($0.command.action?.name ?? "") \($0.condition?.state ?? "always")" } == [
            "regularOnly always", "narrow isNarrow",
        ])
        #expect(result.report.unresolved.count == 1)
    }
}
