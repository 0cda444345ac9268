import Foundation

/// The Python that runs the tests' Python oracles (hid-tools, DuckDB): the virtual environment
/// `Scripts/install-oracles.sh` makes in `.build/oracles-venv`, or `KEYTRACE_ORACLE_PYTHON`.
///
/// Every test that runs a Python oracle goes through this type, so the system's Python is never
/// asked for packages it was not given.
public enum OraclePython {
    /// The interpreter's path, whether or not it exists.
    public static let path: String = {
        if let configured = ProcessInfo.processInfo.environment["KEYTRACE_ORACLE_PYTHON"], !configured.isEmpty {
            return configured
        }
        return repositoryRoot + "/.build/oracles-venv/bin/python3"
    }()

    /// Why an oracle test does not run when the interpreter lacks `package`.
    public static func missing(_ package: String) -> String {
        "\(package) is not installed in \(path): run sh Scripts/install-oracles.sh (sh Scripts/test.sh runs it)"
    }

    /// Whether the interpreter exists and imports `module`.
    public static func canImport(_ module: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
