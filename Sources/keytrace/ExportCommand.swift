import Analysis
import ArgumentParser
import TraceFormat

/// `keytrace export TRACE --format pcap|csv|ndjson -o OUT`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trace to pcap (LINKTYPE_USER0, nanosecond; see Scripts/wireshark/keytrace.lua), CSV, NDJSON or Chrome trace-event JSON.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case pcap, csv, ndjson, chrome
    }

    @OptionGroup var options: TraceOptions

    @Option(help: "Output format: pcap, csv, ndjson or chrome (trace-event JSON for Perfetto UI and chrome://tracing).")
    var format: Format

    @Option(name: [.short, .customLong("output")], help: "The output file.")
    var output: String

    func run() throws {
        try KeyTraceExit.run {
            let reader = try options.open()
            var iterator = reader.makeIterator()
            switch format {
            case .pcap:
                let dumper = try PcapDumper(path: output)
                while let record = iterator.next() { dumper.write(record) }
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
