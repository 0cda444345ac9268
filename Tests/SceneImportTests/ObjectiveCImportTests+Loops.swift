import Foundation
import Testing
@testable import SceneImport
import SceneImportTestSupport

/// Objective-C getters that build their commands in loops and helpers: over a C string's or a
/// substring's characters, through helper methods and factory methods, in enumeration blocks and
/// in methods a macro defines. The sources are written for these tests.
extension ObjectiveCImportTests {
    /// Commands built by helper methods the getter sends to `self`, over the characters of a C
    /// string and over an array literal: one command per character, created at the message.
    @Test func helperMethodsOverACStringGiveOneCommandPerCharacter() throws {
        let result = try importApp([
            "App/Console.h": "#import <UIKit/UIKit.h>\n@interface Console : UIView\n@end\n",
            "App/Console.m": """
                #import "Console.h"
                static const char *digits = "123";
                @implementation Console {
                    NSMutableArray<UIKeyCommand *> *_commands;
                }
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    if (_commands != nil)
                        return _commands;
                    _commands = [NSMutableArray new];
                    [self addCharacters:digits withModifiers:UIKeyModifierControl];
                    for (NSString *arrow in @[UIKeyInputUpArrow, UIKeyInputDownArrow]) {
                        [self addInput:arrow withModifiers:0];
                    }
                    return _commands;
                }
                - (void)addCharacters:(const char *)characters withModifiers:(UIKeyModifierFlags)modifiers {
                    for (size_t i = 0; characters[i] != '\\0'; i++) {
                        [self addInput:[NSString stringWithFormat:@"%c", characters[i]] withModifiers:modifiers];
                    }
                }
                - (void)addInput:(NSString *)input withModifiers:(UIKeyModifierFlags)modifiers {
                    UIKeyCommand *command = [UIKeyCommand keyCommandWithInput:input modifierFlags:modifiers action:@selector(typeKey:)];
                    [_commands addObject:command];
                }
                - (void)typeKey:(UIKeyCommand *)command {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.displayShortcut) \($0.action ?? "nil") \($0.line)" }.sorted()
        #expect(rows == [
            "Console ctrl+1 typeKey: 10", "Console ctrl+2 typeKey: 10", "Console ctrl+3 typeKey: 10",
            "Console down typeKey: 12", "Console up typeKey: 12",
        ])
        #expect(result.inventory.allSatisfy { !$0.conditional && $0.notFollowed == nil })
    }

    /// `[self addKeysTo:_commands]`: the array is the same mutable array in the method, so what
    /// the method (and the method it messages, from an enumeration block) adds is the caller's.
    @Test func arraysPassedToHelpersHoldWhatTheyAdd() throws {
        let result = try importApp([
            "App/Stage.h": "#import <UIKit/UIKit.h>\n@interface Stage : UIViewController\n@end\n",
            "App/Stage.m": """
                #import "Stage.h"
                @implementation Stage {
                    NSMutableArray *_commands;
                }
                - (NSArray *)keyCommands {
                    if (!_commands) {
                        _commands = [NSMutableArray array];
                        [self addLettersTo:_commands];
                    }
                    return _commands;
                }
                - (void)addLettersTo:(NSMutableArray *)commands {
                    NSString *keys = @"ab";
                    [keys enumerateSubstringsInRange:NSMakeRange(0, keys.length) options:NSStringEnumerationByComposedCharacterSequences
                                          usingBlock:^(NSString *key, NSRange range, NSRange enclosing, BOOL *stop) {
                        [self add:[key uppercaseString] flags:UIKeyModifierShift to:commands];
                    }];
                }
                - (void)add:(NSString *)input flags:(UIKeyModifierFlags)flags to:(NSMutableArray *)commands {
                    [commands addObject:[UIKeyCommand keyCommandWithInput:input modifierFlags:flags action:@selector(press:)]];
                }
                - (void)press:(UIKeyCommand *)command {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.input ?? "nil") \($0.displayShortcut) \($0.action ?? "nil")" }.sorted()
        #expect(rows == ["Stage A shift+a press:", "Stage B shift+b press:"])
    }

    /// `for (unichar c = 'A'; c <= 'C'; c++)` with `[NSString stringWithCharacters:&c length:1]`
    /// gives one command per letter; `cmds = arr.copy` (dot syntax) caches the same array.
    @Test func characterLoopsGiveOneCommandPerCharacter() throws {
        let result = try importApp([
            "App/Pad.h": "#import <UIKit/UIKit.h>\n@interface Pad : UIViewController\n@end\n",
            "App/Pad.m": """
                #import "Pad.h"
                @implementation Pad
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    static NSArray<UIKeyCommand *> *cmds;
                    if (cmds) return cmds;
                    NSMutableArray *arr = [NSMutableArray array];
                    for (unichar c = 'A'; c <= 'C'; c++) {
                        NSString *s = [NSString stringWithCharacters:&c length:1];
                        [arr addObject:[UIKeyCommand keyCommandWithInput:s modifierFlags:0 action:@selector(press:)]];
                    }
                    cmds = arr.copy;
                    return cmds;
                }
                - (void)press:(UIKeyCommand *)command {}
                @end
                """,
        ])
        #expect(result.inventory.compactMap(\.input).sorted() == ["A", "B", "C"])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil })
    }

    /// `for (NSInteger i = 0; i < letters.length; i++)` with `[letters substringWithRange:NSMakeRange(i, 1)]`
    /// (or `characterAtIndex:`) over a string the method fixes gives one command per character;
    /// commands built in `viewDidLoad` and kept in a property are what `keyCommands` returns.
    @Test func substringLoopsGiveOneCommandPerCharacter() throws {
        let result = try importApp([
            "App/Console.h": "#import <UIKit/UIKit.h>\n@interface Console : UIViewController\n@end\n",
            "App/Console.m": """
                #import "Console.h"
                @interface Console ()
                @property (nonatomic) NSArray *shortcuts;
                @end
                @implementation Console
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    NSMutableArray *list = [[NSMutableArray alloc] init];
                    NSString *letters = @"xyz";
                    for (NSInteger i = 0; i < letters.length; i++) {
                        NSString *input = [letters substringWithRange:NSMakeRange(i, 1)];
                        [list addObject:[UIKeyCommand keyCommandWithInput:input modifierFlags:UIKeyModifierControl action:@selector(send:)]];
                    }
                    self.shortcuts = list.copy;
                }
                - (NSArray *)keyCommands {
                    return self.shortcuts;
                }
                - (void)send:(UIKeyCommand *)command {}
                @end
                """,
        ])
        #expect(result.inventory.map(\.displayShortcut).sorted() == ["ctrl+x", "ctrl+y", "ctrl+z"])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil })
    }

    /// A factory method (`- (UIKeyCommand *)…`) messaged on `self` gives the command it returns,
    /// created at the message's line, with the message's arguments.
    @Test func factoryMethodsGiveTheCommandsTheyReturn() throws {
        let result = try importApp([
            "App/Editor.h": "#import <UIKit/UIKit.h>\n@interface Editor : UIViewController\n@end\n",
            "App/Editor.m": """
                #import "Editor.h"
                @implementation Editor
                - (UIKeyCommand *)commandWithTitle:(NSString *)title input:(NSString *)input flags:(UIKeyModifierFlags)flags action:(SEL)action {
                    UIKeyCommand *command = nil;
                    if (@available(iOS 13.0, *)) {
                        command = [UIKeyCommand commandWithTitle:title image:nil action:action input:input modifierFlags:flags propertyList:nil];
                    } else {
                        command = [UIKeyCommand keyCommandWithInput:input modifierFlags:flags action:action];
                    }
                    return command;
                }
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    UIKeyCommand *open = [self commandWithTitle:@"Open" input:@"o" flags:UIKeyModifierCommand action:@selector(openFile:)];
                    UIKeyCommand *menu = [self commandWithTitle:@"Menu" input:@"m" flags:UIKeyModifierCommand | UIKeyModifierShift action:@selector(showMenu:)];
                    return @[open, menu];
                }
                - (void)openFile:(id)sender {}
                - (void)showMenu:(id)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.displayShortcut) \($0.action ?? "nil") \($0.title ?? "nil") \($0.line)" }.sorted()
        #expect(rows == ["Editor cmd+o openFile: Open 13", "Editor shift+cmd+m showMenu: Menu 14"])
    }

    /// A method a macro defines (React Native's `RCT_EXPORT_METHOD(part:(Type)name) { … }`) is
    /// read like any method: the commands it creates from data the JavaScript side passes are
    /// found, with unknown keys, and listed as not followed.
    @Test func aMethodAMacroDefinesIsSwept() throws {
        let result = try importApp([
            "App/KeyModule.h": "#import <UIKit/UIKit.h>\n@interface KeyModule : NSObject\n@end\n",
            "App/KeyModule.m": """
                #import "KeyModule.h"
                static NSArray<UIKeyCommand *> *current = nil;
                @implementation KeyModule
                RCT_EXPORT_MODULE();
                RCT_EXPORT_METHOD(setKeyCommandsWithJSON:(id)json) {
                    NSMutableArray<UIKeyCommand *> *commands = [NSMutableArray array];
                    for (NSDictionary *entry in json) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:entry[@"input"] modifierFlags:0 action:@selector(keyInput:)]];
                    }
                    current = commands;
                }
                RCT_REMAP_METHOD(clear, clearWithReason:(NSString *)reason) {
                    current = @[];
                }
                - (NSArray<UIKeyCommand *> *)commands { return current; }
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.action ?? "nil") \($0.input ?? "nil") \($0.line) \($0.notFollowed != nil)" }
        #expect(rows == ["KeyModule keyInput: nil 8 true"])
    }

