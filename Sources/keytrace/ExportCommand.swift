import ArgumentParser
import Export
import TraceFormat

/// `keytrace export TRACE --format pcap|csv|ndjson|chrome|presses|presses-ndjson|hid-recorder -o OUT`.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trace to pcap (LINKTYPE_USER0, nanosecond; see Scripts/wireshark/keytrace.lua), CSV, NDJSON, Chrome trace-event JSON, a table of presses, or a hid-recorder recording (key presses as HID reports, for hid-replay).")

    @OptionGroup var options: TraceOptions

    @Option(help: """
        Output format: pcap, csv, ndjson, chrome (trace-event JSON for Perfetto UI and chrome://tracing), \
        presses (CSV, one row per press with its resolution, a column per stage, counters and cache event), \
        presses-ndjson (the same rows as JSON Lines) or hid-recorder (for hid-replay).
        """)
    var format: ExportFormat

    @Option(name: [.short, .customLong("output")], help: "The output file.")
    var output: String

    func run() throws {
        let reader = try options.open()
        var records = reader.makeIterator()
        let notes = try TraceExporter(format: format, traceName: options.trace).export(reader, records: &records, to: output)
        for note in notes { KeyTraceExit.printError(note) }
        try options.checkRecordsLost(reader.report(after: records))
    }
}

extension ExportFormat: ExpressibleByArgument {}
