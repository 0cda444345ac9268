import KeyTraceCore
import KeyTraceSupport

/// Numbers commands by what a resolution takes from them: shortcut, display title, action and
/// up-action. A command built anew with the same fields (a `keyCommands` getter that makes
/// its commands on every call, as UIKit apps do) gets the number the first one got.
///
/// Commands met recently are found in a small cache compared field by field with a cheap hash
/// (no string hashed: equal strings built from the same literal or storage compare in one
/// step), in front of a dictionary of every command numbered. The cache holds its commands,
/// so an identity it compares stays their own.
struct CommandNumbers {
    /// A command, equal to another with the same fields a resolution takes from it.
    private struct Fields: Hashable, DirectMappedKey {
        let command: KeyCommand

        static func == (a: Fields, b: Fields) -> Bool {
            let a = a.command
            let b = b.command
            return a.instanceIdentifier == b.instanceIdentifier
                || (a.actionFingerprint == b.actionFingerprint && a.modifierFlags == b.modifierFlags
                    && a.input == b.input && a.action == b.action && a.upAction == b.upAction
                    && a.displayTitle == b.displayTitle)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(command.shortcut)
            hasher.combine(command.displayTitle)
            hasher.combine(command.action)
            hasher.combine(command.upAction)
        }

        /// The action's fingerprint and the modifiers: commands differ in these far more often
        /// than not.
        var cacheHash: UInt64 { Self.combineHash(command.actionFingerprint, UInt64(command.modifierFlags.rawValue)) }
    }

    private var recent = DirectMappedCache<Fields, UInt64>(capacity: 64)
    private var numbers: [Fields: UInt64] = [:]

    /// How many distinct commands have numbers.
    var count: Int { numbers.count }

    /// The number of `command`'s fields, from 1; 0 for no command.
    @inline(__always)
    mutating func number(of command: KeyCommand?) -> UInt64 {
        guard let command else { return 0 }
        if let known = recent[Fields(command: command)] { return known }
        return number(ofNew: command)
    }

    @inline(never)
    private mutating func number(ofNew command: KeyCommand) -> UInt64 {
        let fields = Fields(command: command)
        let number: UInt64
        if let known = numbers[fields] {
            number = known
        } else {
            number = UInt64(numbers.count) + 1
            numbers[fields] = number
        }
        recent[fields] = number
        return number
    }

    /// Forgets every number (numbers given from now on start at 1 again).
    mutating func removeAll() {
        recent.removeAll()
        numbers.removeAll()
    }
}
