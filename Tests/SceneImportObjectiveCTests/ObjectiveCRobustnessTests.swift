import SceneImportBudget
import Testing
@testable import SceneImportObjectiveC

/// The scanner reads any text without trapping or hanging, in time linear in its size.
@Suite struct ObjectiveCRobustnessTests {
    /// A small deterministic generator, so a failing input can be reproduced.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    static let fragments = [
        "@interface", "@implementation", "@end", "@property", "@protocol", "@selector(", "@[", "@{", "@(", "@\"", "\"",
        "'", "\\", "[", "]", "(", ")", "{", "}", "<", ">", ";", ":", "?", "|", "^", "*", "-", "+", "=", "==", "!", ",",
        "#if ", "#else\n", "#endif\n", "#define X ", "#define F(a, b) ", "F(", "\n", " ", "/*", "*/", "//", "if", "else", "for", "in", "switch",
        "case", "return", "static", "self", "super", "UIKeyCommand", "keyCommandWithInput:", "modifierFlags:",
        "action:", "UIKeyModifierCommand", "addKeyCommand:", "dispatch_once", "NSLocalizedString", "x", "_y", "1",
        "256", "é", "\u{0}",
    ]

    @Test func randomAndTruncatedInputsNeverTrap() {
        var generator = Generator(state: 41)
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<generator.below(300) { text += Self.fragments[generator.below(Self.fragments.count)] }
            _ = ObjectiveCFile.parse(text, path: "random.m")
        }
        let fixtures = [ObjectiveCFixtures.editorHeader, ObjectiveCFixtures.editorImplementation, ObjectiveCFixtures.appDelegate]
        for fixture in fixtures {
            let characters = Array(fixture)
            var cut = 0
            while cut < characters.count {
                _ = ObjectiveCFile.parse(String(characters[..<cut]), path: "cut.m")
                _ = ObjectiveCFile.parse(String(characters[cut...]), path: "tail.m")
                cut += 1 + generator.below(97)
            }
        }
    }

    @Test func deepNestingIsBounded() {
        let depth = 20_000
        let brackets = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let parentheses = String(repeating: "(", count: depth)
        let braces = String(repeating: "{ if (x) ", count: depth)
        for body in [brackets, parentheses, braces, String(repeating: "a ? ", count: depth)] {
            let file = ObjectiveCFile.parse("@implementation Deep\n- (NSArray *)keyCommands { return \(body); }\n@end", path: "deep.m")
            #expect(file.implementations.first?.className == "Deep")
        }
        let unterminated = ObjectiveCFile.parse("@implementation U\n- (void)a { NSString *s = @\"open", path: "u.m")
        #expect(unterminated.implementations.first?.methods.first?.selector == "a")
    }

    /// Function-like macros expand where they are used, in bounded work: one that uses itself,
    /// one that doubles its argument at every level, and a call never closed.
    @Test func macroExpansionIsBounded() {
        func tokens(_ text: String) -> [String] {
            var lexer = ObjectiveCLexer(bytes: Array(text.utf8), conditions: ObjectiveCConditions())
            lexer.run()
            return ObjectiveCMacroExpansion.expand(lexer.tokens, macros: lexer.functionMacros).map(\.value)
        }
        #expect(tokens("#define JOIN(a, b) [a b]\nJOIN(x, JOIN(y, z));") == ["[", "x", "[", "y", "z", "]", "]", ";"])
        #expect(tokens("#define STR(a) #a\nSTR(x)") == ["STR", "(", "x", ")"])
        #expect(tokens("#define SELF(a) SELF(a)\nSELF(1)") == ["SELF", "(", "1", ")"])
        let doubling = tokens("#define D(a) D(a a)\nD(x)")
        #expect(doubling.count <= 2 + ObjectiveCMacroExpansion.maximumGrowth)
        #expect(tokens("#define F(a) a\nF(1, [2") == ["F", "(", "1", ",", "[", "2"])
    }

    @Test func largeLoopsAreCapped() {
        let source = """
            @implementation Loops
            - (NSArray *)keyCommands {
                NSMutableArray *all = [NSMutableArray array];
                for (int i = 0; i < 100000; i++) {
                    for (int j = 0; j < 100000; j++) {
                        [all addObject:[UIKeyCommand keyCommandWithInput:@"x" modifierFlags:0 action:@selector(go:)]];
                    }
                }
                for (int k = 0; k < 3; k++) {
                    [all addObject:[UIKeyCommand keyCommandWithInput:[NSString stringWithFormat:@"%d", k] modifierFlags:0 action:@selector(pick:)]];
                }
                return all;
            }
            @end
            """
        let commands = ObjectiveCFile.parse(source, path: "loops.m").implementations.first?.method("keyCommands")?.body?.keyCommands ?? []
        #expect(commands.count == 4)
        #expect(commands.map { $0.input ?? "nil" } == ["x", "0", "1", "2"])
    }

    /// The Swift evaluator's budget governs the scanner: a body stops after the budget's steps
    /// per provider, and a loop over literal data unrolls at most its Objective-C loop passes.
    @Test func theEvaluationBudgetBoundsABodyAndItsLoops() {
        let source = """
            @implementation Budget
            - (NSArray *)keyCommands {
                NSMutableArray *all = [NSMutableArray array];
                for (NSString *input in @[@"a", @"b", @"c", @"d"]) {
                    [all addObject:[UIKeyCommand keyCommandWithInput:input modifierFlags:UIKeyModifierCommand action:@selector(go:)]];
                }
                [all addObject:[UIKeyCommand keyCommandWithInput:@"z" modifierFlags:UIKeyModifierCommand action:@selector(last:)]];
                return all;
            }
            @end
            """
        func inputs(_ budget: EvaluationBudget) -> [String] {
            let body = ObjectiveCFile.parse(source, path: "budget.m", budget: budget).implementations.first?.method("keyCommands")?.body
            return body?.keyCommands.map { $0.input ?? "nil" } ?? []
        }
        #expect(inputs(.standard) == ["a", "b", "c", "d", "z"])
        var fewPasses = EvaluationBudget.standard
        fewPasses.objectiveCLoopPasses = 2
        #expect(inputs(fewPasses) == ["nil", "z"], "a loop over more elements than its passes runs once over an unknown element")
        let fewSteps = EvaluationBudget(stepsPerProvider: 12, totalSteps: 1_000)
        #expect(!inputs(fewSteps).contains("z"), "the body stops once its steps are spent")
    }

    /// A 5 000-line file of methods like an app's: the parse finishes within a generous bound
    /// (the release build takes a few milliseconds; this guards against quadratic behaviour).
    @Test func largeFilesParseInLinearTime() {
        func generated(methods: Int) -> String {
            var text = "#import <UIKit/UIKit.h>\n@implementation Big\n"
            for index in 0..<methods {
                text += """
                    - (NSArray<UIKeyCommand *> *)commands\(index) {
                        // Commands for panel \(index).
                        if (self.isEditing) {
                            return @[[UIKeyCommand keyCommandWithInput:@"\(index % 10)" modifierFlags:UIKeyModifierCommand action:@selector(go\(index):)]];
                        }
                        [self.navigationController pushViewController:[[Panel\(index) alloc] init] animated:YES];
                        return @[];
                    }

                    """
            }
            return text + "@end\n"
        }
        let small = generated(methods: 125)
        let large = generated(methods: 625)
        let clock = ContinuousClock()
        let smallTime = clock.measure { _ = ObjectiveCFile.parse(small, path: "small.m") }
        let largeTime = clock.measure { _ = ObjectiveCFile.parse(large, path: "large.m") }
        let parsed = ObjectiveCFile.parse(large, path: "large.m")
        #expect(parsed.implementations.first?.methods.count == 625)
        #expect(largeTime < .seconds(2))
        // Five times the input may take at most 15 times as long (noise included).
        #expect(largeTime < smallTime * 15 + .milliseconds(50))
    }
}
