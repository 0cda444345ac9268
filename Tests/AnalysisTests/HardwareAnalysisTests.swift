import Analysis
import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
import TraceFormat
import Reports

/// The keyboard's own timing: chatter, chords, rollover, dwell per key and polling, on a
/// constructed capture with known figures and on the real captures.
/// Keys on the US ANSI drawing: 13 + 14 + 14 + 13 + 12 + 8 + 4 arrows.
enum SVGKeyboardCount {
    static let keys = 13 + 14 + 14 + 13 + 12 + 8 + 4
}

@Suite struct HardwareAnalysisTests {
    static let device = DeviceID.usb(bus: 1, device: 4, endpoint: 0x81)
    static let ms: UInt64 = 1_000_000

    /// A USB keyboard polled every 8 ms, every report on the grid but for a 0.5 ms late one:
    ///
    /// - A pressed at 0, released at 80 ms, chatters back at 88 ms (8 ms gap), released at 120 ms;
    ///   pressed again at 400 ms (a real second keystroke: 280 ms after its release).
    /// - B pressed at 1000 ms, released at 1040 ms, chatters at 1064 ms (24 ms), up at 1104 ms.
    /// - Chord: S, D, F down in two reports (1504 and 1512.5 ms), all up at 1600 ms.
    /// - Seven letters held at once (G H J K L ; ') at 2000–2048 ms: NKRO exercised; then an
    ///   ErrorRollOver report at 2056 ms.
    /// - Z released and X pressed in one report at 3000 ms.
    static func write(to path: String) throws {
        let metadata = TraceMetadata(sourceKind: "usb", devices: [
            DeviceInfo(id: device, bInterval: 8, pollingIntervalNanoseconds: 8 * ms, name: "Test Keyboard"),
        ])
        let writer = try TraceWriter(path: path, metadata: metadata)
        func key(_ phase: KeyPhase, _ usage: UInt16, _ t: UInt64) throws {
            _ = try writer.append(KeyPress(phase, HIDUsage(usage), device: device, timestamp: t))
        }
        let a: UInt16 = 0x04, b: UInt16 = 0x05, s: UInt16 = 0x16, d: UInt16 = 0x07, f: UInt16 = 0x09
        try key(.began, a, 0)
        try key(.ended, a, 80 * ms)
        try key(.began, a, 88 * ms)
        try key(.ended, a, 120 * ms)
        try key(.began, a, 400 * ms)
        try key(.ended, a, 480 * ms)
        try key(.began, b, 1000 * ms)
        try key(.ended, b, 1040 * ms)
        try key(.began, b, 1064 * ms)
        try key(.ended, b, 1104 * ms)
        try key(.began, s, 1504 * ms)
        try key(.began, d, 1504 * ms)
        try key(.began, f, 1512 * ms + 500_000)
        for usage in [s, d, f] { try key(.ended, usage, 1600 * ms) }
        let seven: [UInt16] = [0x0A, 0x0B, 0x0D, 0x0E, 0x0F, 0x33, 0x34]
        for (i, usage) in seven.enumerated() { try key(.began, usage, 2000 * ms + UInt64(i) * 8 * ms) }
        try key(.began, 0x01, 2056 * ms)
        try key(.ended, 0x01, 2064 * ms)
        for usage in seven { try key(.ended, usage, 2200 * ms) }
        try key(.began, 0x1D, 2904 * ms)
        try key(.ended, 0x1D, 3000 * ms)
        try key(.began, 0x1B, 3000 * ms)
        try key(.ended, 0x1B, 3096 * ms)
        _ = try writer.finish()
    }

    func analyse(_ path: String, options: HardwareOptions = HardwareOptions()) throws -> TraceAnalysis {
        var analyzer = TraceAnalyzer(top: 0, hardware: options)
        try analyzer.addTrace(at: path)
        return analyzer.finish()
    }

