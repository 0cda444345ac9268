import KeyTraceCore
@testable import SceneImport
import SceneImportBudget
import SceneImportTestSupport
import Testing

/// The evaluator's memoisation and work budget, the creation-site sweep and choices among
/// argument values. Every source is written for these tests.
@Suite struct EvaluatorBoundsTests {
    func importing(_ sources: [String: String], budget: EvaluationBudget = .standard) throws -> ImportResult {
        let importer = SceneImporter(options: .init(budget: budget))
        return try importer.importSources(sources.sorted { $0.key < $1.key }.map { (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value) })
    }

    @Test func theStressAppImportsEveryCommandWithinTheBudget() throws {
        let result = try SceneImporter().importSources(StressApp.sources(units: 3))
        #expect(result.report.findings.filter { $0.kind == .cutShort }.isEmpty)
        #expect(result.inventory.filter { $0.notFollowed != nil }.isEmpty)
        #expect(result.inventory.count == 3 * StressApp.commandsPerUnit)
        #expect(result.inventory.filter { $0.declaredIn == "U1Nested" && $0.conditional }.count == StressApp.nestedConditions)
        #expect(result.report.sceneError == nil)
    }

    @Test func evaluationWorkGrowsLinearlyWithTheStressApp() throws {
        let small = try SceneImporter().importSources(StressApp.sources(units: 4)).report.evaluationSteps
        let large = try SceneImporter().importSources(StressApp.sources(units: 16)).report.evaluationSteps
        let ratio = Double(large) / Double(max(small, 1))
        // Four times the units: four times the work (plus a constant for the shared file).
        #expect(ratio > 3.6 && ratio < 4.4, "steps: \(small) for 4 units, \(large) for 16")
    }

    @Test func aSpentBudgetIsReportedAndTheSweepKeepsTheCommands() throws {
        let source = """
            import UIKit
            class Editor: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    var commands: [UIKeyCommand] = []
                    commands.append(UIKeyCommand(input: "a", modifierFlags: .command, action: #selector(first)))
                    commands.append(UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(second)))
                    commands.append(UIKeyCommand(input: "c", modifierFlags: .command, action: #selector(third)))
                    return commands
                }
                @objc func first() {}
                @objc func second() {}
                @objc func third() {}
            }
            """
        let full = try importing(["A.swift": source])
        #expect(full.inventory.count == 3)
        let cut = try importing(["A.swift": source], budget: EvaluationBudget(stepsPerProvider: 12, totalSteps: 1_000))
        let finding = cut.report.findings.first { $0.kind == .cutShort }
        #expect(finding?.message.hasPrefix("Editor.keyCommands: evaluation stopped after") == true)
        #expect(finding?.file == "A.swift")
        // Every command is still in the inventory: what evaluation did not reach, the sweep found.
        #expect(Set(cut.inventory.map(\.input)) == ["a", "b", "c"])
        let swept = cut.inventory.filter { $0.notFollowed != nil }
        #expect(!swept.isEmpty)
        let sweptOnEditor = swept.allSatisfy { $0.declaredIn == "Editor" && $0.action != nil }
        #expect(sweptOnEditor)
        #expect(cut.report.findings.contains { $0.kind == .notFollowed })
    }

    @Test func aCostlyCallIsCutAndTheRestOfTheGetterStillRuns() throws {
        // `isBusy` walks a long table before the commands are made: its call is cut short at
        // its share of the budget, its result is unknown, and the getter goes on.
        let rows = (0..<400).map { "        total += \($0)" }.joined(separator: "\n")
        let source = """
            import UIKit
            class Reader: UIViewController {
                var isBusy: Bool {
                    var total = 0
            \(rows)
                    return total > 10
                }
                override var keyCommands: [UIKeyCommand]? {
                    let busy = isBusy
                    return [
                        UIKeyCommand(input: "f", modifierFlags: .command, action: #selector(find)),
                        UIKeyCommand(input: "g", modifierFlags: .command, action: #selector(findNext)),
                    ]
                }
                @objc func find() {}
                @objc func findNext() {}
            }
            """
        let budget = EvaluationBudget(stepsPerProvider: 600, totalSteps: 100_000, callFloor: 16)
        let result = try importing(["Reader.swift": source], budget: budget)
        #expect(result.inventory.filter { $0.notFollowed == nil }.map(\.input) == ["f", "g"])
        let cut = result.report.findings.first { $0.kind == .cutShort }
        #expect(cut?.message.hasPrefix("Reader.keyCommands: a call it makes stopped at step") == true)
        #expect(cut?.message.hasSuffix("the rest of the provider ran") == true)
    }

