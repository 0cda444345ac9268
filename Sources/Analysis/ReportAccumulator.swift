import KeyTraceCore

/// Builds one device's ``TraceAnalysis/ReportFigures`` from its HID report records, in one pass.
///
/// State is bounded: the previous report of each report ID (at most 256, 64 bytes each), the
/// last report's time and held state, the LED state, and at most
/// ``HardwareAccumulator/maximumListedEvents`` listed events of each kind.
///
///     input  ──▶ same bytes as the previous report of its ID? ──▶ duplicate (gap ≤ 1.5 P) / idle
///            ──▶ gap > 1.5 P after a report with keys held ──▶ round(gap / P) − 1 missed polls
///            ──▶ phantom state (ErrorRollOver)
///     output ──▶ LEDs changed? ──▶ LED change; Caps Lock on/off ──▶ intervals
struct ReportAccumulator {
    /// P: the device's polling interval, `nil` when unknown.
    let pollingInterval: UInt64?
    private(set) var figures: TraceAnalysis.ReportFigures
    private var previous: [UInt8: HIDReportBytes] = [:]
    private var lastInput: UInt64?
    private var lastInputHeldKeys = false
    private var missedPolls: UInt64 = 0
    private var gapsWithMissedPolls: UInt64 = 0
    private var leds: KeyboardLEDs?
    private var capsLockOnSince: UInt64?
    private var lastTime: UInt64 = 0

    init(pollingInterval: UInt64?) {
        self.pollingInterval = pollingInterval
        figures = TraceAnalysis.ReportFigures(pollingIntervalNanoseconds: pollingInterval)
    }

    /// Whether a gap between two reports is longer than 1.5 polling intervals.
    static func skipsPolls(_ gap: UInt64, interval: UInt64) -> Bool {
        let (twice, gapOverflow) = gap.multipliedReportingOverflow(by: 2)
        let (thrice, intervalOverflow) = interval.multipliedReportingOverflow(by: 3)
        if intervalOverflow { return false }
        return gapOverflow || twice > thrice
    }

    mutating func add(_ report: HIDReport, origin: UInt64) {
        let t = report.timestamp
        lastTime = max(lastTime, t)
        switch report.direction {
        case .input: addInput(report, at: t, origin: origin)
        case .output: addOutput(report, at: t, origin: origin)
        }
    }

    private mutating func addInput(_ report: HIDReport, at t: UInt64, origin: UInt64) {
        figures.inputReports += 1
        let gap = lastInput.map { t >= $0 ? t - $0 : 0 }
        if let before = previous[report.reportID], before == report.bytes, let gap {
            if let p = pollingInterval, !Self.skipsPolls(gap, interval: p) {
                figures.duplicateReports += 1
            } else {
                figures.idleReports += 1
            }
        } else {
            figures.changeReports += 1
        }
        if let gap, let p = pollingInterval, p > 0, lastInputHeldKeys, Self.skipsPolls(gap, interval: p) {
            let rounded = gap / p + (gap % p >= (p + 1) / 2 ? 1 : 0)  // round(gap / P), at least 2 here
            let polls = max(rounded, 1) - 1
            missedPolls += polls
            gapsWithMissedPolls += 1
            if figures.missedPollGaps.count < HardwareAccumulator.maximumListedEvents {
                figures.missedPollGaps.append(TraceAnalysis.MissedPollGap(offsetNanoseconds: t &- origin, gapNanoseconds: gap,
                                                                          missedPolls: polls))
            }
        }
        if report.isPhantomState {
            figures.phantomStateReports += 1
            if figures.phantomStateOffsetsNanoseconds.count < HardwareAccumulator.maximumListedEvents {
                figures.phantomStateOffsetsNanoseconds.append(t &- origin)
            }
        }
        previous[report.reportID] = report.bytes
        lastInput = t
        lastInputHeldKeys = report.keysHeld || report.isPhantomState
    }

    private mutating func addOutput(_ report: HIDReport, at t: UInt64, origin: UInt64) {
        figures.outputReports += 1
        guard let now = report.leds else { return }
        figures.ledReports += 1
        if now != leds {
            figures.ledChangeCount += 1
            if figures.ledChanges.count < HardwareAccumulator.maximumListedEvents {
                figures.ledChanges.append(TraceAnalysis.LEDChange(offsetNanoseconds: t &- origin, leds: now.names))
            }
        }
        leds = now
        if now.contains(.capsLock), capsLockOnSince == nil {
            capsLockOnSince = t
            figures.capsLock.count += 1
        } else if !now.contains(.capsLock), let since = capsLockOnSince {
            closeCapsLock(since: since, at: t, ended: true, origin: origin)
        }
    }

    private mutating func closeCapsLock(since: UInt64, at t: UInt64, ended: Bool, origin: UInt64) {
        capsLockOnSince = nil
        let duration = t >= since ? t - since : 0
        figures.capsLock.onNanoseconds += duration
        if figures.capsLock.intervals.count < HardwareAccumulator.maximumListedEvents {
            figures.capsLock.intervals.append(TraceAnalysis.LEDInterval(
                startOffsetNanoseconds: since &- origin, endOffsetNanoseconds: ended ? t &- origin : nil,
                durationNanoseconds: duration))
        }
    }

    /// The figures, with an interval still open closed at the device's last record.
    mutating func finish(origin: UInt64) -> TraceAnalysis.ReportFigures {
        if let since = capsLockOnSince { closeCapsLock(since: since, at: lastTime, ended: false, origin: origin) }
        figures.reportsEveryPoll = figures.duplicateReports > 0
        if figures.reportsEveryPoll, pollingInterval != nil {
            figures.missedPolls = missedPolls
            figures.gapsWithMissedPolls = gapsWithMissedPolls
        } else {
            figures.missedPollGaps = []
        }
        return figures
    }
}
