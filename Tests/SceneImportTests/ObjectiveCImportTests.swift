import Foundation
import Testing
@testable import SceneImport
import SceneImportTestSupport
@testable import SceneImportObjectiveC
import Scenes

/// An app whose controllers are Objective-C classes, extended in Swift: the import puts them in
/// the scene on the right classes, with the Objective-C app delegate's window. The sources are
/// written for this test.
@Suite struct ObjectiveCImportTests {
    static let files: [String: String] = [
        "App/AppDelegate.h": """
            #import <UIKit/UIKit.h>
            @interface AppDelegate : UIResponder <UIApplicationDelegate>
            @property (strong, nonatomic) UIWindow *window;
            @end
            """,
        "App/AppDelegate.m": """
            #import "AppDelegate.h"
            #import "LibraryViewController.h"
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                LibraryViewController *library = [[LibraryViewController alloc] init];
                UINavigationController *navigation = [[UINavigationController alloc] initWithRootViewController:library];
                self.window.rootViewController = navigation;
                if ([self needsPasscode]) {
                    [navigation presentViewController:[[PasscodeViewController alloc] init] animated:NO completion:nil];
                }
                return YES;
            }
            @end
            """,
        "App/LibraryViewController.h": """
            #import <UIKit/UIKit.h>
            NS_ASSUME_NONNULL_BEGIN
            @interface LibraryViewController : UIViewController
            @property (nonatomic, strong) PlayerViewController *player;
            - (IBAction)refresh:(id)sender;
            @end
            @interface PlayerViewController : UIViewController
            @end
            @interface PasscodeViewController : UIViewController
            @end
            NS_ASSUME_NONNULL_END
            """,
        "App/LibraryViewController.m": """
            #import "LibraryViewController.h"
            @implementation LibraryViewController
            - (void)viewDidLoad {
                [super viewDidLoad];
                self.player = [[PlayerViewController alloc] init];
                [self addChildViewController:self.player];
            }
            - (NSArray<UIKeyCommand *> *)keyCommands {
                return @[[UIKeyCommand keyCommandWithInput:@"r" modifierFlags:UIKeyModifierCommand action:@selector(refresh:) discoverabilityTitle:@"Refresh"]];
            }
            - (IBAction)refresh:(id)sender {}
            - (BOOL)canPerformAction:(SEL)action withSender:(id)sender {
                if (action == @selector(refresh:)) { return self.isOnline; }
                return [super canPerformAction:action withSender:sender];
            }
            @end
            """,
        "App/PlayerViewController+Keys.swift": """
            import UIKit
            extension PlayerViewController {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(title: "Play", action: #selector(togglePlay), input: " ", modifierFlags: [])]
                }
                @objc func togglePlay() {}
            }
            """,
    ]

    /// The window root an Objective-C app delegate sets in a method its launch method calls
    /// (`[self setupWindow]`) is the key window's; one set in a method nothing calls at launch is not.
    @Test func theLaunchMethodsHelpersSetTheKeyWindow() throws {
        var files = Self.files
        files["App/AppDelegate.m"] = """
            #import "AppDelegate.h"
            #import "LibraryViewController.h"
            @implementation AppDelegate
            - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
                [self setupWindow];
                return YES;
            }
            - (void)setupWindow {
                self.window.rootViewController = [[LibraryViewController alloc] init];
            }
            - (void)showLock {
                self.window.rootViewController = [[PasscodeViewController alloc] init];
            }
            @end
            """
        let result = try importApp(files)
        #expect(result.report.keyWindow.root == "LibraryViewController")
        #expect(result.report.keyWindow.decidedBy == "Objective-C entry point")
        #expect(result.report.keyWindow.line == 9)
        #expect(result.report.responderPaths["PlayerViewController"] == "window/LibraryViewController/PlayerViewController")
    }

    func importApp(_ files: [String: String] = Self.files) throws -> ImportResult {
        try TemporaryApp.importing(files, folder: "App")
    }

