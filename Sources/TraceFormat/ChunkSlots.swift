/// A slot of a ``ChunkSlots`` table: a plain default value, stamped with the chunk generation
/// it was written in.
protocol ChunkSlot {
    init()
    var generation: UInt32 { get set }
}

/// The storage of the encoder's direct-mapped caches: `1 << bits` slots in memory the table
/// owns (a lookup is plain loads, no copy-on-write check), emptied for a new chunk by bumping
/// a generation number instead of clearing them. Noncopyable, so a cache holds it inline and
/// it frees its memory exactly once.
struct ChunkSlots<Slot: ChunkSlot>: ~Copyable {
    private let bits: Int
    private let slots: UnsafeMutablePointer<Slot>
    /// The open chunk's generation: a slot holds a current entry only when stamped with it.
    private(set) var generation: UInt32 = 1

    /// A table of `1 << bits` empty slots.
    init(bits: Int) {
        self.bits = bits
        slots = UnsafeMutablePointer<Slot>.allocate(capacity: 1 << bits)
        slots.initialize(repeating: Slot(), count: 1 << bits)
    }

    deinit {
        slots.deinitialize(count: 1 << bits)
        slots.deallocate()
    }

    /// Forgets every entry (a new chunk numbers its strings and shapes from zero).
    mutating func reset() {
        generation &+= 1
        if generation == 0 {  // wrapped: clear for real so no stale slot matches
            for i in 0..<(1 << bits) { slots[i].generation = 0 }
            generation = 1
        }
    }

    /// The slot a 64-bit hash selects (its top `bits` bits).
    @inline(__always)
    func slot(forHash hash: UInt64) -> UnsafeMutablePointer<Slot> {
        slots + Int(truncatingIfNeeded: hash &>> UInt64(64 - bits))
    }
}
