import Testing
@testable import SceneImportObjectiveC

/// Conditional compilation, comments and literals: what reaches the recognisers.
@Suite struct ObjectiveCPreprocessorTests {
    static let source = #"""
        @implementation Shortcuts
        - (NSArray *)keyCommands {
            NSMutableArray *list = [NSMutableArray array];
        #if TARGET_OS_MACCATALYST
            [list addObject:[UIKeyCommand keyCommandWithInput:@"m" modifierFlags:UIKeyModifierCommand action:@selector(mac:)]];
        #elif DEBUG
            [list addObject:[UIKeyCommand keyCommandWithInput:@"d" modifierFlags:UIKeyModifierCommand action:@selector(debug:)]];
        #else
            [list addObject:[UIKeyCommand keyCommandWithInput:@"r" modifierFlags:UIKeyModifierCommand action:@selector(release:)]];
        #endif
        #if !TARGET_OS_MACCATALYST && defined(BETA)
            [list addObject:[UIKeyCommand keyCommandWithInput:@"b" modifierFlags:UIKeyModifierCommand action:@selector(beta:)]];
        #endif
        #if __IPHONE_OS_VERSION_MAX_ALLOWED >= 170000
            [list addObject:[UIKeyCommand keyCommandWithInput:@"u" modifierFlags:UIKeyModifierCommand action:@selector(unknownBranch:)]];
        #else
            [list addObject:[UIKeyCommand keyCommandWithInput:@"o" modifierFlags:UIKeyModifierCommand action:@selector(otherBranch:)]];
        #endif
        #if 0
            [list addObject:[UIKeyCommand keyCommandWithInput:@"z" modifierFlags:UIKeyModifierCommand action:@selector(disabled:)]]; // it's off
        #endif
            return list;
        }
        @end
        """#

    func actions(_ conditions: ObjectiveCConditions) -> [String] {
        let file = ObjectiveCFile.parse(Self.source, path: "Shortcuts.m", conditions: conditions)
        return (file.implementations.first?.method("keyCommands")?.body?.keyCommands ?? []).compactMap(\.action)
    }

    /// `BETA` is neither set nor decided: unknown, so its `#if` branch is kept.
    @Test func availabilityIsDecidedAgainstTheDeploymentTargetForThisPlatform() {
        let iOS = ObjectiveCConditions(deploymentTarget: [14, 0])
        #expect(iOS.alwaysAvailable("iOS 13.4, *"))
        #expect(iOS.alwaysAvailable("iOS 14, *"))
        #expect(!iOS.alwaysAvailable("iOS 15.0, *"))
        // A platform the arguments do not name falls under `*`.
        #expect(iOS.alwaysAvailable("macOS 12, *"))
        #expect(!iOS.alwaysAvailable("macOS 12"))
        // On Mac Catalyst the `macCatalyst` version wins over the iOS one, wherever it is written.
        let catalyst = ObjectiveCConditions(platform: .macCatalyst, deploymentTarget: [14, 0])
        #expect(!catalyst.alwaysAvailable("iOS 13.0, macCatalyst 15.0, *"))
        #expect(catalyst.alwaysAvailable("iOS 15.0, macCatalyst 13.1, *"))
    }

    /// The build is for devices: a simulator-only branch is not compiled.
    @Test func theBuildIsNotForTheSimulator() {
        let build = ObjectiveCConditions()
        #expect(build.value(of: "TARGET_OS_SIMULATOR") == 0)
        #expect(build.value(of: "TARGET_IPHONE_SIMULATOR") == 0)
        #expect(build.value(of: "TARGET_OS_IPHONE") == 1)
    }

    @Test func defaultBuildIsIOSWithDebug() {
        #expect(actions(ObjectiveCConditions()) == ["debug:", "beta:", "unknownBranch:"])
    }

    @Test func decidedFlagsAreUndefinedWhenNotSet() {
        #expect(actions(ObjectiveCConditions(flags: ["DEBUG"], decidedFlags: ["DEBUG", "BETA"])) == ["debug:", "unknownBranch:"])
    }

    @Test func releaseBuildWithAFlag() {
        #expect(actions(ObjectiveCConditions(flags: ["BETA"])) == ["release:", "beta:", "unknownBranch:"])
    }

    @Test func catalystBuild() {
        #expect(actions(ObjectiveCConditions(platform: .macCatalyst)) == ["mac:", "unknownBranch:"])
    }

    @Test func ifdefAndIncludeGuards() {
        let source = #"""
            #ifndef EDITOR_H
            #define EDITOR_H
            #ifdef DEBUG
            @interface DebugPanel : UIViewController
            @end
            #endif
            #ifdef NOT_DEFINED_ANYWHERE
            @interface Kept : UIView
            @end
            #endif
            #endif
            """#
        #expect(ObjectiveCFile.parse(source, path: "E.h").interfaces.map(\.className) == ["DebugPanel", "Kept"])
        let release = ObjectiveCFile.parse(source, path: "E.h", conditions: .init(flags: []))
        #expect(release.interfaces.map(\.className) == ["Kept"])
    }

    @Test func commentsStringsAndEscapesTokenizeRight() {
        let source = #"""
            /* @interface Commented : UIView @end */
            // @interface AlsoCommented : UIView
            @implementation Escapes
            - (NSArray *)keyCommands {
                NSString *quote = @"say \"hi\" // not a comment";
                NSString *slash = @"a/*b*/c";
                return @[
                    [UIKeyCommand keyCommandWithInput:@"\t" modifierFlags:0 action:@selector(tab:)],
                    [UIKeyCommand keyCommandWithInput:@"\r" modifierFlags:0 action:@selector(enter:)],
                    [UIKeyCommand keyCommandWithInput:@"\b" modifierFlags:0 action:@selector(back:)],
                    [UIKeyCommand keyCommandWithInput:@"\x1b" modifierFlags:0 action:@selector(escape:)],
                    [UIKeyCommand keyCommandWithInput:@"\u00e9" modifierFlags:0 action:@selector(accent:)],
                    [UIKeyCommand keyCommandWithInput:@"[" modifierFlags:UIKeyModifierCommand action:@selector(back:)],
                    [UIKeyCommand keyCommandWithInput:slash modifierFlags:0 action:@selector(slash:)],
                    [UIKeyCommand keyCommandWithInput:quote modifierFlags:0 action:@selector(quote:)],
                ];
            }
            @end
            """#
        let file = ObjectiveCFile.parse(source, path: "Escapes.m")
        #expect(file.interfaces.isEmpty)
        let commands = file.implementations.first?.method("keyCommands")?.body?.keyCommands ?? []
        #expect(commands.compactMap(\.input) == ["\t", "\r", "\u{8}", "\u{1b}", "\u{e9}", "[", "a/*b*/c", "say \"hi\" // not a comment"])
        #expect(commands.allSatisfy { $0.modifiers != nil })
    }

    @Test func unknownNamesInDefinedKeepTheIfBranch() {
        let source = #"""
            #if defined(SOME_SDK_FLAG) || TARGET_OS_WATCH
            @interface A : NSObject
            @end
            #else
            @interface B : NSObject
            @end
            #endif
            """#
        #expect(ObjectiveCFile.parse(source, path: "A.h").interfaces.map(\.className) == ["A"])
    }
}