    /// `NSLocalizedStringWithDefaultValue`'s value is the title when no strings table holds the
    /// key, as Foundation returns it; a plain `NSLocalizedString` stays its key.
    @Test func aLocalizedStringsDefaultValueIsTheTitleWhenNoTableHoldsTheKey() throws {
        let result = try importApp(["App/Print.m": """
            @implementation PrintController
            - (NSArray *)keyCommands {
                return @[[UIKeyCommand keyCommandWithInput:@"p" modifierFlags:UIKeyModifierCommand action:@selector(print:)
                                      discoverabilityTitle:NSLocalizedStringWithDefaultValue(@"menu.print", nil, [NSBundle mainBundle], @"Print", @"")],
                         [UIKeyCommand keyCommandWithInput:@"e" modifierFlags:UIKeyModifierCommand action:@selector(export:)
                                      discoverabilityTitle:NSLocalizedString(@"menu.export", @"")]];
            }
            @end
            """])
        let titles = Dictionary(uniqueKeysWithValues: result.inventory.map { ($0.action ?? "nil", $0.title ?? "nil") })
        #expect(titles == ["print:": "Print", "export:": "menu.export"])
    }

    @Test func objectiveCCommandsAndSwiftExtensionsLandOnTheirClasses() throws {
        let result = try importApp()
        let rows = result.inventory.map { "\($0.declaredIn) \($0.mechanism.rawValue) \($0.displayShortcut) \($0.action ?? "nil")" }.sorted()
        #expect(rows == ["LibraryViewController keyCommands cmd+r refresh:", "PlayerViewController keyCommands space togglePlay"])
        #expect(result.inventory.first { $0.action == "refresh:" }?.title == "Refresh")
        #expect(result.inventory.first { $0.action == "refresh:" }?.file.hasSuffix("LibraryViewController.m") == true)
    }

    /// A Swift struct named like an Objective-C view class (a representable wrapping the
    /// controller that shows it) does not hide the class: it stays a responder.
    @Test func aSwiftStructNamedLikeAnObjectiveCClassLeavesTheClassAResponder() throws {
        var files = Self.files
        files["App/LibraryViewController.h"]! += "\n@interface TerminalView : UIView\n@end\n"
        files["App/TerminalView.m"] = """
            #import "LibraryViewController.h"
            @implementation TerminalView
            - (NSArray<UIKeyCommand *> *)keyCommands {
                return @[[UIKeyCommand keyCommandWithInput:@"k" modifierFlags:UIKeyModifierCommand action:@selector(clear:)]];
            }
            - (void)clear:(id)sender {}
            @end
            """
        files["App/TerminalView.swift"] = """
            import SwiftUI
            struct TerminalView: UIViewControllerRepresentable {
                func makeUIViewController(context: Context) -> LibraryViewController { LibraryViewController() }
                func updateUIViewController(_ controller: LibraryViewController, context: Context) {}
            }
            """
        let result = try importApp(files)
        #expect(result.inventory.contains { $0.declaredIn == "TerminalView" && $0.action == "clear:" })
        // A responder (a view) the source never places: declared, but not reachable in the
        // scene, rather than "not a responder".
        #expect(result.report.unplacedTypes.contains("TerminalView"))
        #expect(result.report.unresolved.map(\.reason).allSatisfy { $0.hasPrefix("declared but not reachable in the scene: its provider TerminalView") })
    }

