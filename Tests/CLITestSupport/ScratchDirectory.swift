import Foundation

import KeyTraceSupport

/// Scratch space for tests: one folder per test process in the temporary directory
/// (`keytrace-tests-PID`), removed with everything in it when the process exits.
public enum ScratchDirectory {
    /// The process's folder, made on first use; its removal is registered at the same time.
    public static let root: String = {
        let path = NSTemporaryDirectory() + "keytrace-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: ScratchDirectory.root) }
        return path
    }()

    /// A new empty folder inside ``root``, for one test.
    public static func make() -> String {
        let path = root + "/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// A folder of its own inside ``ScratchDirectory/root`` for one test, removed when the value
/// goes away (the root itself goes when the process exits).
public final class TemporaryDirectory {
    /// The folder.
    public let url: URL

    /// Makes the folder.
    public init() throws {
        url = URL(fileURLWithPath: ScratchDirectory.make())
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
