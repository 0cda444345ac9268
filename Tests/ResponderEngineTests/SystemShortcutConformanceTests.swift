import Testing
import KeyTraceCore
@testable import ResponderEngine

/// R24: the shortcuts each platform keeps for itself, one test case per row of
/// ``SystemShortcuts/table``, run on the row's platform and on the other.
@Suite struct SystemShortcutConformanceTests {
    /// The row as the test's argument: its platform, notation and effect.
    struct Row: CustomTestStringConvertible, Sendable {
        let row: SystemShortcut
        var testDescription: String { "\(row.platform.rawValue) \(row.shortcut.textNotation) (\(row.effect))" }
    }

    static let rows = SystemShortcuts.table.map(Row.init)

    /// A first responder that declares the row's shortcut and implements its action.
    private func scene(declaring shortcut: KeyShortcut, on platform: Platform) throws -> (Scene, ActionLog) {
        let scene = try Scene()
        scene.app.platform = platform
        let log = ActionLog()
        scene.leaf.declaredKeyCommands = [KeyCommand(input: shortcut.input, modifierFlags: shortcut.modifiers, action: "appAction:")]
        scene.leaf.implement("appAction:", handler: log.handler("app"))
        #expect(scene.leaf.becomeFirstResponder())
        return (scene, log)
    }

    @Test(arguments: rows)
    func R24_theSystemTakesTheShortcutOnItsPlatform(_ argument: Row) throws {
        let row = argument.row
        let (scene, log) = try scene(declaring: row.shortcut, on: row.platform)
        let notation = row.shortcut.textNotation
        let taken = scene.dispatcher.dispatch(down(notation))
        #expect(taken.outcome == .system)
        #expect(taken.chain.isEmpty, "no responder sees the press")
        #expect(taken.queries.calls == 0, "no keyCommands read")
        #expect(scene.dispatcher.dispatch(down(notation, repeat: true)).outcome == .system)
        #expect(scene.dispatcher.dispatch(up(notation)).outcome == .system)
        #expect(scene.leaf.log.isEmpty, "no pressesBegan or pressesEnded")
        #expect(log.entries.isEmpty)
        // The app's command is still declared: `scene resolve` explains why it never fires.
        let explanation = scene.dispatcher.explain(down(notation))
        #expect(explanation.system == row)
        #expect(explanation.winner == nil)
        #expect(explanation.candidates.allSatisfy { $0.verdict == .takenBySystem })
    }

    @Test(arguments: rows)
    func R24_theOtherPlatformDeliversTheShortcutUnlessItTakesItToo(_ argument: Row) throws {
        let row = argument.row
        let other: Platform = row.platform == .ipad ? .catalyst : .ipad
        let (scene, log) = try scene(declaring: row.shortcut, on: other)
        let press = down(row.shortcut.textNotation)
        let firesForTheApp = scene.dispatcher.explain(press).winner != nil
        let resolution = scene.dispatcher.dispatch(press)
        if SystemShortcuts.row(taking: row.shortcut, on: other) != nil {
            #expect(resolution.outcome == .system)
        } else {
            // The app gets the press: its command fires wherever R5–R8 match it (⇧⌘5's input "5"
            // does not match the 5 key with ⇧ on US, which types "%": then nothing handles it).
            #expect(resolution.outcome == (firesForTheApp ? .performedCommand : .unhandled))
            #expect(log.entries == (firesForTheApp ? ["app"] : []))
            #expect(!scene.leaf.log.isEmpty || firesForTheApp, "the app's responders see the press")
        }
    }

    @Test func R24_aKeyUpAfterTheModifierIsReleasedStillGoesToTheSystem() throws {
        let (scene, log) = try scene(declaring: try KeyShortcut("cmd+h"), on: .ipad)
        #expect(scene.dispatcher.dispatch(down("cmd+h")).outcome == .system)
        // ⌘ comes up first; H's key-up carries no modifier but belongs to the system's press.
        #expect(scene.dispatcher.dispatch(up("h")).outcome == .system)
        // The next plain H is the app's again.
        scene.leaf.declaredKeyCommands = []
        #expect(scene.dispatcher.dispatch(down("h")).outcome != .system)
        #expect(log.entries.isEmpty)
    }

    @Test func R24_aShortcutIsMatchedByWhatTheLayoutTypes() throws {
        // The German layout types h with the same key as US: ⌘H is still taken.
        let (scene, _) = try scene(declaring: try KeyShortcut("cmd+h"), on: .ipad)
        scene.app.keyboardLayout = .germanQWERTZ
        #expect(scene.dispatcher.dispatch(down("cmd+h", layout: .germanQWERTZ)).outcome == .system)
    }

    @Test func R24_everyRowNamesASourceAndNoShortcutRepeatsOnAPlatform() {
        for platform in Platform.allCases {
            let rows = SystemShortcuts.rows(on: platform)
            #expect(Set(rows.map(\.shortcut)).count == rows.count, "\(platform): a shortcut listed twice")
            for row in rows {
                #expect(row.source.address.hasPrefix("https://"))
                #expect(!row.effect.isEmpty)
            }
        }
    }
}
