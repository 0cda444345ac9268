import ArgumentParser
import Export
import KeyTraceSupport
import TraceFormat

/// `keytrace dump TRACE [--json] [--from T] [--to T] [--kind key,resolution,…]`.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print records one per line, as text or JSON Lines (schema in docs/TraceFormat.md).")

    @OptionGroup var options: TraceOptions

    @Flag(help: "Print JSON Lines instead of text.")
    var json = false

    @Option(parsing: .unconditional, help: "Only records at or after T: \(TimeBound.help).")
    var from: String?

    @Option(parsing: .unconditional, help: "Only records at or before T (same forms as --from).")
    var to: String?

    @Option(parsing: .unconditional, help: "Only these kinds, comma-separated: \(RecordKind.allCases.map(\.name).joined(separator: ",")).")
    var kind: String?

    func validate() throws {
        if let from, TimeBound(from) == nil { throw ValidationError("--from '\(from)' is not \(TimeBound.help)") }
        if let to, TimeBound(to) == nil { throw ValidationError("--to '\(to)' is not \(TimeBound.help)") }
        if let kind, case .failure(let e) = RecordKind.parseList(kind) { throw ValidationError(e.description) }
    }

    func run() throws {
        let dump = TraceDump(json: json, from: from, to: to, kinds: kind)
        let out = try TextFile(path: "-")
        do {
            if TraceStreamDecoder.isStream(options.trace) {
                let (read, issues) = try dump.writeStream(at: options.trace, to: out)
                try TraceOptions.checkRecordsLost(VerificationReport.lostRecordsMessage(
                    issues: issues, readableRecords: read, expectedRecords: nil, path: options.trace))
            } else {
                try options.checkRecordsLost(try dump.write(try options.open(), to: out))
            }
        } catch let error as RecordFilter.NotationError {
            throw CommandFailure.usage(error.description)
        }
    }
}
