import KeyTraceCore
import ResponderEngine
import TraceFormat

/// One dispatcher event as a ``TraceRecorder`` copies it on the dispatching thread: plain
/// values and table numbers, no responders and no conversion, so the copy is cheap and the
/// writer thread can turn it into records on its own.
///
/// Responders appear as numbers of paths and commands as numbers of commands; a table entry is
/// defined (``Kind/definePath`` and ``Kind/defineCommand``) before the first event using it, in
/// the same stream, so the writer always knows every number it reads.
struct RecordedEvent {
    /// What the event is.
    enum Kind: UInt8 {
        /// A dispatch: the press, its resolution's numbers, timings and counters.
        case dispatch
        /// A record to write as it is (``record``): chain changes, invalidations, markers.
        case record
        /// `count` events were dropped; ``press`` carries the timestamp of the last one kept.
        case dropped
        /// Path number ``provider`` is ``text``.
        case definePath
        /// Command number ``command`` is ``definedCommand``.
        case defineCommand
    }

    static let none: Int32 = -1

    // Layout: the fields every dispatch writes come first and fill the slot's first
    // ``hotBytes`` (three cache lines: timings, press, the rest); the payload of the rare kinds
    // follows, so a dispatch neither writes nor prefetches those lines.
    var timings: StageTimings = .zero
    var press: KeyPress
    var uncertainty: UInt64?
    var kind: Kind
    var outcome: DispatchOutcome = .unhandled
    /// Which of the command's actions the resolution's action is.
    var actionSource: Resolution.ActionSource = .none
    /// Whether ``record``, ``text`` or ``definedCommand`` may be set (a plain flag: checking the
    /// optionals themselves goes through their value witnesses).
    var hasPayload = false
    /// Command numbers (``none`` when absent).
    var command: Int32 = RecordedEvent.none
    var blockingCommand: Int32 = RecordedEvent.none
    /// Path numbers (``none`` when absent): the provider and the target (or press handler).
    var provider: Int32 = RecordedEvent.none
    var target: Int32 = RecordedEvent.none
    var queries: KeyCommandQueries = .none
    /// For ``Kind/dropped``: how many.
    var count: UInt64 = 0
    /// For ``Kind/record``.
    var record: TraceRecord?
    /// For ``Kind/definePath``.
    var text: String?
    /// For ``Kind/defineCommand``.
    var definedCommand: KeyCommand?
    /// Pads the slot to whole cache lines (288 → 320 bytes), so that no two slots share a
    /// line (`EventRingTests` checks it).
    private var linePadding: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The bytes at the start of a slot that a dispatch event uses, in whole cache lines: every
    /// field before the rare kinds' payload. A constant, so the loops over these lines unroll;
    /// `EventRingTests` checks that each of those fields lies within it.
    @inline(__always) static var hotBytes: Int { 3 * EventRing.cacheLine }

    /// An empty slot.
    static var empty: RecordedEvent { RecordedEvent(press: KeyPress(.began, HIDUsage(0)), kind: .record) }

    /// Path number `number` is `path`.
    static func pathDefinition(_ number: Int32, path: String) -> RecordedEvent {
        var definition = RecordedEvent.empty
        definition.kind = .definePath
        definition.provider = number
        definition.text = path
        definition.hasPayload = true
        return definition
    }

    /// Command number `number` is `command`.
    static func commandDefinition(_ number: Int32, command: KeyCommand) -> RecordedEvent {
        var definition = RecordedEvent.empty
        definition.kind = .defineCommand
        definition.command = number
        definition.definedCommand = command
        definition.hasPayload = true
        return definition
    }

    /// Drops the payload of a rare kind (a slot is reused for every kind).
    @inline(__always)
    mutating func clearPayload() {
        guard hasPayload else { return }
        record = nil
        text = nil
        definedCommand = nil
        hasPayload = false
    }
}
