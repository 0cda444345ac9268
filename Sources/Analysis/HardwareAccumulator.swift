import KeyTraceCore
import Statistics
import TraceFormat

/// Builds ``TraceAnalysis/HardwareFigures`` from a device's key records, in one pass.
///
/// Key records of one device that share a timestamp came from one report. State is bounded by
/// the keys of a keyboard: per device, the keys held, each key's last release, its first
/// ``exactDwells`` dwells and a dwell histogram of ``dwellBuckets`` counts per key, and at most ``maximumListedEvents`` chatter
/// events and ``maximumListedChords`` chords kept for the listing.
///
///     down ──▶ chatter? (same key released < threshold ago)
///          ──▶ chord:   open chord, within the window, no member released → joins it
///          ──▶ rollover: keys held now
///     up   ──▶ dwell; closes the open chord if it was a member
///     report (new timestamp) ──▶ gap to the previous report ──▶ polling figures
///     HID report record ──▶ ReportAccumulator: duplicates, idle reports, missed polls, phantom
///                           state (ErrorRollOver), LED changes and Caps Lock intervals
struct HardwareAccumulator {
    static let maximumListedEvents = 50
    static let maximumListedChords = 10
    /// Dwell histogram: 1 ms buckets, the last one collecting everything from 2 s on.
    static let dwellBuckets = 2001
    static let gridTolerance = CaptureAccumulator.gridTolerance
    /// ErrorRollOver, the usage a keyboard reports in every slot when too many keys are held.
    static let errorRollOver: UInt16 = 0x01

    let options: HardwareOptions

    /// A key on a device: usage page << 16 | usage, so media keys never share a keyboard key's figures.
    typealias Key = UInt32

    private struct KeyState {
        var name = ""
        var presses: UInt64 = 0
        var chatter: UInt64 = 0
        var lastRelease: UInt64?
        var down: UInt64?
        var dwellCount: UInt64 = 0
        var dwellMin = UInt64.max
        var dwellMax: UInt64 = 0
        var dwell: [UInt32] = []
        /// The dwells themselves while there are at most ``exactDwells`` of them.
        var dwells: [UInt64] = []
    }

    private struct OpenChord {
        var first: UInt64
        var last: UInt64
        /// Key names in the order they went down, and the keys themselves.
        var keys: [String]
        var members: Set<Key>
        var reports: Set<UInt64>
    }

    private struct DeviceState {
        var info: TraceFormat.DeviceInfo?
        var origin: UInt64?
        var figures: TraceAnalysis.HardwareDevice
        var keys: [Key: KeyState] = [:]
        /// Keys held now, and whether each is a modifier.
        var held: [Key: Bool] = [:]
        var lastReport: UInt64?
        var lastReleaseTime: UInt64?
        var lastErrorRollOverReport: UInt64?
        var chord: OpenChord?
        var chordSplit = LatencyDistribution()
        var intervals = LatencyDistribution()
        var jitter = LatencyDistribution()
        var onFrameGrid: UInt64 = 0
        var onMicroframeGrid: UInt64 = 0
        var reports: ReportAccumulator?
    }

    private var devices: [UInt64: DeviceState] = [:]
    private var metadataDevices: [TraceFormat.DeviceInfo] = []
    private var finished: [TraceAnalysis.HardwareDevice] = []
    private var sawHardware = false

    init(options: HardwareOptions) {
        self.options = options
    }

    mutating func beginTrace(devices: [TraceFormat.DeviceInfo]) {
        metadataDevices = devices
    }

    /// Adds one key record with a hardware timestamp.
    mutating func add(_ press: KeyPress) {
        guard !press.isRepeat else { return }
        sawHardware = true
        let id = press.device.rawValue
        var state = devices[id] ?? makeState(press.device)
        let t = press.timestamp
        let origin = state.origin ?? t
        state.origin = origin
        noteReport(at: t, in: &state)
        let usage = Key(press.usagePage.rawValue) << 16 | Key(press.usage.rawValue)
        if press.isKeyboardKey, press.usage.rawValue == Self.errorRollOver {
            if press.phase == .began, state.lastErrorRollOverReport != t {
                state.figures.rollover.errorRollOverReports += 1
                if state.figures.rollover.firstErrorRollOverOffsetNanoseconds == nil {
                    state.figures.rollover.firstErrorRollOverOffsetNanoseconds = t &- origin
                }
                state.lastErrorRollOverReport = t
            }
            devices[id] = state
            return
        }
        var key = state.keys[usage] ?? KeyState(name: press.keyName)
        switch press.phase {
        case .began:
            state.figures.keyDowns += 1
            key.presses += 1
            if let release = key.lastRelease, t >= release, t - release <= options.chatterThresholdNanoseconds {
                key.chatter += 1
                recordChatter(key.name, release: release, press: t, origin: origin, in: &state)
            }
            if let release = state.lastReleaseTime, release == t { state.figures.releasesWithNextPress += 1 }
            key.down = t
            state.held[usage] = press.isModifierKey
            noteRollover(at: t, origin: origin, in: &state)
            joinChord(usage, name: key.name, at: t, origin: origin, in: &state)
        case .ended, .cancelled:
            if let down = key.down, t >= down, press.phase == .ended { recordDwell(t - down, in: &key) }
            key.down = nil
            key.lastRelease = t
            state.lastReleaseTime = t
            state.held[usage] = nil
            if let chord = state.chord, chord.members.contains(usage) { closeChord(origin: origin, in: &state) }
        default:
            break
        }
        state.keys[usage] = key
        devices[id] = state
    }

