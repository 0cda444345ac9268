import Foundation
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

        /// Parses `asap`, `original` or `xN` (`x2` = twice as fast, `x0.5` = half speed).
        public init?(_ text: String) {
            switch text {
            case "asap": self = .asap
            case "original": self = .scaled(1)
            default:
                guard text.hasPrefix("x"), let speed = Double(text.dropFirst()), speed > 0, speed.isFinite else { return nil }
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
        public var scenePath: String?
        public var policy: QueryPolicy = .cached
        public var pace: Pace = .asap
        public var verify = false
        public var output: String?
        public var stageTiming = true
        /// Keep every canonical line (golden files need them).
        public var keepLines = false
        /// Presses shown before a divergence.
        public var context = 5
        public init() {}
    }

    private let tracePath: String
    private let options: Options

    /// Prepares a replay of the trace at `tracePath`.
    public init(trace tracePath: String, options: Options) {
        self.tracePath = tracePath
        self.options = options
    }

    /// Runs the replay. Throws ``ReplayError`` for unusable input (unreadable trace, no scene).
    /// `observer`, when given, also sees every dispatch (benchmarks attach their recorder here).
    public func run(observer extra: DispatchObserver? = nil) throws -> ReplayReport {
        let reader: TraceReader
        do { reader = try TraceReader(path: tracePath) } catch { throw ReplayError.trace(tracePath, error) }
        let metadata = reader.header.metadata
        var report = ReplayReport(trace: tracePath, policy: options.policy, pace: options.pace)

        // The scene: given, or named in the trace.
        let scenePath: String
        if let given = options.scenePath {
            scenePath = given
        } else if let name = metadata.sceneName {
            guard let found = SceneLocator.path(forScene: name, near: tracePath) else {
                throw ReplayError.sceneNotFound(name: name, known: SceneLocator.knownScenes())
            }
            scenePath = found
        } else {
            throw ReplayError.noScene(tracePath)
        }
        let runtime = try SceneRuntime(contentsOf: scenePath)
        report.scene = runtime.definition.name
        report.scenePath = scenePath
        if let recorded = metadata.sceneContentHash, recorded != runtime.definition.contentHash {
            let message = "scene \(scenePath) differs from the one the trace was recorded with "
                + "(content hash \(runtime.definition.contentHash.prefix(12))… ≠ \(recorded.prefix(12))…)"
            if options.verify { throw ReplayError.sceneMismatch(message) }
            report.warnings.append(message)
        }
        let clock = MonotonicClock()
        let dispatcher = try runtime.makeDispatcher(policy: options.policy, clock: options.stageTiming ? clock : nil)

        // Optional output trace with the replay's own resolutions and timings.
        var recorder: TraceRecorder?
        if let output = options.output {
            var outMetadata = metadata
            outMetadata.sceneName = runtime.definition.name
            outMetadata.sceneContentHash = runtime.definition.contentHash
            outMetadata.custom["policy"] = options.policy.rawValue
            outMetadata.custom["replayOf"] = tracePath
            outMetadata.custom["pace"] = options.pace.description
            do {
                let writer = try TraceWriter(path: output, metadata: outMetadata)
                recorder = TraceRecorder(writer: writer, mode: .synchronous)
            } catch { throw ReplayError.output(output, error) }
        }
        let observer = ReplayObserver(forwardingTo: recorder, and: extra)
        dispatcher.observer = observer

        var state = LoopState()
        var iterator = reader.makeIterator()
        // A timed replay collects the first chain's commands before the clock starts, so the first
        // press is not late by the collection (it still counts as that press's cache miss otherwise).
        if case .scaled = options.pace { dispatcher.prepare() }
        let start = clock.now() &+ 1_000_000  // 1 ms of lead, so the first deadline is reachable
        while let record = iterator.next() {
            switch record {
            case .key(let key):
                try applyPendingFocus(&state, runtime: runtime, dispatcher: dispatcher, at: key.press.timestamp)
                let press = key.press
                if state.origin == nil { state.origin = press.timestamp }
                var deadline: UInt64?
                if case .scaled(let speed) = options.pace, let origin = state.origin {
                    let offset = Double(press.timestamp &- origin) / speed
                    let target = start &+ UInt64(offset)
                    Replayer.sleep(until: target, clock: clock)
                    deadline = target
                    report.schedulingErrors.append(clock.now() &- target)
                }
                recorder?.setUncertaintyOfNextPress(key.timestampUncertainty)
                let resolution = dispatcher.dispatch(press)
                if let deadline { report.latenciesFromSchedule.append(clock.now() &- deadline) }
                var actual = observer.lastRecord ?? ResolutionRecord(timestamp: press.timestamp, pressSequence: 0, outcome: resolution.outcome)
                actual.pressSequence = state.sequence
                let origin = state.origin ?? press.timestamp
                let line = CanonicalResolution.line(key: press, resolution: actual, origin: origin)
                if options.keepLines { report.lines.append(line) }
                state.recent.append(line)
                if state.recent.count > options.context + 1 { state.recent.removeFirst() }
                state.pending[state.sequence] = (press, actual, Array(state.recent.dropLast()),
                                                 resolution.chain, runtime.application.firstResponder)
                state.sequence += 1
                report.presses += 1
                report.outcomes[resolution.outcome, default: 0] += 1
            case .resolution(let expected):
                guard let (press, actual, before, chain, firstResponder) = state.pending.removeValue(forKey: expected.pressSequence)
                else { continue }
                report.comparedResolutions += 1
                if !CanonicalResolution.agree(expected, actual) {
                    report.divergences += 1
                    if report.firstDivergence == nil {
                        let origin = state.origin ?? press.timestamp
                        report.firstDivergence = Divergence(
                            sequence: expected.pressSequence, press: press.description,
                            expected: CanonicalResolution.line(key: press, resolution: expected, origin: origin),
                            actual: CanonicalResolution.line(key: press, resolution: actual, origin: origin),
                            before: before, chain: chain.description,
                            firstResponder: firstResponder?.description ?? "(none)", stateDifferences: [])
                    }
                }
            case .chainChange(let change):
                if change.kind == .firstResponder, let target = change.to { state.pendingFocus = target }
            case .marker(let marker) where marker.label == SceneStateMarker.label:
                report.recordedState = marker.text
            default:
                break
            }
        }
        report.finalState = runtime.snapshotText
        if let recorded = report.recordedState {
            report.stateDifferences = ReplayReport.differences(expected: recorded, actual: report.finalState)
            if !report.stateDifferences.isEmpty, var divergence = report.firstDivergence {
                divergence.stateDifferences = report.stateDifferences
                report.firstDivergence = divergence
            }
        }
        report.sceneProblems = runtime.problems
        report.statistics = dispatcher.statistics
        if let recorder {
            try? recorder.record(.marker(MarkerRecord(timestamp: dispatcher.lastDispatchTimestamp,
                                                      label: SceneStateMarker.label, text: report.finalState)))
            try? recorder.record(.marker(MarkerRecord(timestamp: dispatcher.lastDispatchTimestamp,
                                                      label: SceneStateMarker.keyCommandsLabel,
                                                      text: SceneStateMarker.keyCommandsText(runtime))))
            do { try recorder.finish() } catch { throw ReplayError.output(options.output ?? "", error) }
        }
        return report
    }

    private struct LoopState {
        var origin: UInt64?
        var sequence: UInt64 = 0
        var recent: [String] = []
        // The chain and first responder are kept as references: described only on a divergence.
        var pending: [UInt64: (KeyPress, ResolutionRecord, [String], ResponderChain, Responder?)] = [:]
        var pendingFocus: String?
    }

    /// Applies a recorded first-responder change the scene did not reproduce by itself.
    private func applyPendingFocus(_ state: inout LoopState, runtime: SceneRuntime, dispatcher: KeyDispatcher,
                                   at timestamp: UInt64) throws {
        guard let target = state.pendingFocus else { return }
        state.pendingFocus = nil
        guard runtime.application.chainStart.description != target else { return }
        guard let responder = runtime.allResponders.first(where: { $0.description == target }) else {
            throw ReplayError.focusTargetMissing(target, known: runtime.allPaths)
        }
        dispatcher.lastDispatchTimestamp = timestamp
        _ = runtime.application.makeFirstResponder(responder)
    }

    /// How long before a deadline the replayer stops sleeping and spins: the kernel wakes a
    /// sleeper tens to hundreds of µs late, a spin on the clock does not.
    static let spinMargin: UInt64 = 300_000

    /// Waits until the monotonic clock reads `deadline` (absolute, so delays never accumulate):
    /// sleeps until `spinMargin` before it, then spins.
    static func sleep(until deadline: UInt64, clock: MonotonicClock = MonotonicClock()) {
        if deadline > spinMargin {
            let wake = deadline - spinMargin
            var ts = timespec(tv_sec: Int(wake / 1_000_000_000), tv_nsec: Int(wake % 1_000_000_000))
            if clock.now() < wake {
                while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
            }
        }
        while clock.now() < deadline {}
    }
}

