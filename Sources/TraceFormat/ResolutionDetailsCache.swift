import KeyTraceCore
import KeyTraceSupport

/// The reference fields of resolutions already built, by what identifies them: a trace repeats
/// the same few resolutions (the same command from the same responders) over and over, so most
/// records share one box of strings instead of building the strings, allocating a box and
/// freeing it again.
///
/// A ``DirectMappedCache``: a key lands in one slot, and a new key replaces whatever was there.
/// A key is up to eight words whose meaning the owner chooses (the decoder uses string references, valid
/// within one chunk, and starts the cache over with every chunk).
///
/// Sharing is safe because the box is copy on write: the cache's own reference keeps every
/// shared box from being uniquely referenced, so changing a record's field copies its box first.
public struct ResolutionDetailsCache {
    @usableFromInline var details = DirectMappedCache<CacheLanes, ResolutionRecord.Details>(capacity: 256)

    /// An empty cache (its slots are allocated on the first ``remember(_:under:)``).
    public init() {}

    /// A record with these scalar fields and the reference fields (command, title, action,
    /// paths) remembered under `key`, or `nil` when the key's slot holds another key.
    @inlinable
    public func record(_ key: SIMD8<UInt64>, timestamp: UInt64, pressSequence: UInt64, outcome: DispatchOutcome,
                       isUpAction: Bool) -> ResolutionRecord? {
        guard let details = details[CacheLanes(key)] else { return nil }
        return ResolutionRecord(timestamp: timestamp, pressSequence: pressSequence, outcome: outcome,
                                isUpAction: isUpAction, details: details)
    }

    /// Remembers `record`'s reference fields under `key`, which must determine them: every
    /// record later asked for under `key` gets them. Replaces the slot's previous entry.
    @inlinable
    public mutating func remember(_ record: ResolutionRecord, under key: SIMD8<UInt64>) {
        details[CacheLanes(key)] = record.details
    }

    /// Forgets every entry.
    public mutating func removeAll() { details.removeAll() }
}
