import Benchmark
import BenchmarkSupport
import CPcapLoop
import Capture
import Foundation
import Recording
import TraceFormat

/// `keytrace record --pcap` against the plain C loop over `pcap_next_ex` (CPcapLoop/boot_diff.c)
/// on the same 1 M-packet usbmon capture, in one run: compare their wall-clock times as a ratio.
///
///     cd Benchmarks && swift package benchmark --target RecordPcapBenchmarks
///
/// The capture is sha2017.pcap from `../shared/captures` repeated by CPcapLoop/repeat-capture.py
/// (python3) until it holds `KEYTRACE_RECORD_PACKETS` packets (default 1 000 000).
let benchmarks: @Sendable () -> Void = {
    let packets = ProcessInfo.processInfo.environment["KEYTRACE_RECORD_PACKETS"].flatMap(Int.init) ?? 1_000_000
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let capture = ScratchFile.path("record-\(packets).pcap")
    let trace = ScratchFile.path("record.ktrace")
    let script = repository.appendingPathComponent("Benchmarks/CPcapLoop/repeat-capture.py").path
    let source = repository.appendingPathComponent("../shared/captures/sha2017.pcap").standardized.path
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", script, source, String(packets), capture]
    do {
        try python.run()
        python.waitUntilExit()
    } catch {
        print("cannot run python3 \(script): \(error)")
        return
    }
    guard python.terminationStatus == 0 else {
        print("python3 \(script) \(source) failed with status \(python.terminationStatus)")
        return
    }

    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
                                           timeUnits: .milliseconds, warmupIterations: 1,
                                           maxDuration: .seconds(20), maxIterations: 10)

    Benchmark("RecordPcap-CLoop-reference") { benchmark in
        for _ in benchmark.scaledIterations {
            var counts = keytrace_boot_diff_counts()
            precondition(keytrace_boot_diff(capture, &counts) == 0 && counts.packets == packets)
            blackHole(counts.transitions)
        }
    }

    /// What `keytrace record --pcap CAPTURE -o TRACE` does, without printing the summary.
    func record() throws -> RecordingSession.Summary {
        let usb = try USBCaptureSource(file: capture)
        let metadata = TraceMetadata(capturedFrom: "usb", details: ["input": capture], pcapLinkType: UInt32(usb.linkType))
        let session = try RecordingSession(output: trace, metadata: metadata, scene: nil, writerOptions: .conversion)
        try session.record(usb)
        return try session.finish()
    }

    Benchmark("RecordPcap-keytrace") { benchmark in
        for _ in benchmark.scaledIterations {
            do {
                let summary = try record()
                precondition(summary.capture.packetsRead == packets)
                blackHole(summary.presses)
            } catch {
                print("recording \(capture) failed: \(error)")
                return
            }
        }
    }
}
