import CLITestSupport
import Capture
import Foundation
import KeyTraceCore
import Testing
import TraceFormat
@testable import Recording

/// A capture decoded on a second thread reaches the sink exactly as decoded on one, errors and
/// early stops included; a session recording a file that way writes the same records.
@Suite struct DecodingThreadTests {
    /// The repository's demo capture, then the real captures of ``SharedData`` when they are there.
    static let captures = [repositoryRoot + "/Traces/captures/notes-session.pcap"]
        + (SharedData.testsRun
            ? ["sha2017.pcap", "sha2017_usb_linux.pcap", "icectf2016.pcapng", "picoctf2017.pcap", "deadly_arthropod.pcap"]
                .map(SharedData.capture) : [])

    /// Keeps what it receives; wants no more after `limit` events.
    struct Collector: CaptureEventSink {
        var events: [CaptureEvent] = []
        var limit = Int.max
        mutating func receive(_ event: CaptureEvent) { events.append(event) }
        var wantsMoreEvents: Bool { events.count < limit }
    }

    @Test(arguments: Self.captures, [1, 3, 4096])
    func eventsArriveInOrderWhateverTheBatchSize(path: String, batchSize: Int) throws {
        let expected = try USBCaptureSource(file: path).collect()
        let source = try USBCaptureSource(file: path)
        var sink = Collector()
        try DecodingThread.deliverEvents(of: source, to: &sink, batchSize: batchSize, depth: 2)
        #expect(!expected.isEmpty)
        #expect(sink.events == expected)
        let pulled = try USBCaptureSource(file: path)
        _ = try pulled.collect()
        #expect(source.summary == pulled.summary)
    }

    @Test func aSinkThatWantsNoMoreStopsTheDecodingThread() throws {
        let path = Self.captures[0]
        let all = try USBCaptureSource(file: path).collect()
        var sink = Collector(limit: 25)
        try DecodingThread.deliverEvents(of: try USBCaptureSource(file: path), to: &sink, batchSize: 8, depth: 2)
        #expect(sink.events == Array(all.prefix(25)))
    }

    @Test func aCutShortCaptureThrowsAfterEveryEventDecodedBeforeTheCut() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.captures[0]))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("decoding-\(UUID().uuidString).pcap").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try whole.prefix(whole.count / 3 + 5).write(to: URL(fileURLWithPath: path))
        var expected: [CaptureEvent] = []
        var expectedError: CaptureError?
        do {
            let source = try USBCaptureSource(file: path)
            while let event = try source.next() { expected.append(event) }
        } catch { expectedError = error }
        var sink = Collector()
        var error: CaptureError?
        do throws(CaptureError) {
            try DecodingThread.deliverEvents(of: try USBCaptureSource(file: path), to: &sink, batchSize: 64)
        } catch let failure {
            error = failure
        }
        #expect(expectedError != nil)
        #expect(error?.description == expectedError?.description)
        #expect(sink.events == expected)
    }

    /// A conversion (decoded on a second thread) and a recording with the default writer (one
    /// thread, flushed by time) hold the same records.
    @Test(arguments: Self.captures)
    func aSessionConvertingAFileRecordsWhatOneThreadRecords(path: String) throws {
        func records(_ options: TraceWriter.Options) throws -> [TraceRecord] {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("decoding-\(UUID().uuidString).ktrace").path
            defer { try? FileManager.default.removeItem(atPath: output) }
            let session = try RecordingSession(output: output, metadata: TraceMetadata(capturedFrom: "usb"), scene: nil,
                                               writerOptions: options)
            try session.record(try USBCaptureSource(file: path))
            _ = try session.finish()
            var iterator = try TraceReader(path: output).makeIterator()
            var all: [TraceRecord] = []
            while let record = iterator.next() { all.append(record) }
            return all
        }
        let converted = try records(.conversion)
        #expect(!converted.isEmpty)
        #expect(converted == (try records(.init())))
    }
}
