import Testing

@testable import SceneImport
import SceneImportTestSupport

/// Apps whose window a framework makes: the key window's root is the plain controller the
/// framework sets, not a guess among the app's few native controllers.
@Suite struct FrameworkEntryPointTests {
    @Test func aReactNativeAppsRootIsThePlainControllerItsFrameworkMakes() throws {
        let files = [
            "App/AppDelegate.h": """
                #import <RCTAppDelegate.h>
                #import <UIKit/UIKit.h>
                @interface AppDelegate : RCTAppDelegate
                @end
                """,
            "App/AppDelegate.m": """
                #import "AppDelegate.h"
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    self.moduleName = @"App";
                    return [super application:application didFinishLaunchingWithOptions:launchOptions];
                }
                @end
                """,
            "App/ShareViewController.swift": """
                import UIKit
                class ShareViewController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(share))] }
                    @objc func share() {}
                }
                """,
        ]
        let result = try TemporaryApp.importing(files, folder: "App")
        #expect(result.report.keyWindow.root == "UIViewController")
        #expect(result.report.keyWindow.decidedBy == "framework entry point")
        #expect(result.report.keyWindow.file?.hasSuffix("AppDelegate.h") == true)
        #expect(result.report.unplaced.map(\.type) == ["ShareViewController"])
    }

    @Test func aPlainUIKitControllerAnObjectiveCLaunchMethodSetsIsTheRoot() throws {
        let files = [
            "App/AppDelegate.h": """
                #import <UIKit/UIKit.h>
                @interface AppDelegate : UIResponder <UIApplicationDelegate>
                @property (nonatomic, strong) UIWindow *window;
                @end
                """,
            "App/AppDelegate.m": """
                #import "AppDelegate.h"
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    self.window = [[UIWindow alloc] initWithFrame:[UIScreen mainScreen].bounds];
                    UIViewController *rootViewController = [UIViewController new];
                    self.window.rootViewController = rootViewController;
                    [self.window makeKeyAndVisible];
                    return YES;
                }
                @end
                """,
        ]
        let result = try TemporaryApp.importing(files, folder: "App")
        #expect(result.report.keyWindow.root == "UIViewController")
        #expect(result.report.keyWindow.decidedBy == "Objective-C entry point")
        #expect(result.report.keyWindow.line == 6)
    }

    /// A Flutter app's delegate inherits from `FlutterAppDelegate`; its `Main` storyboard starts
    /// from Flutter's `FlutterViewController`, which draws the whole app and is the key window's
    /// root. An Expo app's `ExpoAppDelegate` makes React Native's plain controller.
    @Test(arguments: [
        ("FlutterAppDelegate", "FlutterViewController"),
        ("ExpoAppDelegate", "UIViewController"),
    ])
    func aFrameworksAppDelegateGivesTheRootItMakes(superclass: String, root: String) throws {
        let files = [
            "App/AppDelegate.swift": """
                import UIKit
                @main
                @objc class AppDelegate: \(superclass) {
                    override func application(_ application: UIApplication,
                                              didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                        return super.application(application, didFinishLaunchingWithOptions: launchOptions)
                    }
                }
                """,
            "App/ShareViewController.swift": """
                import UIKit
                class ShareViewController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(share))] }
                    @objc func share() {}
                }
                """,
        ]
        let result = try TemporaryApp.importing(files, folder: "App")
        #expect(result.report.keyWindow.root == root)
        #expect(result.report.keyWindow.decidedBy == "framework entry point")
        #expect(result.report.unplaced.map(\.type) == ["ShareViewController"])
    }
}


extension FrameworkEntryPointTests {
    /// A Unity player's exported project declares `UnityAppController`, which shows the game in
    /// a `UnityDefaultViewController`: that controller is the root, the app's class when the
    /// export declares it, rather than a guess among the player's other controllers.
    @Test(arguments: [true, false])
    func aUnityPlayersRootIsItsDefaultViewController(declaresRoot: Bool) throws {
        var files = [
            "App/UnityAppController.h": """
                #import <UIKit/UIKit.h>
                @interface UnityAppController : NSObject <UIApplicationDelegate>
                @property (nonatomic, strong) UIWindow *window;
                @end
                """,
            "App/UnityReplayKit.mm": """
                #import <UIKit/UIKit.h>
                @interface UnityReplayKitViewController : UIViewController
                @end
                @implementation UnityReplayKitViewController
                - (NSArray *)keyCommands { return @[[UIKeyCommand keyCommandWithInput:@"r" modifierFlags:UIKeyModifierCommand action:@selector(record:)]]; }
                - (void)record:(id)sender {}
                @end
                """,
        ]
        if declaresRoot {
            files["App/UnityViewControllerBase.h"] = """
                #import <UIKit/UIKit.h>
                @interface UnityViewControllerBase : UIViewController
                @end
                @interface UnityDefaultViewController : UnityViewControllerBase
                @end
                """
        }
        let result = try TemporaryApp.importing(files, folder: "App")
        #expect(result.report.keyWindow.root == "UnityDefaultViewController")
        #expect(result.report.keyWindow.decidedBy == "framework entry point")
        #expect(result.report.keyWindow.file?.hasSuffix("UnityAppController.h") == true)
    }
}