    /// An object's fingerprint does not depend on the order its fields were set in, and tells
    /// objects that differ in one field apart.
    @Test func objectFingerprintsIgnoreFieldOrder() {
        func print(_ value: Value) -> Int {
            var hasher = Hasher()
            value.fingerprint(into: &hasher)
            return hasher.finalize()
        }
        var first: [String: Value] = [:]
        first["suit"] = .string("hearts")
        first["rank"] = .int(1)
        var second: [String: Value] = [:]
        second["rank"] = .int(1)
        second["suit"] = .string("hearts")
        #expect(print(.object(type: "Card", fields: first)) == print(.object(type: "Card", fields: second)))
        second["rank"] = .int(2)
        #expect(print(.object(type: "Card", fields: first)) != print(.object(type: "Card", fields: second)))
        #expect(print(.object(type: "Card", fields: first)) != print(.object(type: "Deck", fields: first)))
    }

    /// A closure run many times while a table it fills grows (`forEach { cards.append(…) }`)
    /// gives every element.
    @Test func aClosureFillingALargeTableGivesEveryElement() throws {
        let result = try importing(["Keys.swift": """
            import UIKit
            class Grid: UIViewController {
                var commands: [UIKeyCommand] = []
                override func viewDidLoad() {
                    super.viewDidLoad()
                    Array(0..<10).forEach { row in
                        Array(0..<10).forEach { column in
                            commands.append(UIKeyCommand(input: "\\(row)", modifierFlags: column % 2 == 0 ? .command : .alternate, action: #selector(go)))
                        }
                    }
                }
                override var keyCommands: [UIKeyCommand]? { commands }
                @objc func go() {}
            }
            """])
        #expect(Set(result.inventory.map { "\($0.input ?? "?") \($0.modifiers ?? [])" }).count == 20)
    }

    @Test func aCallGivesAtLeastTheFloorAndHalfOfWhatItsCallerHasLeft() {
        let budget = EvaluationBudget(stepsPerProvider: 1_000, totalSteps: 10_000, callFloor: 100)
        #expect(budget.callLimit(startingAt: 0, callerLimit: .max) == 500)
        #expect(budget.callLimit(startingAt: 400, callerLimit: 600) == 500)
        // Less than twice the floor left: the floor, as far as the caller has it.
        #expect(budget.callLimit(startingAt: 400, callerLimit: 550) == 500)
        #expect(budget.callLimit(startingAt: 500, callerLimit: 550) == 550)
        #expect(budget.callLimit(startingAt: 600, callerLimit: 550) == 600)
    }

    @Test func aLocalEachSwitchCaseSetsGivesEveryCaseUnderItsCondition() throws {
        let source = """
            import UIKit
            class Pages: UIViewController {
                var direction: ScrollDirection = .horizontal
                override var keyCommands: [UIKeyCommand]? {
                    let previous: String
                    switch direction {
                    case .horizontal: previous = UIKeyCommand.inputLeftArrow
                    case .vertical: previous = UIKeyCommand.inputUpArrow
                    }
                    return [UIKeyCommand(input: previous, modifierFlags: [], action: #selector(previousPage))]
                }
                @objc func previousPage() {}
            }
            """
        let result = try importing(["Pages.swift": source])
        let rows = result.inventory.sorted { ($0.input ?? "") < ($1.input ?? "") }
        #expect(rows.map(\.input) == ["UIKeyInputLeftArrow", "UIKeyInputUpArrow"])
        #expect(rows.filter(\.conditional).count == 2)
    }

    @Test func anExtensionOfAModuleQualifiedTypeProvidesForTheTypeItself() throws {
        let source = """
            import UIKit
            import PDFKitUI
            extension PDFKitUI.PDFViewController {
                open override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "]", modifierFlags: .command, action: #selector(nextPage))]
                }
            }
            """
        let result = try importing(["PDF.swift": source])
        #expect(result.inventory.map(\.declaredIn) == ["PDFViewController"])
    }

    @Test func aCreationSiteNoProviderReachesIsFoundButNotFollowed() throws {
        let result = try importing(["A.swift": """
            import UIKit
            class Editor: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [UIKeyCommand(input: "s", modifierFlags: .command, action: #selector(save))] }
                func commandsForLater(_ key: String) -> [UIKeyCommand] {
                    [UIKeyCommand(input: key, modifierFlags: [.command, .shift], action: #selector(save))]
                }
                @objc func save() {}
            }
            """])
        let swept = result.inventory.filter { $0.notFollowed != nil }
        #expect(swept.count == 1)
        #expect(swept.first?.input == nil)
        #expect(swept.first?.modifierNames == ["command", "shift"])
        #expect(swept.first?.action == "save")
        #expect(swept.first?.line == 5)
        #expect(swept.first?.jsonLine.contains("\"reason\":") == true)
    }

