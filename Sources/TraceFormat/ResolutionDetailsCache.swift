import KeyTraceCore

/// The reference fields of resolutions already built, by what identifies them: a trace repeats
/// the same few resolutions (the same command from the same responders) over and over, so most
/// records share one box of strings instead of building the strings, allocating a box and
/// freeing it again.
///
/// Direct-mapped: a key lands in one slot, and a new key replaces whatever was there. A key is
/// up to eight words whose meaning the owner chooses (the decoder uses string references, valid
/// within one chunk, and starts the cache over with every chunk).
///
/// Sharing is safe because the box is copy on write: the cache's own reference keeps every
/// shared box from being uniquely referenced, so changing a record's field copies its box first.
public struct ResolutionDetailsCache {
    @usableFromInline
    struct Entry {
        @usableFromInline var key: SIMD8<UInt64>
        @usableFromInline var details: ResolutionRecord.Details?

        @inlinable
        init(key: SIMD8<UInt64>, details: ResolutionRecord.Details?) {
            self.key = key
            self.details = details
        }
    }

    @usableFromInline static let slotCount = 256
    @usableFromInline var entries: [Entry]

    /// An empty cache (its slots are allocated on the first ``remember(_:under:)``).
    public init() { entries = [] }

    @inlinable
    static func slot(of key: SIMD8<UInt64>) -> Int {
        // A multiplicative hash of all eight words; the top eight bits pick the slot.
        let mixed = key &* SIMD8(0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9,
                                 0x85EB_CA77_C2B2_AE63, 0x27D4_EB2F_1656_67C5, 0x94D0_49BB_1331_11EB,
                                 0xBF58_476D_1CE4_E5B9, 0xD6E8_FEB8_6659_FD93)
        return Int(truncatingIfNeeded: mixed.wrappedSum() &>> 56)
    }

    /// A record with these scalar fields and the reference fields (command, title, action,
    /// paths) remembered under `key`, or `nil` when the key's slot holds another key.
    @inlinable
    public func record(_ key: SIMD8<UInt64>, timestamp: UInt64, pressSequence: UInt64, outcome: DispatchOutcome,
                       isUpAction: Bool) -> ResolutionRecord? {
        guard !entries.isEmpty else { return nil }
        let entry = entries[Self.slot(of: key)]
        guard entry.key.hasSameLanes(as: key), let details = entry.details else { return nil }
        return ResolutionRecord(timestamp: timestamp, pressSequence: pressSequence, outcome: outcome,
                                isUpAction: isUpAction, details: details)
    }

    /// Remembers `record`'s reference fields under `key`, which must determine them: every
    /// record later asked for under `key` gets them. Replaces the slot's previous entry.
    @inlinable
    public mutating func remember(_ record: ResolutionRecord, under key: SIMD8<UInt64>) {
        if entries.isEmpty { entries = Array(repeating: Entry(key: .zero, details: nil), count: Self.slotCount) }
        entries[Self.slot(of: key)] = Entry(key: key, details: record.details)
    }

    /// Forgets every entry.
    public mutating func removeAll() {
        for i in entries.indices where entries[i].details != nil { entries[i] = Entry(key: .zero, details: nil) }
    }
}
