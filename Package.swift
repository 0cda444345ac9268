// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "KeyTrace",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "keytrace", targets: ["keytrace"]),
        .library(name: "KeyTraceCore", targets: ["KeyTraceCore"]),
        .library(name: "ResponderEngine", targets: ["ResponderEngine"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "TraceFormat", targets: ["TraceFormat"]),
        .library(name: "Replay", targets: ["Replay"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPcap",
            pkgConfig: "libpcap",
            providers: [.apt(["libpcap-dev"])]
        ),
        .target(name: "KeyTraceCore"),
        .target(name: "ResponderEngine", dependencies: ["KeyTraceCore"]),
        .target(name: "Scenes", dependencies: ["KeyTraceCore", "ResponderEngine"]),
        .target(name: "Capture", dependencies: ["KeyTraceCore", "CPcap"]),
        .target(name: "TraceFormat", dependencies: ["KeyTraceCore"]),
        .target(name: "Replay", dependencies: ["KeyTraceCore", "ResponderEngine", "Scenes", "TraceFormat", "Capture"]),
        .executableTarget(
            name: "keytrace",
            dependencies: [
                "KeyTraceCore",
                "ResponderEngine",
                "Scenes",
                "TraceFormat",
                "Capture",
                "Replay",
                "CPcap",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "KeyTraceCoreTests", dependencies: ["KeyTraceCore"]),
        .testTarget(name: "ResponderEngineTests", dependencies: ["ResponderEngine", "KeyTraceCore"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "ResponderEngine", "KeyTraceCore"]),
        .testTarget(name: "CaptureTests", dependencies: ["Capture", "KeyTraceCore", "TraceFormat"]),
        .testTarget(name: "TraceFormatTests", dependencies: ["TraceFormat", "KeyTraceCore"]),
        .testTarget(name: "ReplayTests", dependencies: ["Replay", "Scenes", "ResponderEngine", "TraceFormat", "Capture", "KeyTraceCore"]),
    ]
)
