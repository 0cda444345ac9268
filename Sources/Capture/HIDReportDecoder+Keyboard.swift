import KeyTraceCore

extension HIDReportDecoder {
    /// Decodes one input report of the keyboard `info` into presses appended to `events`, and
    /// counts it in `summary`: the device is announced (`.device`) and listed as a keyboard
    /// endpoint at its first key or error code, reports with an ID the descriptor does not define
    /// are `other-report`, empty ones `malformed`. Shared by the hid-recorder and libinput readers.
    ///
    /// Returns, for a report that is not empty, its report ID, whether it carries ErrorRollOver
    /// (phantom state) and the index in `events` of its first press, where a reader that keeps
    /// report records puts the report's own record.
    @discardableResult
    mutating func consume(_ report: [UInt8], keyboard info: DeviceInfo, announced: inout Bool,
                          tracker: inout KeyStateTracker, timestamp: UInt64, uncertaintyNs: UInt64,
                          summary: inout CaptureSummary,
                          into events: inout [CaptureEvent]) -> (reportID: UInt8, isPhantomState: Bool, firstPress: Int)? {
        let outcome = report.withUnsafeBytes { decode($0) }
        let id = info.id
        switch outcome {
        case .empty:
            summary.skip(.malformed)
            return nil
        case .unknownReportID(let reportID):
            summary.updateEndpoint(id) { $0.sawReport(length: report.count, reportID: reportID) }
            summary.skip(.otherReport)
            return (reportID, false, events.count)
        case .decoded(let reportID, let changes, let errorCode):
            summary.reportsDecoded += 1
            if descriptor.usesReportIDs { summary.updateEndpoint(id) { $0.sawReportID(reportID) } }
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
            let firstPress = events.count
            let began = tracker.apply(changes, errorCode: errorCode, timestamp: timestamp, uncertaintyNs: uncertaintyNs,
                                      summary: &summary, into: &events)
            if !began.isEmpty { summary.updateEndpoint(id) { $0.keysByPage.merge(began, uniquingKeysWith: +) } }
            return (reportID, errorCode.map { HIDUsage(UInt16($0)) == .errorRollOver } ?? false, firstPress)
        }
    }
}
