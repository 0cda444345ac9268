import KeyTraceCore
import SwiftSyntax

/// UIKit's `UIKeyModifierFlags` and SwiftUI's `EventModifiers`: their initialisers, members and
/// set algebra, as ``ModifierFlags``.
enum ModifierFlagsModel: FrameworkModel {
    static let uiKitType = "UIKeyModifierFlags"
    /// The protocol of an app's own flag set that mirrors the modifier flags (`static let
    /// command = Modifiers(rawValue: 1 << 0)`): its members mean the modifiers they name.
    static let optionSetProtocol = "OptionSet"
    static let functions: Set<String> = [uiKitType, "EventModifiers"]
    static let types: Set<String> = functions
    static let receiverSpellings: Set<String> = ["UIKeyModifierFlags.Type", "UIKeyModifierFlags!", "SwiftUI.EventModifiers"]
    static let describesValues = true
    static let methods: Set<String> = growing.union(algebra)
    /// Methods that add flags to the set a local or a stored property holds.
    static let growing: Set<String> = ["insert", "formUnion"]
    /// Methods that combine two sets into a new one.
    static let algebra: Set<String> = ["union", "intersection", "subtracting", "symmetricDifference"]

    static func call(_ site: CallSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        let args = site.arguments
        if let raw = args.first(where: { $0.label == "rawValue" }) {
            if case .int(let n) = evaluator.evaluate(raw.expression, frame: &frame) { return .modifiers(Self.flags(rawValue: n)) }
            return site.unknown
        }
        if args.first?.label == "arrayLiteral" {
            // `.init(arrayLiteral: .shift, .command)`: the flags each argument names.
            var flags: ModifierFlags = []
            for argument in args {
                guard let named = evaluator.asModifiers(evaluator.evaluate(argument.expression, frame: &frame, hint: uiKitType)) else {
                    return site.unknown
                }
                flags.formUnion(named)
            }
            return .modifiers(flags)
        }
        if let first = args.first {
            return evaluator.asModifiers(evaluator.evaluate(first.expression, frame: &frame, hint: "[\(uiKitType)]")).map(Value.modifiers) ?? site.unknown
        }
        return .modifiers([])
    }

    /// `modifiers.insert(.command)` on a modifier set: the set grows. On a set the run time
    /// gives (a user's setting) it stays the run time's: it is no list of that one modifier.
    static func methodOnReceiver(_ site: MethodSite, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard growing.contains(site.name), site.arguments.count == 1 else { return nil }
        switch evaluator.readTarget(site.target, frame: frame) {
        case .modifiers(let current)?:
            guard let added = evaluator.asModifiers(evaluator.evaluate(site.arguments[0].expression, frame: &frame, hint: uiKitType)) else {
                return nil
            }
            evaluator.writeTarget(site.target, value: .modifiers(current.union(added)), frame: &frame)
            return .null
        case .unknown?:
            return evaluator.isModifierLiteral(site.arguments[0].expression) ? .null : nil
        default:
            return nil
        }
    }

    static func method(_ site: MethodSite, on base: Value, in evaluator: Evaluator, frame: inout Evaluator.Frame) -> Value? {
        guard case .modifiers(let set) = base, algebra.contains(site.name), let first = site.arguments.first,
              let other = evaluator.asModifiers(evaluator.evaluate(first.expression, frame: &frame, hint: uiKitType)) else { return nil }
        switch site.name {
        case "union": return .modifiers(set.union(other))
        case "intersection": return .modifiers(set.intersection(other))
        case "subtracting": return .modifiers(set.subtracting(other))
        default: return .modifiers(set.symmetricDifference(other))
        }
    }

    static func staticMember(_ name: String, of type: String) -> Value? {
        member(name)
    }

    /// `.command` where the context expects modifier flags; with no type in context, only a
    /// modifier's own name (`.command`, `.option`), not the Swift 2 or SwiftUI spellings.
    static func implicitMember(_ name: String, expecting type: String?) -> Value? {
        guard let type else {
            return ModifierFlags(uiKitName: name) != nil || name == "option" ? member(name) : nil
        }
        return isModifierType(type) ? member(name) : nil
    }

    /// A modifier set's `rawValue`: UIKit's bits for its flags.
    static func property(_ name: String, of base: Value, in evaluator: Evaluator) -> Value? {
        guard case .modifiers(let set) = base else { return nil }
        return name == "rawValue" ? .int(Int(set.rawValue)) : nil
    }

    /// The modifier a member of a modifier-flag type names: UIKit's (`.command`), Swift 2's
    /// capitalised (`.Command`), SwiftUI's (`.option`), or `nil`.
    static func member(_ name: String) -> Value? {
        if let flag = ModifierFlags(uiKitName: name) { return .modifiers(flag) }
        // Swift 2 spelled the members with a capital (`[.Command, .Shift]`).
        if let first = name.first, first.isUppercase, let flag = ModifierFlags(uiKitName: first.lowercased() + name.dropFirst()) {
            return .modifiers(flag)
        }
        return eventModifiers[name].map(Value.modifiers)
    }

    /// SwiftUI's `EventModifiers` members and the flags they stand for.
    static let eventModifiers: [String: ModifierFlags] = [
        "command": .command, "shift": .shift, "option": .alternate, "control": .control,
        "capsLock": .alphaShift, "numericPad": .numericPad,
    ]

    /// The modifier flags a raw `UIKeyModifierFlags` value sets (bits that are no modifier
    /// are left out).
    static func flags(rawValue raw: Int) -> ModifierFlags {
        ModifierFlags(rawValue: UInt32(truncatingIfNeeded: raw)).intersection(.all)
    }

    /// Whether `type` (as written in a declaration or a hint, optional or not) is a modifier-flag type.
    static func isModifierType(_ type: String) -> Bool {
        // The names below are 14 to 26 bytes and begin with U, E or S, and dropping `?` only
        // shortens a text: a shorter text (`String`, a hint), a longer one (a base expression's)
        // or one that begins otherwise (`[UIKeyCommand]`) is none of them.
        let length = type.utf8.count
        guard length >= 14, length <= 32 else { return false }
        let first = type.utf8.first { $0 != UInt8(ascii: "?") }
        guard first == UInt8(ascii: "U") || first == UInt8(ascii: "E") || first == UInt8(ascii: "S") else { return false }
        let bare = type.removingBytes { $0 == UInt8(ascii: "?") }
        return types.contains(bare) || receiverSpellings.contains(bare)
    }
}