    @Test func chatterIsCountedPerKeyWithTheDebounceThatAbsorbsIt() throws {
        let path = ScratchDirectory.make() + "/hardware.ktrace"
        try Self.write(to: path)
        let device = try #require(try analyse(path).hardware?.devices.first)
        #expect(device.name == "Test Keyboard")
        #expect(device.keyDowns == 17)  // the ErrorRollOver report is no key
        #expect(device.chatter.count == 2)
        #expect(device.chatter.longestGapNanoseconds == 24 * Self.ms)
        #expect(device.chatter.recommendedDebounceNanoseconds == 25 * Self.ms)
        #expect(device.chatter.events.map(\.key) == ["A", "B"])
        #expect(device.chatter.events.map(\.gapNanoseconds) == [8 * Self.ms, 24 * Self.ms])
        #expect(device.chatter.events.first?.pressOffsetNanoseconds == 88 * Self.ms)
        let a = try #require(device.keys.first { $0.key == "A" })
        #expect(a.presses == 3)
        #expect(a.chatter == 1)
        #expect(a.dwellMaxNanoseconds == 80 * Self.ms)
        // Few dwells: the median of the values themselves, never above the longest.
        #expect(a.dwellMedianNanoseconds == 80 * Self.ms)
        // A shorter threshold keeps the 24 ms bounce as a keystroke.
        let strict = try #require(try analyse(path, options: HardwareOptions(chatterThresholdNanoseconds: 10 * Self.ms)).hardware?.devices.first)
        #expect(strict.chatter.count == 1)
        #expect(strict.chatter.recommendedDebounceNanoseconds == 9 * Self.ms)
    }

    /// A key's median dwell is the median of its dwells while there are few (C: 64, 64, 112 and
    /// 120 ms give 64, the lower middle); past 256 it comes from 1 ms buckets, whose middle never
    /// passes the longest dwell (300 dwells of exactly 50 ms give 50 ms, not 50.5).
    @Test func theMedianDwellIsTheDwellsOwnAndNeverAboveTheLongest() throws {
        let path = ScratchDirectory.make() + "/dwell.ktrace"
        let writer = try TraceWriter(path: path, metadata: TraceMetadata(sourceKind: "usb", devices: [DeviceInfo(id: Self.device)]))
        var t: UInt64 = 0
        func press(_ usage: UInt16, for dwell: UInt64) throws {
            _ = try writer.append(KeyPress(.began, HIDUsage(usage), device: Self.device, timestamp: t))
            _ = try writer.append(KeyPress(.ended, HIDUsage(usage), device: Self.device, timestamp: t + dwell))
            t += dwell + 200 * Self.ms
        }
        for dwell: UInt64 in [112, 64, 120, 64] { try press(0x06, for: dwell * Self.ms) }
        for _ in 0..<300 { try press(0x07, for: 50 * Self.ms) }
        _ = try writer.finish()
        let keys = try #require(try analyse(path).hardware?.devices.first?.keys)
        #expect(keys.first { $0.key == "C" }?.dwellMedianNanoseconds == 64 * Self.ms)
        let d = try #require(keys.first { $0.key == "D" })
        #expect(d.dwellMedianNanoseconds == 50 * Self.ms)
        #expect(d.dwellMaxNanoseconds == 50 * Self.ms)
    }

    @Test func chordsRolloverAndReportsFollowTheirDefinitions() throws {
        let path = ScratchDirectory.make() + "/hardware.ktrace"
        try Self.write(to: path)
        let device = try #require(try analyse(path).hardware?.devices.first)
        // S+D+F (two reports, 8.5 ms split) and the seven held letters (48 ms split, 7 reports).
        #expect(device.chords.count == 2)
        #expect(device.chords.inOneReport == 0)
        #expect(device.chords.inSeveralReports == 2)
        #expect(device.chords.widest.map(\.splitNanoseconds) == [48 * Self.ms, 8 * Self.ms + 500_000])
        #expect(device.chords.widest.last?.keys == ["S", "D", "F"])
        #expect(device.chords.widest.last?.reports == 2)
        #expect(device.rollover.maxKeysHeld == 7)
        #expect(device.rollover.maxNonModifierKeysHeld == 7)
        #expect(device.rollover.maxKeysHeldOffsetNanoseconds == 2048 * Self.ms)
        #expect(device.rollover.nkroExercised)
        #expect(device.rollover.errorRollOverReports == 1)
        #expect(device.rollover.firstErrorRollOverOffsetNanoseconds == 2056 * Self.ms)
        #expect(device.releasesWithNextPress == 1)
        // Jitter: every gap on the 8 ms grid but the two around 1512.5 ms, each 0.5 ms off.
        let jitter = try #require(device.polling.jitter)
        #expect(jitter.max == 500_000)
        #expect(device.polling.intervalNanoseconds == 8 * Self.ms)
        // One interval: 80→88, 1504→1512.5, the six between 2000 and 2048, 2048→2056, 2056→2064.
        #expect(device.polling.gapsByIntervals["1"] == 10)
        #expect(device.polling.gapsByIntervals["12"] == 2)  // 2904→3000, 3000→3096
    }

