import KeyTraceCore

/// `untitled-on-platform`: a command without the title its platform shows. The Mac menu bar
/// draws a main-menu item by its `title` (a discoverability title is not drawn there); the iPad
/// overlay lists a command by its discoverability title, else its title. The key still fires.
/// A `.hidden` command is left out: the app hides it on purpose.
struct UntitledCommandRule: PlatformFindingRule {
    var kind: PlatformFinding.Kind { .untitled }
    var platforms: Set<Platform> { [.catalyst, .ipad] }

    func findings(in survey: PlatformSurvey) -> [PlatformFinding] {
        let platform = survey.platform.platform
        return survey.commands.compactMap { command in
            guard !command.isStandard, !command.command.attributes.contains(.hidden) else { return nil }
            switch platform {
            case .catalyst:
                guard command.menuPlace != nil, command.command.title.isEmpty else { return nil }
                return finding(command, "\(command.described) has no title: the Mac menu bar does not draw it "
                    + "(its key still fires); give it a title", on: platform)
            case .ipad:
                guard !command.isKeyless, command.command.displayTitle == nil else { return nil }
                return finding(command, "\(command.described) has neither a discoverability title nor a title: the ⌘-hold "
                    + "overlay does not list it (its key still fires); give it a title", on: platform)
            }
        }
    }
}
