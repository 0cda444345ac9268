@testable import Analysis
import Bench
import Foundation
import KeyTraceCore
import ResponderEngine
import Testing
import KeyTraceSupport
import Comparison

struct BenchResultTests {
    private var metadata: BenchMetadata {
        BenchMetadata(
            scene: SceneIdentity(name: "editor", contentHash: "sha256:00ff"), trace: "t.ktrace", policy: "cached",
            host: HostInfo(hostname: "h", operatingSystem: "Linux", architecture: "x86_64", cpuModel: nil, cores: 2),
            toolVersion: KeyTraceVersion.current, date: Date(timeIntervalSince1970: 1_767_225_600))
    }

    /// window → controller → view → field (first responder, declares ⌘K).
    private func makeDispatcher(policy: QueryPolicy, clock: NanosecondClock) throws -> (KeyDispatcher, View) {
        let app = Application()
        let window = Window()
        let root = ViewController(name: "root")
        let field = View(name: "field")
        window.rootViewController = root
        root.view.addSubview(field)
        app.addWindow(window)
        field.acceptsFirstResponder = true
        field.declaredKeyCommands = [try KeyCommand(title: "Find", action: "find:", shortcut: "cmd+k")]
        field.implement("find:")
        _ = field.becomeFirstResponder()
        return (try KeyDispatcher(application: app, policy: policy, clock: clock), field)
    }

    private func key(_ phase: KeyPhase, _ usage: HIDUsage, _ modifiers: ModifierFlags = []) -> KeyPress {
        KeyPress(phase, usage, modifiers: modifiers)
    }

    @Test func theRecorderTurnsResolutionsIntoRunsOfTimingsAndCounters() throws {
        let clock = ManualClock(time: 0, step: 40)
        let (dispatcher, field) = try makeDispatcher(policy: .cached, clock: clock)
        let recorder = BenchRecorder(metadata: metadata, clockResolution: clock.resolution, checkpointOverhead: 25)
        dispatcher.observer = recorder
        for _ in 0..<3 {
            recorder.beginRun()
            for _ in 0..<5 {
                dispatcher.dispatch(key(.began, HIDUsage(0x0E), .command))
                dispatcher.dispatch(key(.ended, HIDUsage(0x0E), .command))
            }
            field.setNeedsKeyCommandsUpdate()
            recorder.endRun()
        }
        let result = recorder.result()
        #expect(result.schema == "keytrace-bench/1")
        #expect(result.runs.count == 3)
        let first = result.runs[0]
        #expect(first.counters.presses == 10)
        #expect(first.counters.outcomes["performed"] == 5)
        #expect(first.counters.cacheHits + first.counters.cacheMisses > 0)
        #expect(first.counters.keyCommandsCalls <= first.counters.uikitEquivalentCalls)
        #expect(result.runs[1].counters.invalidations["explicit-update"] == 1)
        #expect(first.latency.count == 10)
        // The manual clock advances 40 ns per read: every value is a whole number of reads.
        let endToEnd = try #require(first.latency.statistics(of: .endToEnd))
        #expect(endToEnd.min > 0 && endToEnd.min % 40 == 0 && endToEnd.max % 40 == 0)
        let medians = result.runMedians(of: .endToEnd)
        #expect(medians.count == 3 && Set(medians).count == 1)
        #expect(result.mergedLatency?.count == 30)
        #expect(result.totalCounters.presses == 30)
    }

    /// One run of ⌘K down and up twice through the cached policy, timed by a manual clock.
    func smallRealResult() throws -> BenchResult {
        let clock = ManualClock(time: 0, step: 40)
        let (dispatcher, _) = try makeDispatcher(policy: .cached, clock: clock)
        let recorder = BenchRecorder(metadata: metadata, clockResolution: clock.resolution, checkpointOverhead: 25)
        dispatcher.observer = recorder
        recorder.beginRun()
        for _ in 0..<2 {
            dispatcher.dispatch(key(.began, HIDUsage(0x0E), .command))
            dispatcher.dispatch(key(.ended, HIDUsage(0x0E), .command))
        }
        recorder.endRun()
        return recorder.result()
    }

