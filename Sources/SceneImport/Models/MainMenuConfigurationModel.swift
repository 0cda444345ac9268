import SwiftSyntax

/// `UIMainMenuSystem.Configuration` (iOS and Mac Catalyst 26): before the app's build handler
/// runs, each element group whose preference is `.removed` is left out of the initial main
/// menu (`config.textFormattingPreference = .removed` takes Format's Font and Text submenus,
/// and so the Format menu, off the bar). `.automatic` and `.included` keep UIKit's own choice,
/// which the standard main menu already stands for.
enum MainMenuConfigurationModel {
    /// Each preference property as the standard menus (``MenuModel/standardMenus``) of its group.
    static let groups: [String: [String]] = [
        "newScenePreference": ["newScene"], "documentPreference": ["document"], "printingPreference": ["print"],
        "findingPreference": ["find"], "toolbarPreference": ["toolbar"], "sidebarPreference": ["sidebar"],
        "inspectorPreference": ["inspector"], "textFormattingPreference": ["font", "text"],
    ]
    /// The preference that leaves a group out.
    static let removed = "removed"
    /// What a file that makes a configuration names (`UIMainMenuSystem.Configuration()`).
    static let mention = "UIMainMenuSystem"

    /// The removals the app's configurations make, in source order, as `remove(menu:)` calls of
    /// the type that writes them: they come before anything its build handler changes.
    static func removals(in index: SourceIndex) -> [MainMenuOperation] {
        // Most apps make none: their files are searched for one word, not their tokens.
        guard index.files.contains(where: { index.file($0.file.displayPath, mentions: mention) }) else { return [] }
        var removals: [(location: SourceLocation, order: Int, operation: MainMenuOperation)] = []
        for (property, menus) in groups.sorted(by: { $0.key < $1.key }) {
            for (value, enclosing) in index.memberAssignments(to: property) where isRemoved(value) {
                let location = index.location(value)
                for menu in menus {
                    removals.append((location, removals.count, MainMenuOperation(call: .remove, target: MenuModel.sceneName(ofStandard: menu),
                                                                 placement: nil, elements: [], provider: enclosing ?? "",
                                                                 file: location.file, line: location.line)))
                }
            }
        }
        return removals.sorted { ($0.location, $0.order) < ($1.location, $1.order) }.map(\.operation)
    }

    /// `.removed`, also written with its type (`UIMenuSystem.ElementGroupPreference.removed`).
    private static func isRemoved(_ value: ExprSyntax) -> Bool {
        value.as(MemberAccessExprSyntax.self)?.declName.baseName.text == removed
    }
}
