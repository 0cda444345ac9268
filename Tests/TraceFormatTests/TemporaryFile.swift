import CLITestSupport
import Foundation

/// Paths in a per-process temporary directory, removed when the test process exits.
enum TemporaryFile {
    static let directory = ScratchDirectory.make()

    static func path(_ name: String) -> String { directory + "/" + name }

    static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func write(_ bytes: [UInt8], to name: String) throws -> String {
        let p = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }
}
