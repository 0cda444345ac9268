import Benchmark
import BenchmarkTolerances
import Foundation
import SceneImport
import SceneImportTestSupport
import SwiftParser

/// `keytrace scene import` against swift-syntax parsing the same files alone, in one run.
///
/// The corpus is the folder `KEYTRACE_IMPORT_CORPUS` names (an app's source, e.g. Home
/// Assistant's `Sources/App`); without it, the Notes fixture app repeated 100 times. The two
/// benchmarks read the same files from memory; their ratio is the importer's cost over parsing.
let corpus: [(file: SourceFiles.File, text: String)] = {
    if let folder = ProcessInfo.processInfo.environment["KEYTRACE_IMPORT_CORPUS"],
       let files = try? SourceFiles(paths: [folder]) {
        return files.swiftFiles.compactMap { file in
            (try? String(contentsOfFile: file.path, encoding: .utf8)).map { (file, $0) }
        }
    }
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/SceneImportFixtures/Notes").path
    let files = (try? SourceFiles(paths: [fixture]))?.swiftFiles ?? []
    let texts = files.compactMap { file in (try? String(contentsOfFile: file.path, encoding: .utf8)).map { (file, $0) } }
    return (0..<100).flatMap { copy in
        texts.map { (SourceFiles.File(path: $0.0.path, displayPath: "copy\(copy)/\($0.0.displayPath)"), $0.1) }
    }
}()

let lines = corpus.reduce(0) { $0 + $1.text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }

let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [.wallClock, .instructions, .mallocCountTotal, .peakMemoryResident]
    Benchmark.defaultConfiguration = .init(metrics: metrics, maxDuration: .seconds(20), maxIterations: 20,
                                           thresholds: Tolerances.project(metrics))

    Benchmark("parse-only-\(corpus.count)-files-\(lines)-lines") { benchmark in
        for _ in benchmark.scaledIterations {
            for (_, text) in corpus { blackHole(Parser.parse(source: text)) }
        }
    }

    Benchmark("scene-import-\(corpus.count)-files-\(lines)-lines") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? SceneImporter().importSources(corpus))
        }
    }

    // The generated stress app (helpers fanning out, closure chains, a protocol extension with
    // two adopters a unit, thirty nested conditions) at four sizes: time and instructions grow
    // linearly with the units, against parsing the same files.
    for units in [25, 50, 100, 200] {
        let stress = StressApp.sources(units: units)
        Benchmark("stress-parse-only-\(units)-units") { benchmark in
            for _ in benchmark.scaledIterations {
                for (_, text) in stress { blackHole(Parser.parse(source: text)) }
            }
        }
        Benchmark("stress-scene-import-\(units)-units") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? SceneImporter().importSources(stress))
            }
        }
    }
}
