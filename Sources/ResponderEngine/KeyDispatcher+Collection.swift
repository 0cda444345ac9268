import KeyTraceCore

extension KeyDispatcher {
    /// The chain and collection for one lookup, per the query policy; stamps the chain-walk
    /// and collect checkpoints and counts queries.
    func lookupCollection(timer: inout StageTimer, queries: inout KeyCommandQueries) -> CommandCollection {
        // The common case, a hit with a first responder: identity compares only (the chain
        // start is the first responder; a collection is dropped whenever the start moves).
        if _fastPath(queryPolicy == .cached), let cached = collection, collectionStart != nil,
           application.firstResponder === collectionStart, knownStart === collectionStart,
           cached.validity.staleReason == nil {
            return hit(cached, timer: &timer, queries: &queries)
        }
        let start = application.chainStart
        if knownStart !== start { knownStart = start }
        switch policy {
        case .uikit:
            let chain = ResponderChain.walk(from: start)
            timer.mark(.collect)
            let fresh = CommandCollection(chain: chain, application: application, indexed: false)
            queries.calls += Int32(fresh.calls)
            queries.uikitCalls += Int32(fresh.calls)
            queries.enumerations &+= 1
            return fresh
        case .cached:
            if let cached = collection {
                let stale: CacheInvalidationReason? = collectionStart !== start ? .firstResponderChange : cached.validity.staleReason
                guard let stale else { return hit(cached, timer: &timer, queries: &queries) }
                invalidate(stale)
            }
            let chain = ResponderChain.walk(from: start)
            timer.mark(.collect)
            let fresh = CommandCollection(chain: chain, application: application, indexed: true,
                                          recent: &recentContents)
            collection = fresh
            collectionStart = start
            queries.calls += Int32(fresh.calls)
            queries.uikitCalls += Int32(fresh.calls)
            queries.enumerations &+= 1
            queries.cache = .miss
            return fresh
        }
    }

    /// Serves a lookup from the current cached collection.
    @inline(__always)
    private func hit(_ cached: CommandCollection, timer: inout StageTimer,
                     queries: inout KeyCommandQueries) -> CommandCollection {
        timer.mark(.collect)
        if _slowPath(preparedCalls != nil) { return firstUse(ofPrepared: cached, queries: &queries) }
        queries.uikitCalls += Int32(truncatingIfNeeded: cached.chain.count)
        if queries.cache == .none { queries.cache = .hit }
        return cached
    }

    /// The first lookup served by what ``prepare()`` collected counts as the miss that collected
    /// it, with its `keyCommands` calls, as the same lookup would without the preparation.
    private func firstUse(ofPrepared cached: CommandCollection, queries: inout KeyCommandQueries) -> CommandCollection {
        let calls = preparedCalls ?? 0
        preparedCalls = nil
        queries.calls += calls
        queries.uikitCalls += calls
        queries.enumerations &+= 1
        queries.cache = .miss
        return cached
    }

    /// Collects the current chain's key commands now (`cached` policy), so the next event does
    /// not pay for it — for timed replays that must hit their deadlines. The event that first
    /// uses the collection counts its calls and its miss, so the counters and the records are
    /// those of a replay without the preparation.
    public func prepare() {
        guard policy == .cached, collection == nil else { return }
        var timer = StageTimer.off
        var queries = KeyCommandQueries()
        _ = lookupCollection(timer: &timer, queries: &queries)
        if queries.cache == .miss { preparedCalls = queries.calls }
    }

    /// Drops the cached collection, counting the reason.
    func invalidate(_ reason: CacheInvalidationReason) {
        guard let stale = collection else { return }
        stale.validity.markStale(reason)
        // A prepared collection no event used: without the preparation it was never made.
        preparedCalls = nil
        collection = nil
        collectionStart = nil
        statistics.invalidations[Int(reason.rawValue)] += 1
        notifyObserver { $0.dispatcher(self, didInvalidateCache: reason) }
    }

    /// Called by the application when the first responder changed.
    func firstResponderDidChange(from previous: Responder?, to next: Responder?,
                                 kind: ChainChangeKind = .firstResponder) {
        chainStartChanged(from: previous, to: application.chainStart, kind: kind)
        if (previous?.acceptsTextInput ?? false) != (next?.acceptsTextInput ?? false) {
            notify(ChainChange(kind: .textInput, from: previous, to: next, timestamp: lastTimestamp,
                               keyCommandsCalls: 0, cancelledPresses: 0))
        }
    }

    /// Called when the chain's start may have moved without a first-responder change
    /// (a modal, a tab, the key window).
    func chainStartMayHaveChanged(kind: ChainChangeKind) {
        let start = application.chainStart
        guard knownStart !== start else { return }
        chainStartChanged(from: knownStart, to: start, kind: kind)
    }

    /// The chain now starts elsewhere: cancel presses in flight (R20), invalidate the cache or
    /// re-enumerate as UIKit does (R23), and tell the observer.
    private func chainStartChanged(from previous: Responder?, to start: Responder, kind: ChainChangeKind) {
        knownStart = start
        let cancelled = cancelPressesInFlight()
        var calls = 0
        let chain = ResponderChain.walk(from: start)
        switch policy {
        case .uikit:
            let fresh = CommandCollection(chain: chain, application: application, indexed: false)
            calls = fresh.calls
            statistics.keyCommandsCalls += calls
            statistics.uikitEquivalentCalls += calls
            statistics.uikitCallsOnChainChanges += calls
        case .cached:
            invalidate(.firstResponderChange)
            statistics.uikitEquivalentCalls += chain.count
            statistics.uikitCallsOnChainChanges += chain.count
        }
        notify(ChainChange(kind: kind, from: previous, to: start, timestamp: lastTimestamp,
                           keyCommandsCalls: calls, cancelledPresses: cancelled))
    }

    /// Reports a chain change made by a scene (tab selection, navigation) to the observer.
    public func noteChainChange(_ kind: ChainChangeKind, from: Responder?, to: Responder?) {
        notify(ChainChange(kind: kind, from: from, to: to, timestamp: lastTimestamp,
                           keyCommandsCalls: 0, cancelledPresses: 0))
    }

    private func notify(_ change: ChainChange) {
        notifyObserver { $0.dispatcher(self, didChangeChain: change) }
    }
}
