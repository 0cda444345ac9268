import Foundation
import Testing
@testable import TraceFormat

/// Traces written in format 1.0 (`Traces/format-1.0/`, each with the JSON lines the 1.0 reader
/// printed for it) read the same today, and rewritten in the current format they give the same
/// records in fewer bytes.
@Suite struct FormatOneCompatibilityTests {
    static let directory = ExampleTraceTests.root.appendingPathComponent("Traces/format-1.0").path
    static let names = ["example", "text-input", "repeat-release", "sha2017"]

    static func bytes(_ name: String) throws -> [UInt8] {
        try TemporaryFile.read(directory + "/" + name + ".ktrace")
    }

    @Test(arguments: names)
    func aFormatOneTraceReadsAsTheOneZeroReaderReadIt(name: String) throws {
        let reader = try TraceReader(bytes: try Self.bytes(name))
        #expect(reader.header.major == 1)
        let lines = Array(reader).map(\.jsonLine)
        let expected = try String(contentsOfFile: Self.directory + "/" + name + ".dump.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(lines == expected)
    }

    @Test(arguments: names)
    func rewrittenInTheCurrentFormatTheRecordsAreEqualAndSmaller(name: String) throws {
        let old = try Self.bytes(name)
        let reader = try TraceReader(bytes: old)
        let records = Array(reader)
        let writer = TraceWriter(metadata: reader.header.metadata)
        for record in records { _ = try writer.append(record) }
        let new = try writer.finish()
        let again = try TraceReader(bytes: new)
        #expect(again.header.major == TraceFileHeader.currentMajor)
        #expect(Array(again) == records)
        #expect(FastPathAgreement.disagreements(again, bytes: new, written: records, seed: 1).isEmpty)
        #expect(new.count <= old.count)
    }
}
