// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so the main package graph stays small.
// Run: cd Benchmarks && swift package benchmark   (see docs/Benchmarks.md)
let package = Package(
    name: "KeyTraceBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "KeyTrace", path: "../"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "ResponderEngine", package: "KeyTrace"),
                .product(name: "KeyTraceCore", package: "KeyTrace"),
            ],
            path: "EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
