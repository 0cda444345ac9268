import Foundation

/// Runs the built `keytrace` binary, as a user would.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `keytrace` executable beside the test bundle (e.g. `.build/debug/keytrace`).
    static var binary: String? {
        var candidates: [String] = []
        if let first = CommandLine.arguments.first {
            let dir = URL(fileURLWithPath: first).deletingLastPathComponent()
            candidates.append(dir.appendingPathComponent("keytrace").path)
            candidates.append(dir.deletingLastPathComponent().appendingPathComponent("keytrace").path)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/keytrace").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ arguments: [String], executable: String? = nil) throws -> Result {
        let process = Process()
        guard let path = executable ?? binary else {
            return Result(status: -1, stdout: "", stderr: "keytrace binary not found; run swift build first")
        }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}
