import CLITestSupport
import Foundation
import KeyTraceCore
import Recording
import ResponderEngine
import Scenes
import Testing
import TraceFormat

/// The text-editor scene's dispatcher (no stage timing) recording into an in-memory trace
/// through a buffered recorder of `capacity` events.
private func textEditorWithBufferedRecorder(capacity: Int) throws -> (KeyDispatcher, TraceRecorder) {
    let runtime = try SceneRuntime(contentsOf: "\(repositoryRoot)/Traces/scenes/text-editor.json")
    let dispatcher = try runtime.makeDispatcher(policy: .cached, clock: nil)
    let recorder = TraceRecorder(writer: TraceWriter(metadata: TraceMetadata(sourceKind: "in-process")),
                                 mode: .buffered(capacity: capacity))
    dispatcher.observer = recorder
    return (dispatcher, recorder)
}

@Suite struct TraceRecorderTests {
    @Test func bufferedRecorderCountsDropsInsteadOfBlocking() throws {
        let (dispatcher, recorder) = try textEditorWithBufferedRecorder(capacity: 4)
        // A burst far larger than the buffer: some events must be dropped, none may block.
        for i in 0..<20_000 {
            dispatcher.dispatch(KeyPress(i % 2 == 0 ? .began : .ended, .a, timestamp: UInt64(i) * 1_000))
        }
        let bytes = try recorder.finish()
        let records = Array(try TraceReader(bytes: bytes))
        let keys = records.filter { $0.kind == .key }.count
        let dropped = records.reduce(UInt64(0)) { total, record in
            if case .dropped(let d) = record { return total + d.count }
            return total
        }
        #expect(dropped > 0, "a 4-event buffer under a 20 000-event burst must drop")
        #expect(recorder.droppedEvents == dropped)
        #expect(UInt64(keys) + dropped >= 20_000)
    }

    @Test func bufferedRecorderKeepsOrderAcrossBurstsAndPauses() throws {
        // Bursts with pauses let the writer empty the ring, so the recorder goes back to its first
        // slot many times; every event kept must come out once, in order, with its resolution.
        let (dispatcher, recorder) = try textEditorWithBufferedRecorder(capacity: 4_096)
        let total = 6_000
        for i in 0..<total {
            dispatcher.dispatch(KeyPress(i % 2 == 0 ? .began : .ended, .a, timestamp: UInt64(i + 1) * 1_000))
            if i % 700 == 699 { usleep(3_000) }
        }
        let records = Array(try TraceReader(bytes: try recorder.finish()))
        let keys = records.compactMap { record -> UInt64? in
            if case .key(let key) = record { return key.press.timestamp }
            return nil
        }
        let resolutions = records.filter { $0.kind == .resolution }.count
        let dropped = records.reduce(UInt64(0)) { total, record in
            if case .dropped(let d) = record { return total + d.count }
            return total
        }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "each kept event once, in order")
        #expect(resolutions == keys.count)
        #expect(UInt64(keys.count) + dropped == UInt64(total))
        #expect(recorder.droppedEvents == dropped)
    }
}
