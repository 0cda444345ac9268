import KeyTraceCore
import KeyTraceSupport

extension MenuBar {
    /// The menu bar as one JSON object:
    ///
    /// ```
    /// {"scene", "appName", "platform", "firstResponder",
    ///  "menus": [{"id", "title", "items": [ITEM…]}],
    ///  "sharedShortcuts": [{"shortcut", "text", "places": […]}]}
    /// ITEM: {"type": "command", "title", "shortcut", "text", "action", "origin": "app"|"standard"|"macos",
    ///        "enabled", "reason", "target", "state": "off"|"on"|"mixed", "drawn",
    ///        "alternates": [{"title", "shortcut", "text", "action"}], "keyFiresInstead", "systemTakesKey"}
    ///     | {"type": "submenu", "id", "title", "items": [ITEM…]} | {"type": "separator"} | {"type": "search-field"}
    /// ```
    ///
    /// `shortcut` is the Mac notation (`⇧⌘S`), `text` the text notation (`shift+cmd+s`); both are
    /// empty for an item without a key equivalent, and `target`, `keyFiresInstead` and
    /// `systemTakesKey` are `null` when they do not apply.
    public var json: String {
        var object = JSONObject()
        object.add("scene", scene)
        object.add("appName", appName)
        object.add("platform", platform.description)
        object.add("firstResponder", firstResponder)
        object.add("menus", objects: menus.map(MenuBar.json(menu:)))
        object.add("sharedShortcuts", objects: sharedShortcuts.map { shared in
            var entry = JSONObject()
            entry.add("shortcut", shared.shortcut.description)
            entry.add("text", shared.shortcut.textNotation)
            entry.add("places", strings: shared.places)
            return entry
        })
        return object.text
    }

    private static func json(menu: MenuBarMenu) -> JSONObject {
        var object = JSONObject()
        object.add("id", menu.identifier)
        object.add("title", menu.title)
        object.add("items", objects: menu.items.map(json(item:)))
        return object
    }

    private static func json(item: MenuBarItem) -> JSONObject {
        var object = JSONObject()
        switch item {
        case .separator: object.add("type", "separator")
        case .searchField: object.add("type", "search-field")
        case .submenu(let submenu):
            object.add("type", "submenu")
            object.add("id", submenu.identifier)
            object.add("title", submenu.title)
            object.add("items", objects: submenu.items.map(json(item:)))
        case .command(let command):
            object.add("type", "command")
            object.add("title", command.title)
            object.add("shortcut", command.shortcut?.description ?? "")
            object.add("text", command.shortcut?.textNotation ?? "")
            object.add("action", command.action.name)
            object.add("origin", command.origin.rawValue)
            object.add("enabled", command.isEnabled)
            object.add("reason", command.reason)
            object.add("target", command.target)
            object.add("state", stateName(command.state))
            object.add("drawn", command.isDrawn)
            object.add("alternates", objects: command.alternates.map { alternate in
                var entry = JSONObject()
                entry.add("title", alternate.title)
                entry.add("shortcut", alternate.shortcut.description)
                entry.add("text", alternate.shortcut.textNotation)
                entry.add("action", alternate.action.name)
                return entry
            })
            object.add("keyFiresInstead", command.keyFiresInstead)
            object.add("systemTakesKey", command.systemTakesKey)
        }
        return object
    }

    static func stateName(_ state: KeyCommand.State) -> String {
        switch state {
        case .off: return "off"
        case .on: return "on"
        case .mixed: return "mixed"
        }
    }
}
