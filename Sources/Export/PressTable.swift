import Analysis
import KeyTraceCore
import KeyTraceSupport
import TraceFormat

/// `keytrace export --format presses`: one row per key record joining the press with its
/// resolution, stage timings (one column per stage), `keyCommands` counters and cache event,
/// so DuckDB, Polars or Spark can read a folder of exports without joins.
///
/// The recorder writes a press's key record first, then its resolution, stage timings,
/// counters and cache lookups, before the next key record (docs/TraceFormat.md). A row is
/// therefore complete when the next key record or the end arrives; resolutions, timings and
/// counters are matched by `pressSequence` as well, and one that names another press is left
/// out and counted in ``unjoined``. Memory is one pending row.
///
/// Columns (CSV header and NDJSON keys, in this order): `trace`, `press_seq`, `t_ns`,
/// `device`, `usage`, `key`, `phase`, `repeat`, `shortcut`, `outcome`, `command`, `action`,
/// `provider`, `target`, one `<stage>_ns` per `DispatchStage` in table order, `end_to_end_ns`,
/// `keycommands_calls`, `uikit_policy_calls`, `enumerations`, `cache` (the key-command cache
/// lookup: `hit` or `miss`), `cache_invalidation` (the reason of the first invalidation recorded
/// with the press).
/// Values a press does not have are empty (CSV) or `null` (NDJSON).
package struct PressTable {
    /// How rows are written.
    package enum Encoding: Sendable {
        case csv, ndjson
    }

    /// `receive_to_chain_walk_ns`, … for each stage, in table order.
    package static let stageColumns: [String] = DispatchStage.allCases.map { snakeCase(LatencyMetric.stage($0).name) + "_ns" }

    /// The column names, in order.
    package static let columns: [String] = ["trace", "press_seq", "t_ns", "device", "usage", "key", "phase", "repeat", "shortcut",
                                           "outcome", "command", "action", "provider", "target"]
        + stageColumns + ["end_to_end_ns", "keycommands_calls", "uikit_policy_calls", "enumerations", "cache", "cache_invalidation"]

    /// The CSV header line.
    package static var csvHeader: String { columns.joined(separator: ",") }

    private struct Row {
        var sequence: UInt64
        var key: KeyRecord
        var resolution: ResolutionRecord?
        var timings: StageTimingsRecord?
        var counters: KeyCommandsCountersRecord?
        /// The key-command list lookup (`hit` or `miss`) and the first invalidation before it.
        var lookup: String?
        var invalidation: String?
    }

    package let trace: String
    package let encoding: Encoding
    private var pending: Row?
    private var nextSequence: UInt64 = 0
    /// Resolutions, timings and counters whose press sequence named no pending press.
    package private(set) var unjoined: UInt64 = 0
    /// Rows written.
    package private(set) var rows: UInt64 = 0

    /// A table of the presses of the trace named `trace` (the `trace` column).
    package init(trace: String, encoding: Encoding) {
        self.trace = trace
        self.encoding = encoding
    }

    /// Adds one record; appends the row it completes, if any, to `buffer` (one line with its
    /// line break).
    package mutating func add(_ record: TraceRecord, into buffer: inout [UInt8]) {
        switch record {
        case .key(let key):
            flush(into: &buffer)
            pending = Row(sequence: nextSequence, key: key)
            nextSequence += 1
        case .resolution(let resolution):
            if pending?.sequence == resolution.pressSequence { pending?.resolution = resolution } else { unjoined += 1 }
        case .stageTimings(let timings):
            if pending?.sequence == timings.pressSequence { pending?.timings = timings } else { unjoined += 1 }
        case .keyCommandsCounters(let counters):
            if pending?.sequence == counters.pressSequence { pending?.counters = counters } else { unjoined += 1 }
        case .cache(let event):
            guard pending != nil else { break }
            switch event.event {
            case .hit, .miss: pending?.lookup = event.event.name
            case .invalidation(let reason): if pending?.invalidation == nil { pending?.invalidation = reason.name }
            }
        default:
            break
        }
    }

    /// Writes the last pending row.
    package mutating func finish(into buffer: inout [UInt8]) {
        flush(into: &buffer)
    }

    private mutating func flush(into buffer: inout [UInt8]) {
        guard let row = pending else { return }
        pending = nil
        rows += 1
        switch encoding {
        case .csv: appendCSV(row, to: &buffer)
        case .ndjson: appendJSON(row, to: &buffer)
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    /// The row's values in column order: text or a number, `nil` when absent.
    private enum Value {
        case text(String?)
        case number(UInt64?)
        case flag(Bool)
    }

    private func values(_ row: Row) -> [Value] {
        let press = row.key.press
        let r = row.resolution
        var values: [Value] = [
            .text(trace), .number(row.sequence), .number(press.timestamp), .text(press.device.description),
            .number(UInt64(press.usage.rawValue)), .text(press.usage.name), .text(row.key.phaseName),
            .flag(press.isRepeat), .text(press.shortcutDescription),
            .text(r?.outcome.name), .text(r?.command?.description), .text(r?.action?.name), .text(r?.providerPath),
            .text(r?.targetPath),
        ]
        let durations = row.timings.map { Array($0.durations) } ?? []
        for index in DispatchStage.allCases.indices {
            values.append(.number(index < durations.count ? durations[index] : nil))
        }
        values.append(.number(row.timings?.total))
        values.append(.number(row.counters?.calls))
        values.append(.number(row.counters?.policyCalls))
        values.append(.number(row.counters?.enumerations))
        values.append(.text(row.lookup))
        values.append(.text(row.invalidation))
        return values
    }

    private func appendCSV(_ row: Row, to buffer: inout [UInt8]) {
        var line = CSVRow(takingOver: &buffer, columns: Self.columns.count)
        for (index, value) in values(row).enumerated() {
            switch value {
            case .text(let text?): line.text(index, text)
            case .number(let number?): line.number(index, number)
            case .flag(let flag): line.text(index, flag ? "true" : "false")
            case .text(nil), .number(nil): break
            }
        }
        line.finish(into: &buffer)
    }

    private func appendJSON(_ row: Row, to buffer: inout [UInt8]) {
        var object = JSONObject(takingOver: &buffer)
        for (name, value) in zip(Self.columns, values(row)) {
            switch value {
            case .text(let text): object.add(field: name, text)
            case .number(let number): object.add(field: name, number)
            case .flag(let flag): object.add(field: name, flag)
            }
        }
        object.finish(into: &buffer)
    }

    /// `ReceiveToChainWalk` → `receive_to_chain_walk`.
    static func snakeCase(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase, !out.isEmpty { out.append("_") }
            out += character.lowercased()
        }
        return out
    }
}
