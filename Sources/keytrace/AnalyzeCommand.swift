import Analysis
import Bench
import KeyTraceCore
import ArgumentParser
import Foundation
import TraceFormat

import KeyTraceSupport
import Comparison
import Reports

/// `keytrace analyze TRACE... [--format text|json|markdown|html] [-o FILE] [--top N]`.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Per-stage latency, breakdowns, slowest presses, keyCommands calls, cache and typing statistics of traces.",
        discussion: """
            Reads every trace once, streaming, in constant memory; several traces are merged. \
            Damaged chunks are skipped with a warning naming their byte offset; the intact records \
            are still analysed, and the command exits 1. JSON follows the keytrace-analysis/1 \
            schema (docs/Analysis.md). A trace of 64 chunks or more (about 4 MB) is read by two \
            threads with exactly the result of one; KEYTRACE_ANALYZE_THREADS=1 keeps it on one \
            thread. Keyboard hardware figures: docs/HardwareTiming.md.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown, html
    }

    @Argument(help: "The trace files (.ktrace).")
    var traces: [String]

    @Option(help: "Report format: text, json, markdown or html.")
    var format: Format = .text

    @Option(name: [.short, .customLong("output")], help: "Write the report to FILE instead of standard output.")
    var output: String?

    /// The values `--top` accepts.
    static let topRange = 0...10_000

    @Option(help: "How many of the slowest presses to list (\(topRange.lowerBound)–\(topRange.upperBound)).")
    var top: Int = 10

    @Option(name: .customLong("chatter-ms"),
            help: ArgumentHelp("A key pressed again within this many milliseconds of its release is chatter (1–10000).",
                               valueName: "ms"))
    var chatterMilliseconds: UInt64 = 30

    @Option(name: .customLong("chord-ms"),
            help: ArgumentHelp("Downs within this many milliseconds of the first, before any is released, form a chord (1–10000).",
                               valueName: "ms"))
    var chordMilliseconds: UInt64 = 50

    @Option(name: .customLong("import-report"),
            help: ArgumentHelp("Add an 'Imported scene' section from this report of `keytrace scene import --report FILE --json`.",
                               valueName: "file"))
    var importReport: String?

    func validate() throws {
        guard Self.topRange.contains(top) else {
            throw ValidationError("--top \(top): expected \(Self.topRange.lowerBound) to \(Self.topRange.upperBound)")
        }
        let limit = HardwareOptions.maximumNanoseconds / 1_000_000
        for (name, value) in [("--chatter-ms", chatterMilliseconds), ("--chord-ms", chordMilliseconds)] where !(1...limit).contains(value) {
            throw ValidationError("\(name) \(value): expected 1 to \(limit) milliseconds")
        }
    }

    func run() throws {
        do {
            var importedScene: ImportedSceneReport?
            if let importReport {
                importedScene = try ImportedSceneReport(contentsOf: importReport)
            }
            let hardware = HardwareOptions(chatterThresholdNanoseconds: chatterMilliseconds * 1_000_000,
                                           chordWindowNanoseconds: chordMilliseconds * 1_000_000)
            var analyzer = TraceAnalyzer(top: top, hardware: hardware)
            let progress = ProgressBar()
            for path in traces {
                do {
                    try analyzer.addTrace(at: path) { read, expected in if read >= TraceAnalyzer.progressInterval { progress.update(label: URL(fileURLWithPath: path).lastPathComponent, read: read, expected: expected) } }
                } catch {
                    progress.clear()
                    let offset = error.offset.map { " (byte offset \($0))" } ?? ""
                    throw CommandFailure(message: "\(path): \(error.description)\(error.description.contains("offset") ? "" : offset)",
                                         code: error.isUnusableInput ? KeyTraceExit.unusableInput : KeyTraceExit.ioFailure)
                }
            }
            progress.clear()
            var analysis = analyzer.finish(clock: ClockProbe.measureStageClock())
            analysis.importedScene = importedScene
            let report: String
            switch format {
            case .text:
                report = analysis.textReport(colour: ReportColour.allowed(writesToFile: output != nil))
            case .json: report = try analysis.jsonReport()
            case .markdown: report = analysis.markdownReport()
            case .html: report = analysis.htmlReport()
            }
            try OutputFile(output ?? "-").replace(with: Array(report.utf8))
            if format != .text || output != nil || analyzer.lostRecords {
                for warning in analysis.warnings { KeyTraceExit.printError("warning: \(warning)") }
            }
            if analyzer.lostRecords {
                throw CommandFailure(message: "records were lost from damaged traces (warnings above); the analysis covers the records read",
                                     code: KeyTraceExit.checkFailed)
            }
        }
    }
}

