// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "KeyTrace",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "keytrace", targets: ["keytrace"]),
        .library(name: "KeyTraceCore", targets: ["KeyTraceCore"]),
        .library(name: "TraceFormat", targets: ["TraceFormat"]),
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
        .target(name: "TraceFormat", dependencies: ["KeyTraceCore"]),
        .executableTarget(
            name: "keytrace",
            dependencies: [
                "KeyTraceCore",
                "TraceFormat",
                "CPcap",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "KeyTraceCoreTests", dependencies: ["KeyTraceCore"]),
        .testTarget(name: "TraceFormatTests", dependencies: ["TraceFormat", "KeyTraceCore"]),
    ]
)
