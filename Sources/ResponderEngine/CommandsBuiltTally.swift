import KeyTraceCore

/// What the app's `keyCommands` getters build over a series of presses, per responder whose
/// getter builds commands (``Responder/keyCommandsBuiltPerCall`` > 0).
///
/// A press reads the whole chain once per enumeration, so a responder of the chain is read
/// `queries.calls / chain.count` times under the dispatcher's policy and
/// `queries.uikitCalls / chain.count` times under UIKit's. Each read builds the responder's
/// `keyCommandsBuiltPerCall` commands. Benchmarks, recordings and replays all count through
/// this one type.
public struct CommandsBuiltTally {
    /// What one responder's getter built.
    public struct Entry {
        /// The responder whose getter built the commands.
        public let responder: Responder
        /// The responder's ``Responder/description`` (its path) when the tally first met it: a
        /// benchmark may take the scene apart before it reads the tally.
        public let path: String
        /// Commands one call builds.
        public let perCall: UInt64
        /// Commands built for the reads the dispatcher's policy made.
        public internal(set) var built: UInt64
        /// Commands built for the reads the `uikit` policy makes.
        public internal(set) var uikitEquivalentBuilt: UInt64
    }

    /// The responders met so far whose getters build, in the order first met.
    public private(set) var entries: [Entry] = []
    private var slots: [ObjectIdentifier: Int] = [:]
    private let enabled: Bool
    /// Whether some press so far went through a responder whose getter builds commands.
    public private(set) var sawBuilder = false

    /// A tally that looks at every press's chain (a benchmark, which does not know the scene).
    public init() {
        enabled = true
    }

    /// A tally for a scene made of `responders`: when none of them builds commands, recording a
    /// press costs one test.
    public init(responders: some Sequence<Responder>) {
        enabled = responders.contains { $0.keyCommandsBuiltPerCall > 0 }
    }

    /// Counts the commands built for `resolution`'s reads.
    ///
    /// Inlinable, so that a caller passing a resolution it holds in a stored property reads the
    /// two fields in place instead of copying the whole value for the call.
    @inlinable
    public mutating func record(_ resolution: Resolution) {
        record(chain: resolution.chain, queries: resolution.queries)
    }

    /// Counts the commands built for reads of `queries` along `chain`.
    @usableFromInline
    mutating func record(chain: ResponderChain, queries: KeyCommandQueries) {
        guard enabled else { return }
        guard !chain.isEmpty else { return }
        let length = UInt64(chain.count)
        let reads = UInt64(max(0, queries.calls)) / length
        let uikitReads = UInt64(max(0, queries.uikitCalls)) / length
        for responder in chain.responders where responder.keyCommandsBuiltPerCall > 0 {
            sawBuilder = true
            let perCall = UInt64(responder.keyCommandsBuiltPerCall)
            let key = ObjectIdentifier(responder)
            let slot: Int
            if let known = slots[key] {
                slot = known
            } else {
                slot = entries.count
                slots[key] = slot
                entries.append(Entry(responder: responder, path: responder.description, perCall: perCall, built: 0,
                                     uikitEquivalentBuilt: 0))
            }
            entries[slot].built &+= perCall &* reads
            entries[slot].uikitEquivalentBuilt &+= perCall &* uikitReads
        }
    }

    /// Forgets every count (a new benchmark run).
    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
    }
}
