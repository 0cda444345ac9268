import Analysis
import KeyTraceCore
import KeyTraceSupport
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
        try metadata("process_name", thread: 0, name: processName)
        try metadata("thread_name", thread: Self.dispatchThread, name: "dispatch")
        try metadata("thread_name", thread: Self.eventThread, name: "chain & markers")
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

    private mutating func metadata(_ kind: String, thread: Int, name: String) throws {
        var object = JSONObject()
        object.add("ph", "M")
        object.add("name", kind)
        object.add("pid", 1)
        object.add("tid", thread)
        var args = JSONObject()
        args.add("name", name)
        object.add("args", object: args)
        try event(object)
    }

    private mutating func complete(name: String, category: String, at ts: UInt64, duration: UInt64, args: [String: String]) throws {
        var object = JSONObject()
        object.add("ph", "X")
        object.add("name", name)
        object.add("cat", category)
        object.add("pid", 1)
        object.add("tid", Self.dispatchThread)
        object.add("ts", fixedPoint: ts, decimals: 3)
        object.add("dur", fixedPoint: duration, decimals: 3)
        Self.add(args, to: &object)
        try event(object)
    }

    private mutating func instant(name: String, at timestamp: UInt64, args: [String: String]) throws {
        let ts = timestamp - min(start ?? timestamp, timestamp)
        var object = JSONObject()
        object.add("ph", "i")
        object.add("s", "t")
        object.add("name", name)
        object.add("cat", "event")
        object.add("pid", 1)
        object.add("tid", Self.eventThread)
        object.add("ts", fixedPoint: ts, decimals: 3)
        Self.add(args, to: &object)
        try event(object)
    }

    private mutating func event(_ object: JSONObject) throws {
        try emit(first ? object.text : ",\n" + object.text)
        first = false
        events += 1
    }

    /// Adds `args` as the event's `args` object, keys sorted; nothing when there are none.
    private static func add(_ args: [String: String], to object: inout JSONObject) {
        guard !args.isEmpty else { return }
        var values = JSONObject()
        for (name, value) in args.sorted(by: { $0.key < $1.key }) { values.add(field: name, value) }
        object.add("args", object: values)
    }
}