    /// Adds one HID report record: report-level timing, phantom state and LEDs (``ReportAccumulator``).
    mutating func add(report: HIDReport) {
        sawHardware = true
        let id = report.device.rawValue
        var state = devices[id] ?? makeState(report.device)
        let t = report.timestamp
        let origin = state.origin ?? t
        state.origin = origin
        var reports = state.reports ?? ReportAccumulator(pollingInterval: state.figures.polling.intervalNanoseconds)
        reports.add(report, origin: origin)
        state.reports = reports
        if report.isPhantomState {
            state.figures.rollover.errorRollOverReports += 1
            if state.figures.rollover.firstErrorRollOverOffsetNanoseconds == nil {
                state.figures.rollover.firstErrorRollOverOffsetNanoseconds = t &- origin
            }
        }
        devices[id] = state
    }

    /// Ends one trace: no interval, chord or chatter spans two traces.
    mutating func endTrace() {
        for id in devices.keys.sorted() {
            guard var state = devices[id] else { continue }
            closeChord(origin: state.origin ?? 0, in: &state)
            finished.append(finish(state))
        }
        devices = [:]
    }

    var figures: TraceAnalysis.HardwareFigures? {
        guard sawHardware else { return nil }
        return TraceAnalysis.HardwareFigures(options: options, devices: finished)
    }

    // MARK: - Parts

    private func makeState(_ id: DeviceID) -> DeviceState {
        let info = metadataDevices.first { $0.id == id }
        var figures = TraceAnalysis.HardwareDevice(id: id.description, name: info?.name)
        figures.polling.intervalNanoseconds = info?.pollingIntervalNanoseconds
        return DeviceState(info: info, figures: figures)
    }

    private func noteReport(at t: UInt64, in state: inout DeviceState) {
        guard state.lastReport != t else { return }
        state.figures.reports += 1
        defer { state.lastReport = t }
        guard let last = state.lastReport, t > last else { return }
        let gap = t - last
        state.intervals.record(gap)
        if CaptureAccumulator.isOnGrid(gap, step: 1_000_000) { state.onFrameGrid += 1 }
        if CaptureAccumulator.isOnGrid(gap, step: 125_000) { state.onMicroframeGrid += 1 }
        if let interval = state.figures.polling.intervalNanoseconds, interval > 0 {
            let multiple = (gap + interval / 2) / interval
            let nearest = multiple.multipliedReportingOverflow(by: interval)
            if !nearest.overflow { state.jitter.record(gap > nearest.partialValue ? gap - nearest.partialValue : nearest.partialValue - gap) }
            let label = multiple > 64 ? "more" : String(multiple)
            state.figures.polling.gapsByIntervals[label, default: 0] += 1
        }
    }

    private func recordChatter(_ name: String, release: UInt64, press t: UInt64, origin: UInt64, in state: inout DeviceState) {
        let gap = t - release
        state.figures.chatter.count += 1
        state.figures.chatter.longestGapNanoseconds = max(state.figures.chatter.longestGapNanoseconds, gap)
        if state.figures.chatter.events.count < Self.maximumListedEvents {
            state.figures.chatter.events.append(TraceAnalysis.ChatterEvent(
                key: name, releaseOffsetNanoseconds: release &- origin, pressOffsetNanoseconds: t &- origin, gapNanoseconds: gap))
        }
    }

    private func recordDwell(_ dwell: UInt64, in key: inout KeyState) {
        if key.dwell.isEmpty { key.dwell = [UInt32](repeating: 0, count: Self.dwellBuckets) }
        let bucket = Int(min(dwell / 1_000_000, UInt64(Self.dwellBuckets - 1)))
        key.dwell[bucket] &+= 1
        key.dwellCount += 1
        key.dwellMin = min(key.dwellMin, dwell)
        key.dwellMax = max(key.dwellMax, dwell)
        if key.dwellCount <= Self.exactDwells { key.dwells.append(dwell) } else { key.dwells = [] }
    }

