import CLITestSupport
import Foundation
import KeyTraceCore
import Testing
import TraceFormat

import KeyTraceSupport

/// A live recording killed with SIGKILL at any moment, however long its input was idle, has
/// written every event that reached it more than 100 ms before the kill.
@Suite struct LiveRecordingKillTests {
    /// How long before the kill an event may still be missing.
    static let bound: Double = 0.100

    enum Source: String, CaseIterable, Sendable {
        /// `record --terminal` with standard input a pipe: each byte is a press.
        case terminalPipe
        /// `record --evdev FIFO`: `struct input_event` records written into a named pipe.
        case evdevFIFO
    }

    /// Spawns a recording, feeds it events at random moments (bursts and long pauses), kills it
    /// with SIGKILL at a random moment and returns how many events were written more than
    /// ``bound`` before the kill, how many in all, and how many key records the trace holds.
    static func killedRecording(_ source: Source, seed: UInt64) throws -> (due: Int, written: Int, recorded: Int) {
        var rng = SeededGenerator(seed: seed)
        let folder = ScratchDirectory.make()
        let output = folder + "/killed.ktrace"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CLIRunner.binary))
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let input: FileHandle
        switch source {
        case .terminalPipe:
            let pipe = Pipe()
            process.arguments = ["record", "--terminal", "-o", output]
            process.standardInput = pipe
            try process.run()
            input = pipe.fileHandleForWriting
        case .evdevFIFO:
            let fifo = folder + "/event3"
            #expect(mkfifo(fifo, 0o600) == 0)
            process.arguments = ["record", "--evdev", fifo, "-o", output]
            process.standardInput = FileHandle.nullDevice
            try process.run()
            input = try #require(FileHandle(forWritingAtPath: fifo))  // waits for the recorder to open it
        }
        // The recorder is running once its trace file has a header.
        let start = Date()
        while (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0 == 0,
              Date().timeIntervalSince(start) < 10 {
            usleep(5_000)
        }
        var writes: [Date] = []
        var seconds: Int64 = 1_000
        for index in 0..<Int.random(in: 8...20, using: &rng) {
            let pause = Bool.random(using: &rng) ? Double.random(in: 0.2...0.9, using: &rng) : Double.random(in: 0.005...0.08, using: &rng)
            usleep(UInt32(pause * 1_000_000))
            switch source {
            case .terminalPipe:
                input.write(Data([UInt8(ascii: "a") + UInt8(index % 26)]))
            case .evdevFIFO:
                seconds += 1
                let down: [(Int64, Int64, UInt16, UInt16, Int32)] = [(seconds, 0, 1, 30, 1), (seconds, 0, 0, 0, 0)]
                let up: [(Int64, Int64, UInt16, UInt16, Int32)] = [(seconds, 500, 1, 30, 0), (seconds, 500, 0, 0, 0)]
                input.write(Self.inputEvents(index % 2 == 0 ? down : up))
            }
            writes.append(Date())
        }
        usleep(UInt32(Double.random(in: 0...1.2, using: &rng) * 1_000_000))
        let killedAt = Date()
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? input.close()
        let due = writes.filter { killedAt.timeIntervalSince($0) > bound }.count
        let reader = try TraceReader(path: output)
        var cursor = reader.cursor()
        var keys = 0
        while cursor.next(in: [.key]) {
            // Each written event is one key record; the repeats synthesised for the held key are not written events.
            if cursor.keyRecord?.press.isSynthesizedRepeat == true { continue }
            if source == .evdevFIFO || cursor.keyPhase == .began { keys += 1 }
        }
        return (due, writes.count, keys)
    }

    static func inputEvents(_ events: [(Int64, Int64, UInt16, UInt16, Int32)]) -> Data {
        var data = Data()
        for (s, us, type, code, value) in events {
            withUnsafeBytes(of: s) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: us) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: type) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: code) { data.append(contentsOf: $0) }
            withUnsafeBytes(of: value) { data.append(contentsOf: $0) }
        }
        return data
    }

    @Test(arguments: Source.allCases, 1...3 as ClosedRange<UInt64>)
    func aKilledLiveRecordingHoldsEveryEventOlderThan100ms(source: Source, seed: UInt64) throws {
        let result = try Self.killedRecording(source, seed: seed)
        #expect(result.recorded >= result.due, "\(source) seed \(seed): \(result.recorded) of \(result.due) due (\(result.written) written)")
        #expect(result.recorded <= result.written)
    }
}
