import KeyTraceCore

/// How a main-menu item's key reads on each platform (R6).
///
/// On Mac Catalyst the menu bar is AppKit's, and AppKit reads an uppercase letter as that letter
/// with Shift: an item with input "N" and ⌘ is ⇧⌘N there, drawn so and fired by ⇧⌘N, not ⌘N. On
/// iPadOS, and for commands outside the main menu, case is ignored as for every command.
public enum MenuKeyEquivalent {
    /// Whether `platform` reads `input`, as a main-menu item's key, as needing Shift: a single
    /// letter whose lowercase differs, on Mac Catalyst.
    public static func impliesShift(_ input: KeyInput, on platform: Platform) -> Bool {
        guard platform == .catalyst, case .character(let string) = input, string.unicodeScalars.count == 1 else { return false }
        return string.lowercased() != string
    }

    /// `command` as `platform` matches and draws it when the main menu holds it.
    public static func menuItem(_ command: KeyCommand, on platform: Platform) -> KeyCommand {
        guard impliesShift(command.input, on: platform) else { return command }
        var shifted = command
        shifted.modifierFlags.insert(.shift)
        return shifted
    }
}
