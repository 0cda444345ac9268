import CLITestSupport
import Foundation

/// The keys reports hold according to hid-tools (`Scripts/hid-oracle.py`, the Linux HID
/// maintainers' Python library), independently of the library's descriptor parser.
enum HIDToolsOracle {
    struct Missing: Error, CustomStringConvertible {
        var description: String { OraclePython.missing("hid-tools") + ", and run the tests again" }
    }

    static let script = Captures.packageRoot.appendingPathComponent("Scripts/hid-oracle.py").path

    /// The oracles' Python (``OraclePython``), checked to import hid-tools.
    static func python() throws -> String {
        guard OraclePython.canImport("hidtools.hid") else { throw Missing() }
        return OraclePython.path
    }

    /// Per report: the extended usages (page << 16 | usage) of the keys it holds, or `nil` when
    /// hid-tools has no input report for it.
    static func keys(descriptor: [UInt8], reports: [[UInt8]]) throws -> [[UInt32]?] {
        try usages(descriptor: descriptor, reports: reports, kind: "input")
    }

    /// Per Output report: the LED usages (page 0x08 << 16 | 1…5) it sets, or `nil` when
    /// hid-tools has no output report for it.
    static func leds(descriptor: [UInt8], reports: [[UInt8]]) throws -> [[UInt32]?] {
        try usages(descriptor: descriptor, reports: reports, kind: "output")
    }

    private static func usages(descriptor: [UInt8], reports: [[UInt8]], kind: String) throws -> [[UInt32]?] {
        let python = try python()
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        let request: [String: Any] = ["descriptor": hex(descriptor), "reports": reports.map(hex), "kind": kind]
        let directory = try TemporaryDirectory()
        let input = directory.path("request.json")
        try JSONSerialization.data(withJSONObject: request).write(to: URL(fileURLWithPath: input))
        let output = try run(python, [script, input])
        return try output.split(separator: "\n").map { line in
            let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
            if let usages = value as? [Int] { return usages.map { UInt32($0) } }
            return nil
        }
    }
}
