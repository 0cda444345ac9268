import Dispatch
import FoundationEssentials
import KeyTraceSupport
import Synchronization
import TraceFormat

/// Reading one trace on two threads.
///
/// The chunks are split in two at a chunk boundary. The calling thread reads the head, a
/// second thread the tail, each into its own analyzer, and the tail is merged into the head:
///
/// ```
///  chunks:  [0 ........ split) [split ........ end)
///  head:    every record       presses < boundary only (joins), capture figures
///  tail:    counts keys        every record, presses from `boundary` on
/// ```
///
/// What one thread would compute in order, the split computes exactly:
/// - the tail numbers its presses from the number of key records in the head (`boundary`,
///   counted by a quick scan), so press sequences match;
/// - a resolution or timings record in the tail that belongs to a head press (the chunk
///   boundary fell inside a press) is joined by the head, which keeps reading the tail until
///   64 tail presses have passed and no head press can be joined any more — exactly when one
///   window would have evicted the last of them;
/// - capture figures (intervals, dwell, rollover) depend on the key before, so the head keeps
///   them for the whole trace, reading the tail's keys;
/// - histograms, counters and the timeline add; the slowest list and the breakdowns merge in
///   order. The tail keeps the dispatches it folds into `(other)` so the merge can credit
///   groups the head keeps; only past a million of them is the trace read again on one thread.
extension TraceAnalyzer {
    /// Traces with fewer chunks are read on one thread (64 KiB chunks: about 4 MB).
    public static let minimumChunksToSplit = 64

    /// Whether ``addTrace(_:path:progress:)`` may use a second thread: on machines with more
    /// than one processor, unless `KEYTRACE_ANALYZE_THREADS=1` is set.
    static let splitsLargeTraces: Bool = {
        if let value = ProcessInfo.processInfo.environment["KEYTRACE_ANALYZE_THREADS"], value == "1" { return false }
        return ProcessInfo.processInfo.activeProcessorCount > 1
    }()

    /// Reads `reader` on two threads, the chunks before `split` on this one and the rest on a
    /// second; the analysis equals ``addTraceOnOneThread(_:path:progress:)``'s.
    public mutating func addTrace(_ reader: TraceReader, path: String, splittingAt split: Int,
                                  progress: ((UInt64, UInt64?) -> Void)? = nil) {
        let split = max(0, min(split, reader.chunks.count))
        let before = self
        beginTrace(path: path, metadata: reader.header.metadata)
        noteIndexIssues(of: reader)

        let tail = TailPartition()
        let tailTop = topCount
        let finished = DispatchSemaphore(value: 0)
        let started = DetachedThread.start(name: "keytrace-analyze", stackSize: 1 << 20) {
            tail.analyzer = TraceAnalyzer.readTail(of: reader, path: path, from: split, top: tailTop, reportingTo: tail)
            finished.signal()
        }
        guard started else {
            self = before
            addTraceOnOneThread(reader, path: path, progress: progress)
            return
        }

        let expected = reader.footerRecordCount
        var head = reader.cursor(overChunks: 0..<split)
        let headRead = read(&head) { read in progress?(read + tail.read.load(ordering: .relaxed), expected) }
        noteIssues(of: head, in: reader)
        let boundary = traceKeys  // the head's own presses are numbered from 0
        var rest = reader.cursor(overChunks: split..<reader.chunks.count)
        joinAcross(&rest, boundary: boundary)
        flushWindow()

        finished.wait()
        guard let later = tail.analyzer, mergesExactly(later) else {
            self = before
            addTraceOnOneThread(reader, path: path, progress: progress)
            return
        }
        merge(tail: later)
        progress?(headRead + tail.read.load(ordering: .relaxed), expected)
    }

