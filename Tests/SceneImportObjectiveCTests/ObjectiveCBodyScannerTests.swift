import KeyTraceCore
import SceneImportVocabulary
import Testing
@testable import SceneImportObjectiveC

/// Method bodies one construct at a time.
@Suite struct ObjectiveCBodyScannerTests {
    func body(_ method: String, selector: String = "keyCommands", file: String = "") -> ObjectiveCMethodBody? {
        let source = file + "\n@implementation Panel\n" + method + "\n@end\n"
        return ObjectiveCFile.parse(source, path: "Panel.m").implementations.first?.method(selector)?.body
    }

    @Test func switchCasesBecomeConditions() {
        let found = body(#"""
            - (NSArray *)keyCommands {
                switch (self.mode) {
                case PanelModeList:
                case PanelModeGrid:
                    return @[[UIKeyCommand keyCommandWithInput:@"l" modifierFlags:UIKeyModifierCommand action:@selector(list:)]];
                default:
                    return @[[UIKeyCommand keyCommandWithInput:@"d" modifierFlags:UIKeyModifierCommand action:@selector(other:)]];
                }
            }
            """#)
        #expect(found?.keyCommands.map { $0.condition.tests.map(\.text) } == [
            ["self.mode == PanelModeList || self.mode == PanelModeGrid"],
            ["!(self.mode == PanelModeList || self.mode == PanelModeGrid)"],
        ])
        #expect(found?.returnedCommands?.elements.map { $0.condition.tests.map(\.text) } == found?.keyCommands.map { $0.condition.tests.map(\.text) })
    }

    @Test func earlyReturnCacheAndRealConditions() {
        let found = body(#"""
            - (NSArray *)keyCommands {
                if (_commands) {
                    return _commands;
                }
                if (self.isEditing) {
                    _commands = @[[UIKeyCommand keyCommandWithInput:@"s" modifierFlags:UIKeyModifierCommand action:@selector(save:)]];
                } else {
                    _commands = @[];
                }
                return _commands;
            }
            """#)
        #expect(found?.keyCommands.first?.condition.tests.map(\.text) == ["self.isEditing"])
        #expect(found?.returnedCommands?.storage == .instanceVariable("commands"))
        #expect(found?.returnedCommands?.elements.map(\.element) == [.command(0)])
    }

    @Test func unassignedPropertiesAreReturnedAsStored() {
        let found = body(#"""
            - (NSArray<UIKeyCommand *> *)keyCommands {
                if (!self.enabled) return nil;
                return self.shortcutCommands;
            }
            """#)
        #expect(found?.returnedCommands?.elements == [.init(element: .stored("shortcutCommands"), condition: Condition(Condition.Test("!self.enabled", isNegated: true)))])
        #expect(found?.returnedCommands?.storage == .builtPerCall)
    }

    @Test func rawModifierMasksLocalsAndCompoundAssignments() {
        let found = body(#"""
            - (NSArray *)keyCommands {
                UIKeyModifierFlags flags = UIKeyModifierCommand;
                flags |= UIKeyModifierControl;
                NSString *input = @"k";
                UIKeyCommand *first = [UIKeyCommand keyCommandWithInput:input modifierFlags:flags action:@selector(one:)];
                UIKeyCommand *second = [UIKeyCommand keyCommandWithInput:@"j" modifierFlags:(1 << 20) action:@selector(two:)];
                UIKeyCommand *third = [UIKeyCommand keyCommandWithInput:self.userInput modifierFlags:self.userFlags action:self.userAction];
                [second setWantsPriorityOverSystemBehavior:YES];
                return [@[first, second, third] arrayByAddingObjectsFromArray:[self moreCommands]];
            }
            """#)
        let commands = found?.keyCommands ?? []
        #expect(commands.map(\.input) == ["k", "j", nil])
        #expect(commands.map(\.modifiers) == [[.command, .control], nil, nil])
        #expect(commands[1].modifiersExpression == "(1 << 20)")
        #expect(commands[2].inputExpression == "self.userInput")
        #expect(commands[2].actionExpression == "self.userAction")
        #expect(commands.map(\.wantsPriority) == [false, true, false])
        #expect(found?.returnedCommands?.elements.map(\.element) == [.command(0), .command(1), .command(2), .selfCall("moreCommands")])
    }

    @Test func loopsOverConstantArraysAndLoopVariablesMarkingPriority() {
        let found = body(#"""
            - (NSArray *)keyCommands {
                NSArray *inputs = @[@"[", @"]"];
                NSMutableArray *result = [[NSMutableArray alloc] init];
                for (NSUInteger index = 0; index < inputs.count; index++) {
                    [result addObject:[UIKeyCommand keyCommandWithInput:inputs[index] modifierFlags:UIKeyModifierCommand action:@selector(switchTab:)]];
                }
                for (UIKeyCommand *command in result) {
                    command.wantsPriorityOverSystemBehavior = YES;
                }
                return result;
            }
            """#)
        #expect(found?.keyCommands.map(\.input) == ["[", "]"])
        #expect(found?.keyCommands.map(\.wantsPriority) == [true, true])
    }

    @Test func containmentThroughSetViewControllersAndTernaries() {
        let found = body(
            #"""
            - (void)setUp {
                UISplitViewController *split = [[UISplitViewController alloc] init];
                [split setViewControllers:@[[ListViewController new], self.detail] animated:NO];
                UIViewController *root = self.compact ? [[CompactViewController alloc] init] : split;
                self.window.rootViewController = root;
                [self addChildViewController:[self.storyboard instantiateViewControllerWithIdentifier:@"Side"]];
            }
            """#, selector: "setUp",
            file: "@interface Panel ()\n@property (nonatomic) DetailViewController *detail;\n@end")
        let summary = (found?.containment ?? []).map {
            "\($0.kind.rawValue) \($0.parent) \($0.child.className ?? "?") \($0.child.propertyName ?? "-") \($0.condition.tests.map(\.text))"
        }
        #expect(summary == [
            "viewControllers split ListViewController - []",
            "viewControllers split DetailViewController detail []",
            "windowRoot self.window CompactViewController - [\"self.compact\"]",
            "windowRoot self.window UISplitViewController - [\"!(self.compact)\"]",
            "child self ? - []",
        ])
    }

    @Test func selfAndClassMessagesAreRecorded() {
        let found = body(#"""
            - (void)viewDidLoad {
                [super viewDidLoad];
                if (self.showsToolbar) { [self installToolbar]; }
                [KeyboardShortcuts registerForController:self];
            }
            """#, selector: "viewDidLoad")
        #expect(found?.selfMessages.map(\.selector) == ["installToolbar"])
        #expect(found?.selfMessages.first?.condition.tests.map(\.text) == ["self.showsToolbar"])
        #expect(found?.classMessages.map(\.selector) == ["registerForController:"])
        #expect(found?.classMessages.first?.receiverClass == "KeyboardShortcuts")
        #expect(found?.returnedCommands == nil)
    }

    /// A method returning an object records the controllers it returns, a container it makes
    /// by index; a message whose result the scanner does not know names the instance method it
    /// runs, on `self`, on an object a class method returns, or on one the source fixes.
    @Test func returnedControllersAndMethodResults() {
        let made = body("""
            - (UIViewController *)rootController {
                Library *library = [[Library alloc] init];
                if (self.compact) { return library; }
                return [[UINavigationController alloc] initWithRootViewController:library];
            }
            """, selector: "rootController")
        #expect(made?.returnedControllers.map { $0.container.map { "#\($0)" } ?? $0.className ?? "?" } == ["Library", "#0"])
        #expect(made?.containers.first?.children.map(\.className) == ["Library"])

        let reads = body("""
            - (void)setUp {
                self.window.rootViewController = [self rootController];
                [self presentViewController:[[Factory shared] settingsController] animated:YES completion:nil];
                Builder *builder = [[Builder alloc] init];
                [self.navigationController pushViewController:[builder detailController] animated:YES];
            }
            """, selector: "setUp")
        let methods = (reads?.containment ?? []).map { entry in
            entry.child.instanceMethod.map { "\($0.receiverClass ?? $0.receiverFactory.map { "+[\($0.className) \($0.selector)]" } ?? "self") \($0.selector)" } ?? "?"
        }
        #expect(methods == ["self rootController", "+[Factory shared] settingsController", "Builder detailController"])
    }
}

