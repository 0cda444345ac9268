import Benchmark
import BenchmarkSupport
import BenchmarkTolerances
import Capture
import Foundation
import KeyTraceCore
import Recording
import Replay
import ResponderEngine
import Scenes
import TraceFormat

/// The repository's Traces/scenes, found from this file's path.
let scenes: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    components.removeLast(3)  // Benchmarks/ReplayBenchmarks/ReplayBenchmarks.swift
    return components.joined(separator: "/") + "/Traces/scenes"
}()

/// A typing-and-shortcuts session in the PDF viewer, as a script: scrolling, thumbnails, search typing, zoom.
func pdfViewerScript(rounds: Int) -> String {
    var lines = ["focus window/viewer/reader/document/page"]
    for round in 0..<rounds {
        lines += ["press down", "press down", "press pagedown", "press cmd+d", "press cmd++", "press cmd+-", "press cmd+2",
                  "press cmd+1", "press cmd+right", "press cmd+left", "press space", "press shift+space"]
        if round % 4 == 0 {
            lines += ["press cmd+f", "type \"latency\"", "press esc", "focus window/viewer/reader/document/page"]
        }
    }
    return lines.joined(separator: "\n")
}

/// Records the script through the scene into a temporary trace and returns its path.
func makeTrace(rounds: Int) throws -> String {
    let path = ScratchFile.path("replay-bench-\(rounds).ktrace")
    if FileManager.default.fileExists(atPath: path) { return path }
    let runtime = try SceneRuntime(contentsOf: "\(scenes)/pdf-viewer.json")
    let session = try RecordingSession(output: path, metadata: TraceMetadata(capturedFrom: "script"), scene: runtime)
    try session.record(ScriptCaptureSource(text: pdfViewerScript(rounds: rounds)))
    _ = try session.finish()
    return path
}

let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
    Benchmark.defaultConfiguration = .init(metrics: metrics, maxDuration: .seconds(3), maxIterations: 50,
                                           thresholds: Tolerances.project(metrics))

    // Replay throughput through the pdf-viewer scene, stage timing on, trace decoding included:
    // as `keytrace replay --pace asap` runs, and as `--verify` runs (each resolution compared).
    for verifying in [false, true] {
        Benchmark("replay-asap-pdf-viewer\(verifying ? "-verifying" : "")",
                  configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxIterations: 20,
                                       thresholds: Tolerances.project([.wallClock, .throughput]))) { benchmark in
            guard let trace = try? makeTrace(rounds: 1_000) else { return }
            var options = Replayer.Options()
            options.scenePath = "\(scenes)/pdf-viewer.json"
            options.stageTiming = true
            options.requireRecordedScene = verifying
            options.compareResolutions = verifying
            benchmark.startMeasurement()
            let report = try? Replayer(trace: trace, options: options).run()
            benchmark.stopMeasurement()
            precondition(report?.divergences == 0 && report?.comparedResolutions == (verifying ? report?.presses : 0))
            blackHole(report?.presses)
        }
    }

    // The same replay from records decoded beforehand: the replay loop and the engine alone.
    Benchmark("replay-asap-pdf-viewer-decoded-beforehand",
              configuration: .init(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxIterations: 20,
                                       thresholds: Tolerances.project([.wallClock, .throughput]))) { benchmark in
        guard let trace = try? makeTrace(rounds: 1_000), let reader = try? TraceReader(path: trace) else { return }
        let records = Array(reader)
        var options = Replayer.Options()
        options.scenePath = "\(scenes)/pdf-viewer.json"
        options.stageTiming = true
        options.compareResolutions = false  // as `keytrace replay` without --verify
        let replayer = Replayer(records: records, metadata: reader.header.metadata, name: trace, options: options)
        benchmark.startMeasurement()
        let report = try? replayer.run()
        benchmark.stopMeasurement()
        blackHole(report?.presses)
    }

    // In-process recording cost: the same key-downs with and without a buffered TraceRecorder.
    for recording in [false, true] {
        Benchmark("dispatch-pdf-viewer-\(recording ? "with" : "without")-recorder",
                  configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo,
                                       maxIterations: 200)) { benchmark in
            guard let runtime = try? SceneRuntime(contentsOf: "\(scenes)/pdf-viewer.json"),
                  let dispatcher = try? runtime.makeDispatcher(policy: .cached, clock: KeyDispatcher.defaultStageClock) else { return }
            let writer = TraceWriter(metadata: TraceMetadata(sourceKind: "in-process"))
            let recorder = TraceRecorder(writer: writer, mode: .buffered(capacity: 1 << 16))
            if recording { dispatcher.observer = recorder }
            let press = KeyPress(.began, HIDUsage(0x07), modifiers: .command)  // ⌘D, Add Bookmark
            dispatcher.dispatch(press)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(dispatcher.dispatch(press).outcome)
            }
            benchmark.stopMeasurement()
            _ = try? recorder.finish()
        }
    }

    // The recording cost as paired measurements: blocks of 1 000 key-downs on a dispatcher without
    // a recorder and on one with a buffered TraceRecorder, back to back and in alternating order,
    // so both sides of each pair run in the same phase of the machine (the slow phases of a
    // shared host otherwise decide the median of two separate runs). "added" is each pair's
    // difference per event (0 when the recording side was faster, which leaves the median as is
    // whenever it is positive). The writer thread may still be writing a recorded block's events
    // during the plain block after it (every other pair); see docs/Benchmarks.md.
    let without = BenchmarkMetric.custom("without recorder (ns per key-down)", useScalingFactor: false)
    let with = BenchmarkMetric.custom("with recorder (ns per key-down)", useScalingFactor: false)
    let added = BenchmarkMetric.custom("added by recorder (ns per key-down, paired)", useScalingFactor: false)
    Benchmark("dispatch-pdf-viewer-recorder-cost-paired",
              configuration: .init(metrics: [without, with, added], maxDuration: .seconds(6), maxIterations: 30,
                                   thresholds: [:])) { benchmark in
        guard let runtime = try? SceneRuntime(contentsOf: "\(scenes)/pdf-viewer.json"),
              let plain = try? runtime.makeDispatcher(policy: .cached, clock: KeyDispatcher.defaultStageClock),
              let recorded = try? runtime.makeDispatcher(policy: .cached, clock: KeyDispatcher.defaultStageClock) else { return }
        let recorder = TraceRecorder(writer: TraceWriter(metadata: TraceMetadata(sourceKind: "in-process")),
                                     mode: .buffered(capacity: 1 << 16))
        recorded.observer = recorder
        let press = KeyPress(.began, HIDUsage(0x07), modifiers: .command)  // ⌘D, Add Bookmark
        plain.dispatch(press)
        recorded.dispatch(press)
        func nanoseconds(_ dispatcher: KeyDispatcher) -> Int {
            let start = ContinuousClock.now
            for _ in 0..<1_000 { blackHole(dispatcher.dispatch(press).outcome) }
            let elapsed = ContinuousClock.now - start
            return Int(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        }
        benchmark.startMeasurement()
        for pair in 0..<50 {
            let (plainTime, recordedTime) = pair % 2 == 0
                ? { let p = nanoseconds(plain); return (p, nanoseconds(recorded)) }()
                : { let r = nanoseconds(recorded); return (nanoseconds(plain), r) }()
            benchmark.measurement(without, plainTime / 1_000)
            benchmark.measurement(with, recordedTime / 1_000)
            benchmark.measurement(added, max(0, recordedTime - plainTime) / 1_000)
        }
        benchmark.stopMeasurement()
        _ = try? recorder.finish()
        blackHole(recorder.droppedEvents)
    }
}
