import KeyTraceCore
import Testing
@testable import SceneImportObjectiveC

/// Objective-C sources the scanner tests read. Each is written for these tests in the style of
/// a UIKit app; none is copied from an app.
enum ObjectiveCFixtures {
    static let editorHeader = #"""
        #import <UIKit/UIKit.h>

        NS_ASSUME_NONNULL_BEGIN

        @class NoteStore;
        @protocol NoteEditing;

        /// Edits one note.
        @protocol NoteEditing <NSObject, UITextViewDelegate>
        @property (nonatomic, readonly) BOOL hasSelection;
        - (void)saveNote:(id)sender;
        @end

        API_AVAILABLE(ios(13.0))
        @interface EditorViewController : UIViewController <NoteEditing, UISearchBarDelegate>
        {
            UIViewController *_inspector;
            @private
            NSInteger _revision;
        }
        @property (nonatomic, strong, nullable) IBOutlet UITextView *textView;
        @property (nonatomic, copy) NSArray<UIKeyCommand *> *cachedCommands API_AVAILABLE(ios(13.0));
        @property (nonatomic, strong) NoteStore *store NS_SWIFT_NAME(noteStore);
        @property (nonatomic, copy, nullable) void (^completion)(BOOL finished);
        @property (nonatomic, weak) IBOutletCollection(UIButton) NSArray *toolButtons;
        - (instancetype)initWithStore:(NoteStore *)store NS_DESIGNATED_INITIALIZER;
        - (IBAction)toggleBold:(id)sender;
        - (void)find:(UIKeyCommand *)command;
        - (void)configureWithTitle:(NSString *)title;
        + (NSArray<UIKeyCommand *> *)sharedCommands __attribute__((warn_unused_result));
        @end

        @interface EditorViewController (Printing) <UIPrintInteractionControllerDelegate>
        - (void)printNote:(UIBarButtonItem *)item;
        @end

        @interface GenericBox<__covariant ObjectType> : NSObject <NSCopying>
        @property (nonatomic, strong) ObjectType value;
        @end

        @interface CommandList : NSArray<UIKeyCommand *> <NSSecureCoding>
        @end

        NS_ASSUME_NONNULL_END
        """#

    static let editorImplementation = #"""
        #import "Editor.h"
        #import "SettingsViewController.h"

        static NSString *const kFindInput = @"f";
        static NSString * const kNewNoteTitle = @"New " @"Note";
        NSString *const EditorDidSaveNotification = @"EditorDidSave";
        #define kSaveInput @"s"
        #define kCommandShift (UIKeyModifierCommand | UIKeyModifierShift)

        @interface EditorViewController () <UITableViewDataSource>
        @property (nonatomic, strong) SettingsViewController *settings;
        @property (nonatomic, strong) UINavigationController *detailNavigation;
        @end

        @implementation EditorViewController {
            NSArray *_keyCommands;
        }

        @synthesize store = _store;

        - (NSArray<UIKeyCommand *> *)keyCommands
        {
            if (!_keyCommands) {
                NSMutableArray *commands = [[super keyCommands] mutableCopy] ?: [NSMutableArray array];
                [commands addObject:[UIKeyCommand keyCommandWithInput:kFindInput modifierFlags:UIKeyModifierCommand action:@selector(find:) discoverabilityTitle:NSLocalizedString(@"FIND_TITLE", @"Find in note")]];
                [commands addObject:[UIKeyCommand keyCommandWithInput:kSaveInput
                                                        modifierFlags:kCommandShift
                                                               action:@selector(saveNote:)]];
                UIKeyCommand *escape = [UIKeyCommand keyCommandWithInput:UIKeyInputEscape modifierFlags:0 action:@selector(dismissEditor:)];
                escape.wantsPriorityOverSystemBehavior = YES;
                [commands addObject:escape];
                if (self.textView.isEditable) {
                    [commands addObject:[UIKeyCommand keyCommandWithInput:@"b" modifierFlags:UIKeyModifierCommand action:@selector(toggleBold:)]];
                } else {
                    [commands addObject:[UIKeyCommand keyCommandWithInput:@"e" modifierFlags:UIKeyModifierCommand action:NSSelectorFromString(@"beginEditing:")]];
                }
                for (int i = 1; i <= 9; i++) {
                    NSString *input = [NSString stringWithFormat:@"%d", i];
                    [commands addObject:[UIKeyCommand keyCommandWithInput:input modifierFlags:UIKeyModifierCommand action:@selector(selectTab:)]];
                }
                for (NSString *arrow in @[UIKeyInputUpArrow, UIKeyInputDownArrow]) {
                    [commands addObject:[UIKeyCommand keyCommandWithInput:arrow modifierFlags:UIKeyModifierAlternate action:@selector(moveLine:)]];
                }
                [commands addObjectsFromArray:[self navigationCommands]];
                _keyCommands = [commands copy];
            }
            return _keyCommands;
        }

