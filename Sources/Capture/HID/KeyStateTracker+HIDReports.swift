import KeyTraceCore

extension KeyStateTracker {
    /// Emits the marker of a keyboard error code (ErrorRollOver, POSTFail, ErrorUndefined) in a report.
    func rollover(_ errorCode: UInt8, timestamp: UInt64, summary: inout CaptureSummary, into events: inout [CaptureEvent]) {
        summary.markers += 1
        events.append(.marker(CaptureMarker(
            label: HIDUsage(UInt16(errorCode)).name,
            detail: "keyboard reported an error in its key slots; keys kept as before, modifiers applied",
            timestamp: timestamp, device: device)))
    }

    /// Turns a decoded report's changes into presses (and its error code into a marker), counting
    /// them in `summary`; returns the keys pressed per usage page.
    mutating func apply(_ changes: [HIDReportDecoder.Change], errorCode: UInt8?, timestamp: UInt64, uncertaintyNs: UInt64,
                        summary: inout CaptureSummary, into events: inout [CaptureEvent]) -> [UInt16: Int] {
        if let errorCode { rollover(errorCode, timestamp: timestamp, summary: &summary, into: &events) }
        var began: [UInt16: Int] = [:]
        for change in changes {
            let page = HIDUsagePage(change.key.page)
            let press = press(change.phase, change.key.usage, page: page, timestamp: timestamp)
            summary.presses += 1
            if change.phase == .began { began[page.rawValue, default: 0] += 1 }
            events.append(.press(press, uncertaintyNs: uncertaintyNs))
        }
        return began
    }
}
