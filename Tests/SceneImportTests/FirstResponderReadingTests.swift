import Foundation
import KeyTraceCore
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// What the app makes first responder as its screen appears. Objective-C (``ObjectiveCFocus``):
/// a `becomeFirstResponder` message to a member in a lifecycle method or a helper it calls, to
/// `self` when `canBecomeFirstResponder` says `YES`, and through a wrapper view whose
/// `becomeFirstResponder` hands the focus to the text view inside it. Swift's wrapper views
/// hand it on the same way, and a screen another pushes focuses nothing at launch. The sources
/// are written for these tests.
@Suite struct FirstResponderReadingTests {
    /// An app delegate whose window's root is a `ComposeController`.
    static let delegate = """
        #import <UIKit/UIKit.h>
        @interface AppDelegate : UIResponder <UIApplicationDelegate>
        @property (strong, nonatomic) UIWindow *window;
        @end
        @implementation AppDelegate
        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
            self.window.rootViewController = [[ComposeController alloc] init];
            [self.window makeKeyAndVisible];
            return YES;
        }
        @end
        """

    /// A controller with one command, its members and its methods.
    static func controller(members: String, ivars: String = "", methods: String) -> String {
        """
        #import <UIKit/UIKit.h>
        @interface ComposeController : UIViewController
        \(members)
        @end
        @implementation ComposeController {
        \(ivars)
        }
        - (NSArray *)keyCommands {
            return @[[UIKeyCommand keyCommandWithInput:@"\\r" modifierFlags:UIKeyModifierCommand action:@selector(send:)]];
        }
        - (void)send:(id)sender {}
        \(methods)
        @end
        """
    }

    func importing(_ files: [String: String]) throws -> ImportResult {
        try TemporaryApp.importing(files.merging(["App/AppDelegate.m": Self.delegate]) { own, _ in own }, folder: "App")
    }

    /// `[self.textView becomeFirstResponder]` in `viewDidAppear:` focuses the property's text
    /// view, and the report names the line.
    @Test func aTextViewPropertyFocusedInViewDidAppearIsFirstResponder() throws {
        let result = try importing([
            "App/ComposeController.m": Self.controller(
                members: "@property (nonatomic, strong) UITextView *textView;",
                methods: """
                    - (void)viewDidAppear:(BOOL)animated {
                        [super viewDidAppear:animated];
                        [self.textView becomeFirstResponder];
                    }
                    """),
        ])
        #expect(result.report.keyWindow.firstResponder == "window/ComposeController/UITextView")
        #expect(result.report.keyWindow.firstResponderReason.contains("ComposeController.textView.becomeFirstResponder() in ComposeController.viewDidAppear"))
        #expect(result.report.keyWindow.firstResponderReason.contains("ComposeController.m:14"))
    }

    /// An instance variable (`UITextField *_searchField;`) focused in a helper that
    /// `viewDidLoad` sends to `self` is first responder; one focused only inside a block (which
    /// runs later, if at all) is not.
    @Test func anInstanceVariableFocusedInAHelperIsFirstResponderAndABlocksIsNot() throws {
        let result = try importing([
            "App/ComposeController.m": Self.controller(
                members: "@property (nonatomic, strong) UITextView *notes;",
                ivars: "    UITextField *_searchField;",
                methods: """
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        [self focusSearch];
                        dispatch_async(dispatch_get_main_queue(), ^{
                            [self.notes becomeFirstResponder];
                        });
                    }
                    - (void)focusSearch {
                        [_searchField becomeFirstResponder];
                    }
                    """),
        ])
        #expect(result.report.keyWindow.firstResponder == "window/ComposeController/UITextField")
    }

