import KeyTraceCore
import KeyTraceSupport

/// A key press's shape as the encoder's shape cache keys it: the trivial fields packed into
/// words and the two texts, so a repeated key finds its shape number without hashing its texts.
struct ShapeCacheKey: DirectMappedKey {
    var packed: UInt64
    var device: UInt64
    var uncertainty: UInt64
    var page: UInt16
    var characters: KeyText
    var charactersIgnoringModifiers: KeyText

    @inline(__always) init(_ press: KeyPress, uncertainty: UInt64?) {
        packed = UInt64(press.usage.rawValue) | UInt64(press.phase.rawValue & 3) << 16
            | (press.isRepeat ? 1 << 18 : 0) | (uncertainty != nil ? 1 << 19 : 0)
            | (press.isSynthesizedRepeat ? 1 << 28 : 0)
            | UInt64(press.modifierSides.rawValue) << 20 | UInt64(press.modifierFlags.rawValue) << 32
        device = press.device.rawValue
        self.uncertainty = uncertainty ?? 0
        page = press.usagePage.rawValue
        characters = press.characters
        charactersIgnoringModifiers = press.charactersIgnoringModifiers
    }

    @inline(__always) var cacheHash: UInt64 { Self.combineHash(packed, device) }
}
