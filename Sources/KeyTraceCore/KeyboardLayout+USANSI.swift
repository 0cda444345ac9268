extension KeyboardLayout {
    /// The US ANSI layout with the macOS "U.S." ⌥ layer for punctuation keys.
    ///
    /// Letters and digits carry no ⌥ layer here: for key-command matching they keep their
    /// base character with ⌥ held, so ⌥⌘A matches an input of "a" [OURS]. Punctuation keys
    /// do carry one (⌥[ types “), so an input of "[" with ⌥ never matches (R8, [3P]).
    public static let usANSI: KeyboardLayout = {
        var keys = KeyboardLayout.letterKeys("abcdefghijklmnopqrstuvwxyz")
        let digits: [(Unicode.Scalar, Unicode.Scalar)] = [
            ("1", "!"), ("2", "@"), ("3", "#"), ("4", "$"), ("5", "%"),
            ("6", "^"), ("7", "&"), ("8", "*"), ("9", "("), ("0", ")"),
        ]
        for (offset, pair) in digits.enumerated() {
            keys[HIDUsage(0x1E + UInt16(offset))] = KeyCaps(pair.0, shifted: pair.1)
        }
        keys[.hyphen] = KeyCaps("-", shifted: "_", option: "\u{2013}", shiftOption: "\u{2014}")
        keys[.equalSign] = KeyCaps("=", shifted: "+", option: "\u{2260}", shiftOption: "\u{00B1}")
        keys[.openBracket] = KeyCaps("[", shifted: "{", option: "\u{201C}", shiftOption: "\u{201D}")
        keys[.closeBracket] = KeyCaps("]", shifted: "}", option: "\u{2018}", shiftOption: "\u{2019}")
        keys[.backslash] = KeyCaps("\\", shifted: "|", option: "\u{00AB}", shiftOption: "\u{00BB}")
        keys[.semicolon] = KeyCaps(";", shifted: ":", option: "\u{2026}", shiftOption: "\u{00DA}")
        keys[.quote] = KeyCaps("'", shifted: "\"", option: "\u{00E6}", shiftOption: "\u{00C6}")
        keys[.graveAccent] = KeyCaps("`", shifted: "~")
        keys[.comma] = KeyCaps(",", shifted: "<", option: "\u{2264}", shiftOption: "\u{00AF}")
        keys[.period] = KeyCaps(".", shifted: ">", option: "\u{2265}", shiftOption: "\u{02D8}")
        keys[.slash] = KeyCaps("/", shifted: "?", option: "\u{00F7}", shiftOption: "\u{00BF}")
        keys.merge(KeyboardLayout.controlAndKeypadKeys(decimal: ".")) { own, _ in own }
        return KeyboardLayout(identifier: "us-ansi", name: "U.S. (ANSI)", keys: keys)
    }()

    /// Return, Escape, Backspace, Tab, Space, Forward Delete and the keypad, which type the same
    /// on every modelled layout except for the keypad's decimal key.
    static func controlAndKeypadKeys(decimal: Unicode.Scalar) -> [HIDUsage: KeyCaps] {
        var keys: [HIDUsage: KeyCaps] = [:]
        keys[.returnOrEnter] = KeyCaps("\r")
        keys[.escape] = KeyCaps("\u{1B}")
        keys[.deleteOrBackspace] = KeyCaps("\u{08}")
        keys[.tab] = KeyCaps("\t")
        keys[.space] = KeyCaps(" ")
        keys[.deleteForward] = KeyCaps("\u{7F}")
        keys[HIDUsage(0x54)] = KeyCaps("/")
        keys[HIDUsage(0x55)] = KeyCaps("*")
        keys[HIDUsage(0x56)] = KeyCaps("-")
        keys[.keypadPlus] = KeyCaps("+")
        keys[.keypadEnter] = KeyCaps("\r")
        for digit in 1...9 {
            keys[HIDUsage(0x58 + UInt16(digit))] = KeyCaps(Unicode.Scalar(UInt8(0x30 + digit)))
        }
        keys[HIDUsage(0x62)] = KeyCaps("0")
        keys[HIDUsage(0x63)] = KeyCaps(decimal)
        keys[HIDUsage(0x67)] = KeyCaps("=")
        keys[HIDUsage(0x85)] = KeyCaps(",")
        return keys
    }

    /// Letter keys by HID usage from a string of the letters each main-block letter key types,
    /// in usage order (A…Z positions), with their capitals on ⇧.
    static func letterKeys(_ letters: String) -> [HIDUsage: KeyCaps] {
        var keys: [HIDUsage: KeyCaps] = [:]
        for (offset, letter) in letters.unicodeScalars.enumerated() {
            let upper = Character(letter).uppercased().unicodeScalars.first ?? letter
            keys[HIDUsage(0x04 + UInt16(offset))] = KeyCaps(letter, shifted: upper)
        }
        return keys
    }
}
