import Foundation

/// Runs the built `keytrace` binary, as a user would (shared by the test targets).
public enum CLIRunner {
    /// What one run printed and returned.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The `keytrace` executable beside the test bundle (e.g. `.build/debug/keytrace`).
    public static var binary: String? {
        var candidates: [String] = []
        if let first = CommandLine.arguments.first {
            let dir = URL(fileURLWithPath: first).deletingLastPathComponent()
            candidates.append(dir.appendingPathComponent("keytrace").path)
            candidates.append(dir.deletingLastPathComponent().appendingPathComponent("keytrace").path)
        }
        candidates.append(repositoryRoot + "/.build/debug/keytrace")
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `keytrace` with `arguments` (from `directory` when given) and waits for it.
    public static func run(_ arguments: [String], executable: String? = nil, in directory: String? = nil,
                           environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        guard let path = executable ?? binary else {
            return Result(status: -1, stdout: "", stderr: "keytrace binary not found; run swift build first")
        }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
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

/// Runs `executable` (any program: `keytrace`, an oracle such as tshark) with `arguments` and
/// returns its standard output; throws ``RunError`` with its standard error when it exits non-zero.
public func run(_ executable: String, _ arguments: [String]) throws -> String {
    let result = try CLIRunner.run(arguments, executable: executable)
    guard result.status == 0 else {
        throw RunError(message: "\(executable) \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
    }
    return result.stdout
}

/// A test step that could not run: a child process that failed, a fixture that could not be made.
public struct RunError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(message: String) { self.message = message }
}

/// The repository root, found from this file's path (Tests/CLITestSupport/CLIRunner.swift).
public let repositoryRoot: String = {
    var components = #filePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    components.removeLast(3)
    return components.joined(separator: "/")
}()
