import KeyTraceCore
import KeyTraceSupport

extension KeyRecord {
    /// The JSON phase name: `down`, `up`, `repeat`, `changed` or `cancelled`.
    public var phaseName: String {
        switch press.phase {
        case .began: return press.isRepeat ? "repeat" : "down"
        case .ended: return "up"
        case .changed: return "changed"
        case .cancelled: return "cancelled"
        }
    }
}

extension TraceRecord {
    /// The record as one line of JSON (no newline), in the schema of docs/TraceFormat.md.
    ///
    /// Keys appear in a fixed order; absent optional values are `null`.
    public var jsonLine: String {
        var bytes: [UInt8] = []
        appendJSONLine(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the record's JSON line (``jsonLine``, without a line break) to `bytes`, building
    /// no intermediate strings: what `dump --json` and `export --format ndjson` write.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        var o = JSONObject(takingOver: &bytes)
        o.add("kind", kind.name)
        o.add("t_ns", timestamp)
        switch self {
        case .key(let r):
            let p = r.press
            o.add("phase", r.phaseName)
            o.add("usage", UInt64(p.usage.rawValue))
            o.add("usage_name", p.keyName)
            if !p.isKeyboardKey { o.add("usage_page", UInt64(p.usagePage.rawValue)) }
            o.add("device", p.device.description)
            o.add("characters", p.characters.string)
            o.add("characters_ignoring_modifiers", p.charactersIgnoringModifiers.string)
            o.add("modifier_flags", UInt64(p.modifierFlags.rawValue))
            o.add("modifier_sides", UInt64(p.modifierSides.rawValue))
            o.add("shortcut", p.shortcutDescription)
            o.add("is_repeat", p.isRepeat)
            if p.isSynthesizedRepeat { o.add("synthesized_repeat", true) }
            o.add("uncertainty_ns", r.timestampUncertainty)
        case .resolution(let r):
            o.add("press_seq", r.pressSequence)
            o.add("outcome", r.outcome.name)
            o.add("command", r.command?.description)
            o.add("command_input", r.command?.input.uiKitValue)
            o.add("command_modifiers", r.command.map { UInt64($0.modifiers.rawValue) })
            o.add("title", r.title)
            o.add("action", r.action?.name)
            o.add("up_action", r.isUpAction)
            o.add("provider", r.providerPath)
            o.add("target", r.targetPath)
            o.add("blocking_action", r.blockingAction?.name)
        case .stageTimings(let r):
            o.add("press_seq", r.pressSequence)
            var stages = JSONObject()
            for (i, d) in r.durations.enumerated() {
                stages.add(DispatchStage(rawValue: UInt8(truncatingIfNeeded: i)).map(\.name) ?? "stage\(i)", d)
            }
            o.add("stages_ns", object: stages)
            o.add("total_ns", r.total)
        case .keyCommandsCounters(let r):
            o.add("press_seq", r.pressSequence)
            o.add("calls", r.calls)
            o.add("policy_calls", r.policyCalls)
            o.add("enumerations", r.enumerations)
        case .cache(let r):
            o.add("event", r.event.name)
            if case .invalidation(let reason) = r.event { o.add("reason", reason.name) } else { o.add("reason", nil as String?) }
        case .chainChange(let r):
            o.add("change", r.kind.name)
            o.add("from", r.from)
            o.add("to", r.to)
        case .dropped(let r):
            o.add("device", r.device.description)
            o.add("count", r.count)
        case .marker(let r):
            o.add("label", r.label)
            o.add("text", r.text)
        case .hidReport(let r):
            o.add("direction", r.direction.name)
            o.add("device", r.device.description)
            o.add("interface", r.interface.map { UInt64($0) })
            o.add("endpoint", r.endpoint.map { UInt64($0) })
            o.add("report_id", UInt64(r.reportID))
            o.add("length", UInt64(r.length))
            o.add("bytes_hex", r.bytes.hex(separator: ""))
            o.add("keys_held", r.keysHeld)
            o.add("phantom_state", r.isPhantomState)
            o.add("leds", r.leds?.names.joined(separator: ","))
        case .unknown(let r):
            o.add("type", UInt64(r.type))
            o.add("payload_hex", r.payload.map { b in (b < 16 ? "0" : "") + String(b, radix: 16) }.joined())
        }
        o.finish(into: &bytes)
    }
}
