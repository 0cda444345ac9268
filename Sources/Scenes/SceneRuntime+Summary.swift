import KeyTraceCore
import ResponderEngine

extension SceneRuntime {
    /// A summary of the scene for `keytrace scene check`: its name and format, content hash,
    /// layout and direction, windows, responders, key commands on responders and in the main
    /// menu, presentable controllers, state, first responder, the named states (when the scene
    /// has any), and how many commands are
    /// shadowed (R12). `label` is what the user named the scene by; each line ends with a newline.
    ///
    /// Building the summary makes a dispatcher (with the `cached` policy), so a scene whose main
    /// menu cannot be built throws here as it would when recording.
    public func summary(label: String) throws -> String {
        let dispatcher = try makeDispatcher(policy: .cached, clock: nil)
        let responders = allResponders
        let declared = responders.reduce(0) { $0 + ($1.keyCommands?.count ?? 0) }
        func list(_ items: [String], separator: String) -> String {
            items.isEmpty ? "none" : items.joined(separator: separator)
        }
        var lines = [
            "\(label): ok",
            "  scene         \(definition.name) (format \(SceneDefinition.formatVersion))",
            "  content hash  \(definition.contentHash)",
            "  layout        \(definition.layout), \(definition.rightToLeft ? "right-to-left" : "left-to-right")",
            "  windows       \(definition.windows.map(\.name).joined(separator: ", "))",
            "  responders    \(responders.count)",
            "  key commands  \(declared) on responders, \(application.mainMenuKeyCommands.count) in the main menu",
            "  controllers   \(list(definition.controllers.map(\.name), separator: ", ")) (presentable)",
            "  state         \(list(definition.state.map { "\($0.name)=\($0.initial)" }, separator: " "))",
            "  first resp.   \(application.firstResponder?.path ?? firstResponderMissingText)",
        ]
        if !definition.states.isEmpty {
            lines.append("  states        \(([SceneState.initialName] + definition.states.map(\.name)).joined(separator: ", "))")
        }
        let shadowed = dispatcher.shadowedCommands().count
        if shadowed > 0 {
            lines.append("  note          \(shadowed) command(s) shadowed from the first responder; see `keytrace scene commands`")
        }
        for gap in firstResponderGaps {
            lines.append("  warning       \(gap.message) (at \(gap.jsonPath))")
        }
        for (command, provider) in commandsTheSystemTakes {
            lines.append("  warning       \(command.shortcut) \(command.action?.name ?? "?") on \(provider) never fires: "
                + "\(application.platform.displayName) takes \(command.shortcut) (\(SystemShortcuts.row(taking: command.shortcut, on: application.platform)?.effect ?? "system"))")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// What the summary says for a scene with no first responder, by the fallback in force (R10).
    private var firstResponderMissingText: String {
        switch application.firstResponderFallback {
        case .none: return "(none: key commands come from the key window, the application, its delegate and the main menu only)"
        case .deepestController:
            let standIn = application.keyWindow?.rootViewController?.deepestViewController.path ?? "nothing"
            return "(none: \(standIn) stands in, --first-responder-fallback deepest-controller)"
        }
    }

    /// Commands of the scene's responders that the platform takes before the app (R24), with
    /// the path of the responder that declares each.
    private var commandsTheSystemTakes: [(KeyCommand, String)] {
        var found: [(KeyCommand, String)] = []
        for responder in [application as Responder] + allResponders {
            var commands = responder.keyCommands ?? []
            commands += (responder as? ViewController)?.addedKeyCommands ?? []
            for command in commands where SystemShortcuts.row(taking: command.shortcut, on: application.platform) != nil {
                found.append((command, responder.path))
            }
        }
        for command in application.mainMenuKeyCommands where SystemShortcuts.row(taking: command.shortcut, on: application.platform) != nil {
            found.append((command, "main menu"))
        }
        return found
    }
}
