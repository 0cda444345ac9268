import TraceFormat

/// The distinct resolutions a replay has made, numbered from 0 in order of appearance: equal
/// numbers mean equal resolutions and different numbers different ones.
///
/// Two resolutions are equal when they agree on everything that is not measured (outcome,
/// up-action flag, command, title, action, paths and blocking action:
/// ``CanonicalResolution/agree(_:_:)``), so a press's resolution is kept as a number and two
/// presses compare as two integers. The records are held with timestamp and press 0;
/// ``record(_:timestamp:pressSequence:)`` gives one for a press.
struct ResolutionTable {
    private var records: [ResolutionRecord] = []
    private var numbers: [ResolutionRecord: Int32] = [:]

    /// How many distinct resolutions the table holds.
    var count: Int { records.count }

    /// The number of `record`'s resolution, which the table takes on when it is new.
    mutating func number(of record: ResolutionRecord) -> Int32 {
        var key = record
        key.timestamp = 0
        key.pressSequence = 0
        if let number = numbers[key] { return number }
        let number = Int32(truncatingIfNeeded: records.count)
        records.append(key)
        numbers[key] = number
        return number
    }

    /// The resolution numbered `number`, at `timestamp` for the press `pressSequence`.
    func record(_ number: Int32, timestamp: UInt64, pressSequence: UInt64) -> ResolutionRecord {
        var record = records[Int(number)]
        record.timestamp = timestamp
        record.pressSequence = pressSequence
        return record
    }
}
