import CLITestSupport
import Foundation
import Testing
import Comparison

/// A/A runs of the built `keytrace bench`: the same binary on the same trace in separate
/// processes. Deterministic counters must agree bit for bit, so `compare` never raises an alarm
/// on one; timings are left to the calibrated threshold (docs/CI.md has the A/A figures).
struct BenchAATests {
    private struct Summary: Decodable {
        struct PerRun: Decodable {
            var presses: UInt64
            var keyCommandsCalls: UInt64
            var cacheMisses: UInt64
            var allocations: UInt64?
        }
        var perRun: PerRun
        var varyingCounters: [String]
    }

    private struct Comparison: Decodable {
        struct Counter: Decodable {
            var name: String
            var gated: Bool
            var verdict: String
        }
        var counters: [Counter]
    }

    @Test func identicalBenchesNeverRaiseACounterAlarm() throws {
        let folder = ScratchDirectory.make()
        let trace = folder + "/aa.ktrace"
        // Typing into the search field, shortcuts that present and dismiss controllers, focus
        // changes: the paths whose allocation counts used to move between identical runs.
        let synth = try CLIRunner.run(["synth", "--events", "800", "--seed", "45", "--scene", "pdf-viewer", "-o", trace])
        #expect(synth.status == 0, "\(synth.stderr)")
        var summaries: [Summary] = []
        for index in 0..<4 {
            let result = try CLIRunner.run(["bench", "--trace", trace, "--runs", "5", "-o", "\(folder)/b\(index).json", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("Optional("))
            let text = try CLIRunner.run(["bench", "--trace", trace, "--runs", "1", "-o", "\(folder)/text.json"])
            #expect(!text.stdout.contains("Optional(") && !text.stdout.contains("BenchCounters("))
            summaries.append(try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8)))
        }
        for summary in summaries {
            #expect(summary.varyingCounters.isEmpty, "counters moved between runs of one process: \(summary.varyingCounters)")
            #expect(summary.perRun.allocations != nil, "allocation counting is available on Linux with glibc")
        }
        let allocations = Set(summaries.compactMap(\.perRun.allocations))
        #expect(allocations.count == 1, "allocations differ between identical processes: \(allocations.sorted())")
        #expect(Set(summaries.map(\.perRun.keyCommandsCalls)).count == 1)
        #expect(Set(summaries.map(\.perRun.cacheMisses)).count == 1)
        for index in 1..<summaries.count {
            let result = try CLIRunner.run(["compare", "\(folder)/b\(index - 1).json", "\(folder)/b\(index).json", "--format", "json"])
            let comparison = try JSONDecoder().decode(Comparison.self, from: Data(result.stdout.utf8))
            let alarms = comparison.counters.filter { $0.gated && $0.verdict != "unchanged" }
            #expect(alarms.isEmpty, "A/A counter alarm: \(alarms.map { "\($0.name) \($0.verdict)" })")
        }
    }
}
