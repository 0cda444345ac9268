import Scenes

/// One key command found in the source: a line of the inventory.
///
/// The fields and their meaning are specified in docs/SceneImport.md; ``jsonLine`` writes them
/// in that order.
public struct ImportedCommand: Hashable, Sendable {
    /// How the command reaches UIKit.
    public enum Mechanism: String, Hashable, Sendable, CaseIterable {
        /// Returned from a `keyCommands` override.
        case keyCommands
        /// Passed to `addKeyCommand(_:)`.
        case addKeyCommand
        /// Built in `buildMenu(with:)` for the main menu.
        case menu
        /// A SwiftUI `.keyboardShortcut`.
        case swiftui
    }

    /// The type that provides the command at run time.
    public var declaredIn: String
    public var mechanism: Mechanism
    /// The string `UIKeyCommand.input` holds; `nil` when the source does not fix it.
    public var input: String?
    /// Sorted names from `alphaShift alternate command control numericPad shift`; `nil` when the
    /// source does not fix them.
    public var modifiers: [String]?
    /// The Objective-C selector; `nil` for SwiftUI shortcuts and unresolved selectors.
    public var action: String?
    /// The title when it is a literal (or a localised string found in the strings tables).
    public var title: String?
    /// The title's expression when it is computed or localised.
    public var titleExpression: String?
    /// Whether the command is only provided under a run-time condition.
    public var conditional: Bool
    /// The conditions, as source text, joined with ` && `.
    public var condition: String?
    /// `destructive`, `disabled`, `hidden`, `keepsMenuPresented`.
    public var attributes: [String]
    public var wantsPriority: Bool
    /// The discoverability title, when given.
    public var discoverabilityTitle: String?
    /// Alternates: their modifiers and actions.
    public var alternates: [Alternate]
    /// The `propertyList` when it is a string literal.
    public var propertyList: String?
    public var file: String
    public var line: Int

    /// A `UICommandAlternate`.
    public struct Alternate: Hashable, Sendable {
        public var title: String?
        public var action: String?
        public var modifiers: [String]?
    }

    /// The inventory line: one JSON object, fields in the documented order.
    public var jsonLine: String {
        var members: [(String, JSONValue)] = [
            ("declared_in", .string(declaredIn)),
            ("mechanism", .string(mechanism.rawValue)),
            ("input", input.map(JSONValue.string) ?? .null),
            ("modifiers", modifiers.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("action", action.map(JSONValue.string) ?? .null),
            ("title", title.map(JSONValue.string) ?? .null),
        ]
        if let titleExpression { members.append(("title_expr", .string(titleExpression))) }
        members.append(("conditional", .bool(conditional)))
        if let condition { members.append(("condition", .string(condition))) }
        members.append(("attributes", .array(attributes.map(JSONValue.string))))
        members.append(("wants_priority", .bool(wantsPriority)))
        members.append(("file", .string(file)))
        members.append(("line", .number(Double(line))))
        return JSONValue.object(members.map { (key: $0.0, value: $0.1) }).orderedText
    }

    /// The four fields the import score compares.
    public var identity: String {
        let fields: [JSONValue] = [
            .string(declaredIn), input.map(JSONValue.string) ?? .null,
            modifiers.map { .array($0.map(JSONValue.string)) } ?? .null,
            action.map(JSONValue.string) ?? .null,
        ]
        return JSONValue.array(fields).orderedText
    }

    /// The shortcut in KeyTrace's notation (`shift+cmd+f`) when input and modifiers are known.
    public var displayShortcut: String {
        let present = Set(modifiers ?? [])
        let names = Self.notationOrder.filter(present.contains).compactMap { Self.notationModifier[$0] }
        let key = input.map(Self.notationKey) ?? "?"
        return (names + [key]).joined(separator: "+")
    }

    /// KeyTrace's notation writes modifiers in this order (`ctrl+opt+shift+cmd+x`).
    static let notationOrder = ["control", "alternate", "shift", "command", "alphaShift", "numericPad"]

    static let notationModifier: [String: String] = [
        "control": "ctrl", "alternate": "opt", "shift": "shift", "command": "cmd",
        "alphaShift": "capslock", "numericPad": "numpad",
    ]

    static func notationKey(_ input: String) -> String {
        switch input {
        case "\r": return "return"
        case "\n": return "enter"
        case "\t": return "tab"
        case " ": return "space"
        case "\u{8}": return "delete"
        case "\u{1b}", "UIKeyInputEscape": return "esc"
        case "UIKeyInputUpArrow": return "up"
        case "UIKeyInputDownArrow": return "down"
        case "UIKeyInputLeftArrow": return "left"
        case "UIKeyInputRightArrow": return "right"
        case "UIKeyInputPageUp": return "pageup"
        case "UIKeyInputPageDown": return "pagedown"
        case "UIKeyInputHome": return "home"
        case "UIKeyInputEnd": return "end"
        case "UIKeyInputDelete": return "forwarddelete"
        default:
            if input.hasPrefix("UIKeyInputF") { return "f" + input.dropFirst("UIKeyInputF".count) }
            return input.lowercased()
        }
    }
}
