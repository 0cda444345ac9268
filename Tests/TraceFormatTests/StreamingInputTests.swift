import CLITestSupport
import Foundation
import Synchronization
import Testing
@testable import TraceFormat

import KeyTraceSupport

/// Inputs that arrive as a stream: `keytrace dump` of a FIFO or of standard input prints each
/// chunk's records as the chunk arrives, while the writer is still writing; `record --pcap` of a
/// FIFO reads the capture once, as libpcap streams it.
@Suite(.serialized) struct StreamingInputTests {
    /// A trace of several sealed chunks and where its first three end.
    static func trace() throws -> (bytes: [UInt8], firstPart: Int, firstRecords: Int) {
        let bytes = try TypingFixture.trace(TypingFixture.records(presses: 200), options: .init(chunkSize: 1024))
        let chunks = try TraceReader(bytes: bytes).chunks
        try #require(chunks.count > 4)
        return (bytes, chunks[2].endOffset, chunks[0...2].reduce(0) { $0 + Int($1.recordCount) })
    }

    /// Writes the first part of a trace to `writer`, waits until `keytrace dump` has printed
    /// the records of those chunks, then writes the rest and closes; returns what was printed
    /// before the close and in all.
    static func dripFeed(_ process: Process, writer: () throws -> FileHandle, output: FileHandle)
        throws -> (early: String, all: String, status: Int32) {
        let (bytes, firstPart, firstRecords) = try trace()
        // Standard output is drained all along, so that the dump never blocks on a full pipe.
        let printed = Mutex<[UInt8]>([])
        let drained = DispatchSemaphore(value: 0)
        Thread {
            while case let data = output.availableData, !data.isEmpty {
                printed.withLock { $0.append(contentsOf: data) }
            }
            drained.signal()
        }.start()
        let sink = try writer()
        // Three whole chunks and part of the fourth: the reader must not wait for the end.
        try sink.write(contentsOf: bytes[0..<(firstPart + 100)])
        let deadline = Date().addingTimeInterval(20)
        var early = ""
        repeat {
            Thread.sleep(forTimeInterval: 0.05)
            early = String(decoding: printed.withLock { $0 }, as: UTF8.self)
        } while early.split(separator: "\n").count < firstRecords && Date() < deadline
        try sink.write(contentsOf: bytes[(firstPart + 100)...])
        try sink.close()
        drained.wait()
        process.waitUntilExit()
        return (early, String(decoding: printed.withLock { $0 }, as: UTF8.self), process.terminationStatus)
    }

    static func dumpProcess(_ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CLIRunner.binary, "build the package first"))
        process.arguments = ["dump"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        return (process, out)
    }

    /// What `keytrace dump` prints for the same trace read from a file.
    static func fileDump() throws -> String {
        let path = try TemporaryFile.write(trace().bytes, to: "streamed.ktrace")
        let result = try CLIRunner.run(["dump", path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func dumpOfAFIFOPrintsRecordsBeforeTheWriterCloses() throws {
        let fifo = TemporaryFile.path("streamed.fifo")
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let (process, out) = try Self.dumpProcess([fifo])
        try process.run()
        let fed = try Self.dripFeed(process, writer: {
            try #require(FileHandle(forWritingAtPath: fifo))
        }, output: out.fileHandleForReading)
        let (_, _, firstRecords) = try Self.trace()
        #expect(fed.early.split(separator: "\n").count >= firstRecords,
                "only \(fed.early.split(separator: "\n").count) lines before the writer closed")
        #expect(fed.status == 0)
        #expect(fed.all == (try Self.fileDump()))
    }

    @Test func dumpOfStandardInputPrintsRecordsBeforeTheWriterCloses() throws {
        let (process, out) = try Self.dumpProcess(["-"])
        let input = Pipe()
        process.standardInput = input
        try process.run()
        let fed = try Self.dripFeed(process, writer: { input.fileHandleForWriting }, output: out.fileHandleForReading)
        let (_, _, firstRecords) = try Self.trace()
        #expect(fed.early.split(separator: "\n").count >= firstRecords)
        #expect(fed.status == 0)
        #expect(fed.all == (try Self.fileDump()))
    }

    @Test func aStreamCutInsideAChunkPrintsItsWholeRecordsAndExits1() throws {
        let (bytes, firstPart, firstRecords) = try Self.trace()
        let (process, out) = try Self.dumpProcess(["-"])
        let input = Pipe()
        process.standardInput = input
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: bytes[0..<(firstPart + 100)])
        try input.fileHandleForWriting.close()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(printed.split(separator: "\n").count >= firstRecords)
        #expect(stderr.contains("is damaged"), "\(stderr)")
    }

    static let capture = repositoryRoot + "/Traces/captures/notes-session.pcap"

    @Test func recordOfAPcapFIFOReadsTheCaptureOnce() throws {
        let fifo = TemporaryFile.path("capture.fifo")
        let output = TemporaryFile.path("from-fifo.ktrace")
        unlink(fifo)
        unlink(output)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CLIRunner.binary, "build the package first"))
        process.arguments = ["record", "--pcap", fifo, "-o", output]
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        let writer = try #require(FileHandle(forWritingAtPath: fifo))
        try writer.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: Self.capture)))
        try writer.close()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let fromFile = TemporaryFile.path("from-file.ktrace")
        let recorded = try CLIRunner.run(["record", "--pcap", Self.capture, "-o", fromFile])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let keys = try TraceReader(path: output).filter { $0.kind == .key }
        #expect(keys.count == 300)
        #expect(keys == (try TraceReader(path: fromFile).filter { $0.kind == .key }))
    }
}
