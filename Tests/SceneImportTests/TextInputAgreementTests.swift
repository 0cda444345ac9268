import KeyTraceCore
import ResponderEngine
import Scenes
import Testing
@testable import SceneImport

/// R16/R17 have one answer: `scene import`'s `text-input-swallows` finding, `scene resolve`
/// (``KeyDispatcher/explain(_:)``) and a replay (``KeyDispatcher/dispatch(_:)``, what
/// `keytrace replay` runs for every press) agree on every case of one table. The app is written
/// for this test: a text view and a text field with commands of their own, under a controller
/// with commands that text input also uses.
@Suite struct TextInputAgreementTests {
    static let app = [
        "SceneDelegate.swift": """
            import UIKit
            class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
                    window?.rootViewController = EditorViewController()
                }
            }
            """,
        "Editor.swift": """
            import UIKit
            class EditorViewController: UIViewController {
                let textView = NoteTextView()
                let field = SearchField()
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(title: "Previous Link", action: #selector(previousLink), input: UIKeyCommand.inputLeftArrow, modifierFlags: .alternate),
                     UIKeyCommand(title: "Link", action: #selector(link), input: "k", modifierFlags: .command)]
                }
                @objc func previousLink() {}
                @objc func link() {}
            }
            class NoteTextView: UITextView {
                override var keyCommands: [UIKeyCommand]? {
                    let paragraph = UIKeyCommand(title: "Next Paragraph", action: #selector(nextParagraph), input: UIKeyCommand.inputDownArrow, modifierFlags: .alternate)
                    paragraph.wantsPriorityOverSystemBehavior = true
                    return [UIKeyCommand(title: "Next Link", action: #selector(nextLink), input: UIKeyCommand.inputRightArrow, modifierFlags: .alternate),
                            paragraph,
                            UIKeyCommand(title: "Strong", action: #selector(strong), input: "b", modifierFlags: .command)]
                }
                @objc func nextLink() {}
                @objc func nextParagraph() {}
                @objc func strong() {}
            }
            class SearchField: UITextField {
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(title: "Next Result", action: #selector(nextResult), input: "n", modifierFlags: .control),
                     UIKeyCommand(title: "Clear", action: #selector(clear), input: UIKeyCommand.inputEscape, modifierFlags: [])]
                }
                @objc func nextResult() {}
                @objc func clear() {}
            }
            """,
    ]

    /// One case: with `firstResponder` (a type) focused, `shortcut` either performs `action`
    /// or is used by text input (`action` nil); `finding` says whether the import reports it.
    struct Case: CustomTestStringConvertible, Sendable {
        let firstResponder: String
        let shortcut: String
        let action: String?
        let finding: Bool
        /// Models an app linked with the iOS 14 SDK (`commandsBeforeTextInput`): the import
        /// cannot tell the SDK, so its finding is for iOS 15 and later only.
        var iOS14SDK = false
        var testDescription: String { "\(firstResponder) \(shortcut)\(iOS14SDK ? " (iOS 14 SDK)" : "")" }
    }

    static let cases: [Case] = [
        // The text view's own command on a key text input uses: it waits, text input moves the caret.
        Case(firstResponder: "NoteTextView", shortcut: "opt+right", action: nil, finding: true),
        // …unless it wants priority.
        Case(firstResponder: "NoteTextView", shortcut: "opt+down", action: "nextParagraph", finding: false),
        // Its own ⌘ command: text input does not use ⌘B, and the text view is nearer than the menu's Bold.
        Case(firstResponder: "NoteTextView", shortcut: "cmd+b", action: "strong", finding: false),
        // A command above the text view on a key text input uses.
        Case(firstResponder: "NoteTextView", shortcut: "opt+left", action: nil, finding: true),
        Case(firstResponder: "NoteTextView", shortcut: "cmd+k", action: "link", finding: false),
        // The field's own Emacs binding ⌃N: the field's text input takes it.
        Case(firstResponder: "SearchField", shortcut: "ctrl+n", action: nil, finding: true),
        // Escape is never held back, and a field does not use it.
        Case(firstResponder: "SearchField", shortcut: "esc", action: "clear", finding: false),
        Case(firstResponder: "SearchField", shortcut: "opt+left", action: nil, finding: true),
        // Linked with the iOS 14 SDK, commands run before text input.
        Case(firstResponder: "NoteTextView", shortcut: "opt+right", action: "nextLink", finding: true, iOS14SDK: true),
    ]

    @Test(arguments: cases)
    func importResolveAndReplayGiveOneAnswer(_ c: Case) throws {
        let importer = SceneImporter(options: .init())
        let result = try importer.importSources(Self.app.sorted { $0.key < $1.key }.map {
            (SourceFiles.File(path: $0.key, displayPath: $0.key), $0.value)
        })
        let shortcut = try KeyShortcut(c.shortcut)

        // scene import: a finding at the command's row.
        let declared = result.inventory.filter { $0.input != nil && $0.modifiers != nil }
        let row = try #require(declared.first { KeyShortcut(input: KeyInput(uiKitValue: $0.input ?? ""), modifiers: $0.modifierFlags) == shortcut })
        let found = result.report.findings.contains { $0.kind == .textInput && $0.line == row.line && $0.file == row.file }
        #expect(found == c.finding, "the text-input-swallows finding")

        // scene resolve and replay, on the scene the import built.
        var definition = try SceneDefinition(json: result.scene)
        definition.commandsBeforeTextInput = c.iOS14SDK
        let runtime = try SceneRuntime(definition: definition, file: "imported scene")
        let dispatcher = try runtime.makeDispatcher(policy: .cached, clock: nil)
        let path = try #require(result.report.responderPaths[c.firstResponder])
        try runtime.focus(path)
        let press = try KeyPress(notation: c.shortcut, layout: runtime.application.keyboardLayout)
        let explanation = dispatcher.explain(press)
        let resolved = explanation.winner?.command.action?.name
            ?? (explanation.textInputEdit == nil ? explanation.candidates.first { $0.verdict == .deferredBehindTextInput }?.command.action?.name : nil)
        #expect(resolved == c.action.map { "\($0)" }, "scene resolve")
        let replayed = dispatcher.dispatch(press)
        #expect(replayed.action?.name == c.action.map { "\($0)" }, "replay")
        #expect(replayed.outcome == (c.action == nil ? .handledByTextInput : .performedCommand), "replay")
    }
}
