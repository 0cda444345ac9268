import Analysis
import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
import TraceFormat
import Export

/// Whether the oracles' Python imports DuckDB (Scripts/install-oracles.sh installs it).
private let duckDBAvailable = OraclePython.canImport("duckdb")

/// `keytrace export --format presses`: one row per press, joined with its resolution, stage
/// timings, counters and cache lookup.
@Suite struct PressTableTests {
    @Test func everyPressIsOneRowWithItsResolutionAndAColumnPerStage() throws {
        let path = ScratchDirectory.make() + "/dispatch.ktrace"
        try SyntheticAnalysisTrace.write(records: 300, to: path)
        var table = PressTable(trace: "t", encoding: .csv)
        var buffer: [UInt8] = []
        for record in try TraceReader(path: path) { table.add(record, into: &buffer) }
        table.finish(into: &buffer)
        let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 100)
        #expect(table.unjoined == 0)
        let header = PressTable.columns
        #expect(header.contains("receive_to_chain_walk_ns") && header.contains("deliver_to_end_ns") && header.contains("end_to_end_ns"))
        for line in lines {
            #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == header.count, "\(line)")
        }
        let first = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        #expect(first[1] == "0")
        #expect(first[header.firstIndex(of: "outcome") ?? 0] == "text-input")
        #expect(!first[header.firstIndex(of: "end_to_end_ns") ?? 0].isEmpty)
    }

    @Test func ndjsonRowsNameEveryColumnAndWriteAbsentValuesAsNull() throws {
        let path = ScratchDirectory.make() + "/keys.ktrace"
        let writer = try TraceWriter(path: path, metadata: TraceMetadata(sourceKind: "script"))
        _ = try writer.append(KeyPress(.began, HIDUsage(0x04), device: DeviceID(kind: .script), timestamp: 10))
        _ = try writer.finish()
        var table = PressTable(trace: "k", encoding: .ndjson)
        var buffer: [UInt8] = []
        for record in try TraceReader(path: path) { table.add(record, into: &buffer) }
        table.finish(into: &buffer)
        let object = try JSONSerialization.jsonObject(with: Data(buffer)) as? [String: Any]
        #expect(object?.count == PressTable.columns.count)
        #expect(object?["key"] as? String == "A")
        #expect(object?["outcome"] is NSNull)
        #expect(object?["end_to_end_ns"] is NSNull)
        #expect(object?["repeat"] as? Bool == false)
    }

    /// DuckDB over a folder of exports reproduces `keytrace analyze`'s counts and its p50/p99
    /// per stage for the same traces (the analysis' percentiles are within 0.1 %).
    @Test(.enabled(if: duckDBAvailable, Comment(rawValue: OraclePython.missing("DuckDB"))))
    func duckDBOverAFolderOfExportsReproducesTheAnalysis() throws {
        let dir = ScratchDirectory.make()
        let folder = dir + "/exports"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var traces: [String] = []
        for (seed, scene) in [(1, "pdf-viewer"), (2, "text-editor")] {
            let trace = dir + "/\(scene).ktrace"
            let synth = try CLIRunner.run(["synth", "--events", "4000", "--seed", "\(seed)", "--scene", scene, "-o", trace])
            #expect(synth.status == 0, "\(synth.stderr)")
            let export = try CLIRunner.run(["export", trace, "--format", "presses", "-o", folder + "/\(scene).csv"])
            #expect(export.status == 0, "\(export.stderr)")
            traces.append(trace)
        }
        let analyze = try CLIRunner.run(["analyze"] + traces + ["--format", "json"])
        #expect(analyze.status == 0, "\(analyze.stderr)")
        let analysis = try JSONDecoder().decode(TraceAnalysis.self, from: Data(analyze.stdout.utf8))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: OraclePython.path)
        process.arguments = [repositoryRoot + "/Scripts/press-table-duckdb.py", folder]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let duck = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

        #expect(duck["presses"] as? Int == Int(analysis.keys))
        #expect(duck["dispatches"] as? Int == Int(analysis.dispatches))
        #expect(duck["calls"] as? Int == Int(analysis.keyCommands.calls))
        #expect(duck["hits"] as? Int == Int(analysis.cache.hits))
        #expect(duck["misses"] as? Int == Int(analysis.cache.misses))
        let stages = try #require(duck["stages"] as? [String: [String: Int]])
        let names = PressTable.stageColumns + ["end_to_end_ns"]
        #expect(analysis.stages.count == names.count)
        for (entry, column) in zip(analysis.stages, names) {
            let figures = try #require(stages[column], "\(column)")
            #expect(figures["count"] == Int(entry.statistics.count), "\(column)")
            for (name, value) in [("p50", entry.statistics.p50), ("p99", entry.statistics.p99)] {
                let exact = Double(figures[name] ?? -1)
                #expect(abs(Double(value) - exact) <= exact * 0.001 + 1, "\(column) \(name): analyze \(value), DuckDB \(exact)")
            }
        }
    }
}
