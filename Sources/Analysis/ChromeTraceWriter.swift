import KeyTraceCore
import TraceFormat

/// Writes trace records as Chrome trace-event JSON (the `traceEvents` object format), loadable
/// in Perfetto UI and chrome://tracing. Streaming: one press is held at a time.
///
/// ```
///  pid 1 "keytrace: PATH"
///   tid 1 "dispatch"          ▕━━━━━━━ ⌘G performed (ph X, dur = end-to-end) ━━━━━━━▏
///                             ▕ReceiveToChainWalk▏ChainWalkToCollect▏…▏DeliverToEnd▏  (ph X, nested)
///   tid 2 "chain & markers"   ◆ chain: first-responder      ◆ scene-state            (ph i)
/// ```
///
/// `ts` and `dur` are microseconds from the trace's first record, written with exactly three
/// decimals (nanosecond precision, no rounding), so stage spans nest inside their press span
/// exactly. A press span lasts at least as long as its stages added up.
public struct ChromeTraceWriter {
    private let emit: (String) throws -> Void
    private var first = true
    private var start: UInt64?
    private var pending: PressState?
    private var keys: UInt64 = 0
    /// Events written so far.
    public private(set) var events: UInt64 = 0

    static let dispatchThread = 1
    static let eventThread = 2

    /// A writer handing JSON text to `emit` in pieces; call ``begin(processName:)`` first and
    /// ``finish()`` last.
    public init(emit: @escaping (String) throws -> Void) {
        self.emit = emit
    }

    /// Writes the opening and the metadata events naming the process and threads.
    public mutating func begin(processName: String) throws {
        try emit("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n")
        try event("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\(JSONString.quote(processName))}}")
        try event("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":\(Self.dispatchThread),\"args\":{\"name\":\"dispatch\"}}")
        try event("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":\(Self.eventThread),\"args\":{\"name\":\"chain & markers\"}}")
    }

    /// Adds one record.
    public mutating func add(_ record: TraceRecord) throws {
        if start == nil { start = record.timestamp }
        switch record {
        case .key(let key):
            try flush()
            pending = PressState(sequence: keys, isOccupied: true, key: key)
            keys += 1
        case .resolution(let r):
            if pending?.sequence != r.pressSequence { try flush(); pending = PressState(sequence: r.pressSequence, isOccupied: true) }
            pending?.resolution = r
        case .stageTimings(let t):
            if pending?.sequence != t.pressSequence { try flush(); pending = PressState(sequence: t.pressSequence, isOccupied: true) }
            pending?.timings = t
        case .chainChange(let c):
            let route = [c.from, c.to].map { $0 ?? "(none)" }.joined(separator: " → ")
            try instant(name: "chain: \(c.kind.name)", at: c.timestamp, args: ["change": route])
        case .marker(let m):
            try instant(name: m.label, at: m.timestamp, args: m.text.map { ["text": $0] } ?? [:])
        case .dropped(let d):
            try instant(name: "dropped \(d.count)", at: d.timestamp, args: ["device": d.device.description])
        case .hidReport(let r):
            // LED changes are worth a mark on the timeline; input reports are what the keys already show.
            if r.direction == .output, let leds = r.leds {
                try instant(name: "LEDs: \(leds.summary)", at: r.timestamp, args: ["device": r.device.description])
            }
        case .keyCommandsCounters, .cache, .unknown:
            break
        }
    }

    /// Writes the pending press and closes the JSON.
    public mutating func finish() throws {
        try flush()
        try emit("\n]}\n")
    }

    private mutating func flush() throws {
        guard let press = pending else { return }
        pending = nil
        let at = press.key?.timestamp ?? press.resolution?.timestamp ?? press.timings?.timestamp ?? 0
        let ts = at - min(start ?? at, at)
        let stages = press.timings.map { Array($0.durations.prefix(DispatchStage.allCases.count)) } ?? []
        let stageSum = stages.reduce(0, +)
        let duration = max(press.timings?.total ?? 0, stageSum)
        let shortcut = press.key?.press.shortcutDescription ?? press.resolution?.command?.description ?? "?"
        let phase = press.key?.press.phase.name ?? "?"
        let outcome = press.resolution?.outcome.name ?? "unresolved"
        var args = ["sequence": "\(press.sequence)", "phase": phase, "outcome": outcome]
        if let r = press.resolution {
            if let a = r.action { args["action"] = a.name }
            if let c = r.command { args["command"] = c.description }
            if let p = r.providerPath { args["provider"] = p }
            if let t = r.targetPath { args["target"] = t }
        }
        if let total = press.timings?.total { args["endToEndNs"] = "\(total)" }
        try complete(name: "\(shortcut) \(outcome)", category: "press", at: ts, duration: duration, args: args)
        var offset = ts
        for (index, value) in stages.enumerated() {
            let name = DispatchStage(rawValue: UInt8(index))?.name ?? "stage \(index)"
            try complete(name: name, category: "stage", at: offset, duration: value, args: [:])
            offset += value
        }
    }

    private mutating func complete(name: String, category: String, at ts: UInt64, duration: UInt64, args: [String: String]) throws {
        try event("{\"ph\":\"X\",\"name\":\(JSONString.quote(name)),\"cat\":\"\(category)\",\"pid\":1,\"tid\":\(Self.dispatchThread),"
            + "\"ts\":\(Self.micros(ts)),\"dur\":\(Self.micros(duration))\(Self.args(args))}")
    }

    private mutating func instant(name: String, at timestamp: UInt64, args: [String: String]) throws {
        let ts = timestamp - min(start ?? timestamp, timestamp)
        try event("{\"ph\":\"i\",\"s\":\"t\",\"name\":\(JSONString.quote(name)),\"cat\":\"event\",\"pid\":1,\"tid\":\(Self.eventThread),"
            + "\"ts\":\(Self.micros(ts))\(Self.args(args))}")
    }

    private mutating func event(_ json: String) throws {
        try emit(first ? json : ",\n" + json)
        first = false
        events += 1
    }

    /// Nanoseconds as microseconds with three exact decimals: 1234567 → `1234.567`.
    static func micros(_ ns: UInt64) -> String {
        let fraction = String(ns % 1000)
        return "\(ns / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private static func args(_ args: [String: String]) -> String {
        guard !args.isEmpty else { return "" }
        let pairs = args.sorted { $0.key < $1.key }.map { "\(JSONString.quote($0.key)):\(JSONString.quote($0.value))" }
        return ",\"args\":{" + pairs.joined(separator: ",") + "}"
    }
}
