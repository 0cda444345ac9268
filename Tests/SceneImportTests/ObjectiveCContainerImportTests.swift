import Foundation
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// An Objective-C container given its children by its initialiser
/// (`initWithMainViewController:sidebarViewController:`), which stores them in properties of
/// UIKit's class and adds them as children, and which forwards appearance itself: it tells only
/// its main controller that it appears. The sources are written for this test.
@Suite struct ObjectiveCContainerImportTests {
    static func app(forwardsAppearance: Bool) -> [String: String] {
        let appearance = forwardsAppearance ? """
            - (BOOL)shouldAutomaticallyForwardAppearanceMethods { return NO; }
            - (void)viewWillAppear:(BOOL)animated {
                [super viewWillAppear:animated];
                [self.mainViewController beginAppearanceTransition:YES animated:animated];
            }
            - (void)showSidebar {
                [_sidebarViewController beginAppearanceTransition:YES animated:YES];
            }
            """ : ""
        return [
            "App/AppDelegate.m": """
                #import <UIKit/UIKit.h>
                @interface AppDelegate : UIResponder <UIApplicationDelegate>
                @property (strong, nonatomic) UIWindow *window;
                @property (strong, nonatomic) TagsViewController *tagsViewController;
                @property (strong, nonatomic) NoteListViewController *noteListViewController;
                @end
                @implementation AppDelegate
                - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)options {
                    self.tagsViewController = [TagsViewController new];
                    self.noteListViewController = [NoteListViewController new];
                    UINavigationController *navigation = [[UINavigationController alloc] initWithRootViewController:self.noteListViewController];
                    SidebarContainer *container = [[SidebarContainer alloc] initWithMainViewController:navigation
                                                                                 sidebarViewController:self.tagsViewController
                                                                                                 title:@"Notes"];
                    self.window.rootViewController = container;
                    return YES;
                }
                @end
                """,
            "App/SidebarContainer.m": """
                #import <UIKit/UIKit.h>
                @interface SidebarContainer : UIViewController
                @property (nonatomic, strong) UIViewController *mainViewController;
                @property (nonatomic, strong) UIViewController *sidebarViewController;
                @end
                @implementation SidebarContainer
                - (instancetype)initWithMainViewController:(UIViewController *)mainViewController
                                     sidebarViewController:(UIViewController *)sidebarViewController
                                                     title:(NSString *)title
                {
                    self = [super init];
                    if (self) {
                        self.mainViewController = mainViewController;
                        _sidebarViewController = sidebarViewController;
                        [self configureContainment];
                    }
                    return self;
                }
                - (void)configureContainment {
                    [self addChildViewController:self.mainViewController];
                    [self addChildViewController:self.sidebarViewController];
                }
                \(appearance)
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    return @[[UIKeyCommand keyCommandWithInput:@"n" modifierFlags:UIKeyModifierCommand action:@selector(newNote)]];
                }
                - (void)newNote {}
                @end
                """,
            "App/Controllers.swift": """
                import UIKit
                final class TagsViewController: UIViewController {
                    override var canBecomeFirstResponder: Bool { true }
                    override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); becomeFirstResponder() }
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: UIKeyCommand.inputDownArrow, modifierFlags: [], action: #selector(down))] }
                    @objc func down() {}
                }
                final class NoteListViewController: UIViewController {
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find))] }
                    @objc func find() {}
                }
                """,
        ]
    }

    @Test func aContainerHoldsTheControllersItsInitialiserIsGivenAndAdds() throws {
        let result = try TemporaryApp.importing(Self.app(forwardsAppearance: false), folder: "App")
        #expect(result.report.keyWindow.root == "SidebarContainer")
        #expect(result.report.responderPaths["TagsViewController"] == "window/SidebarContainer/TagsViewController")
        // A navigation controller of UIKit's class is no node: its root sits under the container.
        #expect(result.report.responderPaths["NoteListViewController"] == "window/SidebarContainer/NoteListViewController")
        // The title string passed beside them is no controller.
        #expect(!result.report.containment.contains { $0.contains("NSString") })
        // With UIKit forwarding appearance, the sidebar appears with its container and focuses itself.
        let scene = try SceneDefinition(json: result.scene, file: "scene")
        #expect(scene.firstResponder == "window/SidebarContainer/TagsViewController")
    }

    @Test func aChildTheContainerDoesNotTellOfItsAppearanceIsNoLaunchFirstResponder() throws {
        let result = try TemporaryApp.importing(Self.app(forwardsAppearance: true), folder: "App")
        #expect(result.report.responderPaths["TagsViewController"] == "window/SidebarContainer/TagsViewController")
        let scene = try SceneDefinition(json: result.scene, file: "scene")
        #expect(scene.firstResponder == nil)
    }
}
