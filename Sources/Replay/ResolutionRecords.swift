import KeyTraceCore
import ResponderEngine
import TraceFormat

/// Turns live dispatch results into trace records, caching responder paths (computing a path
/// walks the hierarchy; a recorder sees the same few responders over and over).
struct ResolutionRecords {
    private var paths: [ObjectIdentifier: (Responder, String)] = [:]
    // A direct-mapped cache in front of `paths`: a press names the same few responders again
    // and again, and a hit is one compare instead of a hash.
    private static let cacheSize = 16
    private var recent = [(ObjectIdentifier?, String)](repeating: (nil, ""), count: ResolutionRecords.cacheSize)
    private var stale = true

    /// Notes that the hierarchy may have moved. Cached paths stay valid for the event being
    /// dispatched (they are the paths it arrived with) and are refreshed before the next one.
    mutating func invalidatePaths() { stale = true }

    /// Before an event: when the hierarchy moved, caches the chain's paths anew, so a modal that
    /// dismisses itself still reports the path it had when it acted.
    mutating func prepare(for chain: () -> ResponderChain) {
        guard stale else { return }
        stale = false
        paths.removeAll(keepingCapacity: true)
        for i in recent.indices { recent[i] = (nil, "") }
        for responder in chain().responders { _ = path(of: responder) }
    }

    mutating func path(of responder: Responder?) -> String? {
        guard let responder else { return nil }
        let key = ObjectIdentifier(responder)
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: key) >> 4) & (ResolutionRecords.cacheSize - 1)
        if recent[slot].0 == key { return recent[slot].1 }
        let path: String
        if let cached = paths[key] {
            path = cached.1
        } else {
            path = responder.description
            paths[key] = (responder, path)
        }
        recent[slot] = (key, path)
        return path
    }

    /// The resolution record for `resolution`, whose key record has `sequence`.
    mutating func record(for resolution: Resolution, sequence: UInt64, timestamp: UInt64) -> ResolutionRecord {
        let command = resolution.command
        return ResolutionRecord(
            timestamp: timestamp, pressSequence: sequence, outcome: resolution.outcome,
            command: command?.shortcut, title: command?.displayTitle, action: resolution.action,
            isUpAction: resolution.press.phase == .ended && resolution.action != nil && resolution.action == command?.upAction,
            providerPath: path(of: resolution.provider), targetPath: path(of: resolution.target ?? resolution.pressHandler),
            blockingAction: resolution.blockingCommand?.action)
    }

    /// Hands `body` the stage timings, query counters and cache use of a measured dispatch,
    /// in that order, without collecting them first.
    static func forEachMeasurement<E: Error>(timings: StageTimings, queries q: KeyCommandQueries, sequence: UInt64,
                                             timestamp: UInt64, _ body: (TraceRecord) throws(E) -> Void) throws(E) {
        if timings.isMeasured {
            let durations = StageDurations(DispatchStage.allCases.lazy.map { timings.duration(of: $0) })
            try body(.stageTimings(StageTimingsRecord(timestamp: timestamp, pressSequence: sequence,
                                                      durations: durations, total: timings.total)))
        }
        try body(.keyCommandsCounters(KeyCommandsCountersRecord(
            timestamp: timestamp, pressSequence: sequence, calls: UInt64(max(0, q.calls)),
            policyCalls: UInt64(max(0, q.uikitCalls)), enumerations: UInt64(q.enumerations))))
        switch q.cache {
        case .hit: try body(.cache(CacheEventRecord(timestamp: timestamp, event: .hit)))
        case .miss: try body(.cache(CacheEventRecord(timestamp: timestamp, event: .miss)))
        case .none: break
        }
    }
}
