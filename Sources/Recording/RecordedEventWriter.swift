import KeyTraceCore
import ResponderEngine
import TraceFormat

/// The writer's side of a ``TraceRecorder``: turns ``RecordedEvent`` values into trace records
/// (key, resolution, stage timings, counters, cache use) and writes them, keeping the path and
/// command tables the events' numbers refer to.
///
/// Records go to the writer's typed `append` methods (a ``TraceRecord`` case would box them),
/// and a resolution's strings come from a small cache of records keyed by the event's numbers:
/// a press that resolves like an earlier one reuses that record's strings (one reference count)
/// instead of building them again, and the encoder recognises the same strings without hashing.
struct RecordedEventWriter {
    private var paths = PathTable()
    private var commands: [KeyCommand] = []
    /// Resolution records already written, by their numbers: a repeat shares the strings of the
    /// first (the numbers are this writer's, so the cache is emptied when one is defined again).
    private var records = ResolutionDetailsCache()

    /// Writes the records of `event` (or learns the definition it carries).
    mutating func write(_ event: UnsafePointer<RecordedEvent>, to writer: TraceWriter) throws(TraceFormatError) {
        switch event.pointee.kind {
        case .dispatch:
            let timestamp = event.pointee.press.timestamp
            let sequence = try writer.append(event.pointee.press, timestampUncertainty: event.pointee.uncertainty)
            try writer.append(resolution(of: event, sequence: sequence))
            try writeMeasurements(of: event, sequence: sequence, timestamp: timestamp, to: writer)
        case .record:
            if let record = event.pointee.record { try writer.append(record) }
        case .dropped:
            try writer.append(.dropped(DroppedEventsRecord(timestamp: event.pointee.press.timestamp,
                                                           count: event.pointee.count)))
        case .definePath:
            if paths.define(event.pointee.text ?? "", as: event.pointee.provider) { records.removeAll() }
        case .defineCommand:
            if let command = event.pointee.definedCommand,
               Self.define(&commands, Int(event.pointee.command), command) { records.removeAll() }
        }
    }

    /// Adds `value` as number `number`; returns whether the number was defined before (then
    /// cached records may name the old value).
    private static func define<T>(_ table: inout [T], _ number: Int, _ value: T) -> Bool {
        if number == table.count { table.append(value) } else if number < table.count {
            table[number] = value
            return true
        }
        return false
    }

    private func command(_ number: Int32) -> KeyCommand? {
        number >= 0 && Int(number) < commands.count ? commands[Int(number)] : nil
    }

    /// The resolution record of a dispatch event: what ``ResolutionRecords`` makes of the live
    /// resolution, from the numbers.
    private mutating func resolution(of event: UnsafePointer<RecordedEvent>, sequence: UInt64) -> ResolutionRecord {
        func lane(_ number: Int32) -> UInt64 { UInt64(UInt32(bitPattern: number)) }
        let key = SIMD8<UInt64>(lane(event.pointee.command), lane(event.pointee.blockingCommand),
                                lane(event.pointee.provider), lane(event.pointee.target),
                                UInt64(event.pointee.actionSource.rawValue), 0, 0, 0)
        let isUpAction = event.pointee.press.phase == .ended && event.pointee.actionSource == .keyUp
        let timestamp = event.pointee.press.timestamp
        if let record = records.record(key, timestamp: timestamp, pressSequence: sequence,
                                       outcome: event.pointee.outcome, isUpAction: isUpAction) {
            return record
        }
        let command = self.command(event.pointee.command)
        let record = ResolutionRecord(
            timestamp: timestamp, pressSequence: sequence, outcome: event.pointee.outcome,
            command: command?.shortcut, title: command?.displayTitle,
            action: event.pointee.actionSource.action(of: command), isUpAction: isUpAction,
            providerPath: paths[event.pointee.provider], targetPath: paths[event.pointee.target],
            blockingAction: self.command(event.pointee.blockingCommand)?.action)
        records.remember(record, under: key)
        return record
    }

    /// Writes the stage timings, query counters and cache use of a dispatch, in that order.
    private func writeMeasurements(of event: UnsafePointer<RecordedEvent>, sequence: UInt64, timestamp: UInt64,
                                   to writer: TraceWriter) throws(TraceFormatError) {
        let timings = event.pointee.timings
        if timings.isMeasured {
            // Stage i runs from checkpoint i to checkpoint i + 1: one vector subtraction.
            let c = timings.checkpoints
            let next = SIMD8<UInt64>(c[1], c[2], c[3], c[4], c[5], c[6], c[7], 0)
            var lanes = next &- c
            lanes[7] = 0
            let durations = StageDurations(lanes, count: DispatchStage.checkpointCount - 1)
            try writer.append(StageTimingsRecord(timestamp: timestamp, pressSequence: sequence,
                                                 durations: durations, total: timings.total))
        }
        let q = event.pointee.queries
        try writer.append(KeyCommandsCountersRecord(
            timestamp: timestamp, pressSequence: sequence, calls: UInt64(max(0, q.calls)),
            policyCalls: UInt64(max(0, q.uikitCalls)), enumerations: UInt64(q.enumerations)))
        switch q.cache {
        case .hit: try writer.append(CacheEventRecord(timestamp: timestamp, event: .hit))
        case .miss: try writer.append(CacheEventRecord(timestamp: timestamp, event: .miss))
        case .none: break
        }
    }
}
