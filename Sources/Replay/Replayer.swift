import KeyTraceCore
import ResponderEngine
import Scenes
import TraceFormat

/// Drives a trace's presses back through a scene's responder chain, deterministically.
///
/// Same trace + same scene ⇒ same resolutions and final scene state on every run and machine;
/// only measured stage times differ. Chain changes recorded in the trace that the scene's own
/// effects did not reproduce (a script's `focus`, an initial first responder) are applied
/// before the next press.
public final class Replayer {
    /// How fast presses are injected.
    public enum Pace: Hashable, Sendable, CustomStringConvertible {
        /// As fast as possible.
        case asap
        /// At the recorded offsets, scaled by `speed` (1 = original).
        case scaled(Double)

        /// The speeds `xN` accepts: from a thousandth of the recorded pace to a thousand times it.
        public static let speeds: ClosedRange<Double> = 0.001...1000

        /// The notation a pace is written in, for messages about a value that does not read.
        public static var notation: String {
            "asap, original or xN with N from \(speeds.lowerBound) to \(Int(speeds.upperBound)) (e.g. x2, x0.5)"
        }

        /// Parses `asap`, `original` or `xN` (`x2` = twice as fast, `x0.5` = half speed), N in
        /// ``speeds``.
        public init?(_ text: String) {
            switch text {
            case "asap": self = .asap
            case "original": self = .scaled(1)
            default:
                guard text.hasPrefix("x"), let speed = Double(text.dropFirst()), Self.speeds.contains(speed) else { return nil }
                self = .scaled(speed)
            }
        }

        public var description: String {
            switch self {
            case .asap: return "asap"
            case .scaled(let speed): return speed == 1 ? "original" : "x\(speed)"
            }
        }
    }

    /// Replay options.
    public struct Options: Sendable {
        /// The scene file; `nil` loads the scene the trace names.
        public var scenePath: String?
        /// How often the engine asks responders for `keyCommands`.
        public var policy: QueryPolicy = .cached
        /// What stands in for a missing first responder (R10); `nil` uses what the trace was
        /// recorded with (``TraceMetadata/firstResponderFallback``), else nothing, as on the device.
        public var firstResponderFallback: FirstResponderFallback?
        /// The platform to replay on; `nil` uses what the trace was recorded on
        /// (``TraceMetadata/platform``), else the scene's.
        public var platform: PlatformVersion?
        /// As fast as possible, or at the recorded pace scaled.
        public var pace: Pace = .asap
        /// A scene whose content hash differs from the one the trace was recorded with is an
        /// error (``ReplayError/Code/sceneMismatch``), not a warning. Whether resolutions are
        /// compared is ``compareResolutions`` (`keytrace replay --verify` sets both).
        public var requireRecordedScene = false
        /// Compare each replayed resolution with the one recorded in the trace and count the
        /// divergences (``ReplayReport/divergences``, ``ReplayReport/firstDivergence``).
        ///
        /// Off, the replay steps over recorded resolutions undecoded and keeps no press history:
        /// the report's comparison counts stay 0 and ``ReplayReport/matches`` speaks for the final
        /// scene state only. `keytrace replay` compares only with `--verify`, the one time it
        /// reports the comparison.
        public var compareResolutions = true
        /// A trace to write the replay's own resolutions and timings to.
        public var output: String?
        /// Measure each dispatch stage (``KeyDispatcher/defaultStageClock``).
        public var stageTiming = true
        /// Timed replays run at real-time priority when permitted (see ``ReplayReport/realTimePriority``).
        public var realTimePriority = true
        /// Keep every canonical line (golden files need them).
        public var keepLines = false
        /// Presses shown before a divergence.
        public var context = 5
        /// Distinct resolutions numbered before the numbering starts over (``ReplayLoop``);
        /// lowered by tests to exercise the start-over.
        var numberingLimit = 4096
        /// The defaults: asap, cached policy, stage timing on, the trace's scene.
        public init() {}
    }

    private enum Input {
        case file(String)
        case records([TraceRecord], metadata: TraceMetadata, name: String)
    }

    private let input: Input
    private let options: Options

    /// Prepares a replay of the trace at `tracePath`.
    public init(trace tracePath: String, options: Options) {
        self.input = .file(tracePath)
        self.options = options
    }

    /// Prepares a replay of records already decoded, in trace order, as if read from a trace
    /// with `metadata`; `name` stands for the trace's path in the report and the output.
    /// Benchmarks use it to measure replay apart from decoding.
    public init(records: [TraceRecord], metadata: TraceMetadata, name: String, options: Options) {
        self.input = .records(records, metadata: metadata, name: name)
        self.options = options
    }

    /// Runs the replay. Throws ``ReplayError`` for unusable input (unreadable trace, no scene).
    /// `observer`, when given, also sees every dispatch (benchmarks attach their recorder here).
    public func run(observer extra: DispatchObserver? = nil) throws -> ReplayReport {
        switch input {
        case .file(let path):
            let reader: TraceReader
            do { reader = try TraceReader(path: path) } catch { throw ReplayError.trace(path, error) }
            var loop = try ReplayLoop(trace: path, metadata: reader.header.metadata, options: options, observer: extra)
            // Records a replay does not use (timings, counters, cache events) are stepped over undecoded.
            var cursor = reader.cursor()
            while cursor.next(in: loop.kindsUsed) {
                switch cursor.kind {
                case .key: if let key = cursor.keyRecord { try loop.replay(key) }
                case .resolution:
                    if let reference = cursor.resolutionReference {
                        loop.compare(reference) { cursor.resolution }
                    } else if let expected = cursor.resolution {
                        loop.compare(expected)
                    }
                default: try loop.handle(cursor.record)
                }
            }
            var report = try loop.finish()
            report.traceIntegrity = reader.report(after: cursor)
            return report
        case .records(let records, let metadata, let name):
            var loop = try ReplayLoop(trace: name, metadata: metadata, options: options, observer: extra)
            for record in records { try loop.handle(record) }
            return try loop.finish()
        }
    }
}

