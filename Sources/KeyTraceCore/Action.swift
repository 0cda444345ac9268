/// An action, named the way an Objective-C selector is (`"selectAll:"`, `"playPause"`).
///
/// Actions are plain names so they can be stored in traces and compared across runs.
public struct Action: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The selector-like name.
    public let name: String
    // A 64-bit FNV-1a fingerprint of the name, computed once: hashing and comparing actions is
    // on the dispatch path (target search, validation, perform).
    /// A 64-bit FNV-1a hash of ``name``: equal actions have equal fingerprints.
    public let fingerprint: UInt64

    /// Wraps a selector-like name.
    public init(_ name: String) {
        self.name = name
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        self.fingerprint = hash
    }

    public init(stringLiteral value: String) { self.init(value) }

    @inlinable
    public static func == (lhs: Action, rhs: Action) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

    public var description: String { name }

    public static func < (lhs: Action, rhs: Action) -> Bool { lhs.name < rhs.name }
}

extension Action {
    // MARK: UIResponderStandardEditActions (R21)
    // The shortcuts named below are the standard main menus' defaults. Each one fires only
    // when a responder in the chain can perform the action.

    /// `copy:`: copies the selection to the pasteboard. ⌘C in the standard Edit menu.
    public static let copy: Action = "copy:"
    /// `cut:`: moves the selection to the pasteboard. ⌘X in the standard Edit menu.
    public static let cut: Action = "cut:"
    /// `paste:`: inserts the pasteboard contents. ⌘V in the standard Edit menu.
    public static let paste: Action = "paste:"
    /// `pasteAndMatchStyle:`: pastes, taking on the surrounding text's style. ⌥⇧⌘V in the standard
    /// Edit menu.
    public static let pasteAndMatchStyle: Action = "pasteAndMatchStyle:"
    /// `delete:`: deletes the selection. An Edit menu item with no key.
    public static let delete: Action = "delete:"
    /// `select:`: selects the word or item at the insertion point. An Edit menu item with no key.
    public static let select: Action = "select:"
    /// `selectAll:`: selects all content. ⌘A in the standard Edit menu.
    public static let selectAll: Action = "selectAll:"
    /// `toggleBoldface:`: turns bold on or off for the selection. ⌘B in the standard Format menu.
    public static let toggleBoldface: Action = "toggleBoldface:"
    /// `toggleItalics:`: turns italics on or off for the selection. ⌘I in the standard Format menu.
    public static let toggleItalics: Action = "toggleItalics:"
    /// `toggleUnderline:`: turns underlining on or off for the selection. ⌘U in the standard
    /// Format menu.
    public static let toggleUnderline: Action = "toggleUnderline:"
    /// `increaseSize:`: makes the selected text bigger. ⌘+ in the standard Format menu; as an
    /// exact ⌘+ command it sits in the low-priority bucket (R12).
    public static let increaseSize: Action = "increaseSize:"
    /// `decreaseSize:`: makes the selected text smaller. ⌘- in the standard Format menu.
    public static let decreaseSize: Action = "decreaseSize:"
    /// `find:`: shows the find interface. ⌘F in the standard Edit ▸ Find menu.
    public static let find: Action = "find:"
    /// `findAndReplace:`: shows the find-and-replace interface. ⌥⌘F in the standard Edit ▸ Find menu.
    public static let findAndReplace: Action = "findAndReplace:"
    /// `findNext:`: moves to the next match. ⌘G in the standard Edit ▸ Find menu.
    public static let findNext: Action = "findNext:"
    /// `findPrevious:`: moves to the previous match. ⇧⌘G in the standard Edit ▸ Find menu.
    public static let findPrevious: Action = "findPrevious:"
    /// `useSelectionForFind:`: makes the selection the search string. ⌘E in the standard
    /// Edit ▸ Find menu.
    public static let useSelectionForFind: Action = "useSelectionForFind:"
    /// `duplicate:`: duplicates the current document or item. ⇧⌘S in the standard File menu.
    public static let duplicate: Action = "duplicate:"
    /// `rename:`: starts renaming the current document or item. A File menu item with no key.
    public static let rename: Action = "rename:"
    /// `move:`: moves the current document or item elsewhere. A File menu item with no key.
    public static let move: Action = "move:"
    /// `export:`: exports the current document or item. A File menu item with no key.
    public static let export: Action = "export:"
    /// `undo:`: reverses the last change. ⌘Z in the standard Edit menu.
    public static let undo: Action = "undo:"
    /// `redo:`: reapplies the last undone change. ⇧⌘Z in the standard Edit menu.
    public static let redo: Action = "redo:"
    /// `open:`: opens a document. ⌘O in the standard File menu.
    public static let open: Action = "open:"
    /// `toggleSidebar:`: shows or hides the sidebar. ⌃⌘S ("Show Sidebar") in the standard View menu.
    public static let toggleSidebar: Action = "toggleSidebar:"
    /// `showHelp:`: opens the app's help. ⌘? in the standard Help menu, which on US ANSI fires
    /// on ⇧⌘/ (R7).
    public static let showHelp: Action = "showHelp:"
    /// `print:`: prints the current document. ⌘P in the standard File menu; non-repeatable, so
    /// holding the keys prints once (R19).
    public static let print: Action = "print:"
    /// `close:`: closes the current window or document. ⌘W in the standard File menu.
    public static let close: Action = "close:"
}
