import KeyTraceCore

/// `not-in-menu-bar`: a command only a responder's `keyCommands` offers. On the Mac its key
/// works, but the menu bar draws the main menu only, so no one finds it there; the iPad lists it
/// in the ⌘-hold overlay. A `.hidden` command is left out: the app hides it on purpose.
struct NotInMenuBarRule: PlatformFindingRule {
    var kind: PlatformFinding.Kind { .notInMenuBar }
    var platforms: Set<Platform> { [.catalyst] }

    func findings(in survey: PlatformSurvey) -> [PlatformFinding] {
        var inMenus = Set<String>()
        for command in survey.commands where command.menuPlace != nil {
            inMenus.insert("\(command.action)|\(command.shortcut?.textNotation ?? "")")
        }
        for (shortcut, item) in survey.standardItems { inMenus.insert("\(item.action)|\(shortcut.textNotation)") }
        return survey.commands.compactMap { command in
            guard command.menuPlace == nil, !command.command.attributes.contains(.hidden),
                  !inMenus.contains("\(command.action)|\(command.shortcut?.textNotation ?? "")")
            else { return nil }
            return finding(command, "\(command.described) is only in keyCommands: its key works on the Mac, but the menu bar "
                + "never shows it; add it to a menu of the main menu (UIMenuBuilder; a scene's \"menus\") so Mac users can find it",
                on: .catalyst)
        }
    }
}
