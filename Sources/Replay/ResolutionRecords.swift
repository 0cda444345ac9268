import KeyTraceCore
import KeyTraceSupport
import ResponderEngine
import TraceFormat

/// Turns live dispatch results into numbered resolutions (``ResolutionTable``), caching
/// responder paths (computing a path walks the hierarchy and builds a string; a replay sees the
/// same few responders over and over) and the numbers of resolutions already made.
///
/// After the hierarchy moves, a cached path is checked before it is used again, from the top
/// down: a responder's path still holds when its ``Responder/pathParent`` is the same responder,
/// whose path still holds as it was, and its name is the same. A responder new to the cache
/// builds its path from its parent's instead of walking the hierarchy. Checking costs a few
/// compares a responder where building paths anew cost thousands of instructions, and focus
/// changes (a search field, a modal) happen every few presses.
struct ResolutionRecords {
    /// A responder's path, and what it was built from.
    private struct CachedPath {
        /// Retained, so that its identifier (the key) stays unique while the entry lives.
        let responder: Responder
        /// The path parent it was built under (`nil` at the top); its own entry keeps it alive,
        /// so the identifier stays its own.
        let parent: ObjectIdentifier?
        /// The parent entry's ``version`` it was built from.
        let parentVersion: Int
        let name: String
        /// ``Responder/path``: the names from the top, what a child's path starts with.
        let joinedNames: String
        /// ``Responder/description``: what records carry.
        let path: String
        /// The path's number (``ResolutionRecords/number(of:)``).
        let number: UInt64
        /// A number no other entry built so far has: children built from this one record it.
        let version: Int
        /// The last ``ResolutionRecords/generation`` in which it was found unchanged.
        var checked: Int
    }

