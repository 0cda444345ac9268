import Foundation
import KeyTraceCore
import TraceFormat

/// Decodes a trace on a thread of its own while the caller analyses the records, so the two
/// halves of `keytrace analyze` use two cores.
///
/// ```
///  decoding thread: cursor ─▶ batch (4096 records) ─▶ ready queue (≤ 4 batches) ──┐
///  caller:          take each record out ◀── nextBatch() ◀──────────────────────────┘
///                   recycle(batch) ─▶ spare batches ─▶ refilled by the decoding thread
/// ```
///
/// The decoding thread also records the first ``decodingThreadMetrics`` of every stage-timing
/// record into its own distributions (``stages``), which need no join with other records; the
/// analysing thread records the rest and merges these at the end. Splitting the histogram work
/// this way keeps the two threads about equally busy.
///
/// Order is preserved, so the analysis is the same as a single-threaded pass. Memory is
/// constant: at most ``depth`` full batches wait, and emptied batches are reused. Records are
/// moved in and out of a batch, never copied.
final class DecodingPipeline: @unchecked Sendable {
    /// Records per batch.
    static let batchSize = 4096
    /// Full batches that may wait for the caller before the decoding thread pauses.
    static let depth = 4
    /// The stage metrics the decoding thread records; the caller records the others.
    static let decodingThreadMetrics = 0..<4
    /// The stage metrics the caller records.
    static var analysingThreadMetrics: Range<Int> {
        decodingThreadMetrics.upperBound..<(DispatchStage.allCases.count + 1)
    }

    private let reader: TraceReader
    private let condition = NSCondition()
    private var ready: [RecordBatch] = []
    private var spare: [RecordBatch] = []
    private var decodingDone = false
    private var cancelled = false
    private var finalIssues: [ChunkIssue] = []
    private var stageDistributions = TraceAnalyzer.emptyStageDistributions()

    /// Starts decoding `reader` on a new thread.
    init(reader: TraceReader) {
        self.reader = reader
        let thread = Thread { [self] in self.decode() }
        thread.name = "keytrace-decode"
        thread.start()
    }

    deinit {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch in trace order, or `nil` once every record was handed over.
    func nextBatch() -> RecordBatch? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !decodingDone { condition.wait() }
        guard !ready.isEmpty else { return nil }
        let batch = ready.removeFirst()
        condition.broadcast()
        return batch
    }

    /// Gives a consumed batch back for reuse.
    func recycle(_ batch: RecordBatch) {
        condition.lock()
        spare.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// The damage the decoding thread met; complete once ``nextBatch()`` returned `nil`.
    var issues: [ChunkIssue] {
        condition.lock()
        defer { condition.unlock() }
        return finalIssues
    }

    /// The stage distributions of every stage-timing record; complete once ``nextBatch()``
    /// returned `nil`.
    var stages: [LatencyDistribution] {
        condition.lock()
        defer { condition.unlock() }
        return stageDistributions
    }

    /// A caller that stops early cancels the decoding thread.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    private func decode() {
        var iterator = reader.makeIterator()
        while true {
            condition.lock()
            while ready.count >= Self.depth && !cancelled { condition.wait() }
            if cancelled {
                condition.unlock()
                return
            }
            let batch = spare.popLast() ?? RecordBatch(capacity: Self.batchSize)
            condition.unlock()

            while !batch.isFull, let record = iterator.next() {
                if case .stageTimings(let timings) = record {
                    TraceAnalyzer.recordStages(of: timings, Self.decodingThreadMetrics, into: &stageDistributions)
                }
                batch.append(record)
            }
            let finished = !batch.isFull

            condition.lock()
            if !batch.isEmpty { ready.append(batch) }
            if finished {
                finalIssues = iterator.issues
                decodingDone = true
            }
            condition.broadcast()
            condition.unlock()
            if finished { return }
        }
    }
}

/// A fixed-capacity buffer of records that are moved in by the decoding thread and moved out
/// by the analysing one; only one thread holds a batch at a time.
final class RecordBatch: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<TraceRecord>
    private let capacity: Int
    private var start = 0
    /// Records currently held.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage = UnsafeMutablePointer<TraceRecord>.allocate(capacity: capacity)
    }

    deinit {
        (storage + start).deinitialize(count: count - start)
        storage.deallocate()
    }

    var isEmpty: Bool { count == start }
    var isFull: Bool { count == capacity }

    /// Moves `record` in at the end.
    func append(_ record: consuming TraceRecord) {
        (storage + count).initialize(to: record)
        count += 1
    }

    /// Moves the next record out, `nil` when none is left; the batch is then empty and reusable.
    func takeNext() -> TraceRecord? {
        guard start < count else {
            start = 0
            count = 0
            return nil
        }
        defer { start += 1 }
        return (storage + start).move()
    }
}