    /// The tail partition's analysis: presses numbered after the head's keys, capture left to
    /// the head, the window flushed.
    private static func readTail(of reader: TraceReader, path: String, from split: Int, top: Int,
                                 reportingTo tail: TailPartition) -> TraceAnalyzer {
        var head = reader.cursor(overChunks: 0..<split)
        var headKeys: UInt64 = 0
        var firstTimestamp: UInt64?
        while head.next() {
            if firstTimestamp == nil { firstTimestamp = head.timestamp }
            if head.kind == .key { headKeys += 1 }
        }
        var analyzer = TraceAnalyzer(top: top)
        analyzer.beginTrace(path: path, metadata: reader.header.metadata)
        analyzer.keyBase = headKeys
        analyzer.tracksCapture = false
        analyzer.byCommand = .forLaterPartition(limit: groupLimit)
        analyzer.byResponder = .forLaterPartition(limit: groupLimit)
        analyzer.traceStart = firstTimestamp
        var cursor = reader.cursor(overChunks: split..<reader.chunks.count)
        let read = analyzer.read(&cursor) { read in tail.read.store(read, ordering: .relaxed) }
        tail.read.store(read, ordering: .relaxed)
        analyzer.noteIssues(of: cursor, in: reader)
        analyzer.flushWindow()
        return analyzer
    }

    /// Follows the tail after the head's own records: joins the records of head presses
    /// (`pressSequence < boundary`) found there, moves the window along with the tail's presses
    /// as one thread would, and adds the tail's keys to the capture figures.
    private mutating func joinAcross(_ cursor: inout RecordCursor, boundary: UInt64) {
        var tailKeys: UInt64 = 0
        var joining = true
        while cursor.next() {
            switch cursor.kind {
            case .key:
                guard let key = cursor.keyRecord else { continue }
                capture.add(key)
                if joining { _ = slot(for: boundary &+ tailKeys) }
                tailKeys += 1
                // Every slot now holds a tail press: an older record can no longer join.
                if tailKeys >= UInt64(PressWindow.size) { joining = false }
            case .hidReport:
                if let report = cursor.hidReport { capture.add(report: report) }
            case .resolution where joining:
                guard let resolution = cursor.resolution, let slot = slot(for: resolution.pressSequence) else { continue }
                if resolution.pressSequence < boundary { window.slots[slot].resolution = resolution }
            case .stageTimings where joining:
                guard let timings = cursor.stageTimings, let slot = slot(for: timings.pressSequence) else { continue }
                if timings.pressSequence < boundary { window.slots[slot].timings = timings }
            default:
                continue
            }
        }
    }

    private func mergesExactly(_ later: TraceAnalyzer) -> Bool {
        byCommand.mergesExactly(later.byCommand) && byResponder.mergesExactly(later.byResponder)
            && byOutcome.mergesExactly(later.byOutcome)
    }

    /// Adds the tail partition's figures for the current trace.
    private mutating func merge(tail later: TraceAnalyzer) {
        analysis.keys += later.analysis.keys
        analysis.dispatches += later.analysis.dispatches
        traceRecords += later.traceRecords
        traceKeys += later.traceKeys
        traceDispatches += later.traceDispatches
        if traceStart == nil { traceStart = later.traceStart }
        traceEnd = max(traceEnd, later.traceEnd)
        for index in stage.indices { stage[index].merge(later.stage[index]) }
        inputToDispatch.merge(later.inputToDispatch)
        hardwarePresses += later.hardwarePresses
        hardwarePressesStampedAtInput += later.hardwarePressesStampedAtInput
        byOutcome.merge(later.byOutcome)
        byCommand.merge(later.byCommand)
        byResponder.merge(later.byResponder)
        for press in later.slowest.presses { slowest.insert(press, traceIndex: traceIndex) }
        timeline.merge(later.timeline)
        counters.merge(later.counters)
        cacheHits += later.cacheHits
        cacheMisses += later.cacheMisses
        for index in invalidations.indices { invalidations[index] += later.invalidations[index] }
        for (path, calls) in later.perResponder { perResponder[path, default: 0] += calls }
        sawPerResponderMarker = sawPerResponderMarker || later.sawPerResponderMarker
        for (path, built) in later.commandsBuilt { add(built: built, by: path) }
        if let source = later.analysis.traces.last {
            analysis.traces[traceIndex].issues += source.issues
        }
        analysis.warnings += later.analysis.warnings
        lostRecords = lostRecords || later.lostRecords
    }
}

/// What the tail thread hands back; the semaphore orders the write before the read.
private final class TailPartition: @unchecked Sendable {
    var analyzer: TraceAnalyzer?
    let read = Atomic<UInt64>(0)
}