    @Test func resultsRoundTripThroughJSONByteForByte() throws {
        var generator = SeededGenerator(seed: 1)
        let result = SyntheticBench(presses: 50).make(runs: 3, generator: &generator)
        let data = try result.jsonData()
        let decoded = try BenchResult(jsonData: data, source: "mem.json")
        #expect(decoded == result)
        #expect(try decoded.jsonData() == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""schema" : "keytrace-bench/1""#))
        #expect(text.contains(#""date" : "2026-01-01T00:00:00Z""#))
    }

    @Test func hugeNumbersAreReadWhereTheyFitAndNamedWhereTheyDoNot() throws {
        var generator = SeededGenerator(seed: 1)
        let text = String(decoding: try SyntheticBench(presses: 20).make(runs: 2, generator: &generator).jsonData(), as: UTF8.self)
        // A fractional statistic holds 1e308; a count does not, and the message says so rather
        // than calling valid JSON invalid.
        let mean = try #require(text.range(of: #""mean" : [0-9.]+"#, options: .regularExpression))
        let hugeMean = text.replacingCharacters(in: mean, with: #""mean" : 1e308"#)
        #expect(throws: Never.self) { try BenchResult(jsonData: Data(hugeMean.utf8), source: "x.json") }
        let max = try #require(text.range(of: #""max" : [0-9]+"#, options: .regularExpression))
        let hugeMax = text.replacingCharacters(in: max, with: #""max" : 1e308"#)
        do {
            _ = try BenchResult(jsonData: Data(hugeMax.utf8), source: "x.json")
            Issue.record("1e308 accepted as a count")
        } catch {
            let message = String(describing: error)
            #expect(!message.contains("not valid JSON") && message.contains("does not fit its field"), "\(message)")
        }
    }

    @Test func unusableFilesAreRefusedWithTheFileAndTheProblemNamed() throws {
        func problem(_ json: String) -> String {
            do {
                _ = try BenchResult(jsonData: Data(json.utf8), source: "x.json")
                return "accepted"
            } catch {
                return String(describing: error)
            }
        }
        #expect(problem("{not json") .hasPrefix("x.json: not valid JSON"))
        #expect(problem(#"{"runs": []}"#) == #"x.json: no "schema" field; expected "keytrace-bench/1""#)
        #expect(problem(#"{"schema": "keytrace-bench/2"}"#) == #"x.json: schema is "keytrace-bench/2", expected "keytrace-bench/1""#)
        #expect(problem(#"{"schema": "keytrace-bench/1", "runs": []}"#).contains("missing key \"metadata\""))

        var generator = SeededGenerator(seed: 1)
        var empty = SyntheticBench(presses: 5).make(runs: 1, generator: &generator)
        empty.runs = []
        #expect(problem(String(decoding: try empty.jsonData(), as: UTF8.self)) == "x.json: has no runs")

        #expect(throws: BenchFileError.self) { try BenchResult(contentsOf: "/nonexistent/keytrace/base.json") }
        do {
            _ = try BenchResult(contentsOf: "/nonexistent/keytrace/base.json")
        } catch let error as BenchFileError {
            #expect(error.code == .missing)
            #expect(error.description == "/nonexistent/keytrace/base.json: no such file")
        }
    }

    @Test func thresholdNotationsParse() {
        #expect(ThresholdNotation.relative("5%") == 0.05)
        #expect(ThresholdNotation.relative("0.1") == 0.1)
        #expect(ThresholdNotation.relative("-1%") == nil)
        #expect(ThresholdNotation.relative("five") == nil)
        #expect(ThresholdNotation.duration("2us") == 2_000)
        #expect(ThresholdNotation.duration("2µs") == 2_000)
        #expect(ThresholdNotation.duration("1.5ms") == 1_500_000)
        #expect(ThresholdNotation.duration("750ns") == 750)
        #expect(ThresholdNotation.duration("300") == 300)
        #expect(ThresholdNotation.duration("1s") == 1_000_000_000)
        #expect(ThresholdNotation.duration("2 weeks") == nil)
    }
}
