import KeyTraceCore
import ResponderEngine
import TraceFormat

/// The writer's side of a ``TraceRecorder``: turns ``RecordedEvent`` values into trace records
/// (key, resolution, stage timings, counters, cache use) and writes them, keeping the path and
/// command tables the events' numbers refer to.
struct RecordedEventWriter {
    private var paths: [String] = []
    private var commands: [KeyCommand] = []

    /// Writes the records of `event` (or learns the definition it carries).
    mutating func write(_ event: borrowing RecordedEvent, to writer: TraceWriter) throws(TraceFormatError) {
        switch event.kind {
        case .dispatch:
            let press = event.press
            let sequence = try writer.append(press, timestampUncertainty: event.uncertainty)
            try writer.append(.resolution(resolution(of: event, sequence: sequence)))
            try ResolutionRecords.forEachMeasurement(timings: event.timings, queries: event.queries,
                                                     sequence: sequence, timestamp: press.timestamp) { measurement throws(TraceFormatError) in
                _ = try writer.append(measurement)
            }
        case .record:
            if let record = event.record { try writer.append(record) }
        case .dropped:
            try writer.append(.dropped(DroppedEventsRecord(timestamp: event.press.timestamp, count: event.count)))
        case .definePath:
            define(&paths, Int(event.provider), event.text ?? "")
        case .defineCommand:
            if let command = event.definedCommand { define(&commands, Int(event.command), command) }
        }
    }

    private func define<T>(_ table: inout [T], _ number: Int, _ value: T) {
        if number == table.count { table.append(value) } else if number < table.count { table[number] = value }
    }

    private func path(_ number: Int32) -> String? {
        number >= 0 && Int(number) < paths.count ? paths[Int(number)] : nil
    }

    private func command(_ number: Int32) -> KeyCommand? {
        number >= 0 && Int(number) < commands.count ? commands[Int(number)] : nil
    }

    /// The resolution record of a dispatch event: what ``ResolutionRecords`` makes of the live
    /// resolution, from the numbers.
    private func resolution(of event: borrowing RecordedEvent, sequence: UInt64) -> ResolutionRecord {
        let command = self.command(event.command)
        let action: Action?
        switch event.actionSource {
        case .keyDown: action = command?.action
        case .keyUp: action = command?.upAction
        case .none: action = nil
        }
        return ResolutionRecord(
            timestamp: event.press.timestamp, pressSequence: sequence, outcome: event.outcome,
            command: command?.shortcut, title: command?.displayTitle, action: action,
            isUpAction: event.press.phase == .ended && action != nil && action == command?.upAction,
            providerPath: path(event.provider), targetPath: path(event.target),
            blockingAction: self.command(event.blockingCommand)?.action)
    }
}
