import KeyTraceSupport
import TraceFormat

/// A trace printed one record per line, as text or JSON Lines (`keytrace dump`): from a file
/// through a cursor that steps over the records filtered out, or from a stream (a FIFO, a pipe)
/// chunk by chunk as it arrives.
package struct TraceDump {
    /// JSON Lines instead of text.
    package var json: Bool
    /// `--from`, `--to` and `--kind` as written; a stream resolves the times against its first record.
    package var from: String?, to: String?, kinds: String?

    /// A dump in text or JSON Lines, filtered by the notation of `from`, `to` and `kinds`.
    package init(json: Bool, from: String?, to: String?, kinds: String?) {
        self.json = json
        self.from = from
        self.to = to
        self.kinds = kinds
    }

    /// Writes the records of `reader` that pass the filter to `out`, and returns the report of
    /// what was read (damage included). Throws ``RecordFilter/NotationError`` for a filter
    /// that does not read, and `out`'s errors.
    package func write(_ reader: TraceReader, to out: TextFile) throws -> VerificationReport {
        let filter = try RecordFilter(origin: reader.chunks.first?.firstTimestamp ?? 0, from: from, to: to, kinds: kinds)
        var cursor = filter.cursor(in: reader)
        while cursor.next(in: filter.kinds) {  // records of other kinds are stepped over
            guard filter.accepts(time: cursor.timestamp, kind: cursor.kind) else { continue }
            let record = cursor.record
            guard filter.accepts(time: record.timestamp, kind: record.kind) else { continue }
            try write(record, origin: filter.origin, to: out)
        }
        try out.flush()
        return reader.report(after: cursor, wholeTrace: filter.lower == nil)
    }

    /// Writes the records of the stream at `path` that pass the filter to `out`, each chunk's
    /// as soon as the chunk has arrived (times count from the first record). Returns the
    /// records read and the damage met.
    package func writeStream(at path: String, to out: TextFile) throws -> (records: UInt64, issues: [ChunkIssue]) {
        var decoder = TraceStreamDecoder()
        var filter: RecordFilter?
        let read = try decoder.decode(from: path) { records in
            guard let first = records.first else { return }
            let accepted = try filter ?? RecordFilter(origin: first.timestamp, from: from, to: to, kinds: kinds)
            filter = accepted
            for record in records where accepted.accepts(time: record.timestamp, kind: record.kind) {
                try write(record, origin: accepted.origin, to: out)
            }
            try out.flush()
        }
        try out.flush()
        return (read, decoder.issues)
    }

    private func write(_ record: TraceRecord, origin: UInt64, to out: TextFile) throws {
        if json {
            try out.line(record.appendJSONLine(to:))
        } else {
            try out.line(record.textLine(origin: origin))
        }
    }
}
