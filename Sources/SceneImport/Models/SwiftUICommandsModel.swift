/// SwiftUI's main-menu commands (`.commands { … }` on a scene): a `CommandMenu("Title") { … }`
/// is a menu of the app's own, which SwiftUI places between View and Window in the order the
/// source declares them; a `CommandGroup(before:|after:|replacing:) { … }` puts its buttons
/// beside, or instead of, the standard group its `CommandGroupPlacement` names.
enum SwiftUICommandsModel: FrameworkModel {
    static let menuName = "CommandMenu"
    static let groupName = "CommandGroup"
    /// The protocol of the types whose `body` holds them (`struct AppCommands: Commands`).
    static let protocolName = "Commands"
    static let mentions: Set<String> = [menuName, groupName]
    /// The menu SwiftUI puts the app's own menus before.
    static let customMenusBefore = "window"

    /// Each `CommandGroupPlacement` as the `UIMenu.Identifier` of the group it stands for
    /// (``MenuModel/standardMenus``).
    static let placements: [String: String] = [
        "appInfo": "about", "appSettings": "preferences", "systemServices": "services", "appVisibility": "hide",
        "appTermination": "quit", "newItem": "newScene", "saveItem": "document", "importExport": "importExport",
        "printItem": "print", "undoRedo": "undoRedo", "pasteboard": "standardEdit", "textEditing": "find",
        "textFormatting": "text", "toolbar": "toolbar", "sidebar": "sidebar", "windowSize": "minimizeAndZoom",
        "windowArrangement": "bringAllToFront", "help": "help",
    ]

    /// The placements that stand for standard submenus rather than one group of items, by the
    /// submenus' identifiers in menu order: `.textFormatting` is Format's Font and Text submenus,
    /// `.textEditing` Edit's Find, Spelling and Grammar, Substitutions, Transformations and
    /// Speech submenus (SwiftUI's `CommandGroupPlacement` pages). Replacing such a placement puts
    /// the buttons where the first submenu was and drops the others.
    static let submenuPlacements: [String: [String]] = [
        "textFormatting": ["font", "text"],
        "textEditing": ["find", "spelling", "substitutions", "transformations", "speech"],
    ]

    /// `CommandGroup`'s argument labels, as the builder call and placement they make.
    static let groupLabels: [String: (call: MainMenuOperation.Call, placement: MainMenuOperation.Placement?)] = [
        "before": (.insertSibling, .before), "after": (.insertSibling, .after), "replacing": (.replaceChildren, nil),
    ]
}
