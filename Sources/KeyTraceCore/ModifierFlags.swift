/// The modifier keys held during a key press, with UIKit's raw values.
///
/// The raw values are those of `UIKeyModifierFlags` (responder-semantics R1), so a
/// value stored in a trace means the same thing it would mean to UIKit:
///
/// | flag          | raw value | symbol |
/// |---------------|-----------|--------|
/// | `alphaShift`  | 1 << 16   | ⇪      |
/// | `shift`       | 1 << 17   | ⇧      |
/// | `control`     | 1 << 18   | ⌃      |
/// | `alternate`   | 1 << 19   | ⌥      |
/// | `command`     | 1 << 20   | ⌘      |
/// | `numericPad`  | 1 << 21   | (none) |
///
/// Matching a key command ignores ``alphaShift`` and ``numericPad``; see
/// ``matchingSubset``.
public struct ModifierFlags: OptionSet, Hashable, Sendable, BitwiseCopyable {
    /// The `UIKeyModifierFlags` bit pattern: bits 16–21, one per flag (R1).
    public let rawValue: UInt32

    /// Creates a set from UIKit's raw bit pattern.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Caps Lock is engaged (`UIKeyModifierFlags.alphaShift`).
    public static let alphaShift = ModifierFlags(rawValue: 1 << 16)
    /// A Shift key is held.
    public static let shift = ModifierFlags(rawValue: 1 << 17)
    /// A Control key is held.
    public static let control = ModifierFlags(rawValue: 1 << 18)
    /// An Option (Alt) key is held.
    public static let alternate = ModifierFlags(rawValue: 1 << 19)
    /// A Command (GUI, Windows) key is held.
    public static let command = ModifierFlags(rawValue: 1 << 20)
    /// The key is on the numeric keypad.
    public static let numericPad = ModifierFlags(rawValue: 1 << 21)

    /// The four modifiers that take part in matching, in Apple's display order ⌃⌥⇧⌘.
    public static let displayOrder: [ModifierFlags] = [.control, .alternate, .shift, .command]

    /// Every flag UIKit defines.
    public static let all: ModifierFlags = [.alphaShift, .shift, .control, .alternate, .command, .numericPad]

    /// The flags that take part in key-command matching: these flags without
    /// ``alphaShift`` and ``numericPad``.
    @inlinable
    public var matchingSubset: ModifierFlags {
        ModifierFlags(rawValue: rawValue & (ModifierFlags.shift.rawValue | ModifierFlags.control.rawValue
            | ModifierFlags.alternate.rawValue | ModifierFlags.command.rawValue))
    }

    /// The symbol Apple uses for a single flag (`⌃`, `⌥`, `⇧`, `⌘`, `⇪`), or `nil`.
    public var symbol: String? {
        switch self {
        case .control: return "⌃"
        case .alternate: return "⌥"
        case .shift: return "⇧"
        case .command: return "⌘"
        case .alphaShift: return "⇪"
        default: return nil
        }
    }

    /// The word used for a single flag in the text notation (`ctrl`, `opt`, `shift`, `cmd`).
    public var word: String? {
        switch self {
        case .control: return "ctrl"
        case .alternate: return "opt"
        case .shift: return "shift"
        case .command: return "cmd"
        case .alphaShift: return "capslock"
        default: return nil
        }
    }
}

extension ModifierFlags: CustomStringConvertible {
    /// The held modifiers as symbols in Apple's order, e.g. `⌃⌥⇧⌘`.
    public var description: String {
        ModifierFlags.displayOrder.filter(contains).compactMap(\.symbol).joined()
    }
}
