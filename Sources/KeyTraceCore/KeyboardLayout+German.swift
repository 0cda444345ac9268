extension KeyboardLayout {
    /// The macOS "German" layout (QWERTZ, ISO): Y and Z swapped, ß ´ ü + ö ä # on the
    /// punctuation keys, and the ⌥ layer that types brackets (⌥5 [, ⌥6 ], ⌥8 {, ⌥9 }, ⌥7 |) and
    /// ⌥L @. From Apple's published German layout table.
    ///
    /// Keys are named by HID usage as a PC keyboard reports them: the key left of 1 is
    /// usage 0x35 (^ °), the ISO key beside left Shift 0x64 (< >), the key beside Return 0x32
    /// (# '; 0x31 on ANSI boards types the same). Letters other than L carry no ⌥ layer, as on
    /// US ANSI [OURS]. A dead key (´ ^ `) is modelled by the accent it types before a space.
    public static let germanQWERTZ: KeyboardLayout = {
        var keys = KeyboardLayout.letterKeys("abcdefghijklmnopqrstuvwxzy")
        keys[HIDUsage(0x0F)] = KeyCaps("l", shifted: "L", option: "@")
        let digits: [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar?)] = [
            ("1", "!", "\u{00A1}"), ("2", "\"", "\u{201C}"), ("3", "\u{00A7}", "\u{00B6}"), ("4", "$", "\u{00A2}"),
            ("5", "%", "["), ("6", "&", "]"), ("7", "/", "|"), ("8", "(", "{"), ("9", ")", "}"), ("0", "=", "\u{2260}"),
        ]
        for (offset, caps) in digits.enumerated() {
            keys[HIDUsage(0x1E + UInt16(offset))] = KeyCaps(caps.0, shifted: caps.1, option: caps.2)
        }
        keys[.hyphen] = KeyCaps("\u{00DF}", shifted: "?", option: "\u{00BF}")
        keys[.equalSign] = KeyCaps("\u{00B4}", shifted: "`")
        keys[.openBracket] = KeyCaps("\u{00FC}", shifted: "\u{00DC}", option: "\u{2022}")
        keys[.closeBracket] = KeyCaps("+", shifted: "*", option: "\u{00B1}")
        keys[.backslash] = KeyCaps("#", shifted: "'", option: "\u{2018}")
        keys[HIDUsage(0x32)] = KeyCaps("#", shifted: "'", option: "\u{2018}")
        keys[.semicolon] = KeyCaps("\u{00F6}", shifted: "\u{00D6}")
        keys[.quote] = KeyCaps("\u{00E4}", shifted: "\u{00C4}", option: "\u{00E6}", shiftOption: "\u{00C6}")
        keys[.graveAccent] = KeyCaps("^", shifted: "\u{00B0}")
        keys[.comma] = KeyCaps(",", shifted: ";", option: "\u{221E}")
        keys[.period] = KeyCaps(".", shifted: ":", option: "\u{2026}")
        keys[.slash] = KeyCaps("-", shifted: "_", option: "\u{2013}", shiftOption: "\u{2014}")
        keys[HIDUsage(0x64)] = KeyCaps("<", shifted: ">", option: "\u{2264}", shiftOption: "\u{2265}")
        keys.merge(KeyboardLayout.controlAndKeypadKeys(decimal: ",")) { own, _ in own }
        return KeyboardLayout(identifier: "de-qwertz", name: "German (QWERTZ)", keys: keys)
    }()
}
