/// A key-command input that names a key rather than a character (R2).
///
/// Special inputs match by HID usage, never by character. Their ``uiKitName`` is the name of
/// the UIKit constant whose string value a `UIKeyCommand` would carry.
public enum SpecialInput: Hashable, Sendable, CaseIterable {
    /// The arrow keys (`UIKeyInputUpArrow`…`UIKeyInputRightArrow`; HID 0x52, 0x51, 0x50, 0x4F).
    case upArrow, downArrow, leftArrow, rightArrow
    /// Escape (`UIKeyInputEscape`; HID 0x29).
    case escape
    /// Page Up, Page Down, Home and End (`UIKeyInputPageUp`…; HID 0x4B, 0x4E, 0x4A, 0x4D).
    case pageUp, pageDown, home, end
    /// Backspace, labelled Delete on Apple keyboards (`UIKeyInputDelete`; the usage is [OURS]).
    case delete
    /// F1…F12; the associated value is 1…12.
    case function(Int)

    /// Every special input: the arrows, Escape, Page Up/Down, Home, End, Delete, then F1…F12.
    /// F13 and above have no UIKit constant and are not listed.
    public static let allCases: [SpecialInput] =
        [.upArrow, .downArrow, .leftArrow, .rightArrow, .escape, .pageUp, .pageDown, .home, .end, .delete]
        + (1...12).map { .function($0) }

    /// The HID usage this input matches.
    public var usage: HIDUsage {
        switch self {
        case .upArrow: return .upArrow
        case .downArrow: return .downArrow
        case .leftArrow: return .leftArrow
        case .rightArrow: return .rightArrow
        case .escape: return .escape
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .home
        case .end: return .end
        case .delete: return .deleteOrBackspace
        case .function(let n): return HIDUsage.function(n) ?? .reserved
        }
    }

    /// The special input a usage stands for, or `nil` for character keys.
    ///
    /// Forward Delete (0x4C) has no UIKit constant; it is a character key typing U+007F.
    public init?(usage: HIDUsage) {
        switch usage {
        case .upArrow: self = .upArrow
        case .downArrow: self = .downArrow
        case .leftArrow: self = .leftArrow
        case .rightArrow: self = .rightArrow
        case .escape: self = .escape
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .home: self = .home
        case .end: self = .end
        case .deleteOrBackspace: self = .delete
        default:
            if usage.rawValue >= 0x3A && usage.rawValue <= 0x45 {
                self = .function(Int(usage.rawValue) - 0x3A + 1)
            } else {
                return nil
            }
        }
    }

    /// The UIKit constant's name, e.g. `UIKeyInputUpArrow`, `UIKeyInputF5`.
    public var uiKitName: String {
        switch self {
        case .upArrow: return "UIKeyInputUpArrow"
        case .downArrow: return "UIKeyInputDownArrow"
        case .leftArrow: return "UIKeyInputLeftArrow"
        case .rightArrow: return "UIKeyInputRightArrow"
        case .escape: return "UIKeyInputEscape"
        case .pageUp: return "UIKeyInputPageUp"
        case .pageDown: return "UIKeyInputPageDown"
        case .home: return "UIKeyInputHome"
        case .end: return "UIKeyInputEnd"
        case .delete: return "UIKeyInputDelete"
        case .function(let n): return "UIKeyInputF\(n)"
        }
    }

    /// The special input with UIKit constant name `name`, or `nil`.
    ///
    /// Every key-command input read back from a trace goes through here, so a name that
    /// cannot be a constant (a typed character) is rejected by its length alone.
    public init?(uiKitName name: String) {
        guard name.utf8.count >= Self.shortestUIKitName, let match = Self.byUIKitName[name] else { return nil }
        self = match
    }

    // Decoding a trace looks a name up per resolution record: a table, not a scan building names.
    private static let byUIKitName: [String: SpecialInput] =
        Dictionary(allCases.map { ($0.uiKitName, $0) }, uniquingKeysWith: { first, _ in first })
    private static let shortestUIKitName = byUIKitName.keys.map(\.utf8.count).min() ?? 0

    /// The word used in the text notation: `up`, `esc`, `pageup`, `f5`, `delete`, …
    public var word: String {
        switch self {
        case .upArrow: return "up"
        case .downArrow: return "down"
        case .leftArrow: return "left"
        case .rightArrow: return "right"
        case .escape: return "esc"
        case .pageUp: return "pageup"
        case .pageDown: return "pagedown"
        case .home: return "home"
        case .end: return "end"
        case .delete: return "delete"
        case .function(let n): return "f\(n)"
        }
    }

    /// The glyph used in the symbol notation: `↑`, `⎋`, `⇞`, `F5`, `⌫`, …
    public var symbol: String {
        switch self {
        case .upArrow: return "↑"
        case .downArrow: return "↓"
        case .leftArrow: return "←"
        case .rightArrow: return "→"
        case .escape: return "⎋"
        case .pageUp: return "⇞"
        case .pageDown: return "⇟"
        case .home: return "↖"
        case .end: return "↘"
        case .delete: return "⌫"
        case .function(let n): return "F\(n)"
        }
    }

    /// The first iOS and Mac Catalyst version with this input's UIKit constant (R2): the arrows
    /// and Escape 7.0, Page Up and Page Down 8.0, Home, End and F1–F12 13.4, Delete 15.0. An app
    /// running on an earlier version cannot name the input.
    public var availableSince: OSVersion {
        switch self {
        case .upArrow, .downArrow, .leftArrow, .rightArrow, .escape: return OSVersion(7)
        case .pageUp, .pageDown: return OSVersion(8)
        case .home, .end, .function: return OSVersion(13, 4)
        case .delete: return OSVersion(15)
        }
    }

    /// The mirrored input for right-to-left layouts: ← and → swap (R4).
    public var mirrored: SpecialInput {
        switch self {
        case .leftArrow: return .rightArrow
        case .rightArrow: return .leftArrow
        default: return self
        }
    }
}
