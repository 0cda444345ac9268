import CLITestSupport
import Foundation
import Testing
@testable import SceneImport
@testable import SceneImportResources
import Scenes

/// Containment from Interface Builder: a scene configuration's storyboard gives the window's
/// root, relationship and embed segues give children.
@Suite struct StoryboardTests {
    static let storyboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <connections>
                                <segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController id="list" customClass="InboxViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v1">
                                <subviews>
                                    <containerView opaque="NO" id="c1">
                                        <connections>
                                            <segue destination="detail" kind="embed" id="e1"/>
                                        </connections>
                                    </containerView>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewController id="detail" customClass="PreviewViewController" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
            <key>UIApplicationSceneManifest</key>
            <dict>
                <key>UISceneConfigurations</key>
                <dict>
                    <key>UIWindowSceneSessionRoleApplication</key>
                    <array><dict>
                        <key>UISceneDelegateClassName</key><string>$(PRODUCT_MODULE_NAME).SceneDelegate</string>
                        <key>UISceneStoryboardFile</key><string>Mail</string>
                    </dict></array>
                </dict>
            </dict>
        </dict></plist>
        """

    static let swift = """
        import UIKit
        class InboxViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(reply))] }
            @objc func reply() {}
        }
        class PreviewViewController: UIViewController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "d", modifierFlags: .command, action: #selector(discard))] }
            @objc func discard() {}
        }
        """

    @Test func segueRelationshipsAndTheInitialController() throws {
        let file = SourceFiles.File(path: "Mail.storyboard", displayPath: "Base.lproj/Mail.storyboard")
        let storyboard = try #require(Storyboard(data: Data(Self.storyboard.utf8), file: file))
        #expect(storyboard.name == "Mail")
        #expect(storyboard.initialController == "nav")
        #expect(storyboard.appClass(of: "nav") == "InboxViewController")  // through the plain navigation controller
        #expect(storyboard.relationships.map(\.kind) == ["rootViewController", "embed"])
    }

    @Test func anAppFolderWithAStoryboardNestsItsControllers() throws {
        let dir = ScratchDirectory.make() + "/Mail"
        try FileManager.default.createDirectory(atPath: dir + "/Base.lproj", withIntermediateDirectories: true)
        try Self.storyboard.write(toFile: dir + "/Base.lproj/Mail.storyboard", atomically: true, encoding: .utf8)
        try Self.infoPlist.write(toFile: dir + "/Info.plist", atomically: true, encoding: .utf8)
        try Self.swift.write(toFile: dir + "/Controllers.swift", atomically: true, encoding: .utf8)
        let result = try SceneImporter().importApp(at: [dir])
        #expect(result.report.sceneError == nil)
        #expect(result.report.unplacedTypes.isEmpty)
        // The storyboard's initial navigation controller is UIKit's own: the scene holds it.
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.keyWindow.decidedBy == "storyboard")
        #expect(result.report.responderPaths["InboxViewController"] == "window/UINavigationController/InboxViewController")
        #expect(result.report.responderPaths["PreviewViewController"] == "window/UINavigationController/InboxViewController/PreviewViewController")
        #expect(result.report.containment.contains { $0.hasPrefix("InboxViewController → PreviewViewController (child)") })
    }

    /// An `extension UITabBarController` building ⌘1…⌘n from `tabBar.items`, in an app whose
    /// tabs only the storyboard gives: one command per tab the storyboard's tab bar controller has.
    @Test func tabBarItemsCountTheStoryboardsTabs() throws {
        let dir = ScratchDirectory.make() + "/Tabs"
        try FileManager.default.createDirectory(atPath: dir + "/Base.lproj", withIntermediateDirectories: true)
        let tabs = (1...3).map { "<segue destination=\"t\($0)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"s\($0)\"/>" }
        var controllers = (2...3).map { "<scene sceneID=\"c\($0)\"><objects><viewController id=\"t\($0)\" sceneMemberID=\"viewController\"/></objects></scene>" }
        controllers.append("""
            <scene sceneID="c1"><objects><navigationController id="t1" sceneMemberID="viewController"><connections>\
            <segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections></navigationController></objects></scene>
            <scene sceneID="c4"><objects><viewController id="list" customClass="ListViewController" sceneMemberID="viewController"/></objects></scene>
            """)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="tabs">
                <scenes>
                    <scene sceneID="root"><objects>
                        <tabBarController id="tabs" sceneMemberID="viewController">
                            <connections>\(tabs.joined())</connections>
                        </tabBarController>
                    </objects></scene>
                    \(controllers.joined())
                </scenes>
            </document>
            """.write(toFile: dir + "/Base.lproj/Main.storyboard", atomically: true, encoding: .utf8)
        try """
            import UIKit
            extension UITabBarController {
                open override var keyCommands: [UIKeyCommand]? {
                    tabBar.items?.enumerated().map { index, item in
                        UIKeyCommand(input: "\\(index + 1)", modifierFlags: .command, action: #selector(selectTab))
                    }
                }
                @objc func selectTab(sender: UIKeyCommand) {}
            }
            class ListViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(add))] }
                @objc func add() {}
            }
            """.write(toFile: dir + "/Tabs.swift", atomically: true, encoding: .utf8)
        let result = try SceneImporter().importApp(at: [dir])
        #expect(result.inventory.map(\.displayShortcut).sorted() == ["cmd+1", "cmd+2", "cmd+3", "cmd+n"])
        #expect(result.inventory.filter { $0.declaredIn == "UITabBarController" }.allSatisfy { $0.action == "selectTabWithSender:" })
        // The storyboard's plain tab bar controller is the key window's root (`Main`, with no
        // `Info.plist` to name another), since the app extends its class with key commands;
        // the plain navigation controller is not, since the app does not extend it.
        #expect(result.report.responderPaths["UITabBarController"] == "window/UITabBarController")
        #expect(result.report.responderPaths["ListViewController"] == "window/UITabBarController/ListViewController")
        #expect(result.report.unresolved.isEmpty)
    }

    /// `instantiateViewController(withIdentifier:)` without a cast makes the class of the
    /// storyboard controller with that identifier, looking through a plain navigation
    /// controller: a sidebar showing it holds it.
    @Test func aControllerInstantiatedByItsStoryboardIdentifierIsTheStoryboardsClass() throws {
        let dir = ScratchDirectory.make() + "/Runner"
        try FileManager.default.createDirectory(atPath: dir + "/Base.lproj", withIntermediateDirectories: true)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController storyboardIdentifier="runModule" id="run" customClass="RunModuleViewController" sceneMemberID="viewController"/>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <navigationController storyboardIdentifier="settings" id="nav" sceneMemberID="viewController">
                            <connections><segue destination="prefs" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="s3"><objects>
                        <viewController id="prefs" customClass="SettingsViewController" sceneMemberID="viewController"/>
                    </objects></scene>
                </scenes>
            </document>
            """.write(toFile: dir + "/Base.lproj/Panels.storyboard", atomically: true, encoding: .utf8)
        try """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = Sidebar()
                }
            }
            final class Sidebar: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let runner = UIStoryboard(name: "Panels", bundle: .main).instantiateViewController(withIdentifier: "runModule")
                    addChild(runner)
                    present(storyboard!.instantiateViewController(withIdentifier: "settings"), animated: true)
                }
            }
            final class RunModuleViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(run))] }
                @objc func run() {}
            }
            final class SettingsViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "w", modifierFlags: .command, action: #selector(close))] }
                @objc func close() {}
            }
            """.write(toFile: dir + "/Controllers.swift", atomically: true, encoding: .utf8)
        let result = try SceneImporter().importApp(at: [dir])
        #expect(result.report.responderPaths["RunModuleViewController"] == "window/Sidebar/RunModuleViewController")
        #expect(result.report.containment.contains { $0.hasPrefix("Sidebar → SettingsViewController (presented)") })
    }
}

extension StoryboardTests {
    /// A cell's `show` segue pushes its screen as `pushViewController` does (a state pushing
    /// it from the list), and a bar button's presentation segue to a navigation controller
    /// presents that controller's root (a state presenting it); neither is the list's child.
    @Test func showAndPresentationSeguesAreStates() throws {
        let dir = ScratchDirectory.make() + "/Mail"
        try FileManager.default.createDirectory(atPath: dir + "/Base.lproj", withIntermediateDirectories: true)
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="nav">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <tableViewController id="list" customClass="InboxViewController" sceneMemberID="viewController">
                            <tableView key="view" id="t1">
                                <prototypes>
                                    <tableViewCell reuseIdentifier="Cell" id="cell1">
                                        <connections><segue destination="detail" kind="show" id="g1"/></connections>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                            <navigationItem key="navigationItem" id="n1">
                                <barButtonItem key="rightBarButtonItem" id="b1">
                                    <connections><segue destination="settingsNav" kind="presentation" id="g2"/></connections>
                                </barButtonItem>
                            </navigationItem>
                        </tableViewController>
                    </objects></scene>
                    <scene sceneID="s3"><objects>
                        <viewController id="detail" customClass="PreviewViewController" sceneMemberID="viewController"/>
                    </objects></scene>
                    <scene sceneID="s4"><objects>
                        <navigationController id="settingsNav" sceneMemberID="viewController">
                            <connections><segue destination="settings" kind="relationship" relationship="rootViewController" id="r2"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="s5"><objects>
                        <viewController id="settings" customClass="SettingsViewController" sceneMemberID="viewController"/>
                    </objects></scene>
                </scenes>
            </document>
            """.write(toFile: dir + "/Base.lproj/Mail.storyboard", atomically: true, encoding: .utf8)
        try Self.infoPlist.write(toFile: dir + "/Info.plist", atomically: true, encoding: .utf8)
        try (Self.swift + """

            class SettingsViewController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "w", modifierFlags: .command, action: #selector(close))] }
                @objc func close() {}
            }
            """).write(toFile: dir + "/Controllers.swift", atomically: true, encoding: .utf8)
        let result = try SceneImporter().importApp(at: [dir])
        #expect(result.report.sceneError == nil)
        #expect(result.report.unplacedTypes.isEmpty)
        #expect(result.report.containment.contains { $0.hasPrefix("InboxViewController → PreviewViewController (child)") }, "\(result.report.containment)")
        #expect(result.report.containment.contains { $0.hasPrefix("InboxViewController → SettingsViewController (presented)") })
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let list = "window/UINavigationController/InboxViewController"
        #expect(definition.states.first { $0.name == "PreviewViewController" }?.steps == [SceneState.Step(effect: .push("PreviewViewController"), from: list)])
        #expect(definition.states.first { $0.name == "SettingsViewController" }?.steps == [SceneState.Step(effect: .present("SettingsViewController"))])
    }
}
