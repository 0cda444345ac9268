import KeyTraceCore
import KeyTraceSupport

/// What the ⌘-hold overlay would show for a dispatcher's current chain (R22), with the commands
/// R12 never considers because an earlier command has the same shortcut: the data behind
/// `keytrace scene commands`, as text or JSON.
public struct CommandListing {
    /// The name the listing is for (a scene's name), written into the JSON.
    public var name: String
    /// The first responder's path, or `(none)`.
    public var firstResponder: String
    /// The groups discovery shows, in order.
    public var groups: [DiscoverabilityGroup]
    /// The shadowed commands, with what shadows each.
    public var shadowed: [ShadowedCommand]
    /// The platform whose system shortcuts are marked (R24): a listed command on one of them
    /// shows in the overlay but never fires.
    public var platform: Platform

    /// The listing of `dispatcher`'s current chain, under `name`.
    public init(name: String, dispatcher: KeyDispatcher) {
        self.name = name
        firstResponder = dispatcher.application.firstResponder?.path ?? "(none)"
        groups = dispatcher.discoverableCommands()
        shadowed = dispatcher.shadowedCommands()
        platform = dispatcher.application.platform
    }

    /// What the platform does with `command`'s shortcut, when it takes it.
    private func systemEffect(_ command: KeyCommand) -> String? {
        SystemShortcuts.row(taking: command.shortcut, on: platform)?.effect
    }

    /// One group per line block: the group's title, then each command's shortcut (aligned),
    /// title and action; then the shadowed commands. Each line ends with a newline.
    public var text: String {
        var lines = ["Discoverable commands with first responder \(firstResponder):"]
        if groups.isEmpty {
            lines.append("  none: no command in the chain and the main menu has a title and can be performed"
                + (firstResponder == "(none)" ? " (with no first responder, only the key window, application and main menu count, R10)" : ""))
        }
        for group in groups {
            lines.append("")
            lines.append("\(group.title)\(group.menu == nil ? "" : " (menu)")")
            let width = group.commands.map { $0.shortcut.description.count }.max() ?? 0
            for command in group.commands {
                let shortcut = command.shortcut.description
                let taken = systemEffect(command).map { "  — never fires: \(platform.displayName) takes it (\($0))" } ?? ""
                lines.append("  \(shortcut)\(String(repeating: " ", count: width - shortcut.count))  \(command.displayTitle ?? "")  [\(command.action?.name ?? "")]\(taken)")
            }
        }
        if !shadowed.isEmpty {
            lines.append("")
            lines.append("Shadowed (never considered: an earlier command has the same shortcut, R12):")
            for entry in shadowed {
                lines.append("  \(entry.command.shortcut)  \(entry.command.displayTitle ?? entry.command.action?.name ?? "") from \(entry.provider)"
                    + "  ← shadowed by \(entry.shadowedBy.displayTitle ?? entry.shadowedBy.action?.name ?? "") from \(entry.shadowingProvider)")
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The listing as one JSON object: `scene`, `firstResponder`, `groups` (title, kind
    /// `menu` or `responder`, commands) and `shadowed` (command, provider, shadowedBy,
    /// shadowingProvider).
    public var json: String {
        var object = JSONObject()
        object.add("scene", name)
        object.add("firstResponder", firstResponder)
        object.add("groups", objects: groups.map { group in
            var entry = JSONObject()
            entry.add("title", group.title)
            entry.add("kind", group.menu == nil ? "responder" : "menu")
            entry.add("commands", objects: group.commands.map(\.jsonObject))
            return entry
        })
        object.add("takenBySystem", objects: groups.flatMap(\.commands).compactMap { command in
            systemEffect(command).map { effect in
                var entry = JSONObject()
                entry.add("command", object: command.jsonObject)
                entry.add("platform", platform.rawValue)
                entry.add("effect", effect)
                return entry
            }
        })
        object.add("shadowed", objects: shadowed.map { entry in
            var shadow = JSONObject()
            shadow.add("command", object: entry.command.jsonObject)
            shadow.add("provider", entry.provider.description)
            shadow.add("shadowedBy", object: entry.shadowedBy.jsonObject)
            shadow.add("shadowingProvider", entry.shadowingProvider.description)
            return shadow
        })
        return object.text
    }
}
