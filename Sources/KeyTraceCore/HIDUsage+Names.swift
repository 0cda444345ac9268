extension HIDUsage {
    /// Short names of usages 0x00–0xE7 as the Keyboard/Keypad page lists them,
    /// with Apple's names for the modifier keys. `nil` marks reserved IDs.
    static let names: [String?] = [
        "Reserved", // 0x00
        "ErrorRollOver", // 0x01
        "POSTFail", // 0x02
        "ErrorUndefined", // 0x03
        "A", // 0x04
        "B", // 0x05
        "C", // 0x06
        "D", // 0x07
        "E", // 0x08
        "F", // 0x09
        "G", // 0x0A
        "H", // 0x0B
        "I", // 0x0C
        "J", // 0x0D
        "K", // 0x0E
        "L", // 0x0F
        "M", // 0x10
        "N", // 0x11
        "O", // 0x12
        "P", // 0x13
        "Q", // 0x14
        "R", // 0x15
        "S", // 0x16
        "T", // 0x17
        "U", // 0x18
        "V", // 0x19
        "W", // 0x1A
        "X", // 0x1B
        "Y", // 0x1C
        "Z", // 0x1D
        "1", // 0x1E
        "2", // 0x1F
        "3", // 0x20
        "4", // 0x21
        "5", // 0x22
        "6", // 0x23
        "7", // 0x24
        "8", // 0x25
        "9", // 0x26
        "0", // 0x27
        "Return", // 0x28
        "Escape", // 0x29
        "Delete", // 0x2A
        "Tab", // 0x2B
        "Space", // 0x2C
        "-", // 0x2D
        "=", // 0x2E
        "[", // 0x2F
        "]", // 0x30
        "\\", // 0x31
        "Non-US #", // 0x32
        ";", // 0x33
        "'", // 0x34
        "`", // 0x35
        ",", // 0x36
        ".", // 0x37
        "/", // 0x38
        "Caps Lock", // 0x39
        "F1", // 0x3A
        "F2", // 0x3B
        "F3", // 0x3C
        "F4", // 0x3D
        "F5", // 0x3E
        "F6", // 0x3F
        "F7", // 0x40
        "F8", // 0x41
        "F9", // 0x42
        "F10", // 0x43
        "F11", // 0x44
        "F12", // 0x45
        "Print Screen", // 0x46
        "Scroll Lock", // 0x47
        "Pause", // 0x48
        "Insert", // 0x49
        "Home", // 0x4A
        "Page Up", // 0x4B
        "Forward Delete", // 0x4C
        "End", // 0x4D
        "Page Down", // 0x4E
        "Right Arrow", // 0x4F
        "Left Arrow", // 0x50
        "Down Arrow", // 0x51
        "Up Arrow", // 0x52
        "Num Lock", // 0x53
        "Keypad /", // 0x54
        "Keypad *", // 0x55
        "Keypad -", // 0x56
        "Keypad +", // 0x57
        "Keypad Enter", // 0x58
        "Keypad 1", // 0x59
        "Keypad 2", // 0x5A
        "Keypad 3", // 0x5B
        "Keypad 4", // 0x5C
        "Keypad 5", // 0x5D
        "Keypad 6", // 0x5E
        "Keypad 7", // 0x5F
        "Keypad 8", // 0x60
        "Keypad 9", // 0x61
        "Keypad 0", // 0x62
        "Keypad .", // 0x63
        "Non-US \\", // 0x64
        "Application", // 0x65
        "Power", // 0x66
        "Keypad =", // 0x67
        "F13", // 0x68
        "F14", // 0x69
        "F15", // 0x6A
        "F16", // 0x6B
        "F17", // 0x6C
        "F18", // 0x6D
        "F19", // 0x6E
        "F20", // 0x6F
        "F21", // 0x70
        "F22", // 0x71
        "F23", // 0x72
        "F24", // 0x73
        "Execute", // 0x74
        "Help", // 0x75
        "Menu", // 0x76
        "Select", // 0x77
        "Stop", // 0x78
        "Again", // 0x79
        "Undo", // 0x7A
        "Cut", // 0x7B
        "Copy", // 0x7C
        "Paste", // 0x7D
        "Find", // 0x7E
        "Mute", // 0x7F
        "Volume Up", // 0x80
        "Volume Down", // 0x81
        "Locking Caps Lock", // 0x82
        "Locking Num Lock", // 0x83
        "Locking Scroll Lock", // 0x84
        "Keypad Comma", // 0x85
        "Keypad Equal Sign", // 0x86
        "International1", // 0x87
        "International2", // 0x88
        "International3", // 0x89
        "International4", // 0x8A
        "International5", // 0x8B
        "International6", // 0x8C
        "International7", // 0x8D
        "International8", // 0x8E
        "International9", // 0x8F
        "LANG1", // 0x90
        "LANG2", // 0x91
        "LANG3", // 0x92
        "LANG4", // 0x93
        "LANG5", // 0x94
        "LANG6", // 0x95
        "LANG7", // 0x96
        "LANG8", // 0x97
        "LANG9", // 0x98
        "Alternate Erase", // 0x99
        "SysReq", // 0x9A
        "Cancel", // 0x9B
        "Clear", // 0x9C
        "Prior", // 0x9D
        "Return (alternate)", // 0x9E
        "Separator", // 0x9F
        "Out", // 0xA0
        "Oper", // 0xA1
        "Clear/Again", // 0xA2
        "CrSel/Props", // 0xA3
        "ExSel", // 0xA4
        nil, // 0xA5
        nil, // 0xA6
        nil, // 0xA7
        nil, // 0xA8
        nil, // 0xA9
        nil, // 0xAA
        nil, // 0xAB
        nil, // 0xAC
        nil, // 0xAD
        nil, // 0xAE
        nil, // 0xAF
        "Keypad 00", // 0xB0
        "Keypad 000", // 0xB1
        "Thousands Separator", // 0xB2
        "Decimal Separator", // 0xB3
        "Currency Unit", // 0xB4
        "Currency Sub-unit", // 0xB5
        "Keypad (", // 0xB6
        "Keypad )", // 0xB7
        "Keypad {", // 0xB8
        "Keypad }", // 0xB9
        "Keypad Tab", // 0xBA
        "Keypad Backspace", // 0xBB
        "Keypad A", // 0xBC
        "Keypad B", // 0xBD
        "Keypad C", // 0xBE
        "Keypad D", // 0xBF
        "Keypad E", // 0xC0
        "Keypad F", // 0xC1
        "Keypad XOR", // 0xC2
        "Keypad ^", // 0xC3
        "Keypad %", // 0xC4
        "Keypad <", // 0xC5
        "Keypad >", // 0xC6
        "Keypad &", // 0xC7
        "Keypad &&", // 0xC8
        "Keypad |", // 0xC9
        "Keypad ||", // 0xCA
        "Keypad :", // 0xCB
        "Keypad #", // 0xCC
        "Keypad Space", // 0xCD
        "Keypad @", // 0xCE
        "Keypad !", // 0xCF
        "Keypad Memory Store", // 0xD0
        "Keypad Memory Recall", // 0xD1
        "Keypad Memory Clear", // 0xD2
        "Keypad Memory Add", // 0xD3
        "Keypad Memory Subtract", // 0xD4
        "Keypad Memory Multiply", // 0xD5
        "Keypad Memory Divide", // 0xD6
        "Keypad +/-", // 0xD7
        "Keypad Clear", // 0xD8
        "Keypad Clear Entry", // 0xD9
        "Keypad Binary", // 0xDA
        "Keypad Octal", // 0xDB
        "Keypad Decimal", // 0xDC
        "Keypad Hexadecimal", // 0xDD
        nil, // 0xDE
        nil, // 0xDF
        "Left Control", // 0xE0
        "Left Shift", // 0xE1
        "Left Option", // 0xE2
        "Left Command", // 0xE3
        "Right Control", // 0xE4
        "Right Shift", // 0xE5
        "Right Option", // 0xE6
        "Right Command", // 0xE7
    ]

    /// The usage's short name (`A`, `Return`, `Left Shift`, `F5`), or `0xNN` for
    /// reserved and out-of-page values.
    public var name: String {
        if Int(rawValue) < HIDUsage.names.count, let name = HIDUsage.names[Int(rawValue)] { return name }
        return "0x" + String(rawValue, radix: 16, uppercase: true)
    }
}