        - (NSArray<UIKeyCommand *> *)navigationCommands {
            BOOL rtl = [UIApplication sharedApplication].userInterfaceLayoutDirection == UIUserInterfaceLayoutDirectionRightToLeft;
            return @[
                [UIKeyCommand keyCommandWithInput:@"\t" modifierFlags:UIKeyModifierControl action:@selector(nextNote:)],
                [UIKeyCommand keyCommandWithInput:(rtl ? UIKeyInputLeftArrow : UIKeyInputRightArrow) modifierFlags:UIKeyModifierCommand action:@selector(forward:)],
                [UIKeyCommand commandWithTitle:@"Delete Note" image:nil action:@selector(deleteNote:) input:@"\b" modifierFlags:UIKeyModifierCommand propertyList:nil alternates:@[] discoverabilityTitle:@"Delete" attributes:UIMenuElementAttributesDestructive state:UIMenuElementStateOff],
            ];
        }

        + (NSArray<UIKeyCommand *> *)sharedCommands
        {
            static NSArray<UIKeyCommand *> *commands;
            static dispatch_once_t onceToken;
            dispatch_once(&onceToken, ^{
                commands = @[
                    [UIKeyCommand keyCommandWithInput:@"\r" modifierFlags:UIKeyModifierCommand action:@selector(openSelection:)],
                    [NoteKeyCommand keyCommandWithInput:@"n" modifierFlags:UIKeyModifierCommand | UIKeyModifierAlternate action:@selector(newNote:) discoverabilityTitle:kNewNoteTitle],
                ];
            });
            return commands;
        }

        - (void)viewDidLoad {
            [super viewDidLoad];
            [self addKeyCommand:[UIKeyCommand keyCommandWithInput:@"w" modifierFlags:UIKeyModifierCommand action:@selector(closeNote:)]];
            UIKeyCommand *help = [UIKeyCommand keyCommandWithInput:@"?" modifierFlags:UIKeyModifierCommand | UIKeyModifierShift action:@selector(showHelp:)];
            [self.view addKeyCommand:help];
            [self addChildViewController:[[InspectorViewController alloc] initWithNibName:nil bundle:nil]];
            [self configureWithTitle:@"Editor"];
        }

        - (BOOL)canPerformAction:(SEL)action withSender:(id)sender {
            if (action == @selector(toggleBold:) || action == @selector(toggleItalics:)) {
                return self.textView.selectedRange.length > 0;
            }
            if (action == @selector(saveNote:)) return self.store.hasChanges;
            return [super canPerformAction:action withSender:sender];
        }

        - (IBAction)toggleBold:(id)sender { /* bold */ }
        - (void)find:(UIKeyCommand *)command {}
        - (void)configureWithTitle:(NSString *)title { self.title = title; }
        - (void)showSettings:(id)sender {
            SettingsViewController *settings = [SettingsViewController new];
            UINavigationController *navigation = [[UINavigationController alloc] initWithRootViewController:settings];
            [self presentViewController:navigation animated:YES completion:^{
                [self.store flush];
            }];
            [self.navigationController pushViewController:self.settings animated:YES];
            [self.navigationController pushViewController:_inspector animated:NO];
            UIViewController *byIdentifier = [self.storyboard instantiateViewControllerWithIdentifier:@"Detail"];
            [self presentViewController:byIdentifier animated:YES completion:nil];
        }

