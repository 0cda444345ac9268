import KeyTraceCore

/// What `keytrace inspect` shows: counts, times, devices, chunks and integrity of a trace.
public struct TraceSummary: Hashable, Sendable {
    /// Records per kind.
    public var counts: [RecordKind: UInt64] = [:]
    /// The smallest and largest record timestamps, if there are records.
    public var firstTimestamp: UInt64?
    /// The largest record timestamp.
    public var lastTimestamp: UInt64?
    /// Devices seen in key records, with their press counts.
    public var devices: [DeviceID: UInt64] = [:]
    /// The integrity check of every chunk.
    public var verification: VerificationReport
    /// The file size in bytes.
    public var fileSize: Int

    /// Reads every record of `reader` once.
    ///
    /// Key records are tallied from the cursor without building values (their device from
    /// the chunk's shape table, counted in runs); other records are decoded, so one whose fields
    /// do not decode counts as `unknown`, as iterating the trace yields it.
    public init(_ reader: TraceReader) {
        var cursor = reader.cursor()
        let kinds = RecordKind.allCases
        let keyIndex = kinds.firstIndex(of: .key) ?? 0
        var tally = [UInt64](repeating: 0, count: kinds.count)
        var first = UInt64.max
        var last = UInt64.min
        var runDevice: DeviceID?
        var runLength: UInt64 = 0
        while cursor.next() {
            let t = cursor.timestamp
            first = Swift.min(first, t)
            last = Swift.max(last, t)
            if let device = cursor.keyDevice {
                tally[keyIndex] += 1
                if device == runDevice {
                    runLength += 1
                } else {
                    if let runDevice { devices[runDevice, default: 0] += runLength }
                    runDevice = device
                    runLength = 1
                }
            } else if let index = kinds.firstIndex(of: cursor.record.kind) {
                tally[index] += 1
            }
        }
        if let runDevice { devices[runDevice, default: 0] += runLength }
        for (index, count) in tally.enumerated() where count > 0 { counts[kinds[index]] = count }
        if cursor.recordsRead > 0 {
            firstTimestamp = first
            lastTimestamp = last
        }
        verification = reader.report(after: cursor)
        fileSize = reader.fileSize
    }

    /// Total records read.
    public var recordCount: UInt64 { counts.values.reduce(0, +) }

    /// Duration from the first to the last record in ns.
    public var duration: UInt64 {
        guard let a = firstTimestamp, let b = lastTimestamp else { return 0 }
        return b &- a
    }
}