/// Watches a replay's dispatcher: converts each resolution to a record with the paths the
/// responders had when the event arrived, and forwards everything to the output recorder.
final class ReplayObserver: DispatchObserver {
    private let recorder: TraceRecorder?
    private let extra: DispatchObserver?
    private var converter = ResolutionRecords()
    private(set) var lastRecord: ResolutionRecord?

    init(forwardingTo recorder: TraceRecorder?, and extra: DispatchObserver?) {
        self.recorder = recorder
        self.extra = extra
    }

    // The extra observer is called innermost (last before dispatch, first after), so what it
    // measures around a dispatch excludes this observer's own work.
    func dispatcher(_ dispatcher: KeyDispatcher, willDispatch press: KeyPress) {
        converter.prepare { dispatcher.currentChain }
        recorder?.dispatcher(dispatcher, willDispatch: press)
        extra?.dispatcher(dispatcher, willDispatch: press)
    }

    func dispatcher(_ dispatcher: KeyDispatcher, didResolve resolution: Resolution) {
        extra?.dispatcher(dispatcher, didResolve: resolution)
        lastRecord = converter.record(for: resolution, sequence: 0, timestamp: resolution.press.timestamp)
        recorder?.dispatcher(dispatcher, didResolve: resolution)
    }

    func dispatcher(_ dispatcher: KeyDispatcher, didChangeChain change: ChainChange) {
        extra?.dispatcher(dispatcher, didChangeChain: change)
        converter.invalidatePaths()
        recorder?.dispatcher(dispatcher, didChangeChain: change)
    }

    func dispatcher(_ dispatcher: KeyDispatcher, didInvalidateCache reason: CacheInvalidationReason) {
        extra?.dispatcher(dispatcher, didInvalidateCache: reason)
        recorder?.dispatcher(dispatcher, didInvalidateCache: reason)
    }
}
