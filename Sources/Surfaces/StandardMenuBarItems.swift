import KeyTraceCore
import ResponderEngine

/// One item macOS draws in a Mac Catalyst app's menu bar that the app's main menu does not hold
/// as a key command: About, Hide, Quit, Minimize, the Spelling and Font submenus' items, Help's
/// search field.
public struct StandardMenuBarItem: Hashable, Sendable {
    /// Who performs the item's action, and so when it is enabled.
    public enum Performer: String, Hashable, Sendable {
        /// macOS itself (the application, its windows, its panels): always enabled.
        case system
        /// A text view or text field: enabled while the first responder accepts text, otherwise
        /// when a responder of the chain performs the action (R14).
        case textInput = "text-input"
        /// Whatever responder of the chain performs the action (R14): enabled only when one does.
        /// A scene has no title-bar toolbar, so its window performs the toolbar items only when
        /// the scene declares their actions.
        case chain
    }

    /// What the item is.
    public enum Kind: String, Hashable, Sendable {
        /// A menu item that sends ``StandardMenuBarItem/action``.
        case command
        /// The search field macOS puts at the top of the Help menu.
        case searchField = "search-field"
    }

    /// The title; `{app}` stands for the app's name.
    public var title: String
    /// The key equivalent, if the item has one.
    public var shortcut: KeyShortcut?
    /// The action the item sends (an AppKit selector).
    public var action: Action
    /// Who performs it.
    public var performer: Performer
    /// A menu item or the search field.
    public var kind: Kind

    init(_ title: String, _ shortcut: KeyShortcut? = nil, _ action: Action, _ performer: Performer, kind: Kind = .command) {
        self.title = title
        self.shortcut = shortcut
        self.action = action
        self.performer = performer
        self.kind = kind
    }
}

/// Items macOS draws in one menu of the main menu, and where.
public struct StandardMenuBarGroup: Hashable, Sendable {
    /// Where in the menu the items go.
    public enum Placement: String, Hashable, Sendable {
        /// Before everything the main menu holds there.
        case first
        /// After everything the main menu holds there, the app's own additions included.
        case last
    }

    /// The menu of the main menu (``MenuBuilder/standard()``'s groups and submenus) the items are
    /// drawn in; when the app removed it, they are not drawn.
    public var menu: Menu.Identifier
    /// Before or after what the main menu holds there.
    public var placement: Placement
    /// Whether the items are a section of their own, between separators.
    public var separated: Bool
    /// The items, in order.
    public var items: [StandardMenuBarItem]
    /// The page the items, their order and their shortcuts come from.
    public var source: String
}

/// What macOS adds to the main menu of a Mac Catalyst app when it draws the menu bar: the table
/// the menu bar (``MenuBar``) draws in the standard groups of the main menu. The groups are
/// `UIMenu.Identifier`'s; the items, their order and their key equivalents are the Human
/// Interface Guidelines' (*The menu bar*, *Keyboards*); the actions are AppKit's. The main
/// menu's own key commands (R21: Undo, Copy, Bold, Find…, Show Sidebar, Help) are drawn where
/// the main menu holds them and are not in this table.
public enum StandardMenuBarItems {
    /// *Human Interface Guidelines: The menu bar*, the section of each menu.
    static let menuBarPage = "https://developer.apple.com/design/human-interface-guidelines/the-menu-bar"

