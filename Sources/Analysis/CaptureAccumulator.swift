import KeyTraceCore
import Statistics
import TraceFormat

/// Typing statistics of captured key records: inter-key intervals, dwell times, rollover and
/// how the report timestamps fall on the USB polling grid.
///
/// Only key records with a hardware timestamp count (a USB or evdev device, or a polling
/// uncertainty). State is bounded by the keys held at once and the devices seen.
struct CaptureAccumulator {
    /// How close to a grid multiple a gap must be, as a fraction of the grid step.
    static let gridTolerance = 0.1

    private struct DeviceState {
        var lastReport: UInt64?
        var heldNonModifiers: Set<UInt16> = []
        var pollingInterval: UInt64?
        var onPollingGrid: UInt64 = 0
        var deltas: UInt64 = 0
        var info: TraceFormat.DeviceInfo?
    }

    private var interKey = LatencyDistribution()
    private var dwell = LatencyDistribution()
    private var keyDowns: UInt64 = 0
    private var nonModifierDowns: UInt64 = 0
    private var rollover: UInt64 = 0
    private var deltas: UInt64 = 0
    private var on1ms: UInt64 = 0
    private var on8ms: UInt64 = 0
    private var sawCapture = false

    /// Chatter, chords, rollover, dwell per key and polling, per device.
    private(set) var hardware: HardwareAccumulator
    /// Repeats per key: of every key record, hardware timestamp or not (a script's repeats too).
    private(set) var repeats = RepeatTally()

    private var lastDown: UInt64?
    private var downAt: [DeviceUsage: UInt64] = [:]
    private var devices: [UInt64: DeviceState] = [:]
    private var finishedDevices: [TraceAnalysis.CaptureDevice] = []
    private var metadataDevices: [TraceFormat.DeviceInfo] = []

    private struct DeviceUsage: Hashable {
        var device: UInt64
        var usage: UInt16
    }

    init(hardware options: HardwareOptions = HardwareOptions()) {
        hardware = HardwareAccumulator(options: options)
    }

    mutating func beginTrace(devices: [TraceFormat.DeviceInfo]) {
        metadataDevices = devices
        hardware.beginTrace(devices: devices)
    }

    /// Adds a HID report record of a hardware device (USB or hid-recorder).
    mutating func add(report: HIDReport) {
        switch report.device.kind {
        case .usb, .hidraw, .evdev:
            sawCapture = true
            hardware.add(report: report)
        default:
            return
        }
    }

    mutating func add(_ key: KeyRecord) {
        repeats.add(key.press)
        guard TraceAnalyzer.hasHardwareTimestamp(key) else { return }
        sawCapture = true
        hardware.add(key.press)
        let press = key.press
        let t = press.timestamp
        let device = press.device.rawValue
        var state = devices[device] ?? makeState(press.device)
        if !press.isRepeat {
            if let last = state.lastReport, t > last {
                let delta = t - last
                deltas += 1
                state.deltas += 1
                if Self.isOnGrid(delta, step: 1_000_000) { on1ms += 1 }
                if Self.isOnGrid(delta, step: 8_000_000) { on8ms += 1 }
                if let p = state.pollingInterval, p > 0, Self.isOnGrid(delta, step: p) { state.onPollingGrid += 1 }
            }
            state.lastReport = t
        }
        let slot = DeviceUsage(device: device, usage: press.usage.rawValue)
        switch press.phase {
        case .began where !press.isRepeat:
            keyDowns += 1
            if let last = lastDown, t >= last { interKey.record(t - last) }
            lastDown = t
            downAt[slot] = t
            if !press.isModifierKey {
                nonModifierDowns += 1
                if !state.heldNonModifiers.subtracting([slot.usage]).isEmpty { rollover += 1 }
                state.heldNonModifiers.insert(slot.usage)
            }
        case .ended:
            if let down = downAt.removeValue(forKey: slot), t >= down { dwell.record(t - down) }
            state.heldNonModifiers.remove(slot.usage)
        case .cancelled:
            downAt.removeValue(forKey: slot)
            state.heldNonModifiers.remove(slot.usage)
        default:
            break
        }
        devices[device] = state
    }

    private func makeState(_ id: DeviceID) -> DeviceState {
        var state = DeviceState()
        state.info = metadataDevices.first { $0.id == id }
        state.pollingInterval = state.info?.pollingIntervalNanoseconds
        return state
    }

    /// Whether `delta` lies within ``gridTolerance`` steps of a multiple of `step`.
    static func isOnGrid(_ delta: UInt64, step: UInt64) -> Bool {
        let remainder = delta % step
        let distance = min(remainder, step - remainder)
        return Double(distance) <= gridTolerance * Double(step)
    }

    /// Ends one trace: intervals never span two traces.
    mutating func endTrace() {
        for (id, state) in devices.sorted(by: { $0.key < $1.key }) {
            let device = DeviceID(rawValue: id)
            let share = state.pollingInterval.map { _ in state.deltas == 0 ? 0 : Double(state.onPollingGrid) / Double(state.deltas) }
            finishedDevices.append(TraceAnalysis.CaptureDevice(
                id: device.description, name: state.info?.name, bInterval: state.info?.bInterval,
                pollingIntervalNanoseconds: state.pollingInterval, shareOnPollingGrid: share))
        }
        devices = [:]
        downAt = [:]
        lastDown = nil
        hardware.endTrace()
    }

    var figures: TraceAnalysis.CaptureFigures? {
        guard sawCapture else { return nil }
        var f = TraceAnalysis.CaptureFigures(interKeyInterval: interKey.statistics, dwell: dwell.statistics)
        f.keyDowns = keyDowns
        f.rolloverKeyDowns = rollover
        f.rolloverShare = nonModifierDowns == 0 ? 0 : Double(rollover) / Double(nonModifierDowns)
        f.reportDeltas = deltas
        f.shareOn1msGrid = deltas == 0 ? 0 : Double(on1ms) / Double(deltas)
        f.shareOn8msGrid = deltas == 0 ? 0 : Double(on8ms) / Double(deltas)
        f.gridTolerance = Self.gridTolerance
        f.devices = finishedDevices
        return f
    }
}
