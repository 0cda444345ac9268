import KeyTraceCore
import ResponderEngine

/// `no-conventional-shortcut`: an app's menu item with no key equivalent whose action has one by
/// convention: the standard commands' (R21: `find:` ⌘F, `copy:` ⌘C …), what macOS adds
/// (``StandardMenuBarItems``: `orderFrontPreferencesPanel:` ⌘, …) and the File menu's of the
/// Human Interface Guidelines' *Keyboards* (``fileMenu``: `newDocument:` ⌘N, `save:` ⌘S …).
/// Without it, the Mac menu bar shows no key for the item and the iPad overlay does not list it.
struct ConventionalShortcutRule: PlatformFindingRule {
    var kind: PlatformFinding.Kind { .noConventionalShortcut }
    var platforms: Set<Platform> { [.catalyst, .ipad] }

    /// The File menu's conventional shortcuts that neither UIKit's standard menu nor macOS's
    /// items hold, by action (*Human Interface Guidelines: Keyboards*, standard shortcuts).
    static let fileMenu: [(action: String, shortcut: KeyShortcut)] = [
        ("newDocument:", KeyShortcut(input: .character("n"), modifiers: .command)),
        ("new:", KeyShortcut(input: .character("n"), modifiers: .command)),
        ("openDocument:", KeyShortcut(input: .character("o"), modifiers: .command)),
        ("save:", KeyShortcut(input: .character("s"), modifiers: .command)),
        ("saveDocument:", KeyShortcut(input: .character("s"), modifiers: .command)),
        ("saveDocumentAs:", KeyShortcut(input: .character("s"), modifiers: [.shift, .command])),
        ("performClose:", KeyShortcut(input: .character("w"), modifiers: .command)),
        ("runPageLayout:", KeyShortcut(input: .character("p"), modifiers: [.shift, .command])),
    ]

    /// Every action with a conventional shortcut, and the shortcut.
    static let conventions: [String: KeyShortcut] = {
        var table: [String: KeyShortcut] = [:]
        for command in MenuBuilder.standard().root.allKeyCommands {
            if let action = command.action?.name, table[action] == nil { table[action] = command.shortcut }
        }
        for group in StandardMenuBarItems.groups {
            for item in group.items {
                if let shortcut = item.shortcut, table[item.action.name] == nil { table[item.action.name] = shortcut }
            }
        }
        for (action, shortcut) in fileMenu where table[action] == nil { table[action] = shortcut }
        return table
    }()

    func findings(in survey: PlatformSurvey) -> [PlatformFinding] {
        let platform = survey.platform.platform
        return survey.commands.compactMap { command in
            guard command.isKeyless, !command.isStandard, let convention = Self.conventions[command.action] else { return nil }
            let effect = platform == .catalyst
                ? "the Mac menu bar shows it with no key equivalent"
                : "the ⌘-hold overlay lists only commands with a key, so iPad users never see it"
            return finding(command, "\(command.described) has no key equivalent; by convention \(command.action) is "
                + "\(convention.description) (\(convention.textNotation)), and \(effect): give it \(convention.description)",
                on: platform)
        }
    }
}
