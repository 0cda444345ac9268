/// The encoder's direct-mapped cache from a string's identity to its reference in the open
/// chunk, so a string the writer meets again (a responder path, an action name, handed over
/// from the same table every time) is referenced without hashing its bytes.
///
/// A slot is keyed by the two words of the `String` value itself. Equal words mean the same
/// storage object and length (or the same inline bytes for a small string), hence the same
/// bytes; the slot keeps its string alive, so that storage is neither freed and reused nor
/// changed in place while the slot names it. A miss falls back to the chunk's table, keyed by
/// bytes (``ExactString``).
final class StringReferenceCache {
    struct Slot: ChunkSlot {
        var generation: UInt32 = 0
        var low: UInt64 = 0
        var high: UInt64 = 0
        var reference: UInt64 = 0
        var string = ""
    }

    private var slots = ChunkSlots<Slot>(bits: 6)

    /// Forgets every reference (a new chunk numbers its strings from zero).
    func reset() { slots.reset() }

    @inline(__always)
    private static func words(of string: String) -> (UInt64, UInt64) {
        unsafeBitCast(string, to: (UInt64, UInt64).self)
    }

    @inline(__always)
    private func slot(_ words: (UInt64, UInt64)) -> UnsafeMutablePointer<Slot> {
        slots.slot(forHash: (words.0 ^ words.1 &* 0x9E37_79B9_7F4A_7C15) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The reference cached for this very string value, or `nil`.
    @inline(__always)
    func reference(of string: String) -> UInt64? {
        let words = Self.words(of: string)
        let slot = slot(words)
        guard slot.pointee.generation == slots.generation, slot.pointee.low == words.0, slot.pointee.high == words.1 else {
            return nil
        }
        return slot.pointee.reference
    }

    /// Caches `reference` for `string`.
    func remember(_ reference: UInt64, for string: String) {
        let words = Self.words(of: string)
        let slot = slot(words)
        slot.pointee.generation = slots.generation
        slot.pointee.low = words.0
        slot.pointee.high = words.1
        slot.pointee.reference = reference
        slot.pointee.string = string
    }
}
