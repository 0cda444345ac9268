// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the main package graph stays small.
// Run: cd Benchmarks && swift package benchmark   (see docs/Benchmarks.md)
let package = Package(
    name: "KeyTraceBenchmarks",
    platforms: [.macOS("26.0")],
    dependencies: [
        .package(name: "KeyTrace", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "BenchmarkTolerances",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_KeyTraceBenchmarkSupport", package: "KeyTrace"),
                .product(name: "TraceFormat", package: "KeyTrace"),
            ],
            path: "ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "BenchmarkTolerances",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_KeyTraceBenchmarkSupport", package: "KeyTrace"),
            ],
            path: "EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .systemLibrary(name: "CPcapBench", path: "CPcapBench", pkgConfig: "libpcap"),
        .target(
            name: "BenchmarkTolerances",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "BenchmarkTolerances"
        ),
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CPcapBench",
                .product(name: "TraceFormat", package: "KeyTrace"),
                .product(name: "_KeyTraceBenchmarkSupport", package: "KeyTrace"),
            ],
            path: "BenchmarkSupport"
        ),
        .executableTarget(
            name: "TraceFormatBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "BenchmarkTolerances",
                "CPcapBench",
                .product(name: "TraceFormat", package: "KeyTrace"),
                .product(name: "_KeyTraceBenchmarkSupport", package: "KeyTrace"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "TraceFormatBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(
            name: "CPcapLoop",
            dependencies: ["CPcapBench"],
            path: "CPcapLoop",
            exclude: ["repeat-capture.py"],
            linkerSettings: [.linkedLibrary("pcap")]
        ),
        .executableTarget(
            name: "RecordPcapBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "CPcapLoop",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_KeyTraceBenchmarkSupport", package: "KeyTrace"),
                .product(name: "TraceFormat", package: "KeyTrace"),
            ],
            path: "RecordPcapBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "SeekBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "TraceFormat", package: "KeyTrace"),
                .product(name: "_KeyTraceBenchmarkSupport", package: "KeyTrace"),
            ],
            path: "SeekBenchmark"
        ),
        .executableTarget(
            name: "SceneImportBenchmarks",
            dependencies: [
                "BenchmarkTolerances",
                .product(name: "_KeyTraceBenchmarkSupport", package: "KeyTrace"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "SceneImportBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "AnalysisBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "BenchmarkTolerances",
                .product(name: "_KeyTraceBenchmarkSupport", package: "KeyTrace"),
                .product(name: "TraceFormat", package: "KeyTrace"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "AnalysisBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
