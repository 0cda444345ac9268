import Foundation
import SceneImportTestSupport
import Testing

@testable import SceneImport

/// A split view controller of the app's that sets its own columns (`setViewController(_:for:)`,
/// `setViewController:forColumn:`): the iPad shows its primary, supplementary and secondary
/// columns as its children, a phone its compact column. The sources are written for this test.
@Suite struct SplitViewColumnImportTests {
    /// A scene delegate whose window root is `RootSplit`, which sets its columns in its
    /// initialiser from lazy properties.
    static let swiftApp = [
        "SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                    window?.rootViewController = RootSplit()
                }
            }
            """,
        "RootSplit.swift": """
            import UIKit
            final class RootSplit: UISplitViewController {
                private(set) lazy var content: ContentSplit = {
                    let content = ContentSplit()
                    content.delegate = self
                    return content
                }()
                private(set) lazy var search = SearchController()
                lazy var compactTabs = PhoneTabs()
                init() {
                    super.init(style: .doubleColumn)
                    setViewController(search, for: .primary)
                    setViewController(content, for: UISplitViewController.Column.secondary)
                    setViewController(compactTabs, for: .compact)
                }
            }
            final class ContentSplit: UISplitViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(compose))] }
                @objc func compose() {}
            }
            final class SearchController: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
                @objc func find() {}
            }
            final class PhoneTabs: UITabBarController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "1", modifierFlags: .command, action: #selector(first))] }
                @objc func first() {}
            }
            """,
    ]

    @Test func anIPadShowsTheColumnsASplitViewSetsOnItselfAndAPhoneItsCompactColumn() throws {
        let pad = try SourceApp.importing(Self.swiftApp, idiom: .pad)
        #expect(pad.report.keyWindow.root == "RootSplit")
        #expect(pad.report.responderPaths["SearchController"] == "window/RootSplit/SearchController")
        #expect(pad.report.responderPaths["ContentSplit"] == "window/RootSplit/ContentSplit")
        #expect(pad.report.responderPaths["PhoneTabs"] == nil)
        #expect(pad.report.unplaced.map(\.type) == ["PhoneTabs"])

        let phone = try SourceApp.importing(Self.swiftApp, idiom: .phone)
        #expect(phone.report.responderPaths["PhoneTabs"] == "window/RootSplit/PhoneTabs")
        #expect(phone.report.responderPaths["SearchController"] == nil)
    }

    /// Without a compact column, a phone collapses the other columns into one stack: they
    /// stay in its scene.
    @Test func aPhoneKeepsTheColumnsOfASplitViewWithoutACompactColumn() throws {
        var app = Self.swiftApp
        app["RootSplit.swift"] = app["RootSplit.swift"]?.replacingOccurrences(of: "setViewController(compactTabs, for: .compact)", with: "")
        let phone = try SourceApp.importing(app, idiom: .phone)
        #expect(phone.report.responderPaths["SearchController"] == "window/RootSplit/SearchController")
        #expect(phone.report.responderPaths["ContentSplit"] == "window/RootSplit/ContentSplit")
    }

    @Test func objectiveCColumnsAreTheSplitViewsChildrenOnAnIPad() throws {
        let result = try TemporaryApp.importing([
            "App/AppDelegate.m": """
                #import <UIKit/UIKit.h>
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    self.window.rootViewController = [[RootSplit alloc] init];
                    return YES;
                }
                @end
                """,
            "App/RootSplit.m": """
                #import <UIKit/UIKit.h>
                @implementation RootSplit
                - (instancetype)init {
                    self = [super initWithStyle:UISplitViewControllerStyleDoubleColumn];
                    [self setViewController:[[Sidebar alloc] init] forColumn:UISplitViewControllerColumnPrimary];
                    [self setViewController:[[Editor alloc] init] forColumn:UISplitViewControllerColumnSecondary];
                    [self setViewController:[[PhoneEditor alloc] init] forColumn:UISplitViewControllerColumnCompact];
                    return self;
                }
                @end
                """,
            "App/Controllers.h": """
                #import <UIKit/UIKit.h>
                @interface AppDelegate : UIResponder <UIApplicationDelegate>
                @property (strong, nonatomic) UIWindow *window;
                @end
                @interface RootSplit : UISplitViewController
                @end
                @interface Sidebar : UIViewController
                @end
                @interface Editor : UIViewController
                @end
                @interface PhoneEditor : UIViewController
                @end
                """,
            "App/Controllers.m": """
                #import "Controllers.h"
                @implementation Sidebar
                - (NSArray *)keyCommands { return @[[UIKeyCommand keyCommandWithInput:@"1" modifierFlags:UIKeyModifierCommand action:@selector(showAll:)]]; }
                - (void)showAll:(id)sender {}
                @end
                @implementation Editor
                - (NSArray *)keyCommands { return @[[UIKeyCommand keyCommandWithInput:@"s" modifierFlags:UIKeyModifierCommand action:@selector(save:)]]; }
                - (void)save:(id)sender {}
                @end
                @implementation PhoneEditor
                - (NSArray *)keyCommands { return @[[UIKeyCommand keyCommandWithInput:@"w" modifierFlags:UIKeyModifierCommand action:@selector(close:)]]; }
                - (void)close:(id)sender {}
                @end
                """,
        ], folder: "App")
        #expect(result.report.keyWindow.root == "RootSplit")
        #expect(result.report.responderPaths["Sidebar"] == "window/RootSplit/Sidebar")
        #expect(result.report.responderPaths["Editor"] == "window/RootSplit/Editor")
        #expect(result.report.responderPaths["PhoneEditor"] == nil)
    }

    /// A plain container that embeds a split view and sets its detail column from what its
    /// initialiser was passed (`contents = viewControllers.map { Nav(rootViewController: $0) }`,
    /// then `inner.setViewController(contents[index], for: .secondary)`): the split view the
    /// receiver names holds the screens the app constructs the container with.
    @Test func aContainerSetsItsSplitViewsDetailFromTheScreensItIsConstructedWith() throws {
        let result = try SourceApp.importing([
            "App.swift": """
                import UIKit
                class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                    var window: UIWindow?
                    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                        let root = Shell(viewControllers: [ListScreen(), TextScreen()])
                        window?.rootViewController = root
                    }
                }
                class Nav: UINavigationController {}
                class Split: UISplitViewController {}
                class Shell: UIViewController {
                    private let inner: Split
                    private let contents: [Nav]
                    init(viewControllers: [UIViewController]) {
                        inner = Split(style: .doubleColumn)
                        contents = viewControllers.map { Nav(rootViewController: $0) }
                        super.init(nibName: nil, bundle: nil)
                        addChild(inner)
                        select(0)
                    }
                    func select(_ index: Int) {
                        let detail = contents[index]
                        inner.setViewController(detail, for: .secondary)
                    }
                }
                class ListScreen: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "l", modifierFlags: .command, action: #selector(go))] }
                    @objc func go() {}
                }
                class TextScreen: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "t", modifierFlags: .command, action: #selector(go))] }
                    @objc func go() {}
                }
                """,
        ])
        #expect(result.report.containment.contains { $0.hasPrefix("Split → TextScreen (column)") })
        #expect(result.report.responderPaths["ListScreen"] == "window/Shell/Split/ListScreen")
    }
}
