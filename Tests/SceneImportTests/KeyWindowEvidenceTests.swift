import Foundation
import SceneImportTestSupport
import Testing
@testable import SceneImport

/// What decides the key window's root besides an entry point the import reads plainly: the
/// name Objective-C code gives a Swift class, which scene delegate connects the app's window,
/// the device's own `Info.plist` keys, and the class the app's code takes its root for.
@Suite struct KeyWindowEvidenceTests {
    static let controllers = """
        import UIKit
        @objc(XYLibraryTabs)
        class LibraryTabs: UITabBarController {
            override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
            @objc func find() {}
        }
        class MirrorController: UIViewController {
            override var keyCommands: [UIKeyCommand]? {
                [UIKeyCommand(input: "1", modifierFlags: .command, action: #selector(one)),
                 UIKeyCommand(input: "2", modifierFlags: .command, action: #selector(two))]
            }
            @objc func one() {}
            @objc func two() {}
        }
        """

    /// The controllers with one `Info.plist`-like file of `name` holding `body`.
    static func importing(plist name: String, _ body: String) throws -> ImportResult {
        try TemporaryApp.importing(["App/Controllers.swift": controllers, "App/" + name: plist(body)], folder: "App")
    }

    /// A storyboard whose initial controller is `controller`.
    static func storyboard(_ controller: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="b1">
            <scenes><scene sceneID="s1"><objects>
                <viewController id="b1" customClass="\(controller)" sceneMemberID="viewController"/>
            </objects></scene></scenes>
        </document>
        """
    }

    static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>\(body)</dict></plist>
        """
    }

    /// `@objc(XYLibraryTabs) class LibraryTabs` is `XYLibraryTabs` to Objective-C: the window
    /// root an Objective-C scene delegate makes with `[XYLibraryTabs new]` is `LibraryTabs`.
    @Test func objectiveCNamesASwiftClassByTheNameObjcGivesIt() throws {
        let result = try TemporaryApp.importing([
            "App/Controllers.swift": Self.controllers,
            "App/AppDelegate.m": """
                #import <UIKit/UIKit.h>
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    self.window.rootViewController = [XYLibraryTabs new];
                    return YES;
                }
                @end
                """,
        ], folder: "App")
        #expect(result.report.keyWindow.root == "LibraryTabs")
        #expect(result.report.keyWindow.decidedBy == "Objective-C entry point")
    }

    /// A root a class method makes: an Objective-C `+sharedInstance` declared `instancetype` is
    /// its class; a Swift class's static factory, named by its `@objc` name, what it returns.
    @Test func aRootAClassMethodMakesIsWhatItReturns() throws {
        func appDelegate(_ root: String) -> String {
            """
            #import <UIKit/UIKit.h>
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                self.window.rootViewController = \(root);
                return YES;
            }
            @end
            """
        }
        let shared = try TemporaryApp.importing([
            "App/Controllers.swift": Self.controllers,
            "App/Shelf.h": """
                #import <UIKit/UIKit.h>
                @interface ShelfController : UIViewController
                + (instancetype)sharedInstance;
                @end
                """,
            "App/Shelf.m": """
                #import "Shelf.h"
                @implementation ShelfController
                + (instancetype)sharedInstance { static ShelfController *shared; return shared; }
                - (NSArray *)keyCommands { return @[[UIKeyCommand keyCommandWithInput:@"s" modifierFlags:UIKeyModifierCommand action:@selector(shelve)]]; }
                - (void)shelve {}
                @end
                """,
            "App/AppDelegate.m": appDelegate("[ShelfController sharedInstance]"),
        ], folder: "App")
        #expect(shared.report.keyWindow.root == "ShelfController")
        #expect(shared.report.keyWindow.decidedBy == "Objective-C entry point")

        let factory = try TemporaryApp.importing([
            "App/Controllers.swift": Self.controllers + """

                @objc(XYRootFactory)
                class RootFactory: NSObject {
                    @objc static func makeRoot() -> UIViewController {
                        MirrorController()
                    }
                }
                """,
            "App/AppDelegate.m": appDelegate("[XYRootFactory makeRoot]"),
        ], folder: "App")
        #expect(factory.report.keyWindow.root == "MirrorController")
    }

