import KeyTraceCore
import KeyTraceSupport
import ResponderEngine
import TraceFormat

/// Turns live dispatch results into numbered resolutions (``ResolutionTable``), caching
/// responder paths (computing a path walks the hierarchy and builds a string; a replay sees the
/// same few responders over and over) and the numbers of resolutions already made.
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
    /// A number for every distinct path string: resolution numbers are cached by the numbers of
    /// their paths, so a moved responder's new path is a new key. Emptied together with
    /// `numbersByKey`.
    private var numbers = PathTable()
    /// The numbers of resolutions already made, by their commands' numbers, their paths'
    /// numbers, outcome and up-action flag: a resolution like an earlier one is a number from
    /// here, with no record built and no string touched.
    private var numbersByKey = DirectMappedCache<CacheLanes, Int32>(capacity: 1024)
    /// Commands by their fields, for the keys of `numbersByKey`.
    private var commands = CommandNumbers()
    /// More distinct commands than this (titles made from changing state) start the numbers
    /// over.
    private static let commandLimit = 4096
    /// The distinct resolutions made so far, by number.
    private(set) var table = ResolutionTable()

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
            // Path numbers start over, so resolution numbers cached under the old ones go too.
            paths.removeAll(keepingCapacity: true)
            numbers.removeAll()
            numbersByKey.removeAll()
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

    /// The number of `resolution`'s resolution in ``table``: equal for resolutions that agree on
    /// everything not measured.
    mutating func number(for resolution: Resolution) -> Int32 {
        let isUpAction = resolution.press.phase == .ended && resolution.isUpAction
        // The shortcut, title and action follow from the command and which of its actions ran.
        let key = SIMD8<UInt64>(UInt64(resolution.actionSource.rawValue), commands.number(of: resolution.command),
                                number(of: resolution.provider), number(of: resolution.target ?? resolution.pressHandler),
                                commands.number(of: resolution.blockingCommand),
                                UInt64(resolution.outcome.rawValue) | (isUpAction ? 0x100 : 0), 0, 0)
        if let number = numbersByKey[CacheLanes(key)] { return number }
        let command = resolution.command
        let provider = path(of: resolution.provider)
        let target = path(of: resolution.target ?? resolution.pressHandler)
        let number = table.number(of: ResolutionRecord(
            timestamp: 0, pressSequence: 0, outcome: resolution.outcome,
            command: command?.shortcut, title: command?.displayTitle, action: resolution.action,
            isUpAction: isUpAction, providerPath: provider.number == 0 ? nil : provider.path,
            targetPath: target.number == 0 ? nil : target.path, blockingAction: resolution.blockingCommand?.action))
        if commands.count > Self.commandLimit {
            // Command numbers start over, so resolution numbers cached under the old ones go too.
            commands.removeAll()
            numbersByKey.removeAll()
        } else {
            numbersByKey[CacheLanes(key)] = number
        }
        return number
    }

    /// The number in ``table`` of a resolution made before, as `record` gives it.
    mutating func number(of record: ResolutionRecord) -> Int32 { table.number(of: record) }

    /// Starts ``table`` over (numbers given from now on start at 0) and returns the old one:
    /// whoever holds its numbers translates them with ``number(of:)``.
    mutating func startTableOver() -> ResolutionTable {
        numbersByKey.removeAll()
        defer { table = ResolutionTable() }
        return table
    }
}
