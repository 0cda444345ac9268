import ArgumentParser
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
        try withLineOutputScope {
            if TraceStreamDecoder.isStream(options.trace) { return try dumpStream() }
            let reader = try options.open()
            let filter = try Self.filter(origin: reader.chunks.first?.firstTimestamp ?? 0, from: from, to: to, kinds: kind)
            var out = try LineOutput()
            var cursor = filter.cursor(in: reader)
            while cursor.next(in: filter.kinds) {  // records of other kinds are stepped over
                guard filter.accepts(time: cursor.timestamp, kind: cursor.kind) else { continue }
                let record = cursor.record
                guard filter.accepts(time: record.timestamp, kind: record.kind) else { continue }
                try write(record, origin: filter.origin, to: &out)
            }
            try out.flush()
            try options.checkRecordsLost(reader.report(after: cursor, wholeTrace: filter.lower == nil))
        }
    }

    /// Writes `record` as a JSON line with `--json`, else as text with times from `origin`.
    private func write(_ record: TraceRecord, origin: UInt64, to out: inout LineOutput) throws {
        if json {
            try out.line(record.appendJSONLine(to:))
        } else {
            try out.line(record.textLine(origin: origin))
        }
    }

    /// A FIFO or pipe: each chunk's records are printed as soon as the chunk has arrived.
    /// `--from` and `--to` count from the first record's time.
    private func dumpStream() throws {
        var decoder = TraceStreamDecoder()
        var filter: RecordFilter?
        var out = try LineOutput()
        let read = try decoder.decode(from: options.trace) { records in
            guard let first = records.first else { return }
            let accepted = try filter ?? Self.filter(origin: first.timestamp, from: from, to: to, kinds: kind)
            filter = accepted
            for record in records where accepted.accepts(time: record.timestamp, kind: record.kind) {
                try write(record, origin: accepted.origin, to: &out)
            }
            try out.flush()
        }
        try out.flush()
        try TraceOptions.checkRecordsLost(issues: decoder.issues, readableRecords: read, expectedRecords: nil,
                                          path: options.trace)
    }
}

extension DumpCommand {
    /// The filter `--from`, `--to` and `--kind` give; a notation it cannot read is a usage error.
    static func filter(origin: UInt64, from: String?, to: String?, kinds: String?) throws -> RecordFilter {
        do {
            return try RecordFilter(origin: origin, from: from, to: to, kinds: kinds)
        } catch {
            throw CommandFailure.usage(error.description)
        }
    }
}
