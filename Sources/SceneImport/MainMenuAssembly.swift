import Scenes

/// Writes the scene's `menus` (docs/Scenes.md, "Menus") from the commands the app builds for
/// the main menu.
///
/// The main menu holds each shortcut once (R22): a second command on a shortcut the menu has
/// is left out with that reason, and an app command takes its shortcut from a standard menu
/// command that has it.
struct MainMenuAssembly {
    let model: AppModel

    /// The `menus` entries, in order. `scene` turns a command into its scene JSON (`nil` when it
    /// cannot be one, having said why); `omit` leaves a command out with a reason.
    func entries(scene: (ImportedCommand) -> JSONValue?, omit: (ImportedCommand, String) -> Void) -> [JSONValue] {
        // One menu per providing type.
        var menus: [JSONValue] = []
        var menuShortcuts: Set<String> = []
        for (provider, commands) in Dictionary(grouping: model.inventory.filter { $0.mechanism == .menu }, by: \.declaredIn).sorted(by: { $0.key < $1.key }) {
            var entries: [JSONValue] = []
            var removing: [JSONValue] = []
            for command in commands {
                guard let entry = scene(command) else { continue }
                // A menu item without a key has no shortcut to duplicate or to take over.
                guard command.input?.isEmpty == false else {
                    entries.append(entry)
                    continue
                }
                let key = command.displayShortcut
                guard menuShortcuts.insert(key).inserted else {
                    omit(command, "the main menu already has \(key); UIKit refuses a duplicate shortcut in the main menu (R22)")
                    continue
                }
                entries.append(entry)
                // The app's command takes its shortcut from a standard menu command that has it.
                if let notation = SceneBuilder.notation(command) { removing.append(.string(notation)) }
            }
            if !entries.isEmpty {
                menus.append(.object([(key: "id", value: .string("imported-" + SceneBuilder.nodeName(provider))),
                                      (key: "title", value: .string(provider)), (key: "commands", value: .array(entries)),
                                      (key: "remove", value: .array(removing))]))
            }
        }
        return menus
    }
}
