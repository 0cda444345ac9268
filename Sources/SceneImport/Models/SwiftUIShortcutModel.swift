import KeyTraceCore
import SceneImportVocabulary
import SwiftSyntax

/// SwiftUI's shortcuts: `KeyboardShortcut(…)`, `KeyEquivalent(…)` and `.keyboardShortcut(…)`.
enum SwiftUIShortcutModel: FrameworkModel {
    /// The view modifier that attaches a shortcut: the word the extractor's prefilters look for.
    static let modifierName = "keyboardShortcut"
    static let shortcutType = "KeyboardShortcut"
    /// SwiftUI's view protocol: a shortcut helper applied to a view runs as its method.
    static let viewType = "View"
    /// `view.modifier(M(…))`, which applies a view modifier's `body(content:)`.
    static let viewModifierCall = "modifier"
    /// SwiftUI's protocol of property wrappers whose stored values SwiftUI changes at run time.
    static let dynamicProperty = "DynamicProperty"
    static let keyType = "KeyEquivalent"
    static let functions: Set<String> = [shortcutType, keyType]
    static let types: Set<String> = [shortcutType, keyType]
    static var mentions: Set<String> { [modifierName] }
    static let describesValues = true
    static var extendedTypes: [String] { [shortcutType, keyType] }

    /// `KeyEquivalent.escape`, `KeyboardShortcut.defaultAction`.
    static func staticMember(_ name: String, of type: String) -> Value? {
        type == keyType ? keyEquivalent(name) : standardShortcut(name)
    }

    /// `.escape` where a `KeyEquivalent` is expected; `.defaultAction`, or a key (the
    /// `KeyEquivalent` overload, ⌘ unless modifiers are given), where a `KeyboardShortcut` is.
    static func implicitMember(_ name: String, expecting type: String?) -> Value? {
        switch type {
        case keyType?: return keyEquivalent(name)
        case shortcutType?: return standardShortcut(name) ?? keyEquivalent(name)
        default: return nil
        }
    }

    /// A `KeyboardShortcut`'s parts: its key (a `KeyEquivalent`) and its modifiers.
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value? {
        guard case .shortcut(let input, let modifiers) = base else { return nil }
        if name == "key" { return .shortcut(input: input, modifiers: nil) }
        if name == "modifiers", let modifiers { return .modifiers(modifiers) }
        return nil
    }

    /// `KeyEquivalent.name` (`.escape`, `.upArrow`, …) as a key without modifiers, or `nil`.
    static func keyEquivalent(_ name: String) -> Value? {
        KeyInputConstant.keyEquivalents[name].map { .shortcut(input: $0, modifiers: nil) }
    }

    /// `KeyboardShortcut.defaultAction` (Return) and `.cancelAction` (Escape), or `nil`.
    static func standardShortcut(_ name: String) -> Value? {
        switch name {
        case "defaultAction": return .shortcut(input: "\r", modifiers: [])
        case "cancelAction": return .shortcut(input: "UIKeyInputEscape", modifiers: [])
        default: return nil
        }
    }

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        let args = site.arguments
        if site.name == keyType {
            if let first = args.first, case .string(let text) = evaluator.evaluate(first.expression, frame: &frame) {
                return .shortcut(input: text, modifiers: nil)
            }
            return site.unknown
        }
        // An app's own initialiser (`KeyboardShortcut(keyboardInput:)`) delegates to SwiftUI's.
        if args.contains(where: { $0.label != nil && $0.label != "modifiers" && $0.label != "localization" }),
           let info = evaluator.index.type(named: site.name) {
            return evaluator.construct(info, args: args, call: site.syntax, frame: &frame)
        }
        return evaluator.swiftUIShortcut(args, frame: &frame)
    }
}

