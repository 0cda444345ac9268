import KeyTraceCore

/// Whether a cached command collection still describes its chain.
///
/// Shared by a collection and every responder it was collected from: a responder whose
/// commands or `next` change marks it stale (``Responder/invalidateKeyCommands(_:)``), so
/// checking a cache on the dispatch path costs one read instead of a walk over the chain.
final class CollectionValidity {
    /// Why the collection went stale, or `nil` while it is current.
    @exclusivity(unchecked) private(set) var staleReason: CacheInvalidationReason?

    /// Marks the collection stale; the first reason is kept.
    func markStale(_ reason: CacheInvalidationReason) {
        if staleReason == nil { staleReason = reason }
    }

    /// Registers with every responder of `chain`, dropping their stale registrations.
    func register(with chain: ResponderChain) {
        for responder in chain.responders {
            responder.validityTokens.removeAll { $0.staleReason != nil }
            responder.validityTokens.append(self)
        }
    }
}