    /// A request made only under a condition counts when no unconditional one is made.
    @Test func aConditionalRequestGivesWayToAnUnconditionalOne() throws {
        let result = try importing([
            "App/ComposeController.m": Self.controller(
                members: """
                    @property (nonatomic, strong) UITextView *body;
                    @property (nonatomic, strong) UITextField *subject;
                    @property (nonatomic) BOOL replying;
                    """,
                methods: """
                    - (void)viewWillAppear:(BOOL)animated {
                        [super viewWillAppear:animated];
                        if (self.replying) {
                            [self.body becomeFirstResponder];
                        }
                    }
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        [self.subject becomeFirstResponder];
                    }
                    """),
        ])
        #expect(result.report.keyWindow.firstResponder == "window/ComposeController/UITextField")
    }

    /// A controller that says `YES` to `canBecomeFirstResponder` and sends itself
    /// `becomeFirstResponder` is first responder.
    @Test func aControllerThatAllowsItFocusesItself() throws {
        let result = try importing([
            "App/ComposeController.m": Self.controller(
                members: "",
                methods: """
                    - (BOOL)canBecomeFirstResponder { return YES; }
                    - (void)viewDidAppear:(BOOL)animated {
                        [super viewDidAppear:animated];
                        [self becomeFirstResponder];
                    }
                    """),
        ])
        #expect(result.report.keyWindow.firstResponder == "window/ComposeController")
        #expect(result.report.keyWindow.firstResponderReason.contains("ComposeController.becomeFirstResponder() in ComposeController.viewDidAppear"))
    }

    /// A wrapper view whose `becomeFirstResponder` hands the focus to the text view it holds
    /// (`return [self.internalTextView becomeFirstResponder];`): focusing the wrapper makes the
    /// inner text view first responder.
    @Test func anObjectiveCWrapperViewHandsTheFocusToItsInnerTextView() throws {
        let result = try importing([
            "App/GrowingTextView.m": """
                #import <UIKit/UIKit.h>
                @interface GrowingTextViewInternal : UITextView
                @end
                @implementation GrowingTextViewInternal
                @end
                @interface GrowingTextView : UIView
                @property (nonatomic, strong) GrowingTextViewInternal *internalTextView;
                @end
                @implementation GrowingTextView
                - (BOOL)becomeFirstResponder {
                    return [self.internalTextView becomeFirstResponder];
                }
                @end
                """,
            "App/ComposeController.m": Self.controller(
                members: "@property (nonatomic, strong) GrowingTextView *composer;",
                methods: """
                    - (void)viewDidAppear:(BOOL)animated {
                        [super viewDidAppear:animated];
                        [self.composer becomeFirstResponder];
                    }
                    """),
        ])
        #expect(result.report.keyWindow.firstResponder == "window/ComposeController/GrowingTextView/GrowingTextViewInternal")
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let wrapper = try #require(definition.windows.first?.children.first?.views.first)
        #expect(wrapper.name == "GrowingTextView")
        #expect(wrapper.views.map(\.kind) == [.textView])
    }

    /// Swift's wrapper views hand the focus on the same way
    /// (`override func becomeFirstResponder() -> Bool { textView.becomeFirstResponder() }`); a
    /// wrapper that calls only `super` keeps it.
    @Test(arguments: [("textView.becomeFirstResponder()", "window/Editor/ComposerView/UITextView"),
                      ("super.becomeFirstResponder()", "window/Editor/ComposerView")])
    func aSwiftWrapperViewHandsTheFocusToItsTextView(forward: String, expected: String) throws {
        let result = try SourceApp.importing(SourceApp.sceneDelegate(root: "Editor()").merging([
            "Editor.swift": """
                import UIKit
                final class ComposerView: UIView {
                    let textView = UITextView()
                    override var canBecomeFirstResponder: Bool { true }
                    override func becomeFirstResponder() -> Bool {
                        \(forward)
                    }
                }
                class Editor: UIViewController {
                    let composer = ComposerView()
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "\\r", modifierFlags: .command, action: #selector(send))] }
                    @objc func send() {}
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        composer.becomeFirstResponder()
                    }
                }
                """,
        ]) { own, _ in own })
        #expect(result.report.keyWindow.firstResponder == expected)
    }

