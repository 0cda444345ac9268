extension KeyboardLayout {
    /// The macOS "French" layout (AZERTY, ISO): A↔Q and Z↔W swapped, M beside L, the digits
    /// on ⇧ of the top row (& é " ' ( § è ! ç à), , ; : = on the bottom row, and the ⌥ layer's
    /// braces and brackets (⌥( { and ⌥) }, ⇧⌥( [ and ⇧⌥) ], ⇧⌥L |, ⇧⌥: \). From Apple's
    /// published French layout table.
    ///
    /// Keys are named by HID usage as a PC keyboard reports them: the key left of 1 is
    /// usage 0x35 (@ #), the ISO key beside left Shift 0x64 (< >), the key beside Return 0x32
    /// (` £; 0x31 on ANSI boards types the same). Letters other than L carry no ⌥ layer, as on
    /// US ANSI [OURS]. A dead key (^ ¨ `) is modelled by the accent it types before a space.
    public static let frenchAZERTY: KeyboardLayout = {
        // A…Z positions type q b c d e f g h i j k l , n o p a r s t u v z x y w; M is at 0x33.
        var keys = KeyboardLayout.letterKeys("qbcdefghijklmnoparstuvzxyw")
        keys[HIDUsage(0x0F)] = KeyCaps("l", shifted: "L", shiftOption: "|")
        keys[HIDUsage(0x10)] = KeyCaps(",", shifted: "?", option: "\u{221E}", shiftOption: "\u{00BF}")
        let digits: [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar?, Unicode.Scalar?)] = [
            ("&", "1", nil, "\u{00B4}"), ("\u{00E9}", "2", "\u{00EB}", "\u{201E}"), ("\"", "3", "\u{201C}", "\u{201D}"),
            ("'", "4", "\u{2018}", "\u{2019}"), ("(", "5", "{", "["), ("\u{00A7}", "6", "\u{00B6}", "\u{00E5}"),
            ("\u{00E8}", "7", "\u{00AB}", "\u{00BB}"), ("!", "8", "\u{00A1}", "\u{00DB}"), ("\u{00E7}", "9", "\u{00C7}", "\u{00C1}"),
            ("\u{00E0}", "0", "\u{00F8}", "\u{00D8}"),
        ]
        for (offset, caps) in digits.enumerated() {
            keys[HIDUsage(0x1E + UInt16(offset))] = KeyCaps(caps.0, shifted: caps.1, option: caps.2, shiftOption: caps.3)
        }
        keys[.hyphen] = KeyCaps(")", shifted: "\u{00B0}", option: "}", shiftOption: "]")
        keys[.equalSign] = KeyCaps("-", shifted: "_", option: "\u{2014}", shiftOption: "\u{2013}")
        keys[.openBracket] = KeyCaps("^", shifted: "\u{00A8}", option: "\u{00F4}", shiftOption: "\u{00D4}")
        keys[.closeBracket] = KeyCaps("$", shifted: "*", option: "\u{20AC}", shiftOption: "\u{00A5}")
        keys[.backslash] = KeyCaps("`", shifted: "\u{00A3}", option: "@", shiftOption: "#")
        keys[HIDUsage(0x32)] = KeyCaps("`", shifted: "\u{00A3}", option: "@", shiftOption: "#")
        keys[.semicolon] = KeyCaps("m", shifted: "M", option: "\u{00B5}", shiftOption: "\u{00D3}")
        keys[.quote] = KeyCaps("\u{00F9}", shifted: "%", option: "\u{00D9}", shiftOption: "\u{2030}")
        keys[.graveAccent] = KeyCaps("@", shifted: "#", option: "\u{2022}", shiftOption: "\u{0178}")
        keys[.comma] = KeyCaps(";", shifted: ".", option: "\u{2026}", shiftOption: "\u{2219}")
        keys[.period] = KeyCaps(":", shifted: "/", option: "\u{00F7}", shiftOption: "\\")
        keys[.slash] = KeyCaps("=", shifted: "+", option: "\u{2260}", shiftOption: "\u{00B1}")
        keys[HIDUsage(0x64)] = KeyCaps("<", shifted: ">", option: "\u{2264}", shiftOption: "\u{2265}")
        keys.merge(KeyboardLayout.controlAndKeypadKeys(decimal: ".")) { own, _ in own }
        return KeyboardLayout(identifier: "fr-azerty", name: "French (AZERTY)", keys: keys)
    }()
}
