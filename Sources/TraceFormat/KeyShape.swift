import KeyTraceCore

/// Everything about a key record but its timestamp: interned once per chunk, so a repeated
/// key costs a tag, a timestamp delta and a shape number.
struct KeyShape: Hashable {
    var phase: KeyPhase
    var isRepeat: Bool
    var usage: UInt16
    var modifierFlags: UInt32
    var sides: UInt8
    var device: UInt64
    var characters: String
    var charactersIgnoringModifiers: String
    var uncertainty: UInt64?

    init(_ record: KeyRecord) {
        let p = record.press
        phase = p.phase
        isRepeat = p.isRepeat
        usage = p.usage.rawValue
        modifierFlags = p.modifierFlags.rawValue
        sides = p.modifierSides.rawValue
        device = p.device.rawValue
        characters = p.characters
        charactersIgnoringModifiers = p.charactersIgnoringModifiers
        uncertainty = record.timestampUncertainty
    }

    /// The fields of a shape other than its strings: a trivial value, cheap to compare.
    struct Fixed: Equatable {
        var usage: UInt16
        var phase: UInt8
        var isRepeat: Bool
        var sides: UInt8
        var modifierFlags: UInt32
        var device: UInt64
        var uncertainty: UInt64?

        @inline(__always) init(_ press: KeyPress, uncertainty: UInt64?) {
            usage = press.usage.rawValue
            phase = press.phase.rawValue
            isRepeat = press.isRepeat
            sides = press.modifierSides.rawValue
            modifierFlags = press.modifierFlags.rawValue
            device = press.device.rawValue
            self.uncertainty = uncertainty
        }

        @inline(__always) init(_ record: KeyRecord) {
            self.init(record.press, uncertainty: record.timestampUncertainty)
        }
    }
}
