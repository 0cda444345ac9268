/// The odd 64-bit constant nearest 2⁶⁴/φ: multiplying by it spreads a word's low bits over its
/// high bits (Fibonacci hashing).
@usableFromInline let directMappedMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

/// A small fixed-size cache in which every key has exactly one slot: a lookup is a multiply, a
/// load and a compare, and storing a key replaces whatever its slot held.
///
/// ```
///  key.cacheHash × 0x9E3779B97F4A7C15 ──(bits 32…, masked)──▶ slot index
///
///  slots  ┌────────────┬────────────┬─────┬────────────┐   capacity: a power of two
///         │ gen key val│ gen key val│  …  │ gen key val│   gen: the generation the slot
///         └────────────┴────────────┴─────┴────────────┘        was written in
/// ```
///
/// A hit returns exactly the value stored under an equal key: keys are compared in full, so
/// two keys sharing a slot never answer for each other. ``removeAll()`` bumps the generation
/// instead of clearing the slots, so starting over costs nothing. The slots are allocated on
/// the first store: a cache that is never written costs no memory.
///
/// A value type: copies share their slots until one of them stores (copy on write).
///
/// ```swift
/// var cache = DirectMappedCache<ObjectIdentifier, Int32>(capacity: 16)
/// cache[ObjectIdentifier(responder)] = 7
/// cache[ObjectIdentifier(responder)]   // 7, until another key takes the slot
/// ```
public struct DirectMappedCache<Key: DirectMappedKey, Value> {
    @usableFromInline
    struct Slot {
        /// The generation the slot was written in; 0 for never.
        @usableFromInline var generation: UInt32
        @usableFromInline var key: Key?
        @usableFromInline var value: Value?

        @inlinable
        init(generation: UInt32, key: Key?, value: Value?) {
            self.generation = generation
            self.key = key
            self.value = value
        }
    }

    /// The slots, in memory the storage owns: a lookup reads the slot in place (no copy of it,
    /// no uniqueness check); a store copies the storage first when another cache shares it.
    @usableFromInline
    final class Storage {
        @usableFromInline let slots: UnsafeMutablePointer<Slot>
        @usableFromInline let count: Int

        @inlinable
        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
            slots.initialize(repeating: Slot(generation: 0, key: nil, value: nil), count: count)
        }

        @inlinable
        init(copying other: Storage) {
            count = other.count
            slots = .allocate(capacity: count)
            slots.initialize(from: other.slots, count: count)
        }

        @inlinable
        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }
    }

    /// `nil` until the first store.
    @usableFromInline var storage: Storage?
    /// `capacity - 1`.
    @usableFromInline let mask: Int
    /// The current generation: a slot holds an entry only when stamped with it.
    @usableFromInline var generation: UInt32 = 1

    /// A cache of `capacity` slots, rounded up to a power of two (at least 1).
    @inlinable
    public init(capacity: Int) {
        let wanted = Swift.max(1, Swift.min(capacity, 1 << 30))
        mask = (1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)) - 1
    }

    /// The number of slots: a power of two.
    @inlinable
    public var capacity: Int { mask &+ 1 }

    /// The slot `key` lives in.
    @inlinable @inline(__always)
    public func slotIndex(of key: Key) -> Int {
        Int(truncatingIfNeeded: (key.cacheHash &* directMappedMultiplier) &>> 32) & mask
    }

    /// The slot holding `key` in the current generation, or `nil`.
    @inlinable @inline(__always)
    func slot(of key: Key) -> UnsafeMutablePointer<Slot>? {
        guard let storage else { return nil }
        let slot = storage.slots + slotIndex(of: key)
        guard slot.pointee.generation == generation, slot.pointee.key == key else { return nil }
        return slot
    }

    /// The value stored under `key`, `nil` when its slot is empty or holds another key.
    /// Storing a value replaces the slot's entry; storing `nil` empties the slot if it holds `key`.
    @inlinable
    public subscript(key: Key) -> Value? {
        @inline(__always) get { slot(of: key)?.pointee.value }
        set {
            if storage == nil {
                guard newValue != nil else { return }
                storage = Storage(count: capacity)
            } else if !isKnownUniquelyReferenced(&storage), let shared = storage {
                storage = Storage(copying: shared)
            }
            guard let storage else { return }
            let slot = storage.slots + slotIndex(of: key)
            if newValue == nil {
                if slot.pointee.generation == generation && slot.pointee.key == key {
                    slot.pointee = Slot(generation: 0, key: nil, value: nil)
                }
            } else {
                slot.pointee = Slot(generation: generation, key: key, value: newValue)
            }
        }
    }

    /// Whether a value is stored under `key` (a lookup that does not copy the value).
    @inlinable @inline(__always)
    public func contains(_ key: Key) -> Bool { slot(of: key) != nil }

    /// Forgets every entry. The slots keep their old values, unreachable, until overwritten.
    @inlinable
    public mutating func removeAll() {
        generation &+= 1
        guard generation == 0 else { return }
        // Wrapped: clear for real, so that no slot of an old generation matches again.
        generation = 1
        if isKnownUniquelyReferenced(&storage), let storage {
            for i in 0..<storage.count { storage.slots[i] = Slot(generation: 0, key: nil, value: nil) }
        } else {
            storage = nil  // shared with a copy: leave the copy its slots, start empty
        }
    }
}

extension DirectMappedCache: @unchecked Sendable where Key: Sendable, Value: Sendable {}