    /// When the `Info.plist` names the application role's scene delegate, another scene
    /// delegate's window (an external display's) is not the key window, whichever file comes
    /// first.
    @Test func onlyTheApplicationRolesSceneDelegateConnectsTheKeyWindow() throws {
        let manifest = """
            <key>UIApplicationSceneManifest</key><dict><key>UISceneConfigurations</key><dict>
            <key>UIWindowSceneSessionRoleApplication</key><array><dict>
            <key>UISceneDelegateClassName</key><string>AppSceneDelegate</string></dict></array>
            <key>UIWindowSceneSessionRoleExternalDisplayNonInteractive</key><array><dict>
            <key>UISceneDelegateClassName</key><string>ExternalSceneDelegate</string></dict></array>
            </dict></dict>
            """
        func sceneDelegate(_ name: String, root: String) -> String {
            """
            #import <UIKit/UIKit.h>
            @implementation \(name)
            - (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
                UIWindow *window = [[UIWindow alloc] initWithWindowScene:(UIWindowScene *)scene];
                window.rootViewController = [\(root) new];
                [window makeKeyAndVisible];
            }
            @end
            """
        }
        var files = [
            "App/Controllers.swift": Self.controllers,
            "App/A/ExternalSceneDelegate.m": sceneDelegate("ExternalSceneDelegate", root: "MirrorController"),
            "App/B/AppSceneDelegate.m": sceneDelegate("AppSceneDelegate", root: "XYLibraryTabs"),
            "App/Info.plist": Self.plist(manifest),
        ]
        #expect(try TemporaryApp.importing(files, folder: "App").report.keyWindow.root == "LibraryTabs")
        // Without the manifest, either delegate may connect the app's window: the first read wins.
        files["App/Info.plist"] = Self.plist("")
        #expect(try TemporaryApp.importing(files, folder: "App").report.keyWindow.root == "MirrorController")
    }

    /// An iPad reads `UIMainStoryboardFile~ipad` before `UIMainStoryboardFile`; a phone reads
    /// `~iphone`, else the plain key.
    @Test func eachDeviceReadsItsOwnMainStoryboardKeyFirst() throws {
        let storyboard = Self.storyboard
        let files = [
            "App/Controllers.swift": Self.controllers,
            "App/Phone.storyboard": storyboard("MirrorController"),
            "App/Pad.storyboard": storyboard("LibraryTabs"),
            "App/Info.plist": Self.plist("""
                <key>UIMainStoryboardFile</key><string>Phone</string><key>UIMainStoryboardFile~ipad</key><string>Pad</string>
                """),
        ]
        let pad = try TemporaryApp.importing(files, folder: "App")
        #expect(pad.report.keyWindow.root == "LibraryTabs")
        #expect(pad.report.keyWindow.decidedBy == "storyboard")
        var options = SceneImporter.Options()
        options.idiom = .phone
        #expect(try TemporaryApp.importing(files, folder: "App", with: SceneImporter(options: options)).report.keyWindow.root == "MirrorController")
    }

    /// With no entry point that sets a root, the controller the app's code casts or tests its
    /// window's root for stands for it (Swift `as?` and `is`, Objective-C casts and
    /// `isKindOfClass:`), ahead of the controller with the most commands; the report says what
    /// would decide it from the source.
    @Test func theClassTheAppsCodeTakesItsRootForStandsWhenNoEntryPointSetsOne() throws {
        let swift = Self.controllers + """

            enum Library {
                static func refresh(_ window: UIWindow) { (window.rootViewController as? LibraryTabs)?.find() }
            }
            """
        let result = try TemporaryApp.importing(["App/Controllers.swift": swift], folder: "App")
        #expect(result.report.keyWindow.root == "LibraryTabs")
        #expect(result.report.keyWindow.decidedBy == "the app's code takes the root for it")
        #expect(result.report.keyWindow.line == 16)
        #expect(result.report.keyWindow.advice?.hasPrefix("the imported folders hold no Info.plist") == true)
        #expect(result.report.keywindowTextMentionsAdvice)

        let objectiveC = try TemporaryApp.importing([
            "App/Controllers.swift": Self.controllers,
            "App/Helper.m": """
                #import <UIKit/UIKit.h>
                @implementation Helper
                - (void)refresh:(UIWindow *)window {
                    if ([window.rootViewController isKindOfClass:[XYLibraryTabs class]]) {
                        [(XYLibraryTabs *)window.rootViewController find];
                    }
                }
                @end
                """,
        ], folder: "App")
        #expect(objectiveC.report.keyWindow.root == "LibraryTabs")
        #expect(objectiveC.report.keyWindow.line == 4)

        // Without either, the controller with the most commands is a guess.
        let guessed = try TemporaryApp.importing(["App/Controllers.swift": Self.controllers], folder: "App")
        #expect(guessed.report.keyWindow.root == "MirrorController")
        #expect(guessed.report.keyWindow.decidedBy == "guessed")
    }

    /// A target's `Info.plist` named after the target (`Player-Info.plist`) is read; a service's
    /// configuration named like one (`GoogleService-Info.plist`, no bundle keys) is not; an empty
    /// `UIMainStoryboardFile` names no storyboard.
    @Test func aTargetsInfoPlistIsReadWhateverItsNameAndAnEmptyStoryboardNameIsNone() throws {
        let named = try Self.importing(plist: "Player-Info.plist",
                                       "<key>CFBundleIdentifier</key><string>x.y</string><key>UIMainStoryboardFile~ipad</key><string>iPad</string>")
        #expect(named.report.keyWindow.advice?.hasPrefix("the Info.plist names the storyboard iPad") == true)
        let service = try Self.importing(plist: "GoogleService-Info.plist",
                                         "<key>BUNDLE_ID</key><string>x.y</string><key>UIMainStoryboardFile</key><string>iPad</string>")
        #expect(service.report.keyWindow.advice?.hasPrefix("the imported folders hold no Info.plist") == true)
        let empty = try Self.importing(plist: "Info.plist", "<key>UIMainStoryboardFile</key><string></string>")
        #expect(empty.report.keyWindow.advice == "no entry point the import follows sets a window's root: name the root with the overlay's \"keyWindow\"")
    }

