import Foundation
import SceneImportTestSupport
import Testing
@testable import SceneImport

/// The key window an Objective-C app starts with: what its app delegate sets, read through its
/// header's instance variables and the idiom's tests, and the storyboard Xcode's generated
/// `Info.plist` keys name when the app's own `Info.plist` names none.
@Suite struct ObjectiveCEntryPointTests {
    static let header = """
        #import <UIKit/UIKit.h>
        @interface EmulatorController : UIViewController
        @end
        @interface LibraryController : UIViewController
        @end
        @implementation EmulatorController
        - (NSArray *)keyCommands { return @[[UIKeyCommand keyCommandWithInput:@"p" modifierFlags:UIKeyModifierCommand action:@selector(pause)]]; }
        - (void)pause {}
        @end
        @implementation LibraryController
        - (NSArray *)keyCommands {
            return @[[UIKeyCommand keyCommandWithInput:@"f" modifierFlags:UIKeyModifierCommand action:@selector(find)],
                     [UIKeyCommand keyCommandWithInput:@"n" modifierFlags:UIKeyModifierCommand action:@selector(add)]];
        }
        - (void)find {}
        - (void)add {}
        @end
        """

    /// An instance variable the app delegate's header declares (`EmulatorController
    /// *hrViewController;`) holds what the launch method assigns it, so the window it sets as
    /// root (`[deviceWindow setRootViewController:hrViewController]`) holds that class.
    @Test func aRootHeldInAnInstanceVariableTheHeaderDeclaresIsTheKeyWindows() throws {
        let result = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/Bootstrapper.h": """
                #import <UIKit/UIKit.h>
                @class EmulatorController;
                @interface Bootstrapper : UIResponder <UIApplicationDelegate> {
                    UIWindow *deviceWindow;
                    EmulatorController *hrViewController;
                }
                @end
                """,
            "App/Bootstrapper.m": """
                #import "Bootstrapper.h"
                @implementation Bootstrapper
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    hrViewController = [[EmulatorController alloc] init];
                    deviceWindow = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
                    [deviceWindow setRootViewController:hrViewController];
                    return YES;
                }
                @end
                """,
        ], folder: "App")
        #expect(result.report.keyWindow.root == "EmulatorController")
        #expect(result.report.keyWindow.decidedBy == "Objective-C entry point")
        #expect(result.report.keyWindow.line == 6)
    }

    /// A navigation controller from a nib outlet, an instance variable and a property of one
    /// name (`UINavigationController *navigationController;`), given its stack in the launch
    /// method and set as the window's root by its bare name: the key window's root is that
    /// navigation controller, holding the stack.
    @Test func aNavigationControllerInstanceVariableGivenItsStackIsTheKeyWindowsRoot() throws {
        let result = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/AppDelegate.h": """
                #import <UIKit/UIKit.h>
                @class LibraryController;
                @interface AppDelegate : NSObject <UIApplicationDelegate> {
                    UIWindow *window;
                    UINavigationController *navigationController;
                    LibraryController *libraryController;
                }
                @property (nonatomic, retain) IBOutlet UIWindow *window;
                @property (nonatomic, retain) IBOutlet UINavigationController *navigationController;
                @property (nonatomic, retain) IBOutlet LibraryController *libraryController;
                @end
                """,
            "App/AppDelegate.m": """
                #import "AppDelegate.h"
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                    NSMutableArray *controllers = [[NSMutableArray alloc] init];
                    [controllers addObject:libraryController];
                    [navigationController setViewControllers:controllers animated:NO];
                    self.window.rootViewController = navigationController;
                    return YES;
                }
                @end
                """,
        ], folder: "App")
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.keyWindow.decidedBy == "Objective-C entry point")
        #expect(result.report.keyWindow.line == 7)
        #expect(result.report.responderPaths["LibraryController"] == "window/UINavigationController/LibraryController")
    }

    /// `applicationDidFinishLaunching:`, the launch method of delegates older than
    /// `application:didFinishLaunchingWithOptions:`, is the entry point too.
    @Test func theOlderLaunchMethodIsTheEntryPoint() throws {
        let result = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/AppDelegate.m": """
                #import <UIKit/UIKit.h>
                @interface AppDelegate : UIResponder <UIApplicationDelegate>
                @property (nonatomic, strong) UIWindow *window;
                @end
                @implementation AppDelegate
                - (void)applicationDidFinishLaunching:(UIApplication *)application {
                    self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
                    self.window.rootViewController = [[EmulatorController alloc] init];
                    [self.window makeKeyAndVisible];
                }
                @end
                """,
        ], folder: "App")
        #expect(result.report.keyWindow.root == "EmulatorController")
        #expect(result.report.keyWindow.decidedBy == "Objective-C entry point")
        #expect(result.report.keyWindow.line == 8)
    }

    static let pinboardDelegate = """
        #import <UIKit/UIKit.h>
        @interface LibraryNavigationController : UINavigationController
        @end
        @implementation LibraryNavigationController
        - (NSArray *)keyCommands {
            return @[[UIKeyCommand keyCommandWithInput:@"1" modifierFlags:UIKeyModifierCommand action:@selector(one)],
                     [UIKeyCommand keyCommandWithInput:@"2" modifierFlags:UIKeyModifierCommand action:@selector(two)],
                     [UIKeyCommand keyCommandWithInput:@"3" modifierFlags:UIKeyModifierCommand action:@selector(three)]];
        }
        @end
        @interface LibrarySplitController : UISplitViewController
        @end
        @implementation LibrarySplitController
        - (NSArray *)keyCommands { return @[[UIKeyCommand keyCommandWithInput:@"f" modifierFlags:UIKeyModifierCommand action:@selector(find)]]; }
        @end
        @interface AppDelegate : UIResponder <UIApplicationDelegate>
        @property (nonatomic, strong) UIWindow *window;
        @property (nonatomic, strong) LibraryNavigationController *loginViewController;
        @property (nonatomic, strong) LibraryNavigationController *navigationController;
        @property (nonatomic, strong) LibrarySplitController *splitViewController;
        @end
        @implementation AppDelegate
        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            if (settings.isAuthenticated) {
                if (UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad) {
                    [self.window setRootViewController:self.splitViewController];
                } else {
                    [self.window setRootViewController:self.navigationController];
                }
            } else {
                [self.window setRootViewController:self.loginViewController];
            }
            [self.window makeKeyAndVisible];
            return YES;
        }
        @end
        """

    /// Roots an Objective-C launch method sets only under conditions: the device decides the
    /// idiom's test (`UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad`), and of the rest
    /// the app's normal path wins over a screen held in a property named for a login, even
    /// when both are of one class.
    @Test func theIdiomDecidesAnObjectiveCRootAndALoginPropertyIsAGateway() throws {
        let pad = try TemporaryApp.importing(["App/AppDelegate.m": Self.pinboardDelegate], folder: "App")
        #expect(pad.report.keyWindow.root == "LibrarySplitController")
        #expect(pad.report.keyWindow.decidedBy == "entry point, conditional")
        #expect(pad.report.keyWindow.line == 26)
        var options = SceneImporter.Options()
        options.idiom = .phone
        let phone = try TemporaryApp.importing(["App/AppDelegate.m": Self.pinboardDelegate], folder: "App",
                                               with: SceneImporter(options: options))
        #expect(phone.report.keyWindow.root == "LibraryNavigationController")
        #expect(phone.report.keyWindow.line == 28)
    }

    /// Objective-C's idiom tests, as messages, macros and constants.
    @Test(arguments: [
        ("[UIApplication isIPad]", true), ("![UIApplication isIPad]", false), ("[[UIDevice currentDevice] isPhone]", false),
        ("IS_IPAD", true), ("UI_USER_INTERFACE_IDIOM() == UIUserInterfaceIdiomPad", true),
        ("[[UIDevice currentDevice] userInterfaceIdiom] != UIUserInterfaceIdiomPhone", true),
        ("self.traitCollection.horizontalSizeClass == UIUserInterfaceSizeClassCompact", false),
        ("[self isEditing]", nil),
    ] as [(String, Bool?)])
    func objectiveCIdiomTestsAreDecidedOnAPad(test: String, holds: Bool?) {
        #expect(InterfaceIdiom.pad.decides(test) == holds)
    }

    /// An app whose `Info.plist` names no storyboard, with a `Main` storyboard (Xcode writes
    /// `UIMainStoryboardFile` into the generated `Info.plist` from the project's build
    /// settings), starts from that storyboard when no entry point sets a root.
    @Test func aMainStoryboardNoInfoPlistNamesIsTheKeyWindowWhenNoEntryPointSetsOne() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="b1">
                <scenes>
                    <scene sceneID="s1"><objects>
                        <viewController id="b1" customClass="DocumentBrowserController" sceneMemberID="viewController"/>
                    </objects></scene>
                </scenes>
            </document>
            """
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleName</key><string>Scripts</string></dict></plist>
            """
        let swift = """
            import UIKit
            class DocumentBrowserController: UIDocumentBrowserViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "o", modifierFlags: .command, action: #selector(open))] }
                @objc func open() {}
            }
            class ScriptNavigationController: UINavigationController {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "r", modifierFlags: .command, action: #selector(run)),
                     UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(stop))]
                }
                @objc func run() {}
                @objc func stop() {}
            }
            """
        let files = ["App/Base.lproj/Main.storyboard": storyboard, "App/Info.plist": plist, "App/Controllers.swift": swift]
        let result = try TemporaryApp.importing(files, folder: "App")
        #expect(result.report.keyWindow.root == "DocumentBrowserController")
        #expect(result.report.keyWindow.decidedBy == "storyboard")
        // A storyboard of another name is no default.
        var renamed = files
        renamed["App/Base.lproj/Main.storyboard"] = nil
        renamed["App/Base.lproj/Browser.storyboard"] = storyboard
        #expect(try TemporaryApp.importing(renamed, folder: "App").report.keyWindow.decidedBy == "guessed")
    }

    /// The launch method making its window's root from locals, as most Objective-C apps
    /// without a storyboard do.
    static func delegate(launching body: String, methods: String = "") -> String {
        """
        #import <UIKit/UIKit.h>
        @interface AppDelegate : UIResponder <UIApplicationDelegate>
        @property (strong, nonatomic) UIWindow *window;
        @end
        @implementation AppDelegate
        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
        \(body)
            [self.window makeKeyAndVisible];
            return YES;
        }
        \(methods)
        @end
        """
    }

    /// A navigation controller a local holds (`[[UINavigationController alloc]
    /// initWithRootViewController:library]`) is the window's root, holding the app's controller,
    /// not the controller alone.
    @Test func aNavigationControllerALocalHoldsIsTheRootHoldingItsRoot() throws {
        let result = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/AppDelegate.m": Self.delegate(launching: """
                    LibraryController *library = [[LibraryController alloc] init];
                    UINavigationController *navController = [[UINavigationController alloc] initWithRootViewController:library];
                    self.window.rootViewController = navController;
                """),
        ], folder: "App")
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.keyWindow.decidedBy == "Objective-C entry point")
        #expect(result.report.responderPaths["LibraryController"] == "window/UINavigationController/LibraryController")
    }

    /// A split view a local holds, given two navigation controllers with `.viewControllers =
    /// @[…]`, holds both in order; a tab bar given a navigation controller made in place and a
    /// bare controller holds both.
    @Test func splitViewsAndTabBarsTheLaunchMethodFillsHoldWhatItPutsInThem() throws {
        let split = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/AppDelegate.m": Self.delegate(launching: """
                    UINavigationController *master = [[UINavigationController alloc] initWithRootViewController:[LibraryController new]];
                    UINavigationController *detail = [[UINavigationController alloc] initWithRootViewController:[EmulatorController new]];
                    UISplitViewController *split = [[UISplitViewController alloc] init];
                    split.viewControllers = @[master, detail];
                    self.window.rootViewController = split;
                """),
        ], folder: "App")
        #expect(split.report.keyWindow.root == "UISplitViewController")
        #expect(split.report.responderPaths["LibraryController"] == "window/UISplitViewController/UINavigationController/LibraryController")
        #expect(split.report.responderPaths["EmulatorController"] == "window/UISplitViewController/UINavigationController-2/EmulatorController")

        let tabs = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/AppDelegate.m": Self.delegate(launching: """
                    UITabBarController *tabs = [UITabBarController new];
                    [tabs setViewControllers:@[[[UINavigationController alloc] initWithRootViewController:[[LibraryController alloc] init]],
                                              [[EmulatorController alloc] init]]];
                    [self.window setRootViewController:tabs];
                """),
        ], folder: "App")
        #expect(tabs.report.keyWindow.root == "UITabBarController")
        #expect(tabs.report.responderPaths["LibraryController"] == "window/UITabBarController/UINavigationController/LibraryController")
        #expect(tabs.report.responderPaths["EmulatorController"] != nil)
    }

    /// A navigation controller made empty and given its stack afterwards (`[nav
    /// setViewControllers:@[…]]`) holds that stack.
    @Test func aNavigationControllerGivenItsStackAfterItIsMadeHoldsIt() throws {
        let result = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/AppDelegate.m": Self.delegate(launching: """
                    UINavigationController *nav = [[UINavigationController alloc] init];
                    [nav setViewControllers:@[[[LibraryController alloc] init]]];
                    self.window.rootViewController = nav;
                """),
        ], folder: "App")
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.responderPaths["LibraryController"] == "window/UINavigationController/LibraryController")
    }

    /// A root the launch method reads from a method that returns it, its own class's
    /// (`[self rootController]`) or an object's a class method returns (`[[RootFactory shared]
    /// rootViewController]`), is what that method returns, read in it.
    @Test func aRootAMethodReturnsIsWhatThatMethodBuilds() throws {
        let own = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/AppDelegate.m": Self.delegate(launching: "    self.window.rootViewController = [self rootController];", methods: """
                - (UIViewController *)rootController {
                    LibraryController *library = [[LibraryController alloc] init];
                    return [[UINavigationController alloc] initWithRootViewController:library];
                }
                """),
        ], folder: "App")
        #expect(own.report.keyWindow.decidedBy == "Objective-C entry point")
        #expect(own.report.responderPaths["LibraryController"] == "window/UINavigationController/LibraryController")

        let factory = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/RootFactory.m": """
                #import <UIKit/UIKit.h>
                @interface RootFactory : NSObject
                + (instancetype)shared;
                - (UIViewController *)rootViewController;
                @end
                @implementation RootFactory
                + (instancetype)shared { static RootFactory *factory; return factory; }
                - (UIViewController *)rootViewController { return [[EmulatorController alloc] init]; }
                @end
                """,
            "App/AppDelegate.m": Self.delegate(launching: "    self.window.rootViewController = [[RootFactory shared] rootViewController];"),
        ], folder: "App")
        #expect(factory.report.keyWindow.root == "EmulatorController")
        #expect(factory.report.keyWindow.decidedBy == "Objective-C entry point")
    }

    /// A container the launch method makes and fills from a method's result (`[nav
    /// setViewControllers:@[[self makeLibrary]]]`) holds what that method returns.
    @Test func aContainerFilledFromAMethodsResultHoldsWhatItReturns() throws {
        let result = try TemporaryApp.importing([
            "App/Controllers.m": Self.header,
            "App/AppDelegate.m": Self.delegate(launching: """
                    UINavigationController *nav = [[UINavigationController alloc] init];
                    [nav setViewControllers:@[[self makeLibrary]]];
                    self.window.rootViewController = nav;
                """, methods: """
                - (UIViewController *)makeLibrary {
                    return [[LibraryController alloc] init];
                }
                """),
        ], folder: "App")
        #expect(result.report.keyWindow.root == "UINavigationController")
        #expect(result.report.responderPaths["LibraryController"] == "window/UINavigationController/LibraryController")
    }
}

