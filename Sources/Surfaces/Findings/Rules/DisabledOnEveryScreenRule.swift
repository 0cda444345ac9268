import KeyTraceCore

/// `disabled-on-every-screen`: a command that every screen offering it disables — its
/// `disabled` attribute, or `validate(_:)` (the scene's `validations`) on each of `initial` and
/// the scene's states — and that no screen enables. The menu bar draws it grey and the overlay
/// leaves it out everywhere.
struct DisabledOnEveryScreenRule: PlatformFindingRule {
    var kind: PlatformFinding.Kind { .disabledOnEveryScreen }
    var platforms: Set<Platform> { [.catalyst, .ipad] }

    func findings(in survey: PlatformSurvey) -> [PlatformFinding] {
        survey.commands.compactMap { command in
            guard !command.isStandard, !command.availability.contains(.enabled) else { return nil }
            let disabledOn = zip(survey.screens, command.availability).filter { $0.1 == .disabled }.map(\.0)
            guard !disabledOn.isEmpty else { return nil }
            let why = command.command.isDisabled ? "its \"disabled\" attribute" : "validate(_:)"
            let screens = survey.screens.count == 1 ? "the one screen the scene has (initial)"
                : "every screen that offers it (\(disabledOn.joined(separator: ", ")))"
            return finding(command, "\(command.described) is disabled on \(screens), by \(why): "
                + "enable it where it applies, or remove it", on: survey.platform.platform)
        }
    }
}
