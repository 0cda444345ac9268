/// One change the app's menu code makes to the main menu: a `UIMenuBuilder` call in
/// `buildMenu(with:)` (Swift or Objective-C), or a SwiftUI `CommandMenu` or `CommandGroup`,
/// in the order the code makes it. ``MainMenuAssembly`` writes the scene's `menus` from them.
struct MainMenuOperation: Hashable, Sendable {
    /// The builder call (`MenuModel.BuilderCall`'s names).
    enum Call: String, Hashable, Sendable {
        case insertChild, insertSibling, insertElements, replace, replaceChildren, remove
    }

    /// Where the call puts what it inserts, relative to ``target``: at the `start` or `end` of
    /// that menu, or `before` or `after` it in its parent. A `replaceChildren` that drops the
    /// menu's children has none.
    enum Placement: String, Hashable, Sendable {
        case start, end, before, after
    }

    var call: Call
    /// The menu the call names (`file`, `com.example.game`); `nil` when the source does not fix it.
    var target: String?
    var placement: Placement?
    /// What the call inserts, in order.
    var elements: [MainMenuElement]
    /// The type whose menu code makes the call.
    var provider: String
    var file: String
    var line: Int
}

/// An element a main-menu change inserts: a command (a key-less item has an empty input), or
/// a menu with its own elements.
indirect enum MainMenuElement: Hashable, Sendable {
    case command(ImportedCommand)
    case menu(MainMenuNode)
    /// One of UIKit's own items of the menu whose children a `replaceChildren(ofMenu:)`
    /// closure was handed, by action, kept where the closure puts it.
    case standardItem(action: String)
}

/// A menu the app builds (`UIMenu(title:image:identifier:options:children:)`, a SwiftUI
/// `CommandMenu`).
struct MainMenuNode: Hashable, Sendable {
    var title: String?
    /// `nil` when the source does not fix it.
    var identifier: String?
    /// The identifier UIKit makes up for a menu the source names none, as other changes name
    /// it (`menu.identifier`).
    var generatedIdentifier: String? = nil
    /// `UIMenu.Options.displayInline`: shown between separators in its parent.
    var isInline: Bool
    var children: [MainMenuElement]
}