    @Test func compareOfTwoCapturesWritesJUnitWhenAskedFor() throws {
        let path = ScratchDirectory.make() + "/hardware.ktrace"
        try Self.write(to: path)
        let result = try CLIRunner.run(["compare", path, path, "--format", "junit"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#), "\(result.stdout)")
        #expect(result.stdout.contains(#"<testsuite name="keyboard hardware""#))
        #expect(result.stdout.contains(#"<testcase classname="keytrace.compare.hardware" name="chatter rate">"#))
        #expect(result.stdout.contains(#"failures="0""#) && !result.stdout.contains("<failure"))
        #expect(!result.stdout.contains("###"), "no markdown")
    }

    @Test func theCLIReportsTheHardwareSectionAndRefusesBadThresholds() throws {
        let path = ScratchDirectory.make() + "/hardware.ktrace"
        try Self.write(to: path)
        let text = try CLIRunner.run(["analyze", path, "--chatter-ms", "10"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Keyboard hardware"))
        #expect(text.stdout.contains("9.00 ms"), "\(text.stdout)")
        let html = try CLIRunner.run(["analyze", path, "--format", "html"])
        #expect(html.stdout.contains("<h2>Keyboard hardware</h2>"))
        for chart in ["chatter heat map", "dwell heat map", "report gap histogram", "chord split histogram"] {
            #expect(html.stdout.contains("aria-label=\"\(chart)\""), "\(chart)")
        }
        // Every key of the drawing is one <g class="key">; A chattered once in three presses.
        #expect(html.stdout.components(separatedBy: "<g class=\"key\"").count - 1 == 2 * SVGKeyboardCount.keys)
        #expect(html.stdout.contains("<title>A: 33.3 % chatter</title>"))
        #expect(html.stdout.contains("Not on the drawing: ErrorRollOver") == false)
        let json = try CLIRunner.run(["analyze", path, "--format", "json"])
        #expect(json.stdout.contains("\"recommendedDebounceNanoseconds\" : 25000000"))
        let bad = try CLIRunner.run(["analyze", path, "--chord-ms", "0"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--chord-ms 0: expected 1 to 10000 milliseconds"))
    }

    /// The real captures: dwell and report gaps checked against an independent reading of the
    /// same trace's key records (each key's down → up, each distinct report time).
    @Test(arguments: ["sha2017", "icectf2016", "picoctf2017", "deadly_arthropod", "sha2017_usb_linux"])
    func realCapturesAgreeWithAnIndependentReading(name: String) throws {
        let path = repositoryRoot + "/Traces/golden/\(name).ktrace"
        let device = try #require(try analyse(path).hardware?.devices.first)
        var downs: [UInt16: UInt64] = [:]
        var longestDwell: [UInt16: UInt64] = [:]
        var reportTimes: [UInt64] = []
        for record in try TraceReader(path: path) {
            guard case .key(let key) = record, !key.press.isRepeat else { continue }
            let press = key.press
            if reportTimes.last != press.timestamp { reportTimes.append(press.timestamp) }
            switch press.phase {
            case .began: downs[press.usage.rawValue] = press.timestamp
            case .ended:
                if let down = downs.removeValue(forKey: press.usage.rawValue) {
                    longestDwell[press.usage.rawValue] = max(longestDwell[press.usage.rawValue] ?? 0, press.timestamp - down)
                }
            default: break
            }
        }
        #expect(device.reports == UInt64(reportTimes.count))
        #expect(device.polling.reportInterval.count == UInt64(reportTimes.count - 1))
        let gaps = zip(reportTimes.dropFirst(), reportTimes).map { $0 - $1 }
        #expect(device.polling.reportInterval.max == gaps.max())
        #expect(device.polling.reportInterval.min == gaps.min())
        for key in device.keys {
            #expect(key.dwellMaxNanoseconds == longestDwell[key.usage], "\(name) \(key.key)")
        }
    }

    /// `presses` taps of one key every 200 ms; every `chatterEvery`-th one bounces 5 ms after
    /// its release; each report `late` nanoseconds after the 8 ms grid.
    static func writeTaps(to path: String, presses: Int, chatterEvery: Int?, late: UInt64) throws {
        let metadata = TraceMetadata(sourceKind: "usb", devices: [
            DeviceInfo(id: device, bInterval: 8, pollingIntervalNanoseconds: 8 * ms, name: "Test Keyboard"),
        ])
        let writer = try TraceWriter(path: path, metadata: metadata)
        for i in 0..<presses {
            let t = UInt64(i) * 200 * ms
            _ = try writer.append(KeyPress(.began, HIDUsage(0x04), device: device, timestamp: t + (i % 2 == 0 ? late : 0)))
            _ = try writer.append(KeyPress(.ended, HIDUsage(0x04), device: device, timestamp: t + 80 * ms))
            if let every = chatterEvery, i % every == 0 {
                _ = try writer.append(KeyPress(.began, HIDUsage(0x04), device: device, timestamp: t + 88 * ms))
                _ = try writer.append(KeyPress(.ended, HIDUsage(0x04), device: device, timestamp: t + 96 * ms))
            }
        }
        _ = try writer.finish()
    }

    @Test func compareOfTwoCapturesDecidesOnChatterAndJitter() throws {
        let dir = ScratchDirectory.make()
        let base = dir + "/base.ktrace", chattering = dir + "/chattering.ktrace", jittery = dir + "/jittery.ktrace"
        try Self.writeTaps(to: base, presses: 400, chatterEvery: nil, late: 0)
        try Self.writeTaps(to: chattering, presses: 400, chatterEvery: 10, late: 0)
        try Self.writeTaps(to: jittery, presses: 400, chatterEvery: nil, late: 3 * Self.ms)

        let same = try CLIRunner.run(["compare", base, base])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains("no regression"))

        let worse = try CLIRunner.run(["compare", base, chattering, "--format", "json"])
        #expect(worse.status == 1, "\(worse.stdout)\(worse.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(worse.stdout.utf8)) as? [String: Any])
        #expect(document["hasRegression"] as? Bool == true)
        let rows = ((document["comparison"] as? [String: Any])?["rows"] as? [[String: Any]]) ?? []
        let chatter = rows.first { $0["name"] as? String == "chatter rate" }
        #expect(chatter?["verdict"] as? String == "regression")
        // 40 chatter presses of 440 key-downs against none of 400.
        #expect(abs((chatter?["current"] as? Double ?? 0) - 40.0 / 440.0) < 1e-9)

        let better = try CLIRunner.run(["compare", chattering, base])
        #expect(better.status == 0)
        #expect(better.stdout.contains("improvement"))

        let late = try CLIRunner.run(["compare", base, jittery])
        #expect(late.status == 1, "\(late.stdout)")
        #expect(late.stdout.contains("regression: polling jitter p99"), "\(late.stdout)")

        let mixed = try CLIRunner.run(["compare", base, dir + "/nothing.json"])
        #expect(mixed.status == 2)
        #expect(mixed.stderr.contains("not a trace"))
    }

    @Test func keysOfOtherUsagePagesKeepFiguresOfTheirOwn() throws {
        let path = ScratchDirectory.make() + "/media.ktrace"
        let writer = try TraceWriter(path: path, metadata: TraceMetadata(sourceKind: "usb"))
        // Play/Pause (Consumer 0xCD) and the keyboard page's 0xCD, each pressed once.
        _ = try writer.append(KeyPress(.began, HIDUsage(0xCD), device: Self.device, timestamp: 0, usagePage: HIDUsagePage(0x0C)))
        _ = try writer.append(KeyPress(.ended, HIDUsage(0xCD), device: Self.device, timestamp: 40 * Self.ms, usagePage: HIDUsagePage(0x0C)))
        _ = try writer.append(KeyPress(.began, HIDUsage(0xCD), device: Self.device, timestamp: 48 * Self.ms))
        _ = try writer.append(KeyPress(.ended, HIDUsage(0xCD), device: Self.device, timestamp: 96 * Self.ms))
        _ = try writer.finish()
        let device = try #require(try analyse(path).hardware?.devices.first)
        #expect(device.keys.count == 2)
        #expect(device.keys.map(\.usagePage).sorted() == [0x07, 0x0C])
        #expect(device.chatter.count == 0)  // two keys, not one key pressed again
        #expect(device.keys.contains { $0.key == "Play/Pause" })
    }
}
