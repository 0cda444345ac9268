import Testing
import KeyTraceSupport

@Suite struct DirectMappedCacheTests {
    /// A key whose slot the test chooses: `slot` is its hash, the rest tells keys apart.
    struct Probe: DirectMappedKey {
        var slot: UInt64
        var id: Int
        var cacheHash: UInt64 { slot }
    }

    @Test(arguments: [0, 1, 2, 3, 5, 16, 17, 100, 256, 1000, 2048])
    func capacityIsAPowerOfTwoAtLeastTheOneAskedFor(asked: Int) {
        let cache = DirectMappedCache<UInt64, Int>(capacity: asked)
        #expect(cache.capacity >= max(1, asked))
        #expect(cache.capacity & (cache.capacity - 1) == 0)
        #expect(cache.capacity < max(2, asked * 2))
    }

    /// Against a model (a dictionary of the last value stored per slot): every lookup answers
    /// exactly what was last stored for that key, or nothing; never another key's value.
    @Test(arguments: [1, 4, 64])
    func aHitReturnsExactlyWhatWasStoredAndNothingElse(capacity: Int) {
        var rng = SeededGenerator(seed: UInt64(capacity))
        var cache = DirectMappedCache<UInt64, UInt64>(capacity: capacity)
        var model: [Int: (key: UInt64, value: UInt64)] = [:]
        for _ in 0..<20_000 {
            let key = UInt64.random(in: 0..<UInt64(capacity * 3), using: &rng) &* 0x1_0000_0001
            if Bool.random(using: &rng) {
                let value = UInt64.random(in: 0...UInt64.max, using: &rng)
                cache[key] = value
                model[cache.slotIndex(of: key)] = (key, value)
            }
            let expected = model[cache.slotIndex(of: key)].flatMap { $0.key == key ? $0.value : nil }
            #expect(cache[key] == expected)
            #expect(cache.contains(key) == (expected != nil))
        }
    }

    @Test func aCollisionEvictsOnlyThatSlot() {
        var cache = DirectMappedCache<Probe, String>(capacity: 8)
        let neighbours = (0..<50).map { Probe(slot: UInt64($0) &* 0x1234_5678_9ABC, id: $0) }
        for key in neighbours { cache[key] = "n\(key.id)" }
        let survivors = neighbours.filter { cache[$0] != nil }
        let first = Probe(slot: 42, id: 1000)
        let rival = Probe(slot: 42, id: 1001)
        cache[first] = "first"
        cache[rival] = "rival"
        #expect(cache[first] == nil, "same slot, different key: no false hit")
        #expect(cache[rival] == "rival")
        for key in survivors where cache.slotIndex(of: key) != cache.slotIndex(of: first) {
            #expect(cache[key] == "n\(key.id)", "a key in another slot keeps its value")
        }
        cache[first] = nil
        #expect(cache[rival] == "rival", "removing a key that is not in its slot leaves the slot alone")
        cache[rival] = nil
        #expect(cache[rival] == nil && !cache.contains(rival))
    }

    @Test func removeAllForgetsEveryEntryAndTheCacheStaysUsable() {
        var cache = DirectMappedCache<ObjectIdentifier, Int>(capacity: 16)
        let objects = (0..<40).map { _ in Box() }
        for round in 0..<3 {
            for (i, object) in objects.enumerated() { cache[ObjectIdentifier(object)] = i + round }
            #expect(objects.indices.contains { cache[ObjectIdentifier(objects[$0])] == $0 + round })
            cache.removeAll()
            for object in objects { #expect(cache[ObjectIdentifier(object)] == nil) }
        }
    }

    @Test func copiesDoNotShareWrites() {
        var a = DirectMappedCache<UInt64, Int>(capacity: 4)
        a[1] = 1
        var b = a
        b[1] = 2
        b[2] = 3
        #expect(a[1] == 1 && a[2] == nil)
        #expect(b[1] == 2 && b[2] == 3)
    }

    @Test func laneKeysDifferingInAnyLaneAreDifferentKeys() {
        var cache = DirectMappedCache<CacheLanes, Int>(capacity: 256)
        let base = CacheLanes(SIMD8(1, 2, 3, 4, 5, 6, 7, 8))
        cache[base] = 0
        for lane in 0..<8 {
            var other = base
            other.lanes[lane] &+= 1
            #expect(other != base)
            #expect(cache[other] == nil)
        }
        #expect(cache[CacheLanes(SIMD8(1, 2, 3, 4, 5, 6, 7, 8))] == 0)
    }

    @Test func wordKeysDifferingOnlyInHighBitsSpreadOverTheSlots() {
        let cache = DirectMappedCache<CacheWords, Int>(capacity: 1024)
        for shift in [24, 32, 48, 56] {
            let slots = Set((0..<64).map { cache.slotIndex(of: CacheWords(7, UInt64($0) &<< UInt64(shift))) })
            #expect(slots.count >= 48, "keys differing at bit \(shift) share \(64 - slots.count) slots")
            let firstSlots = Set((0..<64).map { cache.slotIndex(of: CacheWords(UInt64($0) &<< UInt64(shift), 7)) })
            #expect(firstSlots.count >= 48, "keys differing at bit \(shift) of the first word")
        }
        var stored = cache
        stored[CacheWords(1, 2)] = 1
        #expect(stored[CacheWords(1, 2)] == 1 && stored[CacheWords(2, 1)] == nil && stored[CacheWords(1, 3)] == nil)
    }

    final class Box {}
}