extension Evaluator {
    /// `KeyboardShortcut("n", modifiers: [.command, .shift])` and `.keyboardShortcut(…)`'s
    /// arguments: input and modifiers (⌘ when none are given).
    /// The shortcuts `.keyboardShortcut(…)`'s arguments give: one, or one per branch, each under
    /// its branch's conditions, when the only argument is a choice the source does not decide
    /// (`.keyboardShortcut(shortcut(for: action))` switching over an action it cannot know).
    /// Each argument is evaluated once.
    func swiftUIShortcuts(_ args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> [Value.Item] {
        // The modifiers' values, each under the conditions that choose it (the branches of
        // `isOn ? [.command] : [.command, .shift]`).
        var modifierChoices: [(modifiers: ModifierFlags?, condition: Condition)] = [(.command, .always)]
        var explicitModifiers = false
        // The key or shortcut argument's values, each under the conditions that choose it (the
        // branches of `isOn ? .escape : "v"`).
        var keys: [Value.Item] = []
        // A `nil` shortcut attaches none: `isWarning ? nil : .defaultAction` is one key, under
        // its branch's condition.
        func isKey(_ value: Value) -> Bool {
            switch value {
            case .shortcut, .string: return true
            case .alternatives(let items):
                return items.contains { isKey($0.value) } && items.allSatisfy { isKey($0.value) || $0.value.isNull }
            default: return false
            }
        }
        for argument in args {
            if argument.label == "modifiers" {
                let value = modifierChoice(evaluate(argument.expression, frame: &frame, hint: "EventModifiers"))
                if case .alternatives(let items) = value, !items.isEmpty {
                    modifierChoices = items.map { (asModifiers($0.value), $0.condition) }
                } else {
                    modifierChoices = [(asModifiers(value), .always)]
                }
                explicitModifiers = true
                continue
            }
            guard argument.label == nil else { continue }
            var value = evaluate(argument.expression, frame: &frame, hint: "KeyboardShortcut")
            if !isKey(value) { value = evaluate(argument.expression, frame: &frame, hint: "KeyEquivalent") }
            if case .alternatives(let items) = value, isKey(value) {
                keys = items.filter { !$0.value.isNull }
            } else {
                keys = [.init(value: value, condition: .always)]
            }
        }
        if keys.isEmpty { keys = [.init(value: .unknown("key"), condition: .always)] }
        return keys.flatMap { key in
            modifierChoices.map { choice in
                let modifiers = choice.modifiers
                let shortcut: Value
                switch key.value {
                case .string(let text): shortcut = .shortcut(input: text, modifiers: modifiers)
                case .shortcut(let input, let own):
                    shortcut = .shortcut(input: input, modifiers: explicitModifiers ? modifiers : own ?? modifiers)
                default:
                    // An unknown value alone (`.keyboardShortcut(shortcut)`) may be a whole
                    // `KeyboardShortcut`, whose modifiers are as unknown as its key.
                    shortcut = .shortcut(input: nil, modifiers: explicitModifiers ? modifiers : nil)
                }
                return Value.Item(value: shortcut, condition: key.condition.nesting(choice.condition))
            }
        }
    }

    /// The one shortcut `KeyboardShortcut(…)`'s arguments give (``swiftUIShortcuts(_:frame:)``);
    /// a choice among several has no fixed input.
    func swiftUIShortcut(_ args: [(label: String?, expression: ExprSyntax)], frame: inout Frame) -> Value {
        let shortcuts = swiftUIShortcuts(args, frame: &frame)
        if shortcuts.count == 1 {
            // Neither the key nor the modifiers given fixed: a shortcut as unknown as a value the
            // source does not hold (a `.shortcut` without modifiers would take ⌘, the default).
            if case .shortcut(nil, nil) = shortcuts[0].value, args.contains(where: { $0.label == "modifiers" }) {
                return .unknown("KeyboardShortcut")
            }
            return shortcuts[0].value
        }
        // Several: neither the input nor, unless every choice has the same, the modifiers are fixed.
        var modifiers: ModifierFlags?? = .none
        for item in shortcuts {
            guard case .shortcut(_, let own) = item.value else { return .shortcut(input: nil, modifiers: nil) }
            if let seen = modifiers, seen != own { return .shortcut(input: nil, modifiers: nil) }
            modifiers = .some(own)
        }
        return .shortcut(input: nil, modifiers: modifiers ?? nil)
    }
}
