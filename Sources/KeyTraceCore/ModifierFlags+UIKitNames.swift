extension ModifierFlags {
    /// The members of UIKit's `UIKeyModifierFlags`, by their Swift names, in bit order (the
    /// raw values are UIKit's).
    public static let uiKitMembers: [(name: String, flag: ModifierFlags)] = [
        ("alphaShift", .alphaShift), ("shift", .shift), ("control", .control),
        ("alternate", .alternate), ("command", .command), ("numericPad", .numericPad),
    ]

    /// The flag the `UIKeyModifierFlags` member `name` stands for (`command`, `alternate`,
    /// `numericPad` …); `nil` for any other name.
    public init?(uiKitName name: String) {
        guard let member = Self.uiKitMembers.first(where: { $0.name == name }) else { return nil }
        self = member.flag
    }

    /// The flags a raw `UIKeyModifierFlags` value sets; `nil` when it sets a bit that is no
    /// modifier.
    public init?(exactly raw: Int) {
        guard raw >= 0, raw <= Int(UInt32.max), UInt32(raw) & ~Self.all.rawValue == 0 else { return nil }
        self.init(rawValue: UInt32(raw))
    }

    /// The flags set, by their `UIKeyModifierFlags` names in alphabetical order: how an
    /// import's inventory lists a command's modifiers (`["command", "shift"]`).
    public var uiKitNames: [String] {
        // Alphabetical: alphaShift, alternate, command, control, numericPad, shift.
        let order: [ModifierFlags] = [.alphaShift, .alternate, .command, .control, .numericPad, .shift]
        return order.filter(contains).compactMap { flag in Self.uiKitMembers.first { $0.flag == flag }?.name }
    }
}
