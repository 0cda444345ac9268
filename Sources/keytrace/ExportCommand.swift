import Analysis
import ArgumentParser
import Capture
import KeyTraceCore
import TraceFormat

/// `keytrace export TRACE --format pcap|csv|ndjson|chrome|presses|presses-ndjson|hid-recorder -o OUT`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trace to pcap (LINKTYPE_USER0, nanosecond; see Scripts/wireshark/keytrace.lua), CSV, NDJSON, Chrome trace-event JSON, a table of presses, or a hid-recorder recording (key presses as HID reports, for hid-replay).")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case pcap, csv, ndjson, chrome
        case presses, pressesNDJSON = "presses-ndjson"
        case hidRecorder = "hid-recorder"
    }

    @OptionGroup var options: TraceOptions

    @Option(help: """
        Output format: pcap, csv, ndjson, chrome (trace-event JSON for Perfetto UI and chrome://tracing), \
        presses (CSV, one row per press with its resolution, a column per stage, counters and cache event), \
        presses-ndjson (the same rows as JSON Lines) or hid-recorder (for hid-replay).
        """)
    var format: Format

    @Option(name: [.short, .customLong("output")], help: "The output file.")
    var output: String

    func run() throws {
        do {
            let reader = try options.open()
            var iterator = reader.makeIterator()
            switch format {
            case .pcap:
                let dumper = try PcapFileWriter(path: output, linkType: TraceRecord.pcapLinkType)
                while let record = iterator.next() { dumper.write(timestamp: record.timestamp, payload: record.pcapPayload) }
                try dumper.close()
            case .csv, .ndjson:
                let file = try TextFile(path: output)
                let csv = format == .csv
                if csv { try file.line(TraceRecord.csvHeader) }
                // Lines are built as bytes into one buffer, written every 64 KiB.
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 16 + 1024)
                while let record = iterator.next() {
                    if csv { record.appendCSVLine(to: &buffer) } else { record.appendJSONLine(to: &buffer) }
                    buffer.append(UInt8(ascii: "\n"))
                    if buffer.count >= 1 << 16 {
                        try file.write(buffer)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
                try file.write(buffer)
                try file.close()
            case .presses, .pressesNDJSON:
                let file = try TextFile(path: output)
                var table = PressTable(trace: options.trace, encoding: format == .presses ? .csv : .ndjson)
                if format == .presses { try file.line(PressTable.csvHeader) }
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 16 + 1024)
                while let record = iterator.next() {
                    table.add(record, into: &buffer)
                    if buffer.count >= 1 << 16 {
                        try file.write(buffer)
                        buffer.removeAll(keepingCapacity: true)
                    }
                }
                table.finish(into: &buffer)
                try file.write(buffer)
                try file.close()
                if table.unjoined > 0 {
                    KeyTraceExit.printError("warning: \(table.unjoined) resolution, timing or counter records named no pending press and are not in the table")
                }
            case .hidRecorder:
                // A first pass names the devices, so the header lists them before any report.
                var devices: [DeviceID] = []
                var seen = Set<DeviceID>()
                var scan = reader.makeIterator()
                while let record = scan.next() {
                    if case .key(let key) = record, seen.insert(key.press.device).inserted { devices.append(key.press.device) }
                }
                var writer = HIDRecorderWriter(devices: devices)
                let file = try TextFile(path: output)
                try file.text(writer.header(source: options.trace, metadata: reader.header.metadata))
                while let record = iterator.next() {
                    let lines = writer.lines(for: record)
                    if !lines.isEmpty { try file.text(lines) }
                }
                try file.close()
                if writer.skippedKeys > 0 {
                    KeyTraceExit.printError("note: \(writer.skippedKeys) key records have no place in the exported reports "
                        + "(keys of other usage pages, consumer usages above 0x3FF) and were left out")
                }
            case .chrome:
                let file = try TextFile(path: output)
                var writer = ChromeTraceWriter { try file.text($0) }
                try writer.begin(processName: "keytrace: \(options.trace)")
                while let record = iterator.next() { try writer.add(record) }
                try writer.finish()
                try file.close()
            }
            try options.checkRecordsLost(reader.report(after: iterator))
        }
    }
}