        - (void)buildMenuWithBuilder:(id<UIMenuBuilder>)builder {
            [super buildMenuWithBuilder:builder];
            if (builder.system != UIMenuSystem.mainSystem) { return; }
            UIKeyCommand *print = [UIKeyCommand commandWithTitle:NSLocalizedStringFromTable(@"PRINT", @"Menus", nil) image:nil action:@selector(printNote:) input:@"p" modifierFlags:UIKeyModifierCommand propertyList:nil];
            UIMenu *menu = [UIMenu menuWithTitle:@"" image:nil identifier:@"com.example.print" options:UIMenuOptionsDisplayInline children:@[print]];
            [builder insertSiblingMenu:menu afterMenuForIdentifier:UIMenuFile];
            [MenuController buildMenuWithBuilder:builder];
        }

        @end
        """#

    static let appDelegate = #"""
        #import "AppDelegate.h"

        @interface AppDelegate ()
        @property (nonatomic, strong) LockViewController *lockController;
        @end

        @implementation AppDelegate

        - (BOOL)application:(UIApplication *)application didFinishLaunchingWithOptions:(NSDictionary *)launchOptions {
            self.window = [[UIWindow alloc] initWithFrame:[[UIScreen mainScreen] bounds]];
        #if TARGET_OS_MACCATALYST
            self.window.rootViewController = [[MacRootViewController alloc] init];
        #else
            UITabBarController *tabs = [[UITabBarController alloc] init];
            tabs.viewControllers = @[[[UINavigationController alloc] initWithRootViewController:[[InboxViewController alloc] init]], [SearchViewController new]];
            self.window.rootViewController = tabs;
        #endif
        #ifdef DEBUG
            [self installDebugMenu];
        #endif
            if ([Settings shared].requiresPasscode) {
                [self.window.rootViewController presentViewController:self.lockController animated:NO completion:nil];
            } else if (![Settings shared].onboarded) {
                OnboardingViewController *onboarding = [[OnboardingViewController alloc] initWithNibName:@"Onboarding" bundle:nil];
                [self.window.rootViewController presentViewController:onboarding animated:YES completion:nil];
            }
            [self.window makeKeyAndVisible];
            return YES;
        }