    /// A storyboard named on the command line beside the source folder is read like one in it:
    /// the advice's "import the folder holding it" also works file by file.
    @Test func aStoryboardNamedOnTheCommandLineIsRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("keytrace-app-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try Self.controllers.write(toFile: root + "/App/Controllers.swift", atomically: false, encoding: .utf8)
        try Self.plist("<key>CFBundleIdentifier</key><string>x.y</string><key>UIMainStoryboardFile</key><string>iPad</string>")
            .write(toFile: root + "/App/App-Info.plist", atomically: false, encoding: .utf8)
        try Self.storyboard("LibraryTabs").write(toFile: root + "/iPad.storyboard", atomically: false, encoding: .utf8)
        let result = try SceneImporter().importApp(at: [root + "/App", root + "/iPad.storyboard"])
        #expect(result.report.keyWindow.root == "LibraryTabs")
        #expect(result.report.keyWindow.decidedBy == "storyboard")
        #expect(throws: SceneImportError.notSwift(root + "/App/App.txt")) {
            try "x".write(toFile: root + "/App/App.txt", atomically: false, encoding: .utf8)
            _ = try SceneImporter().importApp(at: [root + "/App/App.txt"])
        }
    }

    /// A storyboard the `Info.plist` names that the imported folders do not hold is named in the
    /// advice.
    @Test func theAdviceNamesTheStoryboardTheImportDidNotRead() throws {
        let result = try Self.importing(plist: "Info.plist",
                                        "<key>UIMainStoryboardFile</key><string>Main</string><key>UIMainStoryboardFile~ipad</key><string>iPad</string>")
        #expect(result.report.keyWindow.decidedBy == "guessed")
        #expect(result.report.keyWindow.advice?.hasPrefix("the Info.plist names the storyboard iPad for the app's window") == true)
        #expect(result.report.keyWindowLines[1].hasPrefix("  To decide it: the Info.plist names the storyboard iPad"))
    }

    /// UIKit loads the main storyboard's initial controller into the window before it calls
    /// the launch method: an Objective-C launch method that sets the root replaces it, also with
    /// a container holding its own controller.
    @Test func anObjectiveCLaunchMethodsRootReplacesTheMainStoryboards() throws {
        func importing(launch: String) throws -> ImportResult {
            try TemporaryApp.importing([
                "App/Controllers.swift": Self.controllers,
                "App/Main.storyboard": Self.storyboard("MirrorController"),
                "App/Info.plist": Self.plist("<key>UIMainStoryboardFile</key><string>Main</string>"),
                "App/AppDelegate.m": """
                    #import <UIKit/UIKit.h>
                    @implementation AppDelegate
                    - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                        \(launch)
                        [self.window makeKeyAndVisible];
                        return YES;
                    }
                    @end
                    """,
            ], folder: "App")
        }
        let replaced = try importing(launch: "self.window.rootViewController = [XYLibraryTabs new];")
        #expect(replaced.report.keyWindow.root == "LibraryTabs")
        #expect(replaced.report.keyWindow.decidedBy == "Objective-C entry point")
        let wrapped = try importing(launch: """
            UINavigationController *nav = [[UINavigationController alloc] initWithRootViewController:[XYLibraryTabs new]];
            self.window.rootViewController = nav;
            """)
        #expect(wrapped.report.responderPaths["LibraryTabs"] == "window/UINavigationController/LibraryTabs")
        // Another window's root, or an ad view's, leaves the storyboard's in the app's window.
        for launch in ["application.idleTimerDisabled = YES;", "self.lockWindow.rootViewController = [XYLibraryTabs new];",
                       "_bannerView.rootViewController = [XYLibraryTabs new];"] {
            let kept = try importing(launch: launch)
            #expect(kept.report.keyWindow.root == "MirrorController")
            #expect(kept.report.keyWindow.decidedBy == "storyboard")
        }
    }

    /// The objects whose `rootViewController` is the app's window's: its own window however it
    /// is written, not another window a member holds, nor a view with a root controller.
    @Test func theAppsWindowIsTheOneWhoseRootTheLaunchSets() {
        for receiver in ["self.window", "_window", "window", "[app window]", "app.window", "self.mainWindow", "self", ""] {
            #expect(AppModel.namesTheAppsWindow(receiver), "\(receiver)")
        }
        for receiver in ["self.lockWindow", "_externalWindow", "self.bannerView", "adView", "self.privacyWindow"] {
            #expect(!AppModel.namesTheAppsWindow(receiver), "\(receiver)")
        }
        // A bare name may be a local the launch then makes the app's window.
        #expect(AppModel.namesTheAppsWindow("newWindow"))
    }
}

extension ImportReport {
    fileprivate var keywindowTextMentionsAdvice: Bool {
        keyWindowLines.contains { $0.hasPrefix("  To decide it: ") }
    }
}
