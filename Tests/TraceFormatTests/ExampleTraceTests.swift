import Foundation
import KeyTraceCore
import Testing
@testable import TraceFormat

/// Keeps the worked example in docs/TraceFormat.md and docs/TraceFormat-example.ktrace equal to what
/// the writer produces. Re-record both with `KEYTRACE_RECORD_GOLDEN=1 swift test`.
@Suite struct ExampleTraceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let docPath = root.appendingPathComponent("docs/TraceFormat.md").path
    static let fixturePath = root.appendingPathComponent("docs/TraceFormat-example.ktrace").path
    static let begin = "<!-- example-hex-begin -->"
    static let end = "<!-- example-hex-end -->"

    /// The example: three key presses of `a` and one resolution, on USB device 4.5.129.
    static func exampleBytes() throws -> [UInt8] {
        let device = DeviceID.usb(bus: 4, device: 5, endpoint: 0x81)
        let metadata = TraceMetadata(toolVersion: "0.1.0", sourceKind: "usb-pcap",
                                     devices: [DeviceInfo(id: device, bInterval: 1)], clockDomain: "unix-epoch")
        let writer = TraceWriter(metadata: metadata)
        let t: UInt64 = 1_700_000_000_000_000_000
        try writer.append(KeyPress(.began, .a, device: device, timestamp: t), timestampUncertainty: 1_000_000)
        try writer.append(.resolution(ResolutionRecord(timestamp: t + 25_000, pressSequence: 0, outcome: .handledByTextInput,
                                                       targetPath: "Editor")))
        try writer.append(KeyPress(.ended, .a, device: device, timestamp: t + 95_000_123), timestampUncertainty: 1_000_000)
        try writer.append(KeyPress(.began, .a, device: device, timestamp: t + 210_500_000), timestampUncertainty: 1_000_000)
        return try writer.finish()
    }

    /// `xxd`-style lines: offset, 16 bytes in hex, ASCII.
    static func hexDump(_ bytes: [UInt8]) -> String {
        var lines: [String] = []
        for start in stride(from: 0, to: bytes.count, by: 16) {
            let row = bytes[start..<min(start + 16, bytes.count)]
            let offset = String(start, radix: 16)
            var hex = row.enumerated().map { i, b in (i == 8 ? " " : "") + (b < 16 ? "0" : "") + String(b, radix: 16) }
                .joined(separator: " ")
            hex += String(repeating: " ", count: max(0, 48 - hex.count))
            let ascii = String(row.map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "." })
            lines.append(String(repeating: "0", count: 8 - offset.count) + offset + "  " + hex + "  |" + ascii + "|")
        }
        return lines.joined(separator: "\n")
    }

    static var recording: Bool { ProcessInfo.processInfo.environment["KEYTRACE_RECORD_GOLDEN"] == "1" }

    @Test func theSpecsWorkedHexExampleMatchesTheWriter() throws {
        let dump = "```\n" + Self.hexDump(try Self.exampleBytes()) + "\n```"
        var doc = try String(contentsOfFile: Self.docPath, encoding: .utf8)
        guard let a = doc.range(of: Self.begin), let b = doc.range(of: Self.end) else {
            Issue.record("docs/TraceFormat.md lacks the \(Self.begin) … \(Self.end) markers")
            return
        }
        let current = doc[a.upperBound..<b.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        if Self.recording {
            doc.replaceSubrange(a.upperBound..<b.lowerBound, with: "\n" + dump + "\n")
            try doc.write(toFile: Self.docPath, atomically: true, encoding: .utf8)
        } else {
            #expect(current == dump, "the example in docs/TraceFormat.md is stale: re-record with KEYTRACE_RECORD_GOLDEN=1")
        }
    }

    @Test func theCommittedExampleFileMatchesTheWriterAndReadsBack() throws {
        let bytes = try Self.exampleBytes()
        if Self.recording { try Data(bytes).write(to: URL(fileURLWithPath: Self.fixturePath)) }
        #expect(try TemporaryFile.read(Self.fixturePath) == bytes)
        let records = Array(try TraceReader(bytes: bytes))
        #expect(records.count == 4)
        #expect(records.map(\.kind) == [.key, .resolution, .key, .key])
    }
}
