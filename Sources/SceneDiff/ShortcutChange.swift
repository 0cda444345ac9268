/// A key command added, removed or changed between two scenes, matched by declaring type and
/// action.
///
/// Within one declarer and action, commands with the same shortcut are paired first; the rest
/// are paired in declaration order (a shortcut moved to another key is a change), and what is
/// left over is added or removed.
public struct ShortcutChange: Hashable, Sendable {
    /// What happened to the command.
    public enum Kind: String, Hashable, Sendable, Codable {
        case added, removed, changed
    }

    /// One field that differs.
    public struct FieldChange: Hashable, Sendable, Codable {
        /// The field: `shortcut`, `title`, `when`, `attributes`, …
        public var field: String
        /// Its value in the base and in the head scene (empty when unset).
        public var base: String, head: String
        /// Whether the change alters what a key press does (a title does not).
        public var affectsBehaviour: Bool
    }

    /// What happened.
    public var kind: Kind
    /// The declaring type (node name) or `menu:ID`.
    public var declarer: String
    /// The action's name.
    public var action: String
    /// The command in the base scene (removed, changed).
    public var base: DeclaredShortcut?
    /// The command in the head scene (added, changed).
    public var head: DeclaredShortcut?
    /// The fields that differ (changed only).
    public var fields: [FieldChange]

    /// Whether the change alters what a key press does: every addition and removal, and a change
    /// of any field but the display-only ones (title, discoverability title, image, state).
    public var affectsBehaviour: Bool { kind != .changed || fields.contains(where: \.affectsBehaviour) }

    /// The shortcut on the side that has one (the head's when both do).
    public var notation: String { (head ?? base)?.notation ?? "" }

    /// The identifier an approval file lists: kind, declarer, action, and what changed.
    public var id: String {
        switch kind {
        case .added, .removed:
            return "shortcut \(kind.rawValue) \(declarer) \(action) \(notation)"
        case .changed:
            let what = fields.map { "\($0.field) \(Self.quoted($0.base))->\(Self.quoted($0.head))" }.joined(separator: ", ")
            return "shortcut changed \(declarer) \(action) \(base?.notation ?? ""): \(what)"
        }
    }

    /// One line for people: `+ ListController newItem: ⌘N "New Item"`.
    public var summary: String {
        switch kind {
        case .added, .removed:
            let side = head ?? base
            let title = side.map { $0.command.displayTitle.map { " \"\($0)\"" } ?? "" } ?? ""
            let condition = side?.condition.map { " when \(DeclaredShortcut.describe($0))" } ?? ""
            return "\(kind == .added ? "added" : "removed") \(declarer) \(action) \(DeclaredShortcut.printable(side?.command.shortcut.description ?? ""))\(title)\(condition)"
        case .changed:
            let what = fields.map { "\($0.field) \(Self.quoted($0.base)) → \(Self.quoted($0.head))" }.joined(separator: ", ")
            return "changed \(declarer) \(action) \(DeclaredShortcut.printable(base?.command.shortcut.description ?? "")): \(what)"
        }
    }

    static func quoted(_ value: String) -> String { value.isEmpty ? "(none)" : "\"\(value)\"" }

    /// The changes between two scenes' declared commands, in the head's declaration order, then
    /// removals in the base's.
    static func changes(base: [DeclaredShortcut], head: [DeclaredShortcut]) -> [ShortcutChange] {
        struct Key: Hashable {
            var declarer: String
            var action: String
        }
        var baseGroups: [Key: [DeclaredShortcut]] = [:]
        var keyOrder: [Key] = []
        var seenKeys = Set<Key>()
        for shortcut in head {
            let key = Key(declarer: shortcut.declarer, action: shortcut.action)
            if seenKeys.insert(key).inserted { keyOrder.append(key) }
        }
        for shortcut in base {
            let key = Key(declarer: shortcut.declarer, action: shortcut.action)
            baseGroups[key, default: []].append(shortcut)
            if seenKeys.insert(key).inserted { keyOrder.append(key) }
        }
        let headGroups = Dictionary(grouping: head) { Key(declarer: $0.declarer, action: $0.action) }
        var result: [ShortcutChange] = []
        for key in keyOrder {
            var remainingBase = baseGroups[key] ?? []
            var unmatchedHead: [DeclaredShortcut] = []
            var pairs: [(DeclaredShortcut, DeclaredShortcut)] = []
            for shortcut in headGroups[key] ?? [] {
                if let index = remainingBase.firstIndex(where: { $0.command.identity == shortcut.command.identity && $0.list == shortcut.list }) {
                    pairs.append((remainingBase.remove(at: index), shortcut))
                } else {
                    unmatchedHead.append(shortcut)
                }
            }
            while !unmatchedHead.isEmpty, !remainingBase.isEmpty {
                pairs.append((remainingBase.removeFirst(), unmatchedHead.removeFirst()))
            }
            for (old, new) in pairs {
                let fields = zip(old.fields, new.fields).compactMap { before, after -> FieldChange? in
                    before.value == after.value ? nil
                        : FieldChange(field: before.name, base: before.value, head: after.value, affectsBehaviour: before.affectsBehaviour)
                }
                if !fields.isEmpty {
                    result.append(ShortcutChange(kind: .changed, declarer: key.declarer, action: key.action, base: old, head: new, fields: fields))
                }
            }
            for new in unmatchedHead {
                result.append(ShortcutChange(kind: .added, declarer: key.declarer, action: key.action, base: nil, head: new, fields: []))
            }
            for old in remainingBase {
                result.append(ShortcutChange(kind: .removed, declarer: key.declarer, action: key.action, base: old, head: nil, fields: []))
            }
        }
        return result
    }
}
