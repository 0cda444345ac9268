@testable import SceneImport
import SceneImportBudget
import SceneImportResources
import SwiftSyntax
import Testing

/// A provider's run hands back what it logged by value, and the work meter counts each
/// provider on its own: no caller reads or clears the evaluator's state.
@Suite struct EvaluatorRunsTests {
    func index(_ source: String) -> SourceIndex {
        var index = SourceIndex(conditions: .init(platform: .iOS))
        index.add(source: source, file: SourceFiles.File(path: "App.swift", displayPath: "App.swift"))
        index.seal()
        return index
    }

    @Test func aRunHandsBackWhatItCreatedAndAddedAndLeavesTheLogsEmpty() throws {
        let index = index("""
            import UIKit
            class Viewer: UIViewController {
                override func viewDidLoad() {
                    addKeyCommand(UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save)))
                }
                @objc func save() {}
            }
            """)
        let evaluator = Evaluator(index: index, strings: StringsTable())
        let function = try #require(index.type(named: "Viewer")?.functions.first { $0.name == "viewDidLoad" })
        let body = try #require(function.body)
        let log = evaluator.run(asProvider: "Viewer.viewDidLoad") {
            var frame = Evaluator.Frame(selfType: "Viewer")
            evaluator.execute(body.statements, frame: &frame)
        }.log
        #expect(log.added.count == 1)
        #expect(log.created.count == 1)
        #expect(evaluator.created.isEmpty && evaluator.added.isEmpty)
        #expect(evaluator.meter.totalSteps > 0)
    }

    @Test func eachProviderIsCountedOnItsOwnAgainstOneBudget() {
        let evaluator = Evaluator(index: index("struct A {}"), strings: StringsTable(),
                                  budget: EvaluationBudget(stepsPerProvider: 10, totalSteps: 1_000))
        let syntax = ExprSyntax(IntegerLiteralExprSyntax(literal: .integerLiteral("1")))
        _ = evaluator.run(asProvider: "first") { (0..<20).filter { _ in evaluator.spend(at: syntax) }.count }
        let second = evaluator.run(asProvider: "second") { (0..<5).filter { _ in evaluator.spend(at: syntax) }.count }.result
        #expect(second == 5)
        #expect(evaluator.meter.cuts.map(\.provider) == ["first"])
        #expect(evaluator.meter.totalSteps == 25)
    }

    /// Code after a `return` every path takes never runs: the extraction hands it to the sweep
    /// as a value, and the sweep reports nothing it creates.
    @Test func theExtractionHandsTheCodeThatNeverRunsToTheSweep() throws {
        let result = try SceneImporter().importSources([(SourceFiles.File(path: "App.swift", displayPath: "App.swift"), """
            import UIKit
            class Viewer: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    return [UIKeyCommand(input: "a", modifierFlags: .command, action: #selector(go))]
                    return [UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(go))]
                }
                @objc func go() {}
            }
            """)])
        #expect(result.inventory.compactMap(\.input) == ["a"])
    }
}
