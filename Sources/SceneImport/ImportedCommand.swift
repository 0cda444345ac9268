import KeyTraceCore
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
    /// Why the evaluator did not follow this command's creation site, when it did not: the
    /// syntactic sweep found the site, and the fields the site's own text does not fix are
    /// `nil`.
    public var notFollowed: String?

    /// A `UICommandAlternate`.
    public struct Alternate: Hashable, Sendable {
        public var title: String?
        public var action: String?
        public var modifiers: [String]?
    }

    /// The inventory line: ``json`` on one line, fields in the documented order.
    public var jsonLine: String { json.orderedText }

    /// The inventory object, fields in the documented order (docs/SceneImport.md).
    public var json: JSONValue {
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
        members.append(("line", .number(JSONNumber(line))))
        if let notFollowed { members.append(("reason", .string(notFollowed))) }
        return JSONValue.object(members.map { (key: $0.0, value: $0.1) })
    }

    /// `commands` in the inventory's order: by file, line, provider, mechanism and
    /// ``identity`` (each command's built once).
    static func sortedInInventoryOrder(_ commands: [ImportedCommand]) -> [ImportedCommand] {
        /// What the order compares, apart from the rows themselves (which sorting would copy
        /// at every move).
        struct Key {
            var file: String
            var line: Int
            var declaredIn: String
            var mechanism: String
            var offset: Int

            func sharesSite(with other: Key) -> Bool {
                file == other.file && line == other.line && declaredIn == other.declaredIn && mechanism == other.mechanism
            }

            func precedes(_ other: Key) -> Bool {
                if file != other.file { return file < other.file }
                if line != other.line { return line < other.line }
                if declaredIn != other.declaredIn { return declaredIn < other.declaredIn }
                return mechanism < other.mechanism
            }
        }
        var order = commands.indices.map { offset in
            let command = commands[offset]
            return Key(file: command.file, line: command.line, declaredIn: command.declaredIn,
                       mechanism: command.mechanism.rawValue, offset: offset)
        }.sorted { $0.precedes($1) }
        // Rows of one site (a loop's) are ordered by ``identity``, written once a row and only
        // for such rows.
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, order[end].sharesSite(with: order[start]) { end += 1 }
            if end - start > 1 {
                let run = order[start..<end].map { (key: $0, identity: commands[$0.offset].identity) }
                order.replaceSubrange(start..<end, with: run.sorted { $0.identity < $1.identity }.map(\.key))
            }
            start = end
        }
        return order.map { commands[$0.offset] }
    }

    /// What makes two rows one: the same mechanism at the same creation site with the same
    /// ``identity`` fields. A command reached along several paths is listed once.
    struct Site: Hashable {
        var mechanism: Mechanism
        var file: String
        var line: Int
        var declaredIn: String
        var input: String?
        var modifiers: [String]?
        var action: String?
    }

    /// This row's ``Site``.
    var site: Site {
        Site(mechanism: mechanism, file: file, line: line, declaredIn: declaredIn, input: input, modifiers: modifiers, action: action)
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

    /// The modifiers as flags (none when the source does not fix them).
    public var modifierFlags: ModifierFlags {
        var flags: ModifierFlags = []
        for (name, flag) in ModifierName.flags where modifiers?.contains(name) == true { flags.insert(flag) }
        return flags
    }

    /// The shortcut in KeyTrace's text notation (`shift+cmd+f`, as `KeyShortcut.textNotation`
    /// writes it); `?` stands for an input the source does not fix.
    public var displayShortcut: String {
        guard let input else {
            let words = ModifierFlags.displayOrder.filter(modifierFlags.contains).compactMap(\.word)
            return (words + ["?"]).joined(separator: "+")
        }
        let text = KeyShortcut(input: KeyInput(uiKitValue: input), modifiers: modifierFlags).textNotation
        // Control characters the notation has no word for (`"\u{8}"`, `"\u{1b}"`) are shown escaped.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return text }
        return text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }
}