        @end
        """#
}

/// Whole files: declarations, the commands each method creates and returns, containment and
/// validation rules.
@Suite struct ObjectiveCFileTests {
    let header = ObjectiveCFile.parse(ObjectiveCFixtures.editorHeader, path: "Editor.h")
    let implementation = ObjectiveCFile.parse(ObjectiveCFixtures.editorImplementation, path: "Editor.m")

    func method(_ selector: String, isClassMethod: Bool = false) -> ObjectiveCMethod? {
        implementation.implementations.first?.method(selector, isClassMethod: isClassMethod)
    }

    /// `input modifiers action` of each command a method creates.
    func shortcuts(_ selector: String, isClassMethod: Bool = false) -> [String] {
        let commands = method(selector, isClassMethod: isClassMethod)?.body?.keyCommands ?? []
        return commands.map { command in
            let input = command.input.map(Self.visible) ?? "nil"
            let modifiers = (command.modifiers?.uiKitNames ?? ["nil"]).joined(separator: "+")
            return "\(input) \(modifiers) \(command.action ?? "nil")"
        }
    }

    /// Control characters written as `\u{…}`.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test func classDeclarationsKeepSuperclassProtocolsAndLine() {
        let editor = header.interfaces.first { $0.className == "EditorViewController" && $0.category == nil }
        #expect(editor?.superclass == "UIViewController")
        #expect(editor?.protocols == ["NoteEditing", "UISearchBarDelegate"])
        #expect(editor?.line == 15)
        #expect(editor?.instanceVariables.map(\.name) == ["_inspector", "_revision"])
        let printing = header.interfaces.first { $0.category == "Printing" }
        #expect(printing?.className == "EditorViewController")
        #expect(printing?.protocols == ["UIPrintInteractionControllerDelegate"])
        #expect(printing?.superclass == nil)
        let box = header.interfaces.first { $0.className == "GenericBox" }
        #expect(box?.superclass == "NSObject")
        #expect(box?.protocols == ["NSCopying"])
        let list = header.interfaces.first { $0.className == "CommandList" }
        #expect(list?.superclass == "NSArray")
        #expect(list?.protocols == ["NSSecureCoding"])
        #expect(header.interfaces.count == 4)
    }

    @Test func propertiesSurviveMacrosOutletsAndBlockTypes() {
        let editor = header.interfaces.first { $0.className == "EditorViewController" && $0.category == nil }
        let properties = Dictionary(uniqueKeysWithValues: (editor?.properties ?? []).map { ($0.name, $0) })
        #expect(properties.keys.sorted() == ["cachedCommands", "completion", "store", "textView", "toolButtons"])
        #expect(properties["textView"]?.type == "UITextView *")
        #expect(properties["textView"]?.isOutlet == true)
        #expect(properties["cachedCommands"]?.type == "NSArray<UIKeyCommand *> *")
        #expect(properties["cachedCommands"]?.typeName == "NSArray")
        #expect(properties["store"]?.typeName == "NoteStore")
        #expect(properties["toolButtons"]?.isOutlet == true)
        #expect(properties["textView"]?.attributes == ["nonatomic", "strong", "nullable"])
    }

    @Test func protocolsAndMethodDeclarations() {
        #expect(header.protocols.map(\.name) == ["NoteEditing"])
        #expect(header.protocols.first?.refinedProtocols == ["NSObject", "UITextViewDelegate"])
        #expect(header.protocols.first?.methods.map(\.selector) == ["saveNote:"])
        let editor = header.interfaces.first { $0.className == "EditorViewController" && $0.category == nil }
        let methods = editor?.methods ?? []
        #expect(methods.map(\.selector) == ["initWithStore:", "toggleBold:", "find:", "configureWithTitle:", "sharedCommands"])
        #expect(methods.filter(\.isAction).map(\.selector) == ["toggleBold:", "find:"])
        #expect(methods.last?.isClassMethod == true)
        #expect(header.interfaces.first { $0.category == "Printing" }?.methods.first?.isAction == true)
    }

    @Test func fileConstantsAndDefines() {
        #expect(implementation.stringConstants["kFindInput"] == "f")
        #expect(implementation.stringConstants["kNewNoteTitle"] == "New Note")
        #expect(implementation.stringConstants["EditorDidSaveNotification"] == "EditorDidSave")
        #expect(implementation.stringConstants["kSaveInput"] == "s")
    }

    @Test func implementationMethodsHaveSelectorsParametersAndLines() {
        let selectors = implementation.implementations.first?.methods.map { ($0.isClassMethod ? "+" : "-") + $0.selector }
        #expect(selectors == [
            "-keyCommands", "-navigationCommands", "+sharedCommands", "-viewDidLoad", "-canPerformAction:withSender:",
            "-toggleBold:", "-find:", "-configureWithTitle:", "-showSettings:", "-buildMenuWithBuilder:",
        ])
        let canPerform = method("canPerformAction:withSender:")
        #expect(canPerform?.parameters == [.init(label: "canPerformAction", type: "SEL", name: "action"), .init(label: "withSender", type: "id", name: "sender")])
        #expect(canPerform?.returnType == "BOOL")
        #expect(method("keyCommands")?.line == 21)
        #expect(method("keyCommands")?.returnType == "NSArray<UIKeyCommand *> *")
        #expect(method("showSettings:")?.isAction == true)
        #expect(method("configureWithTitle:")?.isAction == false)
    }

    @Test func keyCommandsOverrideWithCacheLoopsAndBranches() {
        #expect(shortcuts("keyCommands") == [
            "f command find:", "s command+shift saveNote:", "UIKeyInputEscape  dismissEditor:", "b command toggleBold:",
            "e command beginEditing:", "1 command selectTab:", "2 command selectTab:", "3 command selectTab:",
            "4 command selectTab:", "5 command selectTab:", "6 command selectTab:", "7 command selectTab:",
            "8 command selectTab:", "9 command selectTab:", "UIKeyInputUpArrow alternate moveLine:",
            "UIKeyInputDownArrow alternate moveLine:",
        ])
        let commands = method("keyCommands")?.body?.keyCommands ?? []
        #expect(commands.first?.discoverabilityTitle == .localized(key: "FIND_TITLE", table: nil))
        #expect(commands.map(\.wantsPriority) == [false, false, true] + Array(repeating: false, count: 13))
        // The cache's nil check is no condition; the editable test is.
        #expect(commands[0].condition.tests.map(\.text) == [])
        #expect(commands[3].condition.tests.map(\.text) == ["self.textView.isEditable"])
        #expect(commands[4].condition.tests.map(\.text) == ["!(self.textView.isEditable)"])
        #expect(commands[1].line == 26)
        let returned = method("keyCommands")?.body?.returnedCommands
        #expect(returned?.storage == .instanceVariable("keyCommands"))
        #expect(returned?.commandsCreatedPerBuild == 16)
        let elements = returned?.elements.map(\.element) ?? []
        #expect(elements.first == .superCall("keyCommands"))
        #expect(elements.contains(.selfCall("navigationCommands")))
        #expect(elements.filter { if case .command = $0 { return true } else { return false } }.count == 16)
    }

    @Test func ternaryArgumentsGiveOneCommandPerBranch() {
        #expect(shortcuts("navigationCommands") == [
            "\\u{9} control nextNote:", "UIKeyInputLeftArrow command forward:", "UIKeyInputRightArrow command forward:",
            "\\u{8} command deleteNote:",
        ])
        let commands = method("navigationCommands")?.body?.keyCommands ?? []
        #expect(commands[1].condition.tests.map(\.text) == ["rtl"])
        #expect(commands[2].condition.tests.map(\.text) == ["!(rtl)"])
        #expect(commands[3].title == .literal("Delete Note"))
        #expect(commands[3].discoverabilityTitle == .literal("Delete"))
        #expect(commands[3].attributes == ["destructive"])
        let returned = method("navigationCommands")?.body?.returnedCommands
        #expect(returned?.storage == .builtPerCall)
        #expect(returned?.elements.count == 4)
        #expect(returned?.elements[1].condition.tests.map(\.text) == ["rtl"])
    }

    @Test func staticCacheAndSubclassReceivers() {
        #expect(shortcuts("sharedCommands", isClassMethod: true) == ["\\u{d} command openSelection:", "n alternate+command newNote:"])
        let commands = method("sharedCommands", isClassMethod: true)?.body?.keyCommands ?? []
        #expect(commands.map(\.receiverClass) == ["UIKeyCommand", "NoteKeyCommand"])
        #expect(commands.last?.discoverabilityTitle == .literal("New Note"))
        let returned = method("sharedCommands", isClassMethod: true)?.body?.returnedCommands
        #expect(returned?.storage == .staticVariable("commands"))
        #expect(returned?.elements.map(\.element) == [.command(0), .command(1)])
    }

    @Test func addKeyCommandSites() {
        let body = method("viewDidLoad")?.body
        #expect(body?.addedKeyCommands.map(\.receiver) == ["self", "self.view"])
        #expect(body?.addedKeyCommands.map(\.commands) == [[0], [1]])
        #expect(shortcuts("viewDidLoad") == ["w command closeNote:", "? command+shift showHelp:"])
        #expect(body?.selfMessages.map(\.selector) == ["addKeyCommand:", "addChildViewController:", "configureWithTitle:"])
        #expect(body?.containment.map(\.kind) == [.child])
        #expect(body?.containment.first?.child.className == "InspectorViewController")
    }

    @Test func canPerformActionRules() {
        let rules = method("canPerformAction:withSender:")?.body?.validations ?? []
        #expect(rules.map(\.selector) == ["toggleBold:", "toggleItalics:", "saveNote:"])
        #expect(rules.first?.condition == "self.textView.selectedRange.length > 0")
        #expect(rules.last?.condition == "self.store.hasChanges")
    }

    @Test func containmentResolvesClassesFromTheSource() {
        let containment = method("showSettings:")?.body?.containment ?? []
        #expect(containment.map(\.kind) == [.navigationRoot, .presented, .pushed, .pushed, .presented])
        #expect(containment[0].parent == "UINavigationController")
        #expect(containment[0].child.className == "SettingsViewController")
        #expect(containment[1].child.className == "UINavigationController")
        #expect(containment[1].parent == "self")
        #expect(containment[2].child == .init(className: "SettingsViewController", propertyName: "settings", expression: "self.settings"))
        // `_inspector` is declared in the header, which this file's scan does not see.
        #expect(containment[3].child == .init(className: nil, propertyName: "inspector", expression: "_inspector"))
        #expect(containment[4].child.className == "UIViewController")
        #expect(containment[2].parent == "self.navigationController")
    }

    @Test func buildMenuCommandsAndCallsIntoOtherClasses() {
        let body = method("buildMenuWithBuilder:")?.body
        #expect(shortcuts("buildMenuWithBuilder:") == ["p command printNote:"])
        #expect(body?.keyCommands.first?.title == .localized(key: "PRINT", table: "Menus"))
        #expect(body?.keyCommands.first?.condition.tests.map(\.text) == ["!(builder.system != UIMenuSystem.mainSystem)"])
        let calls = (body?.classMessages ?? []).map { "\($0.receiverClass ?? "self") \($0.selector)" }
        #expect(calls.contains("MenuController buildMenuWithBuilder:"))
    }

    @Test func appDelegateWindowSetupFollowsThePlatformAndConditions() {
        let file = ObjectiveCFile.parse(ObjectiveCFixtures.appDelegate, path: "AppDelegate.m")
        let containment = file.implementations.first?.method("application:didFinishLaunchingWithOptions:")?.body?.containment ?? []
        let summary = containment.map { "\($0.kind.rawValue) \($0.parent) \($0.child.className ?? "?") \($0.condition.text)" }
        #expect(summary == [
            "navigationRoot UINavigationController InboxViewController ",
            "viewControllers tabs UINavigationController ",
            "viewControllers tabs SearchViewController ",
            "windowRoot self.window UITabBarController ",
            "presented self.window.rootViewController LockViewController [Settings shared].requiresPasscode",
            "presented self.window.rootViewController OnboardingViewController !([Settings shared].requiresPasscode) && ![Settings shared].onboarded",
        ])
        let presented = containment.first { $0.child.propertyName != nil }
        #expect(presented?.child.propertyName == "lockController")
        // The containers the method makes hold what it puts in them, nested by index; the
        // window's root names the tab bar's.
        let body = file.implementations.first?.method("application:didFinishLaunchingWithOptions:")?.body
        let containers = (body?.containers ?? []).map { container in
            container.className + " " + container.children.map { $0.container.map { "#\($0)" } ?? $0.className ?? "?" }.joined(separator: ",")
        }
        #expect(containers == ["UITabBarController #1,SearchViewController", "UINavigationController InboxViewController"])
        #expect(containment.first { $0.kind == .windowRoot }?.child.container == 0)
        let selfCalls = file.implementations.first?.method("application:didFinishLaunchingWithOptions:")?.body?.selfMessages.map(\.selector)
        #expect(selfCalls == ["installDebugMenu"])

        let catalyst = ObjectiveCFile.parse(ObjectiveCFixtures.appDelegate, path: "AppDelegate.m", conditions: .init(platform: .macCatalyst, flags: []))
        let catalystBody = catalyst.implementations.first?.method("application:didFinishLaunchingWithOptions:")?.body
        #expect(catalystBody?.containment.first?.kind == .windowRoot)
        #expect(catalystBody?.containment.first?.child.className == "MacRootViewController")
        #expect(catalystBody?.selfMessages.isEmpty == true)
    }
}
