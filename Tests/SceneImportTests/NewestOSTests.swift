import Foundation
import SceneImportTestSupport
import Scenes
import Testing

@testable import SceneImport

/// What the scene's device decides in a command's condition beyond the idiom: the scene is the
/// app on the newest iPadOS.
@Suite struct NewestOSTests {
    /// The scene is the app on the newest iPadOS: an availability check the deployment target
    /// leaves to run time holds, in Swift and in Objective-C, and a command only an older OS
    /// returns is left out with the reason. The inventory keeps them all.
    @Test func availabilityChecksHoldOnTheNewestOS() throws {
        var app = SourceApp.appDelegate(launch: """
            let split = UISplitViewController()
            split.viewControllers = [Editor(), Terminal()]
            window?.rootViewController = split
            """)
        app["Editor.swift"] = """
            import UIKit
            class Editor: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    var commands: [UIKeyCommand] = []
                    if #available(iOS 99, *) {
                        commands.append(UIKeyCommand(input: "n", modifierFlags: .command, action: #selector(newest)))
                    } else {
                        commands.append(UIKeyCommand(input: "o", modifierFlags: .command, action: #selector(older)))
                    }
                    return commands
                }
                @objc func newest() {}
                @objc func older() {}
            }
            """
        app.merge([
            "Terminal.h": "#import <UIKit/UIKit.h>\n@interface Terminal : UIViewController\n@end\n",
            "Terminal.m": """
                #import "Terminal.h"
                @implementation Terminal
                - (NSArray<UIKeyCommand *> *)keyCommands {
                    NSMutableArray *commands = [NSMutableArray new];
                    if (@available(iOS 99, *)); else {
                        [commands addObject:[UIKeyCommand keyCommandWithInput:@"a" modifierFlags:0 action:@selector(letter:)]];
                    }
                    [commands addObject:[UIKeyCommand keyCommandWithInput:@"k" modifierFlags:UIKeyModifierCommand action:@selector(clear:)]];
                    return commands;
                }
                - (void)letter:(id)sender {}
                - (void)clear:(id)sender {}
                @end
                """,
        ]) { $1 }
        let result = try TemporaryApp.importing(app)
        #expect(result.inventory.count == 4)
        let definition = try SceneDefinition(json: result.scene, file: "scene")
        func actions(_ node: NodeDefinition) -> [String] {
            node.commands.map { "\($0.command.action?.name ?? "") \($0.condition?.state ?? "always")" }
                + node.children.flatMap(actions) + node.views.flatMap(actions)
        }
        #expect(try actions(#require(definition.windows.first)) == ["newest always", "clear: always"])
        #expect(result.report.unresolved.map(\.reason) == [String](repeating: SceneBuilder.olderOSOmission, count: 2))
    }
}
