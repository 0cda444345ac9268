// swift-tools-version: 6.2
import PackageDescription

/// The importer, the library modules it runs on (the model, the engine and scenes) and those a
/// recording or replay runs through (capture, trace format, recording, replay) reach the
/// metadata of their concrete generic types (tables keyed by their own types) through direct
/// accessors instead of mangled names. The runtime resolves a mangled name by checking each
/// generic requirement, and the first check of each type against a protocol scans every protocol
/// conformance record the process has loaded (about 11 000 for the importer, swift-syntax's among
/// them): each scan costs about 650 k instructions, and twenty of them cost half the parse of a
/// 1 000-line app. The flag is an unsafe flag; a package that depends on KeyTrace by version may
/// carry it because this manifest's tools version is 6.2 or later.
let directMetadataAccess: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

let package = Package(
    name: "KeyTrace",
    platforms: [.macOS("26.0")],
    products: [
        .executable(name: "keytrace", targets: ["keytrace"]),
        // The importer parses Swift with swift-syntax, which takes longer to build than the rest
        // of KeyTrace together: it is a product of its own so that building `keytrace` does not
        // wait for it. `keytrace scene import` runs it from beside the `keytrace` binary.
        .executable(name: "keytrace-scene-import", targets: ["keytrace-scene-import"]),
        // Golden-trace assertions for an app's own test suite (docs/Replay.md#golden-traces).
        .library(name: "KeyTraceTesting", targets: ["KeyTraceTesting"]),
        // Reading and writing `.ktrace` files from another program (docs/TraceFormat.md#10-the-reader-library).
        .library(name: "TraceFormat", targets: ["TraceFormat"]),
        // The modules KeyTrace's own Benchmarks package measures in process. Not an API: it
        // changes with every release, like any module of the package. Everything else the
        // package's modules share is `package` access and invisible outside it.
        .library(
            name: "_KeyTraceBenchmarkSupport",
            targets: [
                "KeyTraceCore", "ResponderEngine", "Scenes", "Capture", "Recording", "Replay", "Analysis", "Export", "SceneImport",
                "SceneImportTestSupport",
            ]
        ),
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
        // Infrastructure with package access: the platform layer, the clock, file input and
        // output, the JSON writer, caches and seeded random numbers.
        .target(name: "KeyTraceSupport", swiftSettings: directMetadataAccess),
        .target(name: "KeyTraceCore", dependencies: ["KeyTraceSupport"], swiftSettings: directMetadataAccess),
        .target(name: "CAllocationCounter"),
        .target(name: "CCRC32C"),
        .target(name: "CProcessor"),
        .target(name: "ResponderEngine", dependencies: ["KeyTraceSupport", "KeyTraceCore", "CProcessor"], swiftSettings: directMetadataAccess),
        .target(name: "Scenes", dependencies: ["KeyTraceSupport", "KeyTraceCore", "ResponderEngine"], swiftSettings: directMetadataAccess,
                plugins: ["EmbedScenes"]),
        // Embeds Traces/scenes in the Scenes module (BundledScenes), so a copied binary has them.
        .plugin(name: "EmbedScenes", capability: .buildTool(), dependencies: ["embed-scenes"], path: "Plugins/EmbedScenes"),
        .executableTarget(name: "embed-scenes", path: "Plugins/EmbedScenesTool"),
        // What a person sees of an app's commands: the Mac menu bar and the ⌘-hold overlay.
        .target(name: "Surfaces", dependencies: ["KeyTraceSupport", "KeyTraceCore", "ResponderEngine", "Scenes"]),
        .target(name: "SceneDiff", dependencies: ["KeyTraceSupport", "KeyTraceCore", "ResponderEngine", "Scenes", "Surfaces"]),
        .target(name: "Capture", dependencies: ["KeyTraceSupport", "KeyTraceCore", "CPcap"], swiftSettings: directMetadataAccess),
        .target(name: "TraceFormat", dependencies: ["KeyTraceSupport", "KeyTraceCore", "CCRC32C"], swiftSettings: directMetadataAccess),
        .target(name: "KeyTraceTesting", dependencies: ["Replay"]),
        .target(name: "Recording", dependencies: ["KeyTraceSupport", "KeyTraceCore", "ResponderEngine", "Scenes", "TraceFormat", "Capture", "CProcessor"], swiftSettings: directMetadataAccess),
        .target(name: "Replay", dependencies: ["KeyTraceSupport", "KeyTraceCore", "ResponderEngine", "Scenes", "TraceFormat", "Recording", "Statistics"], swiftSettings: directMetadataAccess),
        .target(name: "Statistics", dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")]),
        // Reading traces into figures (`analyze`).
        .target(name: "Analysis", dependencies: ["KeyTraceSupport", "KeyTraceCore", "TraceFormat", "Statistics"]),
        // Bench results and their comparison: `compare`, the statistics tests, the hardware gate.
        .target(name: "Comparison", dependencies: ["KeyTraceSupport", "KeyTraceCore", "Analysis", "Statistics"]),
        // Renderings for people: text, markdown, HTML, SVG, JUnit.
        .target(name: "Reports", dependencies: ["KeyTraceSupport", "KeyTraceCore", "Analysis", "Comparison", "Statistics", "Surfaces"]),
        // Traces into other tools' formats: Chrome, press tables, pcap, hid-recorder, CSV/NDJSON.
        .target(name: "Export", dependencies: ["KeyTraceSupport", "KeyTraceCore", "TraceFormat", "Analysis", "CPcap"]),
        .target(name: "Bench", dependencies: ["KeyTraceSupport", "KeyTraceCore", "ResponderEngine", "Scenes", "TraceFormat", "Recording", "Replay", "Analysis", "Comparison", "CAllocationCounter"]),
        // The tour `keytrace demo` gives on bundled data.
        .target(
            name: "Demo",
            dependencies: ["KeyTraceCore", "Scenes", "Capture", "TraceFormat", "Recording", "Replay", "Analysis", "Reports", "Bench"]
        ),
        // The work budget both of the importer's source readers run under.
        .target(name: "SceneImportBudget", swiftSettings: directMetadataAccess),
        // The vocabulary both of the importer's source readers record what they find in: the
        // run-time conditions code runs under.
        .target(name: "SceneImportVocabulary", swiftSettings: directMetadataAccess),
        // The importer's readers that need no Swift parser, so that they and their tests build
        // without swift-syntax: the Objective-C scanner (lexer, declarations, method bodies) and
        // the resource readers (Xcode projects, storyboards, Info.plist, strings tables).
        .target(name: "SceneImportObjectiveC", dependencies: ["KeyTraceSupport", "KeyTraceCore", "SceneImportBudget", "SceneImportVocabulary"], swiftSettings: directMetadataAccess),
        .target(name: "SceneImportResources", dependencies: ["KeyTraceSupport"], swiftSettings: directMetadataAccess),
        .target(
            name: "SceneImport",
            dependencies: [
                "KeyTraceSupport",
                "KeyTraceCore",
                "Scenes",
                "ResponderEngine",
                "Surfaces",
                "SceneImportBudget",
                "SceneImportVocabulary",
                "SceneImportObjectiveC",
                "SceneImportResources",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: directMetadataAccess
        ),
        .executableTarget(
            name: "keytrace-scene-import",
            dependencies: [
                "KeyTraceSupport",
                "SceneImport",
                "KeyTraceCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: directMetadataAccess
        ),
        .executableTarget(
            name: "keytrace",
            dependencies: [
                "KeyTraceSupport",
                "KeyTraceCore",
                "ResponderEngine",
                "Scenes",
                "SceneDiff",
                "Surfaces",
                "TraceFormat",
                "Capture",
                "Recording",
                "Replay",
                "Analysis",
                "Comparison",
                "Reports",
                "Export",
                "Bench",
                "Demo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The allocation counter (Bench) interposes malloc; the executable must export it so
            // the Swift runtime and libraries resolve to it.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"], .when(platforms: [.linux]))]
        ),
        .target(name: "CLITestSupport", dependencies: ["KeyTraceSupport"], path: "Tests/CLITestSupport"),
        .testTarget(name: "KeyTraceSupportTests", dependencies: ["KeyTraceSupport", "CLITestSupport"]),
        .testTarget(name: "KeyTraceCoreTests", dependencies: ["KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "ResponderEngineTests", dependencies: ["KeyTraceSupport", "ResponderEngine", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "ScenesTests", dependencies: ["KeyTraceSupport", "Scenes", "ResponderEngine", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "SurfacesTests", dependencies: ["Surfaces", "Scenes", "ResponderEngine", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "SceneDiffTests", dependencies: ["SceneDiff", "Scenes", "ResponderEngine", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "CIRegressionTests", dependencies: ["CLITestSupport"]),
        .testTarget(name: "CaptureTests", dependencies: ["KeyTraceSupport", "Capture", "Export", "KeyTraceCore", "TraceFormat", "CPcap", "CLITestSupport"]),
        .testTarget(name: "TraceFormatTests", dependencies: ["KeyTraceSupport", "TraceFormat", "Export", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "KeyTraceTestingTests", dependencies: ["KeyTraceTesting", "Replay", "TraceFormat", "CLITestSupport"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "Capture", "Scenes", "ResponderEngine", "TraceFormat", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "ReplayTests", dependencies: ["KeyTraceSupport", "Replay", "Recording", "Scenes", "ResponderEngine", "TraceFormat", "Capture", "KeyTraceCore", "CLITestSupport"]),
        // Generated apps the importer's tests and benchmarks import (`StressApp`).
        .target(name: "SceneImportTestSupport", dependencies: ["SceneImport"], path: "Tests/SceneImportTestSupport"),
        .testTarget(name: "SceneImportObjectiveCTests", dependencies: ["SceneImportObjectiveC", "SceneImportBudget", "SceneImportVocabulary", "KeyTraceCore", "CLITestSupport"]),
        .testTarget(name: "SceneImportVocabularyTests", dependencies: ["SceneImportVocabulary"]),
        .testTarget(name: "SceneImportResourcesTests", dependencies: ["SceneImportResources", "CLITestSupport"]),
        .testTarget(name: "SceneImportTests", dependencies: [
            "SceneImport", "SceneImportBudget", "SceneImportVocabulary", "SceneImportObjectiveC", "SceneImportResources", "SceneImportTestSupport", "Scenes", "Surfaces",
            "ResponderEngine", "KeyTraceCore", "CLITestSupport",
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .testTarget(name: "AnalysisTests", dependencies: ["KeyTraceSupport", "Analysis", "Comparison", "Reports", "Export", "Statistics", "Bench", "ResponderEngine", "KeyTraceCore", "TraceFormat", "CLITestSupport"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Analysis", "TraceFormat", "KeyTraceCore", "KeyTraceSupport", "CLITestSupport"]),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "Analysis", "Statistics", "KeyTraceCore", "KeyTraceSupport", "CLITestSupport"]),
        .testTarget(name: "StatisticsTests", dependencies: ["KeyTraceSupport", "Statistics", "KeyTraceCore", "CLITestSupport"]),
        // The docs against the built binary: shell transcripts, the CLI reference, rule numbers.
        .testTarget(name: "DocsTests", dependencies: ["CLITestSupport"]),
    ]
)
