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
            let filter = try RecordFilter(origin: reader.chunks.first?.firstTimestamp ?? 0, from: from, to: to, kinds: kind)
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
            let accepted = try filter ?? RecordFilter(origin: first.timestamp, from: from, to: to, kinds: kind)
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

/// `--from`, `--to` and `--kind` resolved against a trace's first time.
struct RecordFilter {
    let origin: UInt64
    let lower: UInt64?
    let upper: UInt64?
    /// `--kind`, or every kind.
    let kinds: RecordKinds

    init(origin start: UInt64, from: String?, to: String?, kinds: String?) throws {
        origin = start
        lower = try from.map { text in
            guard let bound = TimeBound(text) else { throw CommandFailure.usage("--from: expected \(TimeBound.help)") }
            return bound.resolved(origin: start)
        }
        upper = try to.map { text in
            guard let bound = TimeBound(text) else { throw CommandFailure.usage("--to: expected \(TimeBound.help)") }
            return bound.resolved(origin: start)
        }
        if let kinds {
            switch RecordKind.parseList(kinds) {
            case .success(let set): self.kinds = RecordKinds(set)
            case .failure(let e): throw CommandFailure.usage(e.description)
            }
        } else {
            self.kinds = .all
        }
    }

    /// A cursor over `reader`, starting at `--from` by binary search when given.
    func cursor(in reader: TraceReader) -> RecordCursor {
        if let lower { return reader.cursor(from: lower) }
        return reader.cursor()
    }

    /// Whether a record at `time` of `kind` passes `--from`, `--to` and `--kind`.
    func accepts(time: UInt64, kind: RecordKind) -> Bool {
        if let lower, time < lower { return false }
        if let upper, time > upper { return false }
        if !kinds.contains(kind) { return false }
        return true
    }
}