    private func noteRollover(at t: UInt64, origin: UInt64, in state: inout DeviceState) {
        let held = state.held.count
        let nonModifiers = state.held.values.filter { !$0 }.count
        if held > state.figures.rollover.maxKeysHeld {
            state.figures.rollover.maxKeysHeld = held
            state.figures.rollover.maxKeysHeldOffsetNanoseconds = t &- origin
        }
        state.figures.rollover.maxNonModifierKeysHeld = max(state.figures.rollover.maxNonModifierKeysHeld, nonModifiers)
        if nonModifiers > 6 { state.figures.rollover.nkroExercised = true }
    }

    private func joinChord(_ usage: Key, name: String, at t: UInt64, origin: UInt64, in state: inout DeviceState) {
        if var chord = state.chord, t >= chord.first, t - chord.first <= options.chordWindowNanoseconds {
            chord.keys.append(name)
            chord.members.insert(usage)
            chord.last = t
            chord.reports.insert(t)
            state.chord = chord
            return
        }
        closeChord(origin: origin, in: &state)
        state.chord = OpenChord(first: t, last: t, keys: [name], members: [usage], reports: [t])
    }

    private func closeChord(origin: UInt64, in state: inout DeviceState) {
        guard let chord = state.chord else { return }
        state.chord = nil
        guard chord.keys.count >= 2 else { return }
        let split = chord.last - chord.first
        state.figures.chords.count += 1
        state.chordSplit.record(split)
        if chord.reports.count == 1 { state.figures.chords.inOneReport += 1 } else { state.figures.chords.inSeveralReports += 1 }
        let entry = TraceAnalysis.Chord(keys: chord.keys, offsetNanoseconds: chord.first &- origin,
                                        splitNanoseconds: split, reports: chord.reports.count)
        var widest = state.figures.chords.widest
        if widest.count < Self.maximumListedChords || split > (widest.last?.splitNanoseconds ?? 0) {
            let slot = widest.firstIndex { $0.splitNanoseconds < split } ?? widest.endIndex
            widest.insert(entry, at: slot)
            if widest.count > Self.maximumListedChords { widest.removeLast() }
            state.figures.chords.widest = widest
        }
    }

    private func finish(_ state: DeviceState) -> TraceAnalysis.HardwareDevice {
        var figures = state.figures
        if var reports = state.reports { figures.reportRecords = reports.finish(origin: state.origin ?? 0) }
        let downs = figures.keyDowns
        figures.chatter.share = downs == 0 ? 0 : Double(figures.chatter.count) / Double(downs)
        if figures.chatter.count > 0 {
            let gap = figures.chatter.longestGapNanoseconds
            figures.chatter.recommendedDebounceNanoseconds = (gap / 1_000_000 + 1) * 1_000_000
        }
        figures.chords.split = state.chordSplit.statistics
        figures.chordSplits = state.chordSplit
        figures.polling.reportInterval = state.intervals.statistics
        figures.reportIntervals = state.intervals
        if figures.polling.intervalNanoseconds != nil { figures.polling.jitter = state.jitter.statistics }
        let gaps = state.intervals.count
        figures.polling.shareOnFrameGrid = gaps == 0 ? 0 : Double(state.onFrameGrid) / Double(gaps)
        figures.polling.shareOnMicroframeGrid = gaps == 0 ? 0 : Double(state.onMicroframeGrid) / Double(gaps)
        figures.keys = state.keys.map { id, key in
            var entry = TraceAnalysis.KeyFigures(key: key.name, usagePage: UInt16(id >> 16), usage: UInt16(truncatingIfNeeded: id),
                                                 presses: key.presses, chatter: key.chatter)
            entry.chatterShare = key.presses == 0 ? 0 : Double(key.chatter) / Double(key.presses)
            if key.dwellCount > 0 {
                if key.dwellCount <= Self.exactDwells {
                    // Few dwells (a key of a short capture): the median of the values themselves.
                    entry.dwellMedianNanoseconds = key.dwells.sorted()[Int((key.dwellCount + 1) / 2) - 1]
                } else {
                    // The bucket's middle, kept within the dwells seen.
                    let median = Self.median(of: key.dwell, count: key.dwellCount)
                    entry.dwellMedianNanoseconds = min(max(median, key.dwellMin), key.dwellMax)
                }
                entry.dwellMaxNanoseconds = key.dwellMax
            }
            return entry
        }
        .filter { $0.presses > 0 }
        .sorted { ($0.presses, $1.usagePage, $1.usage) > ($1.presses, $0.usagePage, $0.usage) }
        return figures
    }

    /// How many dwells per key are kept as they are, for an exact median.
    static let exactDwells: UInt64 = 256

    /// The median of a 1 ms histogram, as the middle of its bucket.
    private static func median(of buckets: [UInt32], count: UInt64) -> UInt64 {
        let half = (count + 1) / 2
        var seen: UInt64 = 0
        for (index, n) in buckets.enumerated() {
            seen += UInt64(n)
            if seen >= half { return UInt64(index) * 1_000_000 + 500_000 }
        }
        return UInt64(buckets.count - 1) * 1_000_000
    }
}