    /// A screen a controller pushes (Swift's `pushViewController(_:animated:)`) is not on
    /// screen at launch, so the field its `viewDidAppear` focuses is not first responder; a child
    /// the controller adds as it loads is.
    @Test(arguments: [("@objc func open() { navigationController?.pushViewController(editor, animated: true) }", nil),
                      ("@objc func open() {}\n    override func viewDidLoad() { super.viewDidLoad(); addChild(editor) }", "window/List/Editor/UITextField")])
    func aPushedScreensFocusWaitsForThePush(shows: String, expected: String?) throws {
        let result = try SourceApp.importing(SourceApp.sceneDelegate(root: "List()").merging([
            "Editor.swift": """
                import UIKit
                class Editor: UIViewController {
                    let field = UITextField()
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
                    @objc func save() {}
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        field.becomeFirstResponder()
                    }
                }
                class List: UIViewController {
                    let editor = Editor()
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(open))] }
                    \(shows)
                }
                """,
        ]) { own, _ in own })
        #expect(result.report.keyWindow.firstResponder == expected)
    }

    /// Objective-C's push (`pushViewController:animated:`) waits the same way, in a state of its
    /// own; a child the controller adds (`addChildViewController:`) focuses its text view at
    /// launch.
    @Test(arguments: [("- (void)showReply:(id)sender { [self.navigationController pushViewController:self.reply animated:YES]; }", nil),
                      ("- (void)viewDidAppear:(BOOL)animated { [self addChildViewController:self.reply]; }",
                       "window/ComposeController/ReplyController/UITextView")])
    func anObjectiveCPushedScreensFocusWaitsForThePush(shows: String, expected: String?) throws {
        let result = try importing([
            "App/ComposeController.m": Self.controller(
                members: "@property (nonatomic, strong) ReplyController *reply;",
                methods: """
                    - (void)viewDidLoad {
                        [super viewDidLoad];
                        self.reply = [[ReplyController alloc] init];
                    }
                    \(shows)
                    """),
            "App/ReplyController.m": """
                #import <UIKit/UIKit.h>
                @interface ReplyController : UIViewController
                @property (nonatomic, strong) UITextView *body;
                @end
                @implementation ReplyController
                - (NSArray *)keyCommands {
                    return @[[UIKeyCommand keyCommandWithInput:@"s" modifierFlags:UIKeyModifierCommand action:@selector(save:)]];
                }
                - (void)save:(id)sender {}
                - (void)viewDidAppear:(BOOL)animated {
                    [super viewDidAppear:animated];
                    [self.body becomeFirstResponder];
                }
                @end
                """,
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        // A pushed screen is a state the user enters, not the pusher's child.
        let pushed = expected == nil
        #expect(definition.windows.first?.children.first?.children.map(\.name) == (pushed ? [] : ["ReplyController"]))
        #expect(definition.states.contains { $0.name == "ReplyController" } == pushed)
        #expect(result.report.keyWindow.firstResponder == expected)
    }

    /// Instance variables hold views as properties do: an outlet declared in the
    /// implementation's braces (`IBOutlet UITextView *_notes;`) is a node of the screen.
    @Test func anInstanceVariablesTextViewIsANodeOfTheScreen() throws {
        let result = try importing([
            "App/ComposeController.m": Self.controller(members: "", ivars: "    IBOutlet UITextView *_notes;", methods: ""),
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let views = try #require(definition.windows.first?.children.first?.views)
        #expect(views.map(\.title) == ["notes"])
        #expect(views.map(\.kind) == [.textView])
    }

    /// A library's text class the import cannot read is known by its name: a property of it
    /// (`GrowingTextView`), or of an app class built on one (`ComposeTextView:
    /// NextGrowingTextView`), holds a text view that takes the focus; a library class named
    /// otherwise (`BadgeView`) holds none.
    @Test func aLibrarysTextClassIsKnownByItsName() throws {
        let result = try SourceApp.importing(SourceApp.sceneDelegate(root: "Chat()").merging([
            "Chat.swift": """
                import UIKit
                import NextGrowingTextView
                final class ComposeTextView: NextGrowingTextView {}
                class Chat: UIViewController {
                    let composer = ComposeTextView()
                    var caption: GrowingTextView!
                    let badge = BadgeView()
                    override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "\\r", modifierFlags: .command, action: #selector(send))] }
                    @objc func send() {}
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        composer.becomeFirstResponder()
                    }
                }
                """,
        ]) { own, _ in own })
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let views = try #require(definition.windows.first?.children.first?.views)
        #expect(views.map(\.name) == ["ComposeTextView", "GrowingTextView"])
        #expect(views.map(\.kind) == [.textView, .textView])
        #expect(result.report.keyWindow.firstResponder == "window/Chat/ComposeTextView")
    }

    /// A view built on any of UIKit's view classes is a view: a label that says `YES` to
    /// `canBecomeFirstResponder` (a key-capturing `UILabel` subclass), held in an instance
    /// variable, is a node that can take the focus.
    @Test func aLabelThatTakesTheFocusIsANodeOfTheScreen() throws {
        let result = try importing([
            "App/KeyLabel.m": """
                #import <UIKit/UIKit.h>
                @interface KeyLabel : UILabel
                @end
                @implementation KeyLabel
                - (BOOL)canBecomeFirstResponder { return YES; }
                @end
                """,
            "App/ComposeController.m": Self.controller(members: "", ivars: "    KeyLabel *_keys;", methods: ""),
        ])
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        let views = try #require(definition.windows.first?.children.first?.views)
        #expect(views.map(\.name) == ["KeyLabel"])
        #expect(views.first?.canBecomeFirstResponder == true)
    }
}

extension FirstResponderReadingTests {
    /// A SwiftUI app's window: SwiftUI finds a control's keyboard shortcut anywhere in the
    /// active scene, so with nothing focused the window's hosting controller, which holds the
    /// shortcuts, starts the chain and they fire.
    @Test func aSwiftUIWindowsHostingControllerStartsTheChainWhenNothingIsFocused() throws {
        let result = try SourceApp.importing(["App.swift": """
            import SwiftUI
            @main
            struct NotesApp: App {
                var body: some Scene {
                    WindowGroup { ContentView() }
                }
            }
            struct ContentView: View {
                var body: some View {
                    Button("Refresh") {}.keyboardShortcut("r", modifiers: .command)
                }
            }
            """])
        #expect(result.report.keyWindow.firstResponder == "window/UIHostingController")
        #expect(result.report.keyWindow.firstResponderReason.hasPrefix("the SwiftUI window's hosting controller (App.swift:5)"))
        let runtime = try SceneRuntime(definition: try SceneDefinition(json: result.scene, file: "scene"), file: "scene")
        let dispatcher = try runtime.makeDispatcher(policy: .uikit, clock: nil)
        #expect(dispatcher.dispatch(try KeyPress(notation: "cmd+r", layout: runtime.application.keyboardLayout)).action != nil)
    }
}

extension FirstResponderReadingTests {
    /// `becomeFirstResponder()` on a view of the app's that cannot become first responder (no
    /// `canBecomeFirstResponder` override, no view it hands the focus to) focuses nothing: the
    /// scene has no first responder, says why, and loads.
    @Test func aRequestARefusingViewCannotTakeFocusesNothing() throws {
        var app = SourceApp.sceneDelegate(root: "TerminalController()")
        app["Terminal.swift"] = """
            import UIKit
            class CommandField: UITextField {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "l", modifierFlags: .control, action: #selector(clear))] }
                @objc func clear() {}
            }
            class TerminalPanel: UIView {
                let field = CommandField()
            }
            class TerminalController: UIViewController {
                let panel = TerminalPanel()
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    panel.becomeFirstResponder()
                }
            }
            """
        let result = try SourceApp.importing(app)
        #expect(result.report.sceneError == nil)
        #expect(result.report.keyWindow.firstResponder == nil)
        #expect(result.report.keyWindow.firstResponderReason.hasPrefix("none: TerminalController.panel.becomeFirstResponder() in TerminalController.viewWillAppear"))
        #expect(result.report.keyWindow.firstResponderReason.contains("which cannot become first responder"))
    }
}
