import KeyTraceCore

extension TraceRecord {
    /// The CSV header line matching ``csvLine``: one fixed set of columns for every kind.
    public static let csvHeader = "kind,t_ns,phase,usage,device,characters,modifier_flags,press_seq,outcome,command,action,provider,target,total_ns,count,label,text"

    /// The record as one RFC 4180 CSV line; columns that do not apply to the kind are empty.
    public var csvLine: String {
        var c = [String](repeating: "", count: 17)
        c[0] = kind.name
        c[1] = String(timestamp)
        switch self {
        case .key(let r):
            c[2] = r.phaseName
            c[3] = String(r.press.usage.rawValue)
            c[4] = r.press.device.description
            c[5] = r.press.characters
            c[6] = String(r.press.modifierFlags.rawValue)
        case .resolution(let r):
            c[7] = String(r.pressSequence)
            c[8] = r.outcome.name
            c[9] = r.command?.description ?? ""
            c[10] = r.action?.name ?? ""
            c[11] = r.providerPath ?? ""
            c[12] = r.targetPath ?? ""
            c[16] = r.blockingAction.map { "blocked by " + $0.name } ?? ""
        case .stageTimings(let r):
            c[7] = String(r.pressSequence)
            c[13] = String(r.total)
            c[16] = r.durations.map(String.init).joined(separator: " ")
        case .keyCommandsCounters(let r):
            c[7] = String(r.pressSequence)
            c[14] = String(r.calls)
            c[16] = "policy_calls=\(r.policyCalls) enumerations=\(r.enumerations)"
        case .cache(let r):
            c[15] = r.event.name
            if case .invalidation(let reason) = r.event { c[16] = reason.name }
        case .chainChange(let r):
            c[15] = r.kind.name
            c[11] = r.from ?? ""
            c[12] = r.to ?? ""
        case .dropped(let r):
            c[4] = r.device.description
            c[14] = String(r.count)
        case .marker(let r):
            c[15] = r.label
            c[16] = r.text ?? ""
        case .unknown(let r):
            c[15] = "type \(r.type)"
            c[14] = String(r.payload.count)
        }
        var line = ""
        line.reserveCapacity(c.reduce(c.count) { $0 + $1.utf8.count })
        for (index, field) in c.enumerated() {
            if index > 0 { line += "," }
            line += TraceRecord.csvField(field)
        }
        return line
    }

    static func csvField(_ s: String) -> String {
        // A byte scan: the four bytes that force quoting are ASCII, never part of a longer character.
        guard s.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return s }
        return "\"" + s.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
        return out
    }
}
