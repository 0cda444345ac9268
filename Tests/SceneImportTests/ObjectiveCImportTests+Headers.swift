import Foundation
import Testing
@testable import SceneImport
import SceneImportTestSupport

/// Objective-C inputs named by constants and function-like macros a header defines and other
/// files use. The sources are written for these tests.
extension ObjectiveCImportTests {
    /// Inputs named by constants other files define: a header's `static NSString __unused *`
    /// constants and `#define`, and a `.m` file's `NSString *const` declared `extern` in a
    /// header. A `static` constant of another `.m` file is not seen, and a name two headers
    /// define differently stays unknown.
    @Test func inputsFollowConstantsThatHeadersAndOtherFilesDefine() throws {
        let result = try importApp([
            "App/Constants.h": """
                static NSString __unused *ShortcutSideMenu = @"m";
                #define ShortcutFind @"f"
                extern NSString *const ShortcutQuit;
                static NSString *Clash = @"1";
                """,
            "App/Other.h": "static NSString *Clash = @\"2\";\n",
            "App/Constants.m": "NSString *const ShortcutQuit = @\"q\";\nstatic NSString *Hidden = @\"h\";\n",
            "App/Browser.h": "#import <UIKit/UIKit.h>\n@interface Browser : UIViewController\n@end\n",
            "App/Browser.m": """
                #import "Browser.h"
                #import "Constants.h"
                @implementation Browser
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    return @[
                        [UIKeyCommand keyCommandWithInput:ShortcutSideMenu modifierFlags:UIKeyModifierCommand action:@selector(go:)],
                        [UIKeyCommand keyCommandWithInput:ShortcutFind modifierFlags:UIKeyModifierCommand action:@selector(go:)],
                        [UIKeyCommand keyCommandWithInput:ShortcutQuit modifierFlags:UIKeyModifierCommand action:@selector(go:)],
                        [UIKeyCommand keyCommandWithInput:Hidden modifierFlags:UIKeyModifierCommand action:@selector(go:)],
                        [UIKeyCommand keyCommandWithInput:Clash modifierFlags:UIKeyModifierCommand action:@selector(go:)],
                    ];
                }
                - (void)go:(id)sender {}
                @end
                """,
        ])
        let inputs = result.inventory.map { $0.input ?? "nil" }
        #expect(inputs.sorted() == ["f", "m", "nil", "nil", "q"])
    }

    /// A function-like macro a header defines builds the commands of a `.m` file that uses it;
    /// the file's own definition of a name wins over the header's.
    @Test func functionLikeMacrosFromHeadersExpandInOtherFiles() throws {
        let result = try importApp([
            "App/Macros.h": """
                #define KEYCMD(key, mods, sel) [UIKeyCommand keyCommandWithInput:key modifierFlags:mods action:@selector(sel)]
                #define PLAIN(key) KEYCMD(key, 0, plain:)
                """,
            "App/Deck.h": "#import <UIKit/UIKit.h>\n@interface Deck : UIViewController\n@end\n",
            "App/Deck.m": """
                #import "Deck.h"
                #import "Macros.h"
                #define PLAIN(key) KEYCMD(key, UIKeyModifierShift, shifted:)
                @implementation Deck
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    return @[KEYCMD(@"n", UIKeyModifierCommand, newDeck:), PLAIN(@"x")];
                }
                - (void)newDeck:(id)sender {}
                - (void)shifted:(id)sender {}
                @end
                """,
        ])
        let rows = result.inventory.map { "\($0.input ?? "nil") \($0.modifierNames ?? []) \($0.action ?? "nil")" }
        #expect(rows.sorted() == ["n [\"command\"] newDeck:", "x [\"shift\"] shifted:"])
    }
}
