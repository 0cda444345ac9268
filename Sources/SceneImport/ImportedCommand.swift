import KeyTraceCore
import KeyTraceSupport
import SceneImportVocabulary
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

    private var storage: Storage

    /// The stored fields of a row; ``ImportedCommand`` is a copy-on-write view of them.
    private struct Fields: Hashable {
        var declaredIn: String
        var mechanism: Mechanism
        var input: String?
        var modifiers: ModifierFlags?
        var action: String?
        var title: String?
        var titleExpression: String?
        var condition: Condition?
        var attributes: [String]
        var wantsPriority: Bool
        var discoverabilityTitle: String?
        var alternates: [Alternate]
        var propertyList: String?
        var file: String
        var line: Int
        var notFollowed: String?
    }

    /// One row's ``Fields``, shared between copies of the row until one of them changes. Rows
    /// pass through every stage of an import (extraction, ordering, the scene, the report);
    /// copying a reference costs one retain where copying the fields retains each string and
    /// array.
    private final class Storage: @unchecked Sendable {
        // Sendable: a row writes its box only after `isKnownUniquelyReferenced` finds no other
        // copy, so a box is never written while another row (on any thread) can read it.
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The box, made this row's own before a change.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            return storage
        }
    }

    /// A row with the given fields; the optional ones default to `nil` (not fixed by the source).
    public init(declaredIn: String, mechanism: Mechanism, input: String? = nil, modifiers: ModifierFlags? = nil, action: String? = nil,
                title: String? = nil, titleExpression: String? = nil, condition: Condition? = nil,
                attributes: [String], wantsPriority: Bool, discoverabilityTitle: String? = nil, alternates: [Alternate],
                propertyList: String? = nil, file: String, line: Int, notFollowed: String? = nil) {
        storage = Storage(Fields(declaredIn: declaredIn, mechanism: mechanism, input: input, modifiers: modifiers, action: action,
                                 title: title, titleExpression: titleExpression, condition: condition,
                                 attributes: attributes, wantsPriority: wantsPriority, discoverabilityTitle: discoverabilityTitle,
                                 alternates: alternates, propertyList: propertyList, file: file, line: line, notFollowed: notFollowed))
    }

    /// Rows are equal when all their fields are.
    public static func == (lhs: ImportedCommand, rhs: ImportedCommand) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// The type that provides the command at run time.
    public var declaredIn: String {
        get { storage.fields.declaredIn }
        set { uniqueStorage.fields.declaredIn = newValue }
    }
    /// How the command reaches UIKit.
    public var mechanism: Mechanism {
        get { storage.fields.mechanism }
        set { uniqueStorage.fields.mechanism = newValue }
    }
    /// The string `UIKeyCommand.input` holds; `nil` when the source does not fix it.
    public var input: String? {
        get { storage.fields.input }
        set { uniqueStorage.fields.input = newValue }
    }
    /// The modifier flags; `nil` when the source does not fix them.
    public var modifiers: ModifierFlags? {
        get { storage.fields.modifiers }
        set { uniqueStorage.fields.modifiers = newValue }
    }
    /// ``modifiers`` as the inventory lists them: sorted names from `alphaShift alternate
    /// command control numericPad shift` (``ModifierFlags/uiKitNames``).
    public var modifierNames: [String]? { modifiers?.uiKitNames }
    /// The Objective-C selector; `nil` for SwiftUI shortcuts and unresolved selectors.
    public var action: String? {
        get { storage.fields.action }
        set { uniqueStorage.fields.action = newValue }
    }
    /// The title when it is a literal (or a localised string found in the strings tables).
    public var title: String? {
        get { storage.fields.title }
        set { uniqueStorage.fields.title = newValue }
    }
    /// The title's expression when it is computed or localised.
    public var titleExpression: String? {
        get { storage.fields.titleExpression }
        set { uniqueStorage.fields.titleExpression = newValue }
    }
    /// Whether the command is only provided under a run-time condition: it has a ``condition``.
    public var conditional: Bool { condition != nil }
    /// The run-time condition the command is provided under.
    public var condition: Condition? {
        get { storage.fields.condition }
        set { uniqueStorage.fields.condition = newValue }
    }
    /// `destructive`, `disabled`, `hidden`, `keepsMenuPresented`.
    public var attributes: [String] {
        get { storage.fields.attributes }
        set { uniqueStorage.fields.attributes = newValue }
    }
    /// Whether the command asks for priority over system behaviour (`wantsPriorityOverSystemBehavior`).
    public var wantsPriority: Bool {
        get { storage.fields.wantsPriority }
        set { uniqueStorage.fields.wantsPriority = newValue }
    }
    /// The discoverability title, when given.
    public var discoverabilityTitle: String? {
        get { storage.fields.discoverabilityTitle }
        set { uniqueStorage.fields.discoverabilityTitle = newValue }
    }
    /// Alternates: their modifiers and actions.
    public var alternates: [Alternate] {
        get { storage.fields.alternates }
        set { uniqueStorage.fields.alternates = newValue }
    }
    /// The `propertyList` when it is a string literal.
    public var propertyList: String? {
        get { storage.fields.propertyList }
        set { uniqueStorage.fields.propertyList = newValue }
    }
    /// The creation site's file, relative to the imported folder.
    public var file: String {
        get { storage.fields.file }
        set { uniqueStorage.fields.file = newValue }
    }
    /// The creation site's line, 1-based.
    public var line: Int {
        get { storage.fields.line }
        set { uniqueStorage.fields.line = newValue }
    }
    /// Why the evaluator did not follow this command's creation site, when it did not: the
    /// syntactic sweep found the site, and the fields the site's own text does not fix are
    /// `nil`.
    public var notFollowed: String? {
        get { storage.fields.notFollowed }
        set { uniqueStorage.fields.notFollowed = newValue }
    }

    /// A `UICommandAlternate`.
    public struct Alternate: Hashable, Sendable {
        public var title: String?
        public var action: String?
        public var modifiers: ModifierFlags?
    }

    /// The inventory line: ``json`` on one line, fields in the documented order.
    public var jsonLine: String { json.orderedText }

    /// The inventory object, fields in the documented order (docs/SceneImport.md).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("declared_in", .string(declaredIn)),
            ("mechanism", .string(mechanism.rawValue)),
            ("input", input.map(JSONValue.string) ?? .null),
            ("modifiers", modifierNames.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("action", action.map(JSONValue.string) ?? .null),
            ("title", title.map(JSONValue.string) ?? .null),
        ]
        if let titleExpression { members.append(("title_expr", .string(titleExpression))) }
        members.append(("conditional", .bool(conditional)))
        if let condition { members.append(("condition", .string(condition.text))) }
        members.append(("attributes", .array(attributes.map(JSONValue.string))))
        members.append(("wants_priority", .bool(wantsPriority)))
        members.append(("file", .string(file)))
        members.append(("line", .number(JSONNumber(line))))
        if let notFollowed { members.append(("reason", .string(notFollowed))) }
        return JSONValue.object(members.map { (key: $0.0, value: $0.1) })
    }

    /// `commands` in the inventory's order: by file, line, provider, mechanism and
    /// ``identity`` (each command's built once).
    /// `sorted` (already in inventory order) with `more` put in place: `more` is sorted on its
    /// own and merged in, so a few added rows do not re-sort (and re-identify) every row.
    static func merged(_ sorted: [ImportedCommand], adding more: [ImportedCommand]) -> [ImportedCommand] {
        guard !more.isEmpty else { return sorted }
        let added = sortedInInventoryOrder(more)
        func precedes(_ a: ImportedCommand, _ b: ImportedCommand) -> Bool {
            if a.file != b.file { return a.file < b.file }
            if a.line != b.line { return a.line < b.line }
            if a.declaredIn != b.declaredIn { return a.declaredIn < b.declaredIn }
            if a.mechanism != b.mechanism { return a.mechanism.rawValue < b.mechanism.rawValue }
            return a.identity < b.identity
        }
        var result: [ImportedCommand] = []
        result.reserveCapacity(sorted.count + added.count)
        var i = 0
        var j = 0
        while i < sorted.count, j < added.count {
            // On equal keys the row already in the inventory stays first, as a stable sort keeps it.
            if precedes(added[j], sorted[i]) {
                result.append(added[j])
                j += 1
            } else {
                result.append(sorted[i])
                i += 1
            }
        }
        result += sorted[i...]
        result += added[j...]
        return result
    }

    static func sortedInInventoryOrder(_ commands: [ImportedCommand]) -> [ImportedCommand] {
        /// What the order compares, apart from the rows themselves.
        struct Key {
            var file: String
            var line: Int
            var declaredIn: String
            var mechanism: String

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
        // The keys stay in place and the sort moves their offsets: moving a key would copy its
        // strings at every move.
        let keys = commands.map { Key(file: $0.file, line: $0.line, declaredIn: $0.declaredIn, mechanism: $0.mechanism.rawValue) }
        var order = keys.indices.sorted { keys[$0].precedes(keys[$1]) }
        // Rows of one site (a loop's) are ordered by ``identity``, written once a row and only
        // for such rows. They share a provider, so the identity's text after the provider
        // (``IdentityTail``) orders them as the whole text does.
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, keys[order[end]].sharesSite(with: keys[order[start]]) { end += 1 }
            if end - start > 1 {
                let tails = order[start..<end].map { IdentityTail(commands[$0]) }
                let sorted = tails.indices.sorted { tails[$0].precedes(tails[$1]) }.map { order[start + $0] }
                order.replaceSubrange(start..<end, with: sorted)
            }
            start = end
        }
        return order.map { commands[$0] }
    }

    /// The UTF-8 of a row's ``identity`` after its first field (the provider): `,"k",["command"],"save:"]`.
    /// Rows with one provider compare as their identities do: ASCII texts byte by byte (the
    /// order `String` gives them), others as strings.
    struct IdentityTail {
        private var bytes: [UInt8]
        private var isASCII: Bool

        init(_ command: ImportedCommand) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(64)
            command.appendIdentityTail(to: &bytes)
            self.bytes = bytes
            isASCII = bytes.allSatisfy { $0 < 0x80 }
        }

        func precedes(_ other: IdentityTail) -> Bool {
            guard isASCII, other.isASCII else {
                return String(decoding: bytes, as: UTF8.self) < String(decoding: other.bytes, as: UTF8.self)
            }
            return bytes.lexicographicallyPrecedes(other.bytes)
        }
    }

    /// What makes two rows one: the same mechanism at the same creation site with the same
    /// ``identity`` fields. A command reached along several paths is listed once.
    struct Site: Hashable {
        var mechanism: Mechanism
        var file: String
        var line: Int
        var declaredIn: String
        var input: String?
        var modifiers: ModifierFlags?
        var action: String?

        /// Hashes the line, the key and the action: the file's path and the declaring type, the
        /// longest fields, seldom tell two rows apart, and equality still compares them.
        func hash(into hasher: inout Hasher) {
            hasher.combine(line)
            hasher.combine(input)
            hasher.combine(modifiers)
            hasher.combine(action)
        }
    }

    /// This row's ``Site``.
    var site: Site {
        Site(mechanism: mechanism, file: file, line: line, declaredIn: declaredIn, input: input, modifiers: modifiers, action: action)
    }

    /// The four fields the import score compares, as a compact JSON array:
    /// `["Type","k",["command"],"save:"]`, with `null` for a field the source does not fix.
    public var identity: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        bytes.append(UInt8(ascii: "["))
        JSONString.appendQuoted(declaredIn, to: &bytes)
        appendIdentityTail(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``identity``'s text after the provider: `,"k",["command"],"save:"]`.
    private func appendIdentityTail(to bytes: inout [UInt8]) {
        func appendOptional(_ text: String?) {
            if let text { JSONString.appendQuoted(text, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
        }
        bytes.append(UInt8(ascii: ","))
        appendOptional(input)
        bytes.append(UInt8(ascii: ","))
        if let modifiers {
            bytes.append(UInt8(ascii: "["))
            var first = true
            // The names are plain ASCII: quoted as they are.
            for (flag, name) in Self.modifierNamesInOrder where modifiers.contains(flag) {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: name.utf8)
                bytes.append(UInt8(ascii: "\""))
            }
            bytes.append(UInt8(ascii: "]"))
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
        bytes.append(UInt8(ascii: ","))
        appendOptional(action)
        bytes.append(UInt8(ascii: "]"))
    }

    /// ``ModifierFlags/uiKitNames``' flags and names, in its (alphabetical) order.
    private static let modifierNamesInOrder: [(flag: ModifierFlags, name: String)] =
        ModifierFlags.all.uiKitNames.compactMap { name in ModifierFlags(uiKitName: name).map { ($0, name) } }

    /// The modifiers as flags (none when the source does not fix them).
    public var modifierFlags: ModifierFlags { modifiers ?? [] }

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
