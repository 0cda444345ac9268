import KeyTraceCore
import KeyTraceSupport
import TraceFormat

/// Writes a trace's records in another tool's format: the one loop per format that
/// `keytrace export` runs.
///
/// ```swift
/// let reader = try TraceReader(path: "session.ktrace")
/// var records = reader.makeIterator()
/// let notes = try TraceExporter(format: .csv, traceName: "session.ktrace")
///     .export(reader, records: &records, to: "session.csv")
/// ```
package struct TraceExporter {
    /// The format written.
    package var format: ExportFormat
    /// The trace's name as the output mentions it (Chrome's process name, the hid-recorder header).
    package var traceName: String

    /// An exporter of `format` for the trace named `traceName`.
    package init(format: ExportFormat, traceName: String) {
        self.format = format
        self.traceName = traceName
    }

    /// Writes the records `records` yields from `reader` to `path` (created or truncated; a
    /// device or FIFO is written as it is). Returns what the output could not carry, one
    /// sentence each, for the user; `records` is left at the end, for a report of lost records.
    package func export(_ reader: TraceReader, records: inout RecordIterator, to path: String) throws -> [String] {
        switch format {
        case .pcap:
            let dumper = try PcapFileWriter(path: path, linkType: TraceRecord.pcapLinkType)
            while let record = records.next() { dumper.write(timestamp: record.timestamp, payload: record.pcapPayload) }
            try dumper.close()
            return []
        case .csv, .ndjson:
            let file = try TextFile(path: path)
            if format == .csv { try file.line(TraceRecord.csvHeader) }
            while let record = records.next() {
                try file.line { bytes in
                    if format == .csv { record.appendCSVLine(to: &bytes) } else { record.appendJSONLine(to: &bytes) }
                }
            }
            try file.close()
            return []
        case .presses, .pressesNDJSON:
            return try exportPresses(&records, to: path)
        case .hidRecorder:
            return try exportHIDRecorder(reader, records: &records, to: path)
        case .chrome:
            let file = try TextFile(path: path)
            var writer = ChromeTraceWriter { try file.text($0) }
            try writer.begin(processName: "keytrace: \(traceName)")
            while let record = records.next() { try writer.add(record) }
            try writer.finish()
            try file.close()
            return []
        }
    }

    private func exportPresses(_ records: inout RecordIterator, to path: String) throws -> [String] {
        let file = try TextFile(path: path)
        var table = PressTable(trace: traceName, encoding: format == .presses ? .csv : .ndjson)
        if format == .presses { try file.line(PressTable.csvHeader) }
        while let record = records.next() {
            try file.append { table.add(record, into: &$0) }
        }
        try file.append { table.finish(into: &$0) }
        try file.close()
        guard table.unjoined > 0 else { return [] }
        return ["warning: \(table.unjoined) resolution, timing or counter records named no pending press and are not in the table"]
    }

    private func exportHIDRecorder(_ reader: TraceReader, records: inout RecordIterator, to path: String) throws -> [String] {
        // A first pass names the devices, so the header lists them before any report.
        var devices: [DeviceID] = []
        var seen = Set<DeviceID>()
        var scan = reader.makeIterator()
        while let record = scan.next() {
            if case .key(let key) = record, seen.insert(key.press.device).inserted { devices.append(key.press.device) }
        }
        var writer = HIDRecorderWriter(devices: devices)
        let file = try TextFile(path: path)
        try file.text(writer.header(source: traceName, metadata: reader.header.metadata))
        while let record = records.next() {
            let lines = writer.lines(for: record)
            if !lines.isEmpty { try file.text(lines) }
        }
        try file.close()
        guard writer.skippedKeys > 0 else { return [] }
        return ["note: \(writer.skippedKeys) key records have no place in the exported reports "
            + "(keys of other usage pages, consumer usages above 0x3FF) and were left out"]
    }
}
