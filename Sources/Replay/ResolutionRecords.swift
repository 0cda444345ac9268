import KeyTraceCore
import ResponderEngine
import TraceFormat

/// Turns live dispatch results into trace records, caching responder paths (computing a path
/// walks the hierarchy and builds a string; a replay sees the same few responders over and over).
///
/// After the hierarchy moves, a cached path is checked before it is used again: the responders
/// it was built from (``Responder/forEachPathComponent(_:)``) must be the same, with the same
/// names. That walk costs a few pointer compares where building the path anew cost thousands
/// of instructions, and focus changes (a search field, a modal) happen every few presses.
struct ResolutionRecords {
    /// A path, and the responders and names it was built from, nearest first.
    private struct CachedPath {
        /// Retained, so that its identifier (the key) stays unique while the entry lives.
        let responder: Responder
        let path: String
        let lineage: [(responder: ObjectIdentifier, name: String)]
        /// The last ``ResolutionRecords/generation`` in which the lineage was found unchanged.
        var checked: Int
    }

    private var paths: [ObjectIdentifier: CachedPath] = [:]
    /// Counts hierarchy moves seen by ``prepare(for:)``: a path checked in an older generation is
    /// checked again before use.
    private var generation = 0
    // A direct-mapped cache in front of `paths`, emptied at every move: a press names the same
    // few responders again and again, and a hit is one compare instead of a hash.
    private static let cacheSize = 16
    private var recent = [(ObjectIdentifier?, String)](repeating: (nil, ""), count: ResolutionRecords.cacheSize)
    private var stale = true
    /// More cached paths than this (responders made and dropped by a long session) start the
    /// cache over.
    private static let pathLimit = 4096

    /// Notes that the hierarchy may have moved. Cached paths stay valid for the event being
    /// dispatched (they are the paths it arrived with) and are checked before the next one.
    mutating func invalidatePaths() { stale = true }

    /// Before an event: when the hierarchy moved, checks the chain's paths anew, so a modal that
    /// dismisses itself still reports the path it had when it acted.
    mutating func prepare(for chain: () -> ResponderChain) {
        guard stale else { return }
        stale = false
        generation &+= 1
        if paths.count > Self.pathLimit { paths.removeAll(keepingCapacity: true) }
        for i in recent.indices { recent[i] = (nil, "") }
        for responder in chain().responders { _ = path(of: responder) }
    }

    mutating func path(of responder: Responder?) -> String? {
        guard let responder else { return nil }
        let key = ObjectIdentifier(responder)
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: key) >> 4) & (ResolutionRecords.cacheSize - 1)
        if recent[slot].0 == key { return recent[slot].1 }
        let path: String
        if var cached = paths[key], cached.checked == generation || Self.lineage(of: responder, is: cached.lineage) {
            path = cached.path
            if cached.checked != generation {
                cached.checked = generation
                paths[key] = cached
            }
        } else {
            path = responder.description
            var lineage: [(responder: ObjectIdentifier, name: String)] = []
            responder.forEachPathComponent { component in
                lineage.append((ObjectIdentifier(component), component.name))
                return true
            }
            paths[key] = CachedPath(responder: responder, path: path, lineage: lineage, checked: generation)
        }
        recent[slot] = (key, path)
        return path
    }

    /// Whether `responder`'s path is still made of `lineage`.
    private static func lineage(of responder: Responder, is lineage: [(responder: ObjectIdentifier, name: String)]) -> Bool {
        var index = 0
        var same = true
        responder.forEachPathComponent { component in
            guard index < lineage.count, lineage[index].responder == ObjectIdentifier(component),
                  lineage[index].name == component.name else {
                same = false
                return false
            }
            index += 1
            return true
        }
        return same && index == lineage.count
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
}