    @Test func enumerationBlocksRunOncePerCharacterAndDictionaryKey() throws {
        let result = try importApp([
            "App/Stream.h": "#import <UIKit/UIKit.h>\n@interface StreamView : UIView\n@end\n",
            "App/Stream.m": """
                #import "Stream.h"
                @implementation StreamView {
                    NSDictionary *codes;
                }
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    NSString *letters = @"ab";
                    NSMutableArray *commands = [NSMutableArray array];
                    codes = [[NSDictionary alloc] initWithObjectsAndKeys: @1, @"\\r", @2, UIKeyInputEscape, nil];
                    [letters enumerateSubstringsInRange:NSMakeRange(0, letters.length)
                                                options:NSStringEnumerationByComposedCharacterSequences
                                             usingBlock:^(NSString *letter, NSRange range, NSRange enclosing, BOOL *stop) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:letter modifierFlags:UIKeyModifierControl action:@selector(typed:)]];
                    }];
                    for (NSString *key in [codes keyEnumerator]) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:key modifierFlags:0 action:@selector(special:)]];
                    }
                    return commands;
                }
                - (void)typed:(UIKeyCommand *)command {}
                - (void)special:(UIKeyCommand *)command {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.declaredIn) \($0.displayShortcut) \($0.action ?? "nil")" }.sorted()
        #expect(rows == ["StreamView ctrl+a typed:", "StreamView ctrl+b typed:", "StreamView esc special:", "StreamView return special:"])
        #expect(result.inventory.allSatisfy { $0.notFollowed == nil })
    }

    /// A dictionary literal mapping each input to its action's name: fast enumeration runs over
    /// its keys, and `map[key]` and `[map objectForKey:key]` read the value written for the key,
    /// so each key gives a command with its own action. A fixed string's
    /// `componentsSeparatedByString:` gives one command per component.
    @Test func aDictionaryOfInputsToActionsGivesOneCommandPerKey() throws {
        let result = try importApp([
            "App/Pad.h": "#import <UIKit/UIKit.h>\n@interface PadController : UIViewController\n@end\n",
            "App/Pad.m": """
                #import "Pad.h"
                @implementation PadController
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    NSMutableArray *commands = [NSMutableArray array];
                    NSDictionary *operators = @{ @"+": @"add:", @"-": @"subtract:" };
                    for (NSString *key in operators) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:key modifierFlags:0 action:NSSelectorFromString(operators[key])]];
                    }
                    for (NSString *key in [@"0 1" componentsSeparatedByString:@" "]) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:key modifierFlags:0 action:@selector(digit:)]];
                    }
                    NSDictionary *named = @{ @"c": @"clear:" };
                    for (NSString *key in named) {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:key modifierFlags:UIKeyModifierCommand
                                                                       action:NSSelectorFromString([named objectForKey:key])]];
                    }
                    return commands;
                }
                - (void)add:(id)sender {}
                - (void)subtract:(id)sender {}
                - (void)clear:(id)sender {}
                - (void)digit:(id)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.displayShortcut) \($0.action ?? "nil")" }.sorted()
        #expect(rows == ["0 digit:", "1 digit:", "cmd+c clear:", "minus subtract:", "plus add:"])
    }
}