    @Test func aFactoryCallIsTheCreationSiteNotTheFactoryBody() throws {
        let result = try importing(["A.swift": """
            import UIKit
            func shortcut(_ input: String, _ action: Selector) -> UIKeyCommand {
                UIKeyCommand(input: input, modifierFlags: .command, action: action)
            }
            class Editor: UIViewController {
                override var keyCommands: [UIKeyCommand]? { [shortcut("s", #selector(save))] }
                func unused() -> [UIKeyCommand] { [shortcut("u", #selector(save))] }
                @objc func save() {}
            }
            """])
        #expect(result.inventory.filter { $0.notFollowed == nil }.map(\.line) == [6])
        let swept = result.inventory.filter { $0.notFollowed != nil }
        #expect(swept.map(\.line) == [7])
        #expect(swept.first?.input == "u")
    }

    /// Commands created side by side on one line are each a site; a command created in another
    /// one's arguments (`wrap(UIKeyCommand(…))`) is part of that one.
    @Test func everyCreationOnOneLineIsASite() throws {
        let result = try importing(["A.swift": """
            import UIKit
            func wrap(_ command: UIKeyCommand) -> UIKeyCommand { command }
            class Editor: UIViewController {
                func forLater() -> [UIKeyCommand] { [UIKeyCommand(input: "a", modifierFlags: .command, action: #selector(save)), UIKeyCommand(input: "b", modifierFlags: .command, action: #selector(save)), wrap(UIKeyCommand(input: "c", modifierFlags: .command, action: #selector(save)))] }
                @objc func save() {}
            }
            """])
        let swept = result.inventory.filter { $0.notFollowed != nil }
        #expect(swept.map { "\($0.input ?? "nil") \($0.line)" }.sorted() == ["a 4", "b 4", "c 4"])
    }

    /// A file whose only creation site constructs one of the app's `UIKeyCommand` subclasses
    /// names neither `KeyCommand` nor an `input:` label: the sweep still reads it.
    @Test func aSubclassConstructionInAFileNamingNoCommandTypeIsASite() throws {
        let result = try importing([
            "Shortcut.swift": """
                import UIKit
                final class Shortcut: UIKeyCommand {
                    convenience init(key: String, action: Selector) { self.init(input: key, modifierFlags: .command, action: action) }
                }
                """,
            "Later.swift": """
                import UIKit
                class Editor: UIViewController {
                    func forLater() -> [Any] { [Shortcut(key: "u", action: #selector(save))] }
                    @objc func save() {}
                }
                """,
        ])
        let swept = result.inventory.filter { $0.notFollowed != nil }
        #expect(swept.map { "\($0.file):\($0.line)" } == ["Later.swift:3"])
    }

    @Test func aTernaryInAnArgumentGivesEveryBranchUnderItsCondition() throws {
        let result = try importing(["A.swift": """
            import UIKit
            class Reader: UIViewController {
                var isRTL: Bool { view.effectiveUserInterfaceLayoutDirection == .rightToLeft }
                override var keyCommands: [UIKeyCommand]? {
                    let next = isRTL ? UIKeyCommand.inputLeftArrow : UIKeyCommand.inputRightArrow
                    return [
                        UIKeyCommand(input: next, modifierFlags: [], action: #selector(nextPage)),
                        UIKeyCommand(input: isRTL ? "]" : "[", modifierFlags: .command, action: #selector(back)),
                    ]
                }
                @objc func nextPage() {}
                @objc func back() {}
            }
            """])
        let rows = result.inventory.map { "\($0.input ?? "nil") \($0.action ?? "nil") \($0.condition?.text ?? "-")" }.sorted()
        #expect(rows == [
            "UIKeyInputLeftArrow nextPage isRTL",
            "UIKeyInputRightArrow nextPage !(isRTL)",
            "[ back !(isRTL)",
            "] back isRTL",
        ])
    }

    @Test func anIfExpressionInAnArgumentGivesEveryBranch() throws {
        let result = try importing(["A.swift": """
            import UIKit
            class Player: UIViewController {
                var compact = false
                override var keyCommands: [UIKeyCommand]? {
                    let key = if compact { "p" } else { " " }
                    return [UIKeyCommand(input: key, modifierFlags: [], action: #selector(playPause))]
                }
                @objc func playPause() {}
            }
            """])
        #expect(Set(result.inventory.map(\.input)) == ["p", " "])
        let everyRowConditional = result.inventory.allSatisfy(\.conditional)
        #expect(everyRowConditional)
    }
}
