import KeyTraceCore

/// The encoder's direct-mapped cache from a key press's shape to its shape number in the open
/// chunk, so a repeated key is encoded without hashing its texts.
///
/// Each slot holds the shape's trivial fields packed into three words, its two texts and
/// the chunk generation it belongs to (``ChunkSlots``): starting a chunk only bumps the
/// generation, and a lookup is plain loads and compares.
final class ShapeCache {
    struct Slot: ChunkSlot {
        var generation: UInt32 = 0
        var packed: UInt64 = 0
        var device: UInt64 = 0
        var uncertainty: UInt64 = 0
        var page: UInt16 = 7
        var id: UInt64 = 0
        var characters = KeyText()
        var charactersIgnoringModifiers = KeyText()
    }

    /// The trivial fields of a press, packed for comparison and slot choice.
    struct Key {
        var packed: UInt64
        var device: UInt64
        var uncertainty: UInt64
        var page: UInt16

        @inline(__always) init(_ press: KeyPress, uncertainty: UInt64?) {
            packed = UInt64(press.usage.rawValue) | UInt64(press.phase.rawValue & 3) << 16
                | (press.isRepeat ? 1 << 18 : 0) | (uncertainty != nil ? 1 << 19 : 0)
                | UInt64(press.modifierSides.rawValue) << 20 | UInt64(press.modifierFlags.rawValue) << 32
            device = press.device.rawValue
            self.uncertainty = uncertainty ?? 0
            page = press.usagePage.rawValue
        }

        /// A multiplicative hash of the packed fields.
        @inline(__always) var hash: UInt64 {
            (packed ^ device &* 0x9E37_79B9) &* 0x9E37_79B9_7F4A_7C15
        }
    }

    private var slots = ChunkSlots<Slot>(bits: 11)

    /// Forgets every shape (a new chunk numbers its shapes from zero).
    func reset() { slots.reset() }

    /// The shape number cached for `press`, or `nil`.
    @inline(__always) func id(of press: KeyPress, key: Key) -> UInt64? {
        let slot = slots.slot(forHash: key.hash)
        guard slot.pointee.generation == slots.generation, slot.pointee.packed == key.packed,
              slot.pointee.device == key.device, slot.pointee.uncertainty == key.uncertainty, slot.pointee.page == key.page,
              slot.pointee.characters == press.characters,
              slot.pointee.charactersIgnoringModifiers == press.charactersIgnoringModifiers else { return nil }
        return slot.pointee.id
    }

    /// Caches `id` as the shape number of `press`.
    func remember(_ id: UInt64, for press: KeyPress, key: Key) {
        let slot = slots.slot(forHash: key.hash)
        slot.pointee.generation = slots.generation
        slot.pointee.packed = key.packed
        slot.pointee.device = key.device
        slot.pointee.uncertainty = key.uncertainty
        slot.pointee.page = key.page
        slot.pointee.id = id
        slot.pointee.characters = press.characters
        slot.pointee.charactersIgnoringModifiers = press.charactersIgnoringModifiers
    }
}
