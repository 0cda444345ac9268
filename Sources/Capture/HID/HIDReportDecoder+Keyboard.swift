import KeyTraceCore

extension HIDReportDecoder {
    /// Decodes one input report of the keyboard `info` into presses appended to `events`, and
    /// counts it in `summary`: the device is announced (`.device`) and listed as a keyboard
    /// endpoint at its first key or error code, reports with an ID the descriptor does not define
    /// are `other-report`, empty ones `malformed`. Shared by the hid-recorder and libinput readers.
    ///
    /// With `recordsReport`, a report that is not empty also becomes a ``CaptureEvent/report(_:)``
    /// (when the descriptor has keys): after the device's announcement and before the presses it
    /// caused, with the keys held after it and whether it carries ErrorRollOver (phantom state).
    mutating func consume(_ report: [UInt8], keyboard info: DeviceInfo, announced: inout Bool,
                          tracker: inout KeyStateTracker, timestamp: UInt64, uncertaintyNs: UInt64,
                          recordsReport: Bool, summary: inout CaptureSummary, into events: inout [CaptureEvent]) {
        let outcome = report.withUnsafeBytes { decode($0) }
        let id = info.id
        let reportID: UInt8
        let isPhantomState: Bool
        let firstPress: Int
        switch outcome {
        case .empty:
            summary.skip(.malformed)
            return
        case .unknownReportID(let unknown):
            summary.updateEndpoint(id) { $0.sawReport(length: report.count, reportID: unknown) }
            summary.skip(.otherReport)
            (reportID, isPhantomState, firstPress) = (unknown, false, events.count)
        case .decoded(let decoded, let changes, let errorCode):
            summary.reportsDecoded += 1
            if descriptor.usesReportIDs { summary.updateEndpoint(id) { $0.sawReportID(decoded) } }
            if !announced, !changes.isEmpty || errorCode != nil {
                announced = true
                summary.record(device: info)
                summary.updateEndpoint(id) { entry in
                    entry.role = "keyboard"
                    entry.identifiedBy = .reportDescriptor
                    entry.hasReportDescriptor = true
                }
                events.append(.device(info))
            }
            firstPress = events.count
            let began = tracker.apply(changes, errorCode: errorCode, timestamp: timestamp, uncertaintyNs: uncertaintyNs,
                                      summary: &summary, into: &events)
            if !began.isEmpty { summary.updateEndpoint(id) { $0.keysByPage.merge(began, uniquingKeysWith: +) } }
            reportID = decoded
            isPhantomState = errorCode.map { HIDUsage(UInt16($0)) == .errorRollOver } ?? false
        }
        guard recordsReport, descriptor.hasKeys else { return }
        let record = report.withUnsafeBytes { bytes in
            CaptureEvent.report(HIDReport(timestamp: timestamp, device: id, direction: .input, reportID: reportID,
                                          bytes: bytes, keysHeld: tracker.holdsKeys, isPhantomState: isPhantomState))
        }
        events.insert(record, at: firstPress)
    }
}
