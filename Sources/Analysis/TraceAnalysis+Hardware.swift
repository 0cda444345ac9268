import Statistics

extension TraceAnalysis {
    /// What the keyboard's own timing says, per device: chatter, chords, rollover, dwell per
    /// key and the report intervals (docs/HardwareTiming.md). Only key records
    /// with a hardware timestamp count.
    public struct HardwareFigures: Sendable, Codable {
        /// The thresholds used.
        public var options: HardwareOptions
        /// One entry per device, in device-id order.
        public var devices: [HardwareDevice] = []
    }

    /// The hardware figures of one device.
    public struct HardwareDevice: Sendable, Codable {
        /// The device id as text (`4.5.129`).
        public var id: String
        /// The device's name from the trace metadata.
        public var name: String?
        /// Non-repeat key-downs.
        public var keyDowns: UInt64 = 0
        /// Reports with at least one key change (key records of one device sharing a timestamp
        /// came from one report).
        public var reports: UInt64 = 0
        public var chatter = Chatter()
        public var chords = Chords()
        public var rollover = Rollover()
        /// Releases that arrived in the same report as the next key's press (rollover typing).
        public var releasesWithNextPress: UInt64 = 0
        public var polling = Polling()
        /// Per key, most presses first.
        public var keys: [KeyFigures] = []
        /// What the device's HID report records say; `nil` when the trace has none for it.
        public var reportRecords: ReportFigures?
        /// Every gap between reports and every chord split, for the charts.
        public var reportIntervals = LatencyDistribution()
        public var chordSplits = LatencyDistribution()
    }

    /// A key released and pressed again within the chatter threshold.
    public struct Chatter: Sendable, Codable {
        /// Chatter presses.
        public var count: UInt64 = 0
        /// count / key-downs.
        public var share: Double = 0
        /// The longest release-to-press gap counted as chatter.
        public var longestGapNanoseconds: UInt64 = 0
        /// The shortest debounce time, in whole milliseconds, that would have absorbed every
        /// chatter press: the longest gap rounded up to the next millisecond. `nil` without chatter.
        public var recommendedDebounceNanoseconds: UInt64?
        /// The first ``HardwareAccumulator/maximumListedEvents`` chatter presses, in order.
        public var events: [ChatterEvent] = []
    }

    /// One chatter press.
    public struct ChatterEvent: Sendable, Codable, Hashable {
        /// The key's name (`A`, `Left Shift`).
        public var key: String
        /// Release and the press that followed, from the device's first report.
        public var releaseOffsetNanoseconds: UInt64
        public var pressOffsetNanoseconds: UInt64
        /// press − release.
        public var gapNanoseconds: UInt64
    }

    /// Keys pressed together: downs within the chord window of the first, before any of them is
    /// released. A chord has two keys or more.
    public struct Chords: Sendable, Codable {
        public var count: UInt64 = 0
        /// Chord split: last down − first down, as the board reported them.
        public var split = LatencyStatistics.empty
        /// Chords whose downs all arrived in one report, and those spread over several.
        public var inOneReport: UInt64 = 0
        public var inSeveralReports: UInt64 = 0
        /// The chords with the widest split, widest first.
        public var widest: [Chord] = []
    }

    /// One chord.
    public struct Chord: Sendable, Codable, Hashable {
        /// The keys in the order they went down.
        public var keys: [String]
        /// From the device's first report.
        public var offsetNanoseconds: UInt64
        public var splitNanoseconds: UInt64
        /// Reports the downs arrived in.
        public var reports: Int
    }

    /// How many keys the device reported held at once.
    public struct Rollover: Sendable, Codable {
        /// The most keys held at once, modifiers included, and when that first happened.
        public var maxKeysHeld: Int = 0
        public var maxKeysHeldOffsetNanoseconds: UInt64 = 0
        /// The most non-modifier keys held at once.
        public var maxNonModifierKeysHeld: Int = 0
        /// Whether more than six non-modifier keys were held at once: beyond what a boot
        /// report can carry, so the board's n-key rollover was exercised.
        public var nkroExercised: Bool = false
        /// Reports carrying the ErrorRollOver usage (0x01: too many keys, phantom state), and
        /// when the first came.
        public var errorRollOverReports: UInt64 = 0
        public var firstErrorRollOverOffsetNanoseconds: UInt64?
    }

    /// The gaps between the device's reports against its polling interval.
    public struct Polling: Sendable, Codable {
        /// The polling interval `bInterval` implies (trace metadata); `nil` when unknown.
        public var intervalNanoseconds: UInt64?
        /// Gaps between consecutive reports.
        public var reportInterval = LatencyStatistics.empty
        /// Distance of each gap from the nearest multiple of the polling interval; `nil`
        /// without a polling interval.
        public var jitter: LatencyStatistics?
        /// Share of gaps within ±10 % of a multiple of 1 ms (a USB frame) and of 125 µs (a
        /// high-speed microframe).
        public var shareOnFrameGrid: Double = 0
        public var shareOnMicroframeGrid: Double = 0
        /// Gaps per polling-interval multiple: `[1: 40, 2: 12, …]` as text keys, for the
        /// histogram; gaps beyond 64 intervals count under `"more"`.
        public var gapsByIntervals: [String: UInt64] = [:]
    }

