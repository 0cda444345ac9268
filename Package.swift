// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "KeyTrace",
    platforms: [.macOS("26.0")],
    products: [
        .executable(name: "keytrace", targets: ["keytrace"]),
        .library(name: "KeyTraceCore", targets: ["KeyTraceCore"]),
        .library(name: "ResponderEngine", targets: ["ResponderEngine"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "SceneDiff", targets: ["SceneDiff"]),
        .library(name: "TraceFormat", targets: ["TraceFormat"]),
        .library(name: "Capture", targets: ["Capture"]),
        .library(name: "Recording", targets: ["Recording"]),
        .library(name: "Replay", targets: ["Replay"]),
        .library(name: "Statistics", targets: ["Statistics"]),
        .library(name: "Analysis", targets: ["Analysis"]),
        .library(name: "Bench", targets: ["Bench"]),
        .library(name: "KeyTraceTesting", targets: ["KeyTraceTesting"]),
        .library(name: "SceneImport", targets: ["SceneImport"]),
        // The importer parses Swift with swift-syntax, which takes longer to build than the rest
        // of KeyTrace together: it is a product of its own so that building `keytrace` does not
        // wait for it. `keytrace scene import` runs it from beside the `keytrace` binary.
        .executable(name: "keytrace-scene-import", targets: ["keytrace-scene-import"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.1.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CPcap",
            pkgConfig: "libpcap",
            providers: [.apt(["libpcap-dev"])]
        ),
        .target(name: "KeyTraceCore"),
        .target(name: "CAllocationCounter"),
        .target(name: "CCRC32C"),
        .target(name: "CProcessor"),
        .target(name: "ResponderEngine", dependencies: ["KeyTraceCore", "CProcessor"]),
        .target(name: "Scenes", dependencies: ["KeyTraceCore", "ResponderEngine"], plugins: ["EmbedScenes"]),
        // Embeds Traces/scenes in the Scenes module (BundledScenes), so a copied binary has them.
        .plugin(name: "EmbedScenes", capability: .buildTool(), dependencies: ["embed-scenes"], path: "Plugins/EmbedScenes"),
        .executableTarget(name: "embed-scenes", path: "Plugins/EmbedScenesTool"),
        .target(name: "SceneDiff", dependencies: ["KeyTraceCore", "ResponderEngine", "Scenes"]),
        .target(name: "Capture", dependencies: ["KeyTraceCore", "CPcap"]),
        .target(name: "TraceFormat", dependencies: ["KeyTraceCore", "CCRC32C"]),
        .target(name: "KeyTraceTesting", dependencies: ["Replay"]),
        .target(name: "Recording", dependencies: ["KeyTraceCore", "ResponderEngine", "Scenes", "TraceFormat", "Capture", "CProcessor"]),
        .target(name: "Replay", dependencies: ["KeyTraceCore", "ResponderEngine", "Scenes", "TraceFormat", "Recording", "Statistics"]),
        .target(name: "Statistics", dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")]),
        .target(name: "Analysis", dependencies: ["KeyTraceCore", "TraceFormat", "Statistics"]),
        .target(name: "Bench", dependencies: ["KeyTraceCore", "ResponderEngine", "Replay", "Analysis", "CAllocationCounter"]),
        .target(
            name: "SceneImport",
            dependencies: [
                "KeyTraceCore",
                "Scenes",
                "ResponderEngine",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "keytrace-scene-import",
            dependencies: [
                "SceneImport",
                "KeyTraceCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "keytrace",
            dependencies: [
                "KeyTraceCore",
                "ResponderEngine",
                "Scenes",
                "SceneDiff",
                "TraceFormat",
                "Capture",
                "Recording",
                "Replay",
                "Analysis",
                "Bench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The allocation counter (Bench) interposes malloc; the executable must export it so
            // the Swift runtime and libraries resolve to it.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
        .target(name: "CLITestSupport", path: "Tests/CLITestSupport"),
        .testTarget(name: "KeyTraceCoreTests", dependencies: ["KeyTraceCore"]),
        .testTarget(name: "ResponderEngineTests", dependencies: ["ResponderEngine", "KeyTraceCore"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "ResponderEngine", "KeyTraceCore"]),
        .testTarget(name: "SceneDiffTests", dependencies: ["SceneDiff", "Scenes", "ResponderEngine", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "CIRegressionTests", dependencies: ["CLITestSupport"]),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", "KeyTraceCore", "TraceFormat", "CPcap", "CLITestSupport"]),
        .testTarget(name: "TraceFormatTests", dependencies: ["TraceFormat", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "KeyTraceTestingTests", dependencies: ["KeyTraceTesting", "Replay", "TraceFormat", "CLITestSupport"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "Capture", "Scenes", "ResponderEngine", "TraceFormat", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "ReplayTests", dependencies: ["Replay", "Recording", "Scenes", "ResponderEngine", "TraceFormat", "Capture", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "SceneImportTests", dependencies: ["SceneImport", "Scenes", "CLITestSupport"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "Statistics", "Bench", "ResponderEngine", "KeyTraceCore", "TraceFormat", "CLITestSupport"]),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics", "KeyTraceCore"]),
        // The docs against the built binary: shell transcripts, the CLI reference, rule numbers.
        .testTarget(name: "DocsTests", dependencies: ["CLITestSupport"]),
    ]
)
