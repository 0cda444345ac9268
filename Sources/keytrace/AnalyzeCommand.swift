import Analysis
import ArgumentParser
import Bench
import Comparison
import FoundationEssentials
import KeyTraceCore
import KeyTraceSupport
import Reports
import Surfaces
import TraceFormat

/// `keytrace analyze TRACE... [--format text|json|markdown|html] [-o FILE] [--top N] [--scene SCENE]`.
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

    @Argument(help: "The trace files (.ktrace).")
    var traces: [String]

    @Option(help: "Report format: text, json, markdown or html.")
    var format: AnalysisReportFormat = .text

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

    @Option(help: ArgumentHelp("The scene the traces were recorded or replayed through (file or bundled name): the HTML report draws its Mac menu bar and iPad ⌘-hold overlay for its key screens (--format html).",
                               valueName: "scene"))
    var scene: String?

    func validate() throws {
        if scene != nil && format != .html {
            throw ValidationError("--scene draws the scene's menu bar and overlay in the HTML report; give --format html")
        }
        guard Self.topRange.contains(top) else {
            throw ValidationError("--top \(top): expected \(Self.topRange.lowerBound) to \(Self.topRange.upperBound)")
        }
        do { _ = try hardware } catch { throw ValidationError(error.description) }
    }

    /// The thresholds `--chatter-ms` and `--chord-ms` set.
    private var hardware: HardwareOptions {
        get throws(HardwareOptions.RangeError) { try HardwareOptions(chatterMilliseconds: chatterMilliseconds, chordMilliseconds: chordMilliseconds) }
    }

    func run() throws {
        let importedScene = try importReport.map(ImportedSceneReport.init(contentsOf:))
        let surfaces = try scene.map { try SceneSurfaces(runtime: try SceneArgument.load($0)) }
        var analyzer = TraceAnalyzer(top: top, hardware: try hardware)
        let progress = ProgressBar()
        for path in traces {
            do {
                try analyzer.addTrace(at: path) { read, expected in if read >= TraceAnalyzer.progressInterval { progress.update(label: PathText.lastComponent(of: path), read: read, expected: expected) } }
            } catch {
                progress.clear()
                throw CommandFailure.trace(path, error)
            }
        }
        progress.clear()
        var analysis = analyzer.finish(clock: ClockProbe.measureStageClock())
        analysis.importedScene = importedScene
        let report = try analysis.report(format, colour: ReportColour.allowed(writesToFile: output != nil), surfaces: surfaces)
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

extension AnalysisReportFormat: ExpressibleByArgument {}
