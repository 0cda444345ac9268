import KeyTraceCore
import ResponderEngine

/// `standard-shortcut-taken`: an app command on a key equivalent that one of the Mac's standard
/// menu items shows (⌘, Settings…, ⌘W Close, ⌘Q Quit, ⌘M Minimize, ⌘H Hide, ⌘T Show Fonts …:
/// ``PlatformSurvey/standardItems``) with another action. Where macOS takes the key first (R24)
/// the command never fires; elsewhere a responder's command takes the key from the item, and a
/// menu item shows the item's key a second time in the menu bar.
struct StandardShortcutRule: PlatformFindingRule {
    var kind: PlatformFinding.Kind { .standardShortcutTaken }
    var platforms: Set<Platform> { [.catalyst] }

    func findings(in survey: PlatformSurvey) -> [PlatformFinding] {
        survey.commands.compactMap { command in
            guard !command.isStandard, let shortcut = command.shortcut, let item = survey.standardItems[shortcut],
                  item.action != command.action
            else { return nil }
            let key = shortcut.description
            let effect = SystemShortcuts.row(taking: shortcut, on: .catalyst).map { row in
                "macOS takes \(key) before the app (\(row.effect), R24), so it never fires"
            } ?? (command.menuPlace == nil ? "the key fires the app's command instead of the item's"
                : "the key fires one of the two, and the menu bar shows \(key) on both")
            return finding(command, "\(command.described) uses \(key), the key of the Mac's standard \(item.place) "
                + "(\(item.action)): \(effect); pick another key", on: .catalyst)
        }
    }
}