    /// The app has no Swift at all: it imports, and its cached array is stored commands.
    @Test func aCachedArrayGivesEachCommandOnceAndCountsAsStored() throws {
        let result = try importApp([
            "App/Player.h": "#import <UIKit/UIKit.h>\n@interface Player : UIViewController\n@end\n",
            "App/Player.m": """
                #import "Player.h"
                @implementation Player {
                    NSArray *_commands;
                }
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    if (!_commands) {
                        _commands = @[[UIKeyCommand keyCommandWithInput:@" " modifierFlags:0 action:@selector(togglePlay:)],
                                      [UIKeyCommand keyCommandWithInput:UIKeyInputRightArrow modifierFlags:0 action:@selector(skip:)]];
                    }
                    return _commands;
                }
                - (void)togglePlay:(id)sender {}
                - (void)skip:(id)sender {}
                @end
                """,
        ])
        #expect(result.inventory.count == 2)
        #expect(result.report.files == 0)
        #expect(result.report.objectiveCFiles == 2)
        #expect(result.report.objectiveCLines == 16)
        let cost = result.report.getterCosts.first { $0.type == "Player" }
        #expect(cost?.computed == false)
        #expect(cost?.storedCommands == 2)
    }

    /// Inputs built from strings: a function-like macro joining a prefix and a key, a loop over
    /// character literals formatted with `%c`, and a helper that decides its modifiers with
    /// `hasPrefix:` and cuts the prefix with `rangeOfString:`/`substringFromIndex:`. Each test
    /// the source decides takes one branch; the helper, run from the initialiser that fills the
    /// array `keyCommands` returns, adds no row of its own.
    @Test func inputsBuiltFromStringsFollowMacrosLoopsAndDecidedTests() throws {
        let result = try importApp([
            "App/Terminal.h": "#import <UIKit/UIKit.h>\n@interface Terminal : UIView\n@end\n",
            "App/Terminal.m": """
                #import "Terminal.h"
                #define CHORD(mod, key) [NSString stringWithFormat:@"%@+%@", mod, key]
                @implementation Terminal {
                    NSMutableArray *_commands;
                }
                - (instancetype)initWithFrame:(CGRect)frame {
                    self = [super initWithFrame:frame];
                    _commands = [[NSMutableArray alloc] init];
                    [self add:CHORD(@"shift", UIKeyInputUpArrow)];
                    for (char c = 'x'; c <= 'z'; c++) {
                        [self add:CHORD(@"ctrl", [NSString stringWithFormat:@"%c", c])];
                    }
                    [self add:@"plain"];
                    [_commands addObject:[UIKeyCommand keyCommandWithInput:@"n" modifierFlags:UIKeyModifierCommand ^ UIKeyModifierShift action:@selector(send:)]];
                    return self;
                }
                - (NSArray *)keyCommands { return _commands; }
                - (void)add:(NSString *)chord {
                    UIKeyModifierFlags flags = 0;
                    if ([chord hasPrefix:@"shift+"]) {
                        flags = UIKeyModifierShift;
                    } else if ([chord hasPrefix:@"ctrl+"]) {
                        flags = UIKeyModifierControl;
                    }
                    NSUInteger cut = [chord rangeOfString:@"+"].location;
                    if (cut != NSNotFound) {
                        chord = [chord substringFromIndex:cut + 1];
                    }
                    [_commands addObject:[UIKeyCommand keyCommandWithInput:chord modifierFlags:flags action:@selector(send:)]];
                }
                - (void)send:(UIKeyCommand *)command {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.input ?? "nil") \($0.modifierNames ?? []) \($0.conditional)" }
        #expect(rows.sorted() == [
            "UIKeyInputUpArrow [\"shift\"] false", "n [\"command\", \"shift\"] false", "plain [] false",
            "x [\"control\"] false", "y [\"control\"] false", "z [\"control\"] false",
        ])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil })
    }

    /// `rangeOfCharacterFromSet:` of a set built from a string the source fixes is decided for a
    /// key the source fixes: a space has no capital letter, so only the unmodified command is
    /// made for it; the keys a library gives at run time take both branches.
    @Test func aCharacterSetTestIsDecidedForAFixedKey() throws {
        let result = try importApp([
            "App/Keys.h": "#import <UIKit/UIKit.h>\n@interface Keys : UIResponder\n@end\n",
            "App/Keys.m": """
                #import "Keys.h"
                @implementation Keys
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    NSMutableArray *keys = [NSMutableArray new];
                    NSArray *names = [[[KeyLibrary shared] keys] arrayByAddingObjectsFromArray:@[@" "]];
                    NSCharacterSet *capitals = [NSCharacterSet characterSetWithCharactersInString:@"ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
                    for (NSString *name in names) {
                        NSRange range = [name rangeOfCharacterFromSet:capitals];
                        if (NSNotFound != range.location) {
                            [keys addObject:[UIKeyCommand keyCommandWithInput:name modifierFlags:UIKeyModifierShift action:@selector(keyInput:)]];
                        } else {
                            [keys addObject:[UIKeyCommand keyCommandWithInput:name modifierFlags:0 action:@selector(keyInput:)]];
                        }
                    }
                    return keys;
                }
                - (void)keyInput:(UIKeyCommand *)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.input ?? "nil") \($0.modifierNames ?? [])" }
        #expect(rows.sorted() == ["  []", "nil [\"shift\"]", "nil []"])
    }

    /// C functions the file defines run where they are called: a factory returning a command,
    /// and a `void` function filling the caller's mutable array. Their loops run per element;
    /// `continue` under a test the source decides ends that pass, `&&` is decided, and an
    /// `NSNumber`'s `unsignedIntegerValue` is its mask.
    @Test func cFunctionsRunWhereTheyAreCalled() throws {
        let result = try importApp([
            "App/Pad.h": "#import <UIKit/UIKit.h>\n@interface Pad : UIView\n@end\n",
            "App/Pad.m": """
                #import "Pad.h"
                static UIKeyCommand *PadCommand(NSString *input, UIKeyModifierFlags flags, SEL action) {
                    return [UIKeyCommand keyCommandWithInput:input modifierFlags:flags action:action];
                }
                static void PadAddKeys(NSMutableArray<UIKeyCommand *> *list, SEL action) {
                    NSMutableArray<NSString *> *keys = [@[UIKeyInputEscape, @"\\t"] mutableCopy];
                    NSArray<NSNumber *> *masks = @[@0, @(UIKeyModifierShift | UIKeyModifierAlternate)];
                    for (NSString *key in keys) {
                        for (NSNumber *mask in masks) {
                            if ([key isEqualToString:UIKeyInputEscape] && mask.unsignedIntegerValue != 0) continue;
                            [list addObject:PadCommand(key, mask.unsignedIntegerValue, action)];
                        }
                    }
                    NSString *letters = @"xy";
                    for (NSUInteger i = 0; i < letters.length; i++) {
                        [list addObject:PadCommand([letters substringWithRange:NSMakeRange(i, 1)], UIKeyModifierControl, action)];
                    }
                }
                @implementation Pad
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    NSMutableArray<UIKeyCommand *> *commands = [NSMutableArray new];
                    PadAddKeys(commands, @selector(press:));
                    return commands;
                }
                - (void)press:(UIKeyCommand *)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.input ?? "nil") \($0.modifierNames ?? []) \($0.action ?? "nil")" }
        #expect(rows.sorted() == [
            "Pad \t [\"alternate\", \"shift\"] press:", "Pad \t [] press:", "Pad UIKeyInputEscape [] press:",
            "Pad x [\"control\"] press:", "Pad y [\"control\"] press:",
        ])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil && !$0.conditional })
    }

    /// A C array of masks with `sizeof(a) / sizeof(a[0])` as its count runs once per element;
    /// `sizeof(a)` alone counts bytes, as C does, so passes past the end read masks the source
    /// does not fix. A ternary whose test the source decides gives the branch it takes.
    @Test func cArraysAndSizeofRunAsCDoes() throws {
        let result = try importApp([
            "App/Pad.h": "#import <UIKit/UIKit.h>\n@interface Pad : UIView\n@end\n",
            "App/Pad.m": """
                #import "Pad.h"
                static const UIKeyModifierFlags PadMasks[] = { UIKeyModifierCommand, UIKeyModifierCommand | UIKeyModifierShift };
                @implementation Pad
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    NSMutableArray<UIKeyCommand *> *commands = [NSMutableArray new];
                    const long local[] = { UIKeyModifierControl, kNilOptions };
                    for (int i = 0; i < sizeof(PadMasks) / sizeof(PadMasks[0]); i++) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:@"a" modifierFlags:PadMasks[i] action:@selector(press:)]];
                    }
                    for (int j = 0; j < sizeof(local); j++) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:@"b" modifierFlags:local[j] action:@selector(press:)]];
                    }
                    for (int k = 9; k <= 10; k++) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:[NSString stringWithFormat:@"%d", k == 10 ? 0 : k] modifierFlags:UIKeyModifierCommand action:@selector(press:)]];
                    }
                    return commands;
                }
                - (void)press:(UIKeyCommand *)sender {}
                @end
                """,
        ])
        let rows = Set(result.inventory.map { "\($0.input ?? "nil") \($0.modifierNames.map { "\($0)" } ?? "nil")" })
        #expect(rows == [
            "a [\"command\"]", "a [\"command\", \"shift\"]", "b [\"control\"]", "b []", "b nil",
            "9 [\"command\"]", "0 [\"command\"]",
        ])
    }

    /// A game view's category builds its commands once into a file-level `static` array,
    /// through a block variable called per character of a string and per special key; its
    /// `keyCommands` fills the array on first use and returns it. Each command is the view's,
    /// created where the block is called, under the test that returns `nil`.
    @Test func aBlockVariableFillsAFileLevelCacheThatKeyCommandsReturns() throws {
        let result = try importApp([
            "App/GameView.h": "#import <UIKit/UIKit.h>\n@interface GameView : UIView\n@property (nonatomic) BOOL typing;\n@end\n",
            "App/GameView+Keys.mm": """
                #import "GameView.h"
                static NSArray *sharedCommands = nil;
                @implementation GameView (Keys)
                - (void)buildCommands
                {
                    NSString *letters = @"abc";
                    NSMutableArray *commands = [NSMutableArray array];
                    void (^add)(NSString *key, UIKeyModifierFlags flags) = ^(NSString *key, UIKeyModifierFlags flags) {
                        UIKeyCommand *command = [UIKeyCommand keyCommandWithInput:key modifierFlags:flags action:@selector(pressed:)];
                        [commands addObject:command];
                    };
                    for (NSInteger i = 0; i < letters.length; ++i) {
                        add([letters substringWithRange:NSMakeRange(i, 1)], kNilOptions);
                    }
                    add(UIKeyInputEscape, kNilOptions);
                    add(@"", UIKeyModifierShift);
                    sharedCommands = commands.copy;
                }
                - (NSArray *)keyCommands
                {
                    if (self.typing)
                        return nil;
                    if (sharedCommands == nil)
                        [self buildCommands];
                    return sharedCommands;
                }
                - (void)pressed:(UIKeyCommand *)command {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.displayShortcut) \($0.line) \($0.conditional) \($0.notFollowed == nil)" }
        #expect(rows == [
            "GameView a 13 true true", "GameView b 13 true true", "GameView c 13 true true",
            "GameView esc 15 true true", "GameView shift+ 16 true true",
        ])
    }

    /// A block variable that the method hands on rather than calls still has its command found:
    /// it runs once where the method ends, and the command is listed as not followed.
    @Test func aBlockVariableNoCallRunsIsStillSwept() throws {
        let result = try importApp([
            "App/Pad.h": "#import <UIKit/UIKit.h>\n@interface Pad : UIView\n@end\n",
            "App/Pad.m": """
                #import "Pad.h"
                @implementation Pad
                - (void)registerKeys
                {
                    void (^make)(NSString *key) = ^(NSString *key) {
                        [self addKeyCommand:[UIKeyCommand keyCommandWithInput:key modifierFlags:UIKeyModifierCommand action:@selector(go:)]];
                    };
                    [[KeyRegistry shared] forEachKey:make];
                }
                - (void)go:(UIKeyCommand *)command {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.displayShortcut) \($0.action ?? "nil")" }
        #expect(rows == ["Pad cmd+? go:"])
    }

    /// A category's `+load` that swaps a method in for `keyCommands` (method swizzling) makes
    /// that method the class's `keyCommands`.
    @Test func aMethodSwizzledInForKeyCommandsProvidesTheClassCommands() throws {
        let result = try importApp([
            "App/Pane.h": "#import <UIKit/UIKit.h>\n@interface Pane : UIView\n@end\n",
            "App/Pane+Keys.m": """
                #import <objc/runtime.h>
                #import "Pane.h"
                @implementation Pane (Keys)
                + (void)load {
                    Method original = class_getInstanceMethod(self, @selector(keyCommands));
                    Method replacement = class_getInstanceMethod(self, @selector(pane_keyCommands));
                    method_exchangeImplementations(original, replacement);
                }
                - (NSArray<UIKeyCommand *> *)pane_keyCommands {
                    NSArray *own = [self pane_keyCommands];
                    UIKeyCommand *reload = [UIKeyCommand keyCommandWithInput:@"r" modifierFlags:UIKeyModifierCommand action:@selector(reloadPane:)];
                    return own ? [own arrayByAddingObject:reload] : @[reload];
                }
                - (void)reloadPane:(id)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.mechanism.rawValue) \($0.input ?? "nil") \($0.notFollowed == nil)" }
        #expect(rows == ["Pane keyCommands r true"])
        // The swizzled-in method is the getter UIKit calls on every press: it builds its command per call.
        let cost = result.report.getterCosts.first { $0.type == "Pane" }
        #expect(cost?.computed == true)
        #expect(cost?.commandsBuiltPerCall == 1)
    }

    /// A category that gives WebKit's own `WKWebView` commands makes the web view a view of the
    /// scene, and a command returned along two paths is under the conditions they share: none.
    @Test func aSystemViewACategoryGivesCommandsIsPlacedAndSharedReturnsAreUnconditional() throws {
        let result = try importApp([
            "App/Web.m": """
                #import <WebKit/WebKit.h>
                BOOL TerminalEnabled(void);
                @implementation WKWebView (Keys)
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    NSMutableArray *commands = [NSMutableArray new];
                    [commands addObject:[UIKeyCommand keyCommandWithInput:@"," modifierFlags:UIKeyModifierCommand action:@selector(openSettings:)]];
                    if (!TerminalEnabled()) {
                        return commands;
                    }
                    [commands addObject:[UIKeyCommand keyCommandWithInput:@"c" modifierFlags:UIKeyModifierControl action:@selector(interrupt:)]];
                    return commands;
                }
                - (void)openSettings:(id)sender {}
                - (void)interrupt:(id)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.input ?? "nil") \($0.conditional)" }
        #expect(rows.sorted() == ["WKWebView , false", "WKWebView c true"])
        #expect(result.report.unresolved.isEmpty)
        #expect(result.scene.contains("\"WKWebView\""))
    }

    /// A command a C function creates that no provider calls is found but not followed.
    @Test func aCFunctionNoProviderCallsIsFoundButNotFollowed() throws {
        let result = try importApp([
            "App/Pad.h": "#import <UIKit/UIKit.h>\n@interface Pad : UIView\n@end\n",
            "App/Pad.m": """
                #import "Pad.h"
                static UIKeyCommand *PadUnused(SEL action) {
                    return [UIKeyCommand keyCommandWithInput:@"u" modifierFlags:UIKeyModifierCommand action:action];
                }
                @implementation Pad
                - (void)press:(UIKeyCommand *)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.input ?? "nil") \($0.modifierNames ?? []) \($0.line)" }
        #expect(rows == ["? u [\"command\"] 3"])
        #expect(result.inventory.allSatisfy { $0.notFollowed?.contains("PadUnused()") == true })
    }

    /// A `UIKeyCommand` category's class factory that passes its parameters on to UIKit's
    /// makes commands wherever the app sends it, with each argument where the factory puts it.
    @Test func aCategoryFactoryOfUIKeyCommandReadsAsTheOneItCalls() throws {
        let result = try importApp([
            "App/UIKeyCommand+Compat.h": """
                #import <UIKit/UIKit.h>
                @interface UIKeyCommand (Compat)
                + (instancetype)compatCommandWithInput:(NSString *)key flags:(UIKeyModifierFlags)flags selector:(SEL)sel title:(NSString *)title;
                @end
                """,
            "App/UIKeyCommand+Compat.m": """
                #import "UIKeyCommand+Compat.h"
                @implementation UIKeyCommand (Compat)
                + (instancetype)compatCommandWithInput:(NSString *)key flags:(UIKeyModifierFlags)flags selector:(SEL)sel title:(NSString *)title {
                    if (@available(iOS 13.0, *)) {
                        return [[self class] keyCommandWithInput:key modifierFlags:flags action:sel];
                    }
                    return [[self class] keyCommandWithInput:key modifierFlags:flags action:sel discoverabilityTitle:title];
                }
                @end
                """,
            "App/Reader.h": "#import <UIKit/UIKit.h>\n@interface Reader : UIViewController\n@end\n",
            "App/Reader.m": """
                #import "Reader.h"
                #import "UIKeyCommand+Compat.h"
                @implementation Reader
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    return @[[UIKeyCommand compatCommandWithInput:@"s" flags:UIKeyModifierCommand selector:@selector(star:) title:@"Star"]];
                }
                - (void)star:(id)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.input ?? "nil") \($0.modifierNames ?? []) \($0.action ?? "nil") \($0.title ?? "nil")" }
        #expect(rows == ["Reader s [\"command\"] star: Star"])
    }

    @Test func anAvailabilityCheckTheDeploymentTargetMeetsAlwaysRuns() throws {
        let result = try importApp([
            "App/Menu.h": "#import <UIKit/UIKit.h>\n@interface Menu : UIViewController\n@end\n",
            "App/Menu.m": """
                #import "Menu.h"
                @implementation Menu
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    NSString *reset = @"";
                    if (@available(iOS 13.0, *)) {
                        reset = UIKeyInputF3;
                    } else {
                        reset = @"r";
                    }
                    NSString *next = @"n";
                    if (@available(iOS 15.0, *)) {
                        next = UIKeyInputF4;
                    }
                    return @[[UIKeyCommand keyCommandWithInput:reset modifierFlags:0 action:@selector(reset:)],
                             [UIKeyCommand keyCommandWithInput:next modifierFlags:0 action:@selector(next:)]];
                }
                - (void)reset:(id)sender {}
                - (void)next:(id)sender {}
                @end
                """,
        ])
        // The default deployment target is iOS 13: the first check always holds, the second not.
        let rows = result.inventory.map { "\($0.displayShortcut) \($0.action ?? "nil")" }.sorted()
        #expect(rows == ["f3 reset:", "f4 next:", "n next:"])
        #expect(result.inventory.first { $0.action == "reset:" }?.conditional == false)
        #expect(result.inventory.first { $0.displayShortcut == "f4" }?.condition?.text == "@available(iOS 15.0, *)")
    }

    @Test func theObjectiveCAppDelegatesWindowIsTheKeyWindowWithItsContainment() throws {
        let result = try importApp()
        // The navigation controller the launch method makes is the root, holding its root.
        #expect(result.report.responderPaths["LibraryViewController"] == "window/UINavigationController/LibraryViewController")
        #expect(result.report.responderPaths["PlayerViewController"] == "window/UINavigationController/LibraryViewController/PlayerViewController")
        // The passcode screen is presented under a condition: it is no window of its own.
        #expect(result.report.responderPaths["PasscodeViewController"] == nil || result.report.responderPaths["PasscodeViewController"]?.hasPrefix("(presented)") == true)
        #expect(result.report.unresolved.isEmpty)
        #expect(result.scene.contains("\"disabledWhen\""))
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        #expect(definition.windows.count == 1)
    }
}