    /// One key's figures.
    public struct KeyFigures: Sendable, Codable, Hashable {
        /// The key's name, usage page (0x07 for keyboard keys) and usage.
        public var key: String
        public var usagePage: UInt16
        public var usage: UInt16
        public var presses: UInt64 = 0
        public var chatter: UInt64 = 0
        /// chatter / presses.
        public var chatterShare: Double = 0
        /// Dwell (down → up): median (to 1 ms) and longest.
        public var dwellMedianNanoseconds: UInt64?
        public var dwellMaxNanoseconds: UInt64?
    }
}

extension TraceAnalysis {
    /// What a device's HID report records say (traces recorded with report records: `record
    /// --pcap`, `--interface`, `--hid-recorder` without `--no-reports`); docs/HardwareTiming.md,
    /// "Report-level timing".
    public struct ReportFigures: Sendable, Codable {
        /// Input reports recorded, and those whose bytes differ from the previous report of
        /// their report ID (a change of state).
        public var inputReports: UInt64 = 0
        public var changeReports: UInt64 = 0
        /// Input reports that repeat the previous report of their ID: within 1.5 polling
        /// intervals of the previous report (a duplicate), or later (an idle report, HID 1.11
        /// §7.2.4).
        public var duplicateReports: UInt64 = 0
        public var idleReports: UInt64 = 0
        /// The polling interval the classification used (trace metadata), `nil` when unknown.
        public var pollingIntervalNanoseconds: UInt64?
        /// Whether the endpoint reports at every poll (it sent at least one duplicate): only
        /// then can a missed poll be told from a poll with nothing to report.
        public var reportsEveryPoll = false
        /// Polls missed while a key was held (a gap longer than 1.5 polling intervals counts
        /// round(gap / interval) − 1), and the gaps that held them; `nil` when the endpoint
        /// does not report every poll or the interval is unknown.
        public var missedPolls: UInt64?
        public var gapsWithMissedPolls: UInt64?
        /// The first ``HardwareAccumulator/maximumListedEvents`` such gaps.
        public var missedPollGaps: [MissedPollGap] = []
        /// Input reports in phantom state (ErrorRollOver in the key array: too many keys held),
        /// and when the first ``HardwareAccumulator/maximumListedEvents`` came, from the device's
        /// first record.
        public var phantomStateReports: UInt64 = 0
        public var phantomStateOffsetsNanoseconds: [UInt64] = []
        /// Output reports sent to the device, and those that carried a decodable LED state.
        public var outputReports: UInt64 = 0
        public var ledReports: UInt64 = 0
        /// LED state changes (the first ``HardwareAccumulator/maximumListedEvents``), and how many.
        public var ledChangeCount: UInt64 = 0
        public var ledChanges: [LEDChange] = []
        /// When Caps Lock was on.
        public var capsLock = CapsLockFigures()
    }

    /// A gap between two reports of a device reporting every poll, while a key was held.
    public struct MissedPollGap: Sendable, Codable, Hashable {
        /// The report that ended the gap, from the device's first record.
        public var offsetNanoseconds: UInt64
        public var gapNanoseconds: UInt64
        /// round(gap / interval) − 1.
        public var missedPolls: UInt64
    }

    /// A new LED state from an Output report.
    public struct LEDChange: Sendable, Codable, Hashable {
        /// From the device's first record.
        public var offsetNanoseconds: UInt64
        /// The LEDs on after it (`Num Lock`, `Caps Lock`, `Scroll Lock`, `Compose`, `Kana`).
        public var leds: [String]
    }

    /// The intervals the host kept the Caps Lock LED on.
    public struct CapsLockFigures: Sendable, Codable {
        /// Times it went on, and the total time on (to the device's last record for an interval
        /// still open at the end).
        public var count: UInt64 = 0
        public var onNanoseconds: UInt64 = 0
        /// The first ``HardwareAccumulator/maximumListedEvents`` intervals.
        public var intervals: [LEDInterval] = []
    }

    /// One interval with an LED on.
    public struct LEDInterval: Sendable, Codable, Hashable {
        /// From the device's first record; `endOffsetNanoseconds` is `nil` when the LED was still
        /// on when the trace ended.
        public var startOffsetNanoseconds: UInt64
        public var endOffsetNanoseconds: UInt64?
        public var durationNanoseconds: UInt64
    }
}
