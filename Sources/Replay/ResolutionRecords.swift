import KeyTraceCore
import KeyTraceSupport
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
        /// The path's number (``ResolutionRecords/number(of:)``).
        let number: UInt64
        let lineage: [(responder: ObjectIdentifier, name: String)]
        /// The last ``ResolutionRecords/generation`` in which the lineage was found unchanged.
        var checked: Int
    }

    private var paths: [ObjectIdentifier: CachedPath] = [:]
    /// Counts hierarchy moves seen by ``prepare(for:)``: a path checked in an older generation is
    /// checked again before use.
    private var generation = 0
    /// The latest paths and numbers by responder, in front of `paths`, emptied at every move: a
    /// press names the same few responders again and again, and a hit is one compare, no hash.
    private var recent = DirectMappedCache<ObjectIdentifier, (path: String, number: UInt64)>(capacity: 16)
    /// Whether the hierarchy may have moved since the last ``prepare(for:)``.
    private var isStale = true
    /// More cached paths than this (responders made and dropped by a long session) start the
    /// cache over.
    private static let pathLimit = 4096
    /// A number for every distinct path string: records are cached by the numbers of their
    /// paths, so a moved responder's new path is a new key. Emptied together with `records`.
    private var numbers = PathTable()
    /// Records already built, by their command's identity and their paths' numbers: the strings
    /// of a resolution like an earlier one are shared, not built again.
    private var records = ResolutionDetailsCache()
    /// The commands whose identities are in the keys of `records`, kept alive so that no other
    /// command takes an identity while its key is cached. At `pinLimit`, both start over.
    private var pinned: [(command: KeyCommand?, blocking: KeyCommand?)] = []
    private static let pinLimit = 1024

    /// Notes that the hierarchy may have moved. Cached paths stay valid for the event being
    /// dispatched (they are the paths it arrived with) and are checked before the next one.
    mutating func invalidatePaths() { isStale = true }

    /// Before the next event: when the hierarchy moved, checks the chain's paths anew, so a modal
    /// that dismisses itself still reports the path it had when it acted.
    /// Inlined: it runs before every event and is one flag test unless the hierarchy moved.
    @inline(__always)
    mutating func prepare(for chain: () -> ResponderChain) {
        if isStale { checkPaths(of: chain()) }
    }

    @inline(never)
    private mutating func checkPaths(of chain: ResponderChain) {
        isStale = false
        generation &+= 1
        if paths.count > Self.pathLimit {
            // Numbers start over, so records cached under the old ones go too.
            paths.removeAll(keepingCapacity: true)
            numbers.removeAll()
            records.removeAll()
            pinned.removeAll(keepingCapacity: true)
        }
        recent.removeAll()
        for responder in chain.responders { _ = path(of: responder) }
    }

    /// The number of `responder`'s path, 0 for none: from the recent cache without touching the
    /// string (a record already built under these numbers needs no path).
    @inline(__always)
    mutating func number(of responder: Responder?) -> UInt64 {
        guard let responder else { return 0 }
        if let hit = recent[ObjectIdentifier(responder)] { return hit.number }
        return path(of: responder).number
    }

    /// The path of `responder` and its number, `("", 0)` for none.
    mutating func path(of responder: Responder?) -> (path: String, number: UInt64) {
        guard let responder else { return ("", 0) }
        let key = ObjectIdentifier(responder)
        if let hit = recent[key] { return hit }
        let path: String
        let number: UInt64
        if var cached = paths[key], cached.checked == generation || Self.lineage(of: responder, is: cached.lineage) {
            path = cached.path
            number = cached.number
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
            number = self.number(of: path)
            paths[key] = CachedPath(responder: responder, path: path, number: number, lineage: lineage,
                                    checked: generation)
        }
        recent[key] = (path, number)
        return (path, number)
    }

    /// The number of `path`, from 1 (0 stands for no responder): the same for equal strings.
    private mutating func number(of path: String) -> UInt64 {
        UInt64(numbers.intern(path).number) + 1
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
        let isUpAction = resolution.press.phase == .ended && resolution.isUpAction
        // The shortcut, title and action follow from the command and which of its actions ran.
        let key = SIMD8<UInt64>(UInt64(resolution.actionSource.rawValue),
                                Self.number(resolution.command?.instanceIdentifier),
                                number(of: resolution.provider), number(of: resolution.target ?? resolution.pressHandler),
                                Self.number(resolution.blockingCommand?.instanceIdentifier), 0, 0, 0)
        if let record = records.record(key, timestamp: timestamp, pressSequence: sequence, outcome: resolution.outcome,
                                       isUpAction: isUpAction) {
            return record
        }
        let command = resolution.command
        let provider = path(of: resolution.provider)
        let target = path(of: resolution.target ?? resolution.pressHandler)
        let record = ResolutionRecord(
            timestamp: timestamp, pressSequence: sequence, outcome: resolution.outcome,
            command: command?.shortcut, title: command?.displayTitle, action: resolution.action,
            isUpAction: isUpAction, providerPath: provider.number == 0 ? nil : provider.path,
            targetPath: target.number == 0 ? nil : target.path, blockingAction: resolution.blockingCommand?.action)
        if pinned.count >= Self.pinLimit {
            records.removeAll()
            pinned.removeAll(keepingCapacity: true)
        }
        pinned.append((command, resolution.blockingCommand))
        records.remember(record, under: key)
        return record
    }

    @inline(__always)
    private static func number(_ identifier: ObjectIdentifier?) -> UInt64 {
        identifier.map { UInt64(UInt(bitPattern: $0)) } ?? 0
    }
}
