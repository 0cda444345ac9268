import KeyTraceCore
import KeyTraceSupport

/// Why a main menu could not be built.
public struct MenuBuildError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
        case conflict(existing: KeyCommand, new: KeyCommand)
        case unknownMenu(Menu.Identifier)
        case duplicateMenu(Menu.Identifier)
    }

    private let kind: Kind

    /// The kind of failure. New kinds may be added.
    public typealias Code = ErrorCode<MenuBuildError>

    /// The kind of failure.
    public var code: Code {
        switch kind {
        case .conflict: return .conflict
        case .unknownMenu: return .unknownMenu
        case .duplicateMenu: return .duplicateMenu
        }
    }

    /// Two commands with the same input and modifiers in one main menu (R22).
    public static func conflict(existing: KeyCommand, new: KeyCommand) -> MenuBuildError {
        MenuBuildError(kind: .conflict(existing: existing, new: new))
    }

    /// A menu identifier that is not in the menu system.
    public static func unknownMenu(_ identifier: Menu.Identifier) -> MenuBuildError {
        MenuBuildError(kind: .unknownMenu(identifier))
    }

    /// A menu identifier used twice.
    public static func duplicateMenu(_ identifier: Menu.Identifier) -> MenuBuildError {
        MenuBuildError(kind: .duplicateMenu(identifier))
    }

    /// The two conflicting commands, when this is a conflict.
    public var conflictingCommands: (existing: KeyCommand, new: KeyCommand)? {
        if case .conflict(let existing, let new) = kind { return (existing, new) }
        return nil
    }

    public var description: String {
        switch kind {
        case .conflict(let existing, let new):
            return "main menu conflict: \(new) uses \(new.shortcut), already taken by \(existing); "
                + "give one of them another shortcut or remove the other from the menu"
        case .unknownMenu(let identifier):
            return "no menu '\(identifier)' in the main menu; known menus are root, application, file, edit, "
                + "format, view, window, help, their standard groups (about, hide, find, font, toolbar, …) and those you inserted"
        case .duplicateMenu(let identifier):
            return "a menu '\(identifier)' already exists; use another identifier or replace the existing menu"
        }
    }
}

/// The kinds of ``MenuBuildError``.
extension ErrorCode where Domain == MenuBuildError {
    /// Two commands with the same input and modifiers in one main menu.
    public static let conflict = Self("conflict")
    /// A menu identifier that is not in the menu system.
    public static let unknownMenu = Self("unknown-menu")
    /// A menu identifier used twice.
    public static let duplicateMenu = Self("duplicate-menu")
}