    /// Every group, application menu first, in menu-bar order.
    public static let groups: [StandardMenuBarGroup] = [
        group(.about, [item("About {app}", nil, "orderFrontStandardAboutPanel:", .system)], "App menu"),
        group(.preferences, [item("Settings…", key(.command, ","), "orderFrontPreferencesPanel:", .system)], "App menu"),
        group(.hide, [
            item("Hide {app}", key(.command, "h"), "hide:", .system),
            item("Hide Others", key([.alternate, .command], "h"), "hideOtherApplications:", .system),
            item("Show All", nil, "unhideAllApplications:", .system),
        ], "App menu"),
        group(.quit, [item("Quit {app}", key(.command, "q"), "terminate:", .system)], "App menu"),

        group(.find, placement: .last, [item("Jump to Selection", key(.command, "j"), "centerSelectionInVisibleArea:", .textInput)], "Edit menu (Find)"),
        group(.spellingPanel, [
            item("Show Spelling and Grammar", key(.command, ":"), "showGuessPanel:", .textInput),
            item("Check Document Now", key(.command, ";"), "checkSpelling:", .textInput),
        ], "Edit menu (Spelling and Grammar)"),
        group(.spellingOptions, [
            item("Check Spelling While Typing", nil, "toggleContinuousSpellChecking:", .textInput),
            item("Check Grammar With Spelling", nil, "toggleGrammarChecking:", .textInput),
            item("Correct Spelling Automatically", nil, "toggleAutomaticSpellingCorrection:", .textInput),
        ], "Edit menu (Spelling and Grammar)"),
        group(.substitutionsPanel, [item("Show Substitutions", nil, "orderFrontSubstitutionsPanel:", .textInput)], "Edit menu (Substitutions)"),
        group(.substitutionOptions, [
            item("Smart Copy/Paste", nil, "toggleSmartInsertDelete:", .textInput),
            item("Smart Quotes", nil, "toggleAutomaticQuoteSubstitution:", .textInput),
            item("Smart Dashes", nil, "toggleAutomaticDashSubstitution:", .textInput),
            item("Smart Links", nil, "toggleAutomaticLinkDetection:", .textInput),
            item("Data Detectors", nil, "toggleAutomaticDataDetection:", .textInput),
            item("Text Replacement", nil, "toggleAutomaticTextReplacement:", .textInput),
        ], "Edit menu (Substitutions)"),
        group(.transformations, [
            item("Make Upper Case", nil, "uppercaseWord:", .textInput),
            item("Make Lower Case", nil, "lowercaseWord:", .textInput),
            item("Capitalize", nil, "capitalizeWord:", .textInput),
        ], "Edit menu (Transformations)"),
        group(.speech, [
            item("Start Speaking", nil, "startSpeaking:", .textInput),
            item("Stop Speaking", nil, "stopSpeaking:", .system),
        ], "Edit menu (Speech)"),
        group(.edit, placement: .last, separated: true, [
            item("Start Dictation…", nil, "startDictation:", .textInput),
            item("Emoji & Symbols", key([.control, .command], " "), "orderFrontCharacterPalette:", .system),
        ], "Edit menu: the system adds Start Dictation and Emoji & Symbols at its bottom"),

        group(.font, placement: .first, [item("Show Fonts", key(.command, "t"), "orderFrontFontPanel:", .system)], "Format menu (Font)"),
        group(.textColor, [item("Show Colors", key([.shift, .command], "c"), "orderFrontColorPanel:", .system)], "Format menu (Font)"),
        group(.textStylePasteboard, [
            item("Copy Style", key([.alternate, .command], "c"), "copyFont:", .textInput),
            item("Paste Style", key([.alternate, .command], "v"), "pasteFont:", .textInput),
        ], "Format menu (Font)"),
        group(.alignment, [
            item("Align Left", key(.command, "{"), "alignLeft:", .textInput),
            item("Center", key(.command, "|"), "alignCenter:", .textInput),
            item("Justify", nil, "alignJustified:", .textInput),
            item("Align Right", key(.command, "}"), "alignRight:", .textInput),
        ], "Format menu (Text)"),
        group(.writingDirection, [
            item("Default", nil, "makeBaseWritingDirectionNatural:", .textInput),
            item("Left to Right", nil, "makeBaseWritingDirectionLeftToRight:", .textInput),
            item("Right to Left", nil, "makeBaseWritingDirectionRightToLeft:", .textInput),
        ], "Format menu (Text: Writing Direction)"),
        group(.text, placement: .last, separated: true, [
            item("Show Ruler", nil, "toggleRuler:", .textInput),
            item("Copy Ruler", key([.control, .command], "c"), "copyRuler:", .textInput),
            item("Paste Ruler", key([.control, .command], "v"), "pasteRuler:", .textInput),
        ], "Format menu (Text)"),

        group(.toolbar, [
            item("Show Toolbar", key([.alternate, .command], "t"), "toggleToolbarShown:", .chain),
            item("Customize Toolbar…", nil, "runToolbarCustomizationPalette:", .chain),
        ], "View menu"),
        group(.fullscreen, [item("Enter Full Screen", key([.control, .command], "f"), "toggleFullScreen:", .system)], "View menu"),

        group(.minimizeAndZoom, [
            item("Minimize", key(.command, "m"), "performMiniaturize:", .system),
            item("Zoom", nil, "performZoom:", .system),
        ], "Window menu"),
        group(.bringAllToFront, [item("Bring All to Front", nil, "arrangeInFront:", .system)], "Window menu"),

        group(.help, placement: .first, [StandardMenuBarItem("Search", nil, "", .system, kind: .searchField)],
              "Help menu: macOS puts a search field at its top"),
    ]

    /// The groups drawn in the menu `identifier`, in table order.
    public static func groups(in identifier: Menu.Identifier) -> [StandardMenuBarGroup] {
        groupsByMenu[identifier] ?? []
    }

    private static let groupsByMenu: [Menu.Identifier: [StandardMenuBarGroup]] = Dictionary(grouping: groups, by: \.menu)

    private static func group(_ menu: Menu.Identifier, placement: StandardMenuBarGroup.Placement = .last, separated: Bool = false,
                              _ items: [StandardMenuBarItem], _ section: String) -> StandardMenuBarGroup {
        StandardMenuBarGroup(menu: menu, placement: placement, separated: separated, items: items,
                             source: "\(menuBarPage) (\(section))")
    }

    private static func item(_ title: String, _ shortcut: KeyShortcut?, _ action: Action,
                             _ performer: StandardMenuBarItem.Performer) -> StandardMenuBarItem {
        StandardMenuBarItem(title, shortcut, action, performer)
    }

    /// A key equivalent: `modifiers` and the character `input`.
    private static func key(_ modifiers: ModifierFlags, _ input: String) -> KeyShortcut {
        KeyShortcut(input: .character(input), modifiers: modifiers)
    }
}
