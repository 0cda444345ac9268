import KeyTraceCore
import SceneImportVocabulary
import SwiftSyntax

/// What the evaluator knows about an expression's value.
///
/// The evaluator follows the source far enough to learn which commands exist: strings,
/// integers, modifier sets, selectors, commands, arrays of them with the conditions each
/// element is present under, and instances of the app's own types. Anything else is
/// ``unknown(_:)`` carrying its source text.
///
/// Every payload sits in the value itself (a command is one reference, ``CommandValue``), so
/// code that takes an array out of a frame's table owns it alone and can grow it in place.
enum Value {
    case unknown(String)
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case modifiers(ModifierFlags)
    case selector(String)
    case command(CommandValue)
    case array([Item])
    case tuple([(label: String?, value: Value)])
    case object(type: String, fields: [String: Value])
    case enumCase(type: String, name: String, payload: [Value])
    case typeReference(String)
    /// A SwiftUI `KeyboardShortcut` or `KeyEquivalent`.
    case shortcut(input: String?, modifiers: ModifierFlags?)
    case closure(ClosureExprSyntax)
    /// A bundled resource file, as the URL, path or `Data` the code holds for it.
    case resource(SourceFiles.File)
    /// One of several values, each under the conditions that choose it: the branches of a
    /// ternary, or of an `if`/`switch` expression, whose values are not commands or arrays.
    case alternatives([Item])

    /// An array element and the run-time condition it is present under.
    struct Item {
        var value: Value
        var condition: Condition
    }

    var stringValue: String? {
        switch self {
        case .string(let s): return s
        case .enumCase(_, let name, _): return name
        default: return nil
        }
    }

    /// A title as a menu shows it: a string, or the strings a run-time choice picks among
    /// (`isRunning ? "Pause" : "Start"`), in source order, joined with ` / ` (`Pause / Start`);
    /// `nil` for anything else.
    var titleText: String? {
        if case .string(let text) = self { return text }
        guard case .alternatives(let items) = self else { return nil }
        let texts = items.compactMap { item -> String? in
            if case .string(let text) = item.value { return text }
            return nil
        }
        guard texts.count == items.count, !texts.isEmpty else { return nil }
        var distinct: [String] = []
        for text in texts where !distinct.contains(text) { distinct.append(text) }
        return distinct.joined(separator: " / ")
    }

    /// A menu element's title: ``stringValue``, else the alternatives of ``titleText``.
    var menuTitle: String? { stringValue ?? titleText }

    /// A string, number, modifier set or selector, or a choice among such values: what a
    /// command's fields are made of.
    var isPlain: Bool {
        switch self {
        case .string, .int, .modifiers, .selector: return true
        case .alternatives(let items): return items.allSatisfy(\.value.isPlain)
        default: return false
        }
    }

    var isKnown: Bool {
        if case .unknown = self { return false }
        return true
    }

    /// The type an ``object(type:fields:)`` that is a dictionary carries: a literal table, one
    /// a bundled file holds, or one built from pairs.
    static let dictionaryType = CollectionModel.dictionaryType

    /// A dictionary: its entries by key (a string, a number or an enum case's name).
    static func table(_ entries: [String: Value]) -> Value { .object(type: dictionaryType, fields: entries) }

    /// One of `choices`: the only one itself, several as ``alternatives(_:)``, none as `nil`.
    static func choice(among choices: [Item]) -> Value? {
        guard let first = choices.first else { return nil }
        return choices.count == 1 ? first.value : .alternatives(choices)
    }

    /// The entries of a dictionary; `nil` for any other value.
    var tableEntries: [String: Value]? {
        if case .object(let type, let fields) = self, type == Self.dictionaryType { return fields }
        return nil
    }

    /// Whether an optional binding of this value always succeeds: a bundled resource, a
    /// literal, or data read from a resource (arrays of such values, dictionaries), so
    /// `guard let url = Bundle.main.url(forResource:…)` or `if let input = entry["input"] as?
    /// String` is no run-time condition. Instances of app types are not: a cast of unknown
    /// data yields one.
    var isStaticData: Bool {
        switch self {
        case .resource, .string, .int, .bool, .modifiers, .selector, .shortcut: return true
        case .tuple(let members): return members.allSatisfy(\.value.isStaticData)
        case .object: return tableEntries != nil
        case .array(let items): return items.allSatisfy { $0.condition.isAlways && ($0.value.isStaticData || $0.value.isResourceObject) }
        default: return false
        }
    }

    /// A dictionary read from a resource, decoded as an app type.
    private var isResourceObject: Bool {
        if case .object(_, let fields) = self { return !fields.isEmpty && fields.values.allSatisfy(\.isKnown) }
        return false
    }

    /// A text standing for a plain value (integer, string, modifier set, selector), for
    /// comparing set elements; `nil` for anything else.
    var scalarKey: String? {
        switch self {
        case .int(let number): return "i\(number)"
        case .string(let text): return "s" + text
        case .modifiers(let flags): return "m\(flags.rawValue)"
        case .selector(let name): return "@" + name
        default: return nil
        }
    }

    /// Appends `more` to an array value in place (any other value becomes an array of
    /// `more`): the array is moved out of `self` first, so it is uniquely referenced while it
    /// grows.
    mutating func appendItems(_ more: [Item]) {
        guard case .array(var current) = self else {
            self = .array(more)
            return
        }
        self = .null
        current += more
        self = .array(current)
    }

    /// The elements, when the value is a collection the evaluator can iterate.
    var items: [Item]? {
        switch self {
        case .array(let items): return items
        case .null: return []
        default: return nil
        }
    }
}
