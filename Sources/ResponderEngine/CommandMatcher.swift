import KeyTraceCore

/// Matching one event against one command (responder-semantics §B), in two equivalent forms:
///
/// - ``fidelity(of:modifiers:usage:eventModifiers:layout:)`` answers for one event directly
///   (the `uikit` policy scans every candidate with it);
/// - ``triggers(of:modifiers:layout:)`` lists every (key, modifiers) that matches, so the
///   `cached` policy can index candidates by key. Tests check that both agree on every key.
///
/// Fidelity 3 is exact (R5, R6, R7); 2 a pair (R8: ⌘+ on ⌘=, ⌘. as Escape); 0 no match.
/// A character input declared with Shift also matches, exactly, the key that types it without
/// Shift (R6): UIKit compares a command's input with the key's characters ignoring modifiers.
/// Only ⌃⌥⇧⌘ of the event take part; Caps Lock and the keypad flag are ignored (R1).
public enum CommandMatcher {
    /// One way of triggering a command.
    public struct Trigger: Hashable, Sendable {
        /// The key (HID usage) that triggers the command.
        public var usage: HIDUsage
        /// The event modifiers required, ⌃⌥⇧⌘ only: Caps Lock and the keypad flag never take part (R1).
        public var modifiers: ModifierFlags
        /// How well the trigger matches: 3 exact (R5–R7), 2 a pair (R8).
        public var fidelity: UInt8
    }

    private static let extraModifierSets: [ModifierFlags] = [.shift, .alternate, [.shift, .alternate]]
    static let plus = UInt32(("+" as Unicode.Scalar).value)
    static let equals = UInt32(("=" as Unicode.Scalar).value)

    /// The folded scalar of a single-scalar character input, or `nil` (such inputs never match, R9).
    @inline(__always)
    static func foldedScalar(of string: String) -> UInt32? {
        var iterator = string.unicodeScalars.makeIterator()
        guard let scalar = iterator.next(), iterator.next() == nil else { return nil }
        return KeyboardLayout.fold(scalar.value)
    }

    /// The smallest extra modifier set that makes `target` typeable on top of `modifiers`
    /// when it is not typeable with `modifiers` alone (R7); `[]` when it is; `nil` when no set works.
    static func impliedModifiers(for target: UInt32, with modifiers: ModifierFlags,
                                 layout: KeyboardLayout) -> ModifierFlags? {
        if layout.typesDirectly(target, with: modifiers) { return [] }
        for extra in extraModifierSets where modifiers.intersection(extra).isEmpty {
            if layout.typesDirectly(target, with: modifiers.union(extra)) { return extra }
        }
        return nil
    }

    /// How well an event (key `usage`, modifiers `eventModifiers`) matches a command with
    /// `input` and `modifiers`.
    public static func fidelity(of input: KeyInput, modifiers: ModifierFlags, usage: HIDUsage,
                                eventModifiers: ModifierFlags, layout: KeyboardLayout) -> UInt8 {
        let e = eventModifiers.matchingSubset
        let c = modifiers.matchingSubset
        switch input {
        case .special(let special):
            if usage == special.usage && c == e { return 3 }
            if special == .escape && c.isEmpty && usage == .period && e == .command { return 2 }
            return 0
        case .character(let string):
            guard let target = foldedScalar(of: string) else { return 0 }
            let typed = layout.foldedScalarValue(for: usage, modifiers: e)
            if typed == target && c == e { return 3 }
            if c == e && c.contains(.shift)
                && layout.foldedScalarValue(for: usage, modifiers: e.subtracting(.shift)) == target {
                return 3
            }
            if let extra = impliedModifiers(for: target, with: c, layout: layout), !extra.isEmpty,
               e == c.union(extra), typed == target {
                return 3
            }
            if target == plus && c.contains(.command) && e == c && !usage.isKeypad && typed == equals {
                return 2
            }
            return 0
        }
    }

    /// Every (key, modifiers) that matches a command with `input` and `modifiers`, with fidelity.
    public static func triggers(of input: KeyInput, modifiers: ModifierFlags,
                                layout: KeyboardLayout) -> [Trigger] {
        var result: [Trigger] = []
        appendTriggers(of: input, modifiers: modifiers, layout: layout, to: &result)
        return result
    }

    /// ``triggers(of:modifiers:layout:)`` appended to a reusable buffer.
    static func appendTriggers(of input: KeyInput, modifiers: ModifierFlags, layout: KeyboardLayout,
                               to result: inout [Trigger]) {
        let c = modifiers.matchingSubset
        switch input {
        case .special(let special):
            result.append(Trigger(usage: special.usage, modifiers: c, fidelity: 3))
            if special == .escape && c.isEmpty {
                result.append(Trigger(usage: .period, modifiers: .command, fidelity: 2))
            }
        case .character(let string):
            guard let target = foldedScalar(of: string) else { return }
            let direct = layout.usages(typingFolded: target, with: c)
            for usage in direct {
                result.append(Trigger(usage: usage, modifiers: c, fidelity: 3))
            }
            if c.contains(.shift) {
                for usage in layout.usages(typingFolded: target, with: c.subtracting(.shift))
                where !direct.contains(usage) {
                    result.append(Trigger(usage: usage, modifiers: c, fidelity: 3))
                }
            }
            if let extra = impliedModifiers(for: target, with: c, layout: layout), !extra.isEmpty {
                let e = c.union(extra)
                for usage in layout.usages(typingFolded: target, with: e) {
                    result.append(Trigger(usage: usage, modifiers: e, fidelity: 3))
                }
            }
            if target == plus && c.contains(.command) {
                for usage in layout.usages(typingFolded: equals, with: c) where !usage.isKeypad {
                    result.append(Trigger(usage: usage, modifiers: c, fidelity: 2))
                }
            }
        }
    }
}
