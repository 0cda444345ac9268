import KeyTraceCore

extension TraceRecord {
    /// The record as one human-readable line, with its time relative to `origin` in seconds,
    /// key names and ⇧⌘ notation, e.g. `     1.234567890  key         down    ⌘S  (S, usage 0x16)  4.5.129`.
    /// A repeat KeyTrace made at record time ends in `(synthesised)`.
    public func textLine(origin: UInt64) -> String {
        let relative = Int64(bitPattern: timestamp &- origin)
        let sign = relative < 0 ? "-" : ""
        let magnitude = relative.magnitude
        let fraction = String(magnitude % 1_000_000_000)
        let time = "\(sign)\(magnitude / 1_000_000_000)." + String(repeating: "0", count: 9 - fraction.count) + fraction
        let head = String(repeating: " ", count: max(0, 14 - time.count)) + time + "  " + pad(kind.name, 11)
        switch self {
        case .key(let r):
            let p = r.press
            let hexUsage = String(p.usage.rawValue, radix: 16, uppercase: true)
            let page = p.isKeyboardKey ? "" : "\(p.usagePage.name) page, "
            let line = head + pad(r.phaseName, 10) + pad(p.shortcutDescription, 8)
                + "(\(p.keyName), \(page)usage 0x\(hexUsage.count < 2 ? "0" : "")\(hexUsage))  \(p.device)"
            // Appended only when there is something to add: an empty append costs every line.
            return p.isSynthesizedRepeat ? line + "  (synthesised)" : line
        case .resolution(let r):
            var s = head + "#\(r.pressSequence) \(r.outcome.name)"
            if let c = r.command { s += " \(c)" }
            if let a = r.action { s += " → \(a.name)\(r.isUpAction ? " (up)" : "")" }
            if let t = r.title { s += " \"\(t)\"" }
            if let p = r.providerPath { s += " from \(p)" }
            if let t = r.targetPath { s += " on \(t)" }
            if let b = r.blockingAction { s += " blocked by \(b.name)" }
            return s
        case .stageTimings(let r):
            let parts = r.durations.enumerated().map { i, d in
                (DispatchStage(rawValue: UInt8(truncatingIfNeeded: i)).map(\.name) ?? "stage\(i)") + "=\(d)"
            }
            return head + "#\(r.pressSequence) total=\(r.total)ns " + parts.joined(separator: " ")
        case .keyCommandsCounters(let r):
            return head + "#\(r.pressSequence) calls=\(r.calls) policy=\(r.policyCalls) enumerations=\(r.enumerations)"
        case .cache(let r):
            if case .invalidation(let reason) = r.event { return head + "invalidation (\(reason.name))" }
            return head + r.event.name
        case .chainChange(let r):
            return head + "\(r.kind.name) \(r.from ?? "∅") → \(r.to ?? "∅")"
        case .dropped(let r):
            return head + "\(r.count) events lost from \(r.device)"
        case .marker(let r):
            // One record a line: a multi-line marker text (a scene-state snapshot) shows its line breaks as ⏎.
            return head + r.label + (r.text.map { ": " + $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ⏎ ") } ?? "")
        case .hidReport(let r):
            return head + r.textLine
        case .unknown(let r):
            return head + "type 0x\(String(r.type, radix: 16)) (\(r.payload.count) bytes)"
        }
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(1, width - s.count))
    }
}
