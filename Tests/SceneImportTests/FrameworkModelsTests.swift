import SceneImportResources
import Testing
@testable import SceneImport

/// The framework models' registry: one model per free function name, prefilters derived from
/// the models, and an app's own declaration shadowing the framework's.
@Suite struct FrameworkModelsTests {
    func importing(_ source: String) throws -> ImportResult {
        try SceneImporter().importSources([(SourceFiles.File(path: "App.swift", displayPath: "App.swift"), source)])
    }

    @Test func everyFreeFunctionNameHasOneModel() {
        var owners: [String: [String]] = [:]
        for model in FrameworkModels.all {
            for name in model.functions { owners[name, default: []].append(String(describing: model)) }
        }
        #expect(owners.filter { $0.value.count > 1 }.isEmpty)
        #expect(FrameworkModels.byFunction["UIKeyCommand"] == KeyCommandModel.self)
        #expect(FrameworkModels.byFunction["NSLocalizedString"] == LocalizedStringModel.self)
    }

    @Test func theSystemTypesAreTheModelsTypes() {
        #expect(FrameworkModels.types.isSuperset(of: ["UIKeyCommand", "UIKeyModifierFlags", "KeyboardShortcut", "String", "UIResponder"]))
        #expect(!FrameworkModels.types.contains("UIViewController"))
    }

    @Test func theSwiftUIPrefilterIsTheShortcutModelsModifier() {
        #expect(SwiftUIShortcutModel.mentions == ["keyboardShortcut"])
        #expect(ContainmentModel.mentions.contains("addChild"))
    }

    @Test func anAppSubclassOfUIKeyCommandIsMadeByTheKeyCommandModel() {
        var index = SourceIndex(conditions: .init(platform: .iOS))
        index.add(source: "import UIKit\nclass Chord: UIKeyCommand {}", file: SourceFiles.File(path: "Chord.swift", displayPath: "Chord.swift"))
        index.seal()
        let evaluator = Evaluator(index: index, strings: StringsTable())
        #expect(FrameworkModels.model(forFunction: "Chord", in: evaluator) == KeyCommandModel.self)
        #expect(FrameworkModels.model(forFunction: "Viewer", in: evaluator) == nil)
    }

    /// Swift calls the app's own global `NSLocalizedString(_:)`, not Foundation's, when the app
    /// declares one: the title is what the app's function returns.
    @Test func anAppFunctionNamedLikeAFrameworkOneShadowsIt() throws {
        let result = try importing("""
            import UIKit
            func NSLocalizedString(_ key: String, comment: String = "") -> String { "app: " + key }
            class Viewer: UIViewController {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(title: NSLocalizedString("Save"), action: #selector(save), input: "s", modifierFlags: .command)]
                }
                @objc func save() {}
            }
            """)
        #expect(result.inventory.map(\.title) == ["app: Save"])
    }

    /// An app method whose labels do not fit the call leaves the framework's function in place.
    @Test func anAppOverloadWithOtherLabelsDoesNotShadowTheFramework() throws {
        let result = try importing("""
            import UIKit
            class Viewer: UIViewController {
                func addKeyCommand(input: String) { addKeyCommand(UIKeyCommand(input: input, modifierFlags: .command, action: #selector(go))) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addKeyCommand(input: "g")
                    addKeyCommand(UIKeyCommand(input: "h", modifierFlags: .command, action: #selector(go)))
                }
                @objc func go() {}
            }
            """)
        #expect(result.inventory.compactMap(\.input).sorted() == ["g", "h"])
    }
}
