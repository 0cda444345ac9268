/// A key of a ``DirectMappedCache``: equality, and one word that tells keys apart.
///
/// ``cacheHash`` need not be well mixed (the cache multiplies it before choosing a slot), but
/// keys that differ should differ in its low 32 + log₂(capacity) bits: the slot is read from
/// bits 32 and up of the product, and a bit of the hash reaches only the product's bits at and
/// above its own. A key of several words folds them with ``combineHash(_:_:)``. Equality must
/// be exact: the cache answers a lookup only when the key in the slot equals the key asked for.
public protocol DirectMappedKey: Equatable {
    /// A word in which keys that differ should differ.
    var cacheHash: UInt64 { get }
}

extension DirectMappedKey {
    /// Folds two words into one ``cacheHash``, so that keys differing in either word spread.
    @inlinable @inline(__always)
    public static func combineHash(_ first: UInt64, _ second: UInt64) -> UInt64 {
        (first &* directMappedMultiplier) ^ second
    }
}

extension ObjectIdentifier: DirectMappedKey {
    /// The object's address.
    @inlinable
    public var cacheHash: UInt64 { UInt64(UInt(bitPattern: self)) }
}

extension UInt64: DirectMappedKey {
    /// The value itself.
    @inlinable
    public var cacheHash: UInt64 { self }
}

/// Eight words compared as a whole (``SIMD8/hasSameLanes(as:)``): a key made of several
/// numbers, such as string references or object identities.
public struct CacheLanes: DirectMappedKey, Sendable {
    /// The words.
    public var lanes: SIMD8<UInt64>

    /// A key of `lanes`.
    @inlinable
    public init(_ lanes: SIMD8<UInt64>) { self.lanes = lanes }

    /// Each lane times its own odd constant, summed: every lane moves every bit above its lowest.
    @inlinable
    public var cacheHash: UInt64 {
        (lanes &* SIMD8(0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63,
                        0x27D4_EB2F_1656_67C5, 0x94D0_49BB_1331_11EB, 0xBF58_476D_1CE4_E5B9, 0xD6E8_FEB8_6659_FD93))
            .wrappedSum()
    }

    /// Whether every lane is equal.
    @inlinable @inline(__always)
    public static func == (lhs: CacheLanes, rhs: CacheLanes) -> Bool { lhs.lanes.hasSameLanes(as: rhs.lanes) }
}

/// Two words compared as a whole: a key packed from a few small numbers, cheaper to hash and
/// compare than ``CacheLanes``.
public struct CacheWords: DirectMappedKey, Hashable, Sendable {
    /// The first word.
    public var first: UInt64
    /// The second word.
    public var second: UInt64

    /// A key of `first` and `second`.
    @inlinable
    public init(_ first: UInt64, _ second: UInt64) {
        self.first = first
        self.second = second
    }

    /// Each word times its own odd constant, the high half folded onto the low: the cache
    /// chooses a slot from the low bits of the hash (times a constant), so a difference only in a
    /// word's high bits, such as a number packed at bit 48, must reach them.
    @inlinable
    public var cacheHash: UInt64 {
        let mixed = (first &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F)
        return mixed ^ (mixed &>> 29)
    }
}
