import KeyTraceCore

/// Everything about a key record but its timestamp: interned once per chunk, so a repeated
/// key costs a tag, a timestamp delta and a shape number.
struct KeyShape: Hashable {
    var phase: KeyPhase
    var isRepeat: Bool
    /// Whether the repeat was made at record time (compact shape flags bit 6, §5.3).
    var isSynthesizedRepeat: Bool
    var usage: UInt16
    var modifierFlags: UInt32
    var sides: UInt8
    var device: UInt64
    var characters: KeyText
    var charactersIgnoringModifiers: KeyText
    var uncertainty: UInt64?
    var usagePage: UInt16

    init(_ record: KeyRecord) {
        let p = record.press
        phase = p.phase
        isRepeat = p.isRepeat
        isSynthesizedRepeat = p.isSynthesizedRepeat
        usage = p.usage.rawValue
        modifierFlags = p.modifierFlags.rawValue
        sides = p.modifierSides.rawValue
        device = p.device.rawValue
        characters = p.characters
        charactersIgnoringModifiers = p.charactersIgnoringModifiers
        uncertainty = record.timestampUncertainty
        usagePage = p.usagePage.rawValue
    }
}

extension KeyShape {
    /// A key shape definition's fields as read (definitions 0x02 and 0x03), before the decoder
    /// checks them and looks up its strings.
    struct Fields {
        var phase: UInt8
        var isRepeat: Bool
        var isSynthesizedRepeat = false
        var usage: UInt64
        var modifierFlags: UInt64
        var sides: UInt8
        var device: UInt64
        var characters: UInt64
        var charactersIgnoringModifiers: UInt64
        var uncertainty: UInt64?
        var usagePage: UInt64
    }
}