    /// The entries, and each responder's entry by its identifier: entries are read and marked
    /// checked in place (copying one costs a reference count for each of its five references).
    private var entries: [CachedPath] = []
    private var paths: [ObjectIdentifier: Int] = [:]
    /// Counts hierarchy moves seen by ``prepare(for:)``: a path checked in an older generation is
    /// checked again before use.
    private var generation = 0
    /// The version the next entry built gets.
    private var nextVersion = 1
    /// The responders whose entries one check walks up through, nearest first (kept for its storage).
    private var lineage: [Responder] = []
    /// The latest path numbers by responder, in front of `paths`, emptied at every move: a
    /// press names the same few responders again and again, and a hit is one compare, no hash.
    private var recent = DirectMappedCache<ObjectIdentifier, UInt64>(capacity: 16)
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
    private var numbersByKey = DirectMappedCache<CacheWords, Int32>(capacity: 1024)
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
            entries.removeAll(keepingCapacity: true)
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
        if let hit = recent[ObjectIdentifier(responder)] { return hit }
        return path(of: responder).number
    }

    /// The path of `responder` and its number, `("", 0)` for none.
    mutating func path(of responder: Responder?) -> (path: String, number: UInt64) {
        guard let responder else { return ("", 0) }
        let key = ObjectIdentifier(responder)
        let found: (path: String, number: UInt64)
        if let entry = checkedEntry(of: responder) {
            found = (entries[entry].path, entries[entry].number)
        } else {
            // A hierarchy with a cycle, or deeper than any chain: the path as the engine walks it.
            let path = responder.description
            found = (path, number(of: path))
        }
        recent[key] = found.number
        return found
    }

    /// The index of `responder`'s entry, checked (or built) in this generation: its ancestors
    /// up to the first entry already checked are collected, then checked from the top down.
    /// `nil` when the walk up meets a cycle or goes on past ``Responder/maximumChainLength``.
    private mutating func checkedEntry(of responder: Responder) -> Int? {
        lineage.removeAll(keepingCapacity: true)
        var parent: Int?
        var current: Responder? = responder
        while let next = current {
            if let entry = paths[ObjectIdentifier(next)], entries[entry].checked == generation {
                parent = entry
                break
            }
            if lineage.count >= Responder.maximumChainLength || lineage.contains(where: { $0 === next }) { return nil }
            lineage.append(next)
            current = Self.parent(of: next)
        }
        for index in lineage.indices.reversed() {
            let node = lineage[index]
            let key = ObjectIdentifier(node)
            if let cached = paths[key], entries[cached].parent == parent.map({ ObjectIdentifier(entries[$0].responder) }),
               entries[cached].parentVersion == parent.map({ entries[$0].version }) ?? 0, entries[cached].name == node.name {
                entries[cached].checked = generation
                parent = cached
                continue
            }
            let entry = makeEntry(for: node, under: parent)
            if let cached = paths[key] {
                entries[cached] = entry
                parent = cached
            } else {
                paths[key] = entries.count
                parent = entries.count
                entries.append(entry)
            }
        }
        return parent
    }

    /// A new entry for `responder`, under the entry `parent` of its path parent (`nil` at the top).
    private mutating func makeEntry(for responder: Responder, under parentIndex: Int?) -> CachedPath {
        let parent = parentIndex.map { entries[$0] }
        let name = responder.name
        let above = parent?.joinedNames ?? ""
        let joined = name.isEmpty ? above : above.isEmpty ? name : above + "/" + name
        let path = name.isEmpty ? (joined.isEmpty ? "(unnamed)" : joined + ".view") : (joined.isEmpty ? name : joined)
        assert(path == responder.description, "a path built from its parent's must be the one the engine walks")
        defer { nextVersion &+= 1 }
        return CachedPath(responder: responder, parent: parent.map { ObjectIdentifier($0.responder) }, parentVersion: parent?.version ?? 0,
                          name: name, joinedNames: joined, path: path, number: number(of: path), version: nextVersion,
                          checked: generation)
    }

    /// The next responder a path is made of above `responder`: its path parent, unless that
    /// is the application (which appears only in its own path).
    private static func parent(of responder: Responder) -> Responder? {
        guard let parent = responder.pathParent, !(parent is Application) else { return nil }
        return parent
    }

    /// The number of `path`, from 1 (0 stands for no responder): the same for equal strings.
    private mutating func number(of path: String) -> UInt64 {
        UInt64(numbers.intern(path).number) + 1
    }

    /// The number of `resolution`'s resolution in ``table``: equal for resolutions that agree on
    /// everything not measured.
    ///
    /// Inlined, and `resolution` is `inout` though it is only read, so that the replay loop's
    /// resolution (a stored property) is read in place: passed by value, or `borrowing`, it was
    /// copied for the call, a `memcpy` of its few hundred bytes a press. A resolution made before
    /// costs its fields' numbers and one cache lookup; only a new one is handed over (copied)
    /// to ``number(ofNew:isUpAction:key:)``.
    @inline(__always)
    mutating func number(for resolution: inout Resolution) -> Int32 {
        let isUpAction = resolution.press.phase == .ended && resolution.isUpAction
        // The shortcut, title and action follow from the command and which of its actions ran.
        // The target, else the press handler: tested one by one (`??` would retain the responder).
        let targetNumber = resolution.target != nil ? number(of: resolution.target) : number(of: resolution.pressHandler)
        let key = Self.key(command: commands.number(of: resolution.command), provider: number(of: resolution.provider),
                           target: targetNumber, blocking: commands.number(of: resolution.blockingCommand),
                           outcome: resolution.outcome, actionSource: resolution.actionSource, isUpAction: isUpAction)
        if let key, let number = numbersByKey[key] { return number }
        return number(ofNew: resolution, isUpAction: isUpAction, key: key)
    }

    /// The numbers a resolution is cached by, in two words: command and blocking command in the
    /// first; provider, target, outcome and which action in the second. `nil` when a number is
    /// too large for its bits (then the resolution is numbered without the cache).
    @inline(__always)
    private static func key(command: UInt64, provider: UInt64, target: UInt64, blocking: UInt64, outcome: DispatchOutcome,
                            actionSource: Resolution.ActionSource, isUpAction: Bool) -> CacheWords? {
        guard command | blocking < 1 << 32, provider | target < 1 << 24 else { return nil }
        return CacheWords(command | blocking &<< 32,
                          provider | target &<< 24 | UInt64(outcome.rawValue) &<< 48
                            | UInt64(actionSource.rawValue) &<< 56 | (isUpAction ? 1 &<< 60 : 0))
    }

    /// The number of a resolution not found in the cache under `key`: its record's number in
    /// ``table``, cached under `key`.
    @inline(never)
    private mutating func number(ofNew resolution: Resolution, isUpAction: Bool, key: CacheWords?) -> Int32 {
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
        } else if let key {
            numbersByKey[key] = number
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
