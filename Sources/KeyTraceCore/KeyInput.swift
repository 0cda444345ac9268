/// What a key command listens for: a character string or a special key (R2).
public enum KeyInput: Hashable, Sendable {
    /// A character input such as `"a"`, `"["`, `"+"`, `" "`, `"\t"`, `"\r"`.
    /// Comparison for identity (R3) is case-sensitive; matching (R6) is not.
    case character(String)
    /// A key named by a UIKit constant: arrows, Escape, Page Up/Down, Home, End, F1–F12, Delete.
    case special(SpecialInput)

    /// The string a `UIKeyCommand.input` would hold: the characters, or the UIKit constant name.
    public var uiKitValue: String {
        switch self {
        case .character(let string): return string
        case .special(let special): return special.uiKitName
        }
    }

    /// Reads a `UIKeyCommand.input` value: a UIKit constant name or characters.
    public init(uiKitValue: String) {
        if let special = SpecialInput(uiKitName: uiKitValue) {
            self = .special(special)
        } else {
            self = .character(uiKitValue)
        }
    }

    /// The input with `[ ] { } ( ) < >` and ←/→ swapped, for right-to-left scenes (R4).
    public var mirrored: KeyInput {
        switch self {
        case .special(let special): return .special(special.mirrored)
        case .character(let string):
            let pairs: [Character: Character] = ["[": "]", "]": "[", "{": "}", "}": "{",
                                                 "(": ")", ")": "(", "<": ">", ">": "<"]
            return .character(String(string.map { pairs[$0] ?? $0 }))
        }
    }

    /// The first OS version at which an app can name the input (R2): every character input at
    /// every version, a special input from ``SpecialInput/availableSince``.
    public var availableSince: OSVersion {
        switch self {
        case .character: return .oldest
        case .special(let special): return special.availableSince
        }
    }

    /// Whether the input is exactly Escape.
    public var isEscape: Bool { self == .special(.escape) }
}
