import KeyTraceCore
import KeyTraceSupport
import ResponderEngine

/// The dispatching thread's side of a ``TraceRecorder``: numbers responders' paths and
/// commands, so that an event carries numbers instead of references.
///
/// Paths are those the responders had when the event arrived: the responders' paths are
/// looked up again after any chain change, before the next event (a modal that dismisses
/// itself still reports the path it had when it acted). Equal paths and equal commands share
/// a number. A small direct-mapped cache in front of each table makes the steady-state lookup
/// one or two compares.
struct RecorderTables {
    // Responders whose paths are current, retained so their identifiers stay unique.
    private var responders: [ObjectIdentifier: (Responder, Int32)] = [:]
    private var paths = PathTable()
    private var commandNumbers: [KeyCommand: Int32] = [:]
    /// Whether paths must be looked up again before the next event.
    private(set) var isStale = true
    private var responderCache = DirectMappedCache<ObjectIdentifier, Int32>(capacity: 16)
    /// Keyed by instance: a hit is an integer compare, no copy of the command. The cached
    /// command is kept alive so that its identifier is not reused.
    private var commandCache = DirectMappedCache<ObjectIdentifier, (number: Int32, command: KeyCommand)>(capacity: 16)
    // The last resolution's references (identifier bits, 0 for none) and their numbers: presses
    // resolve the same way again and again, and a repeat is one vector compare. Valid while
    // those references are retained here (until `prepare` or a command cache eviction).
    private var lastReferences = SIMD4<UInt>(repeating: 0)
    private var lastNumbers = SIMD4<Int32>(repeating: RecordedEvent.none)
    private var lastIsValid = false
    /// Definitions the writer has not received yet, oldest first.
    private(set) var undefined: [RecordedEvent] = []

    /// Notes that the hierarchy may have moved: the cached numbers stay in use until
    /// ``prepare(for:)`` looks the chain's paths up again.
    mutating func invalidatePaths() { isStale = true }

    /// Once the chain has moved (between events, or after the event that moved it): looks up
    /// the paths of the chain's responders anew.
    mutating func prepare(for chain: ResponderChain) {
        isStale = false
        lastIsValid = false
        responders.removeAll(keepingCapacity: true)
        responderCache.removeAll()
        for responder in chain.responders { _ = number(of: responder) }
    }

    /// The numbers of `resolution`'s command, blocking command, provider and target (or press
    /// handler), in that order; ``RecordedEvent/none`` for each one absent.
    @inline(__always)
    mutating func numbers(of resolution: Resolution) -> SIMD4<Int32> {
        let hasTarget = resolution.target != nil
        let references = SIMD4<UInt>(Self.bits(resolution.command), Self.bits(resolution.blockingCommand),
                                     Self.bits(resolution.provider),
                                     hasTarget ? Self.bits(resolution.target) : Self.bits(resolution.pressHandler))
        if lastIsValid && references.hasSameLanes(as: lastReferences) { return lastNumbers }
        let numbers = SIMD4<Int32>(number(of: resolution.command), number(of: resolution.blockingCommand),
                                   number(of: resolution.provider),
                                   hasTarget ? number(of: resolution.target) : number(of: resolution.pressHandler))
        lastReferences = references
        lastNumbers = numbers
        lastIsValid = true
        return numbers
    }

    @inline(__always) private static func bits(_ command: KeyCommand?) -> UInt {
        guard let command else { return 0 }
        return UInt(bitPattern: command.instanceIdentifier)
    }

    @inline(__always) private static func bits(_ responder: Responder?) -> UInt {
        guard let responder else { return 0 }
        return UInt(bitPattern: ObjectIdentifier(responder))
    }

    /// Marks the pending definitions as sent.
    mutating func definitionsSent() { undefined.removeAll(keepingCapacity: true) }

    /// The number of `responder`'s path (``RecordedEvent/none`` for none); a new path is added to
    /// ``undefined``. Takes the optional as it is, so a hit retains nothing.
    @inline(__always)
    mutating func number(of responder: Responder?) -> Int32 {
        guard let responder else { return RecordedEvent.none }
        if let number = responderCache[ObjectIdentifier(responder)] { return number }
        return lookUp(responder)
    }

    /// A responder missing from the cache (out of line: the hit path stays small).
    @inline(never)
    private mutating func lookUp(_ responder: Responder) -> Int32 {
        let key = ObjectIdentifier(responder)
        let number = responders[key]?.1 ?? register(responder)
        responderCache[key] = number
        return number
    }

    private mutating func register(_ responder: Responder) -> Int32 {
        let path = responder.description
        let (number, isNew) = paths.intern(path)
        if isNew { undefined.append(.pathDefinition(number, path: path)) }
        responders[ObjectIdentifier(responder)] = (responder, number)
        return number
    }

    /// The number of `command` (``RecordedEvent/none`` for none); a new command is added to
    /// ``undefined``.
    @inline(__always)
    mutating func number(of command: KeyCommand?) -> Int32 {
        guard let command else { return RecordedEvent.none }
        if let hit = commandCache[command.instanceIdentifier] { return hit.number }
        return lookUp(command)
    }

    /// A command missing from the cache (out of line).
    @inline(never)
    private mutating func lookUp(_ command: KeyCommand) -> Int32 {
        let number: Int32
        if let known = commandNumbers[command] {
            number = known
        } else {
            number = Int32(commandNumbers.count)
            commandNumbers[command] = number
            undefined.append(.commandDefinition(number, command: command))
        }
        lastIsValid = false  // the command evicted may have been the last one
        commandCache[command.instanceIdentifier] = (number, command)
        return number
    }

    /// The path of `responder` (chain changes carry paths as text).
    mutating func path(of responder: Responder?) -> String? {
        guard responder != nil else { return nil }
        return paths[number(of: responder)]
    }
}
