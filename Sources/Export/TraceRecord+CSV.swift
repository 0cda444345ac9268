import KeyTraceCore
import KeyTraceSupport
import TraceFormat

extension TraceRecord {
    /// The CSV header line matching ``csvLine``: one fixed set of columns for every kind.
    package static let csvHeader = "kind,t_ns,phase,usage,device,characters,modifier_flags,press_seq,outcome,command,action,provider,target,total_ns,count,label,text"
    /// The number of columns of ``csvHeader``.
    static let csvColumns = 17

    /// The record as one RFC 4180 CSV line; columns that do not apply to the kind are empty.
    package var csvLine: String {
        var bytes: [UInt8] = []
        appendCSVLine(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the record's CSV line (``csvLine``, without a line break) to `bytes`, building
    /// no intermediate strings: what `keytrace export --format csv` writes.
    package func appendCSVLine(to bytes: inout [UInt8]) {
        var row = CSVRow(takingOver: &bytes)
        row.text(0, kind.name)
        row.number(1, timestamp)
        switch self {
        case .key(let r):
            row.text(2, r.phaseName)
            // Keys of another page than the keyboard's: page << 16 | usage, named in `text`.
            let page = r.press.isKeyboardKey ? 0 : UInt64(r.press.usagePage.rawValue) << 16
            row.number(3, page | UInt64(r.press.usage.rawValue))
            row.text(4, r.press.device.description)
            row.text(5, r.press.characters.string)
            row.number(6, UInt64(r.press.modifierFlags.rawValue))
            if !r.press.isKeyboardKey { row.text(16, r.press.keyName) }
        case .resolution(let r):
            row.number(7, r.pressSequence)
            row.text(8, r.outcome.name)
            row.text(9, r.command?.description ?? "")
            row.text(10, r.action?.name ?? "")
            row.text(11, r.providerPath ?? "")
            row.text(12, r.targetPath ?? "")
            row.text(16, r.blockingAction.map { "blocked by " + $0.name } ?? "")
        case .stageTimings(let r):
            row.number(7, r.pressSequence)
            row.number(13, r.total)
            row.numbers(16, r.durations)
        case .keyCommandsCounters(let r):
            row.number(7, r.pressSequence)
            row.number(14, r.calls)
            row.text(16, "policy_calls=\(r.policyCalls) enumerations=\(r.enumerations)")
        case .cache(let r):
            row.text(15, r.event.name)
            if case .invalidation(let reason) = r.event { row.text(16, reason.name) }
        case .chainChange(let r):
            row.text(11, r.from ?? "")
            row.text(12, r.to ?? "")
            row.text(15, r.kind.name)
        case .dropped(let r):
            row.text(4, r.device.description)
            row.number(14, r.count)
        case .marker(let r):
            row.text(15, r.label)
            row.text(16, r.text ?? "")
        case .hidReport(let r):
            row.text(2, r.direction.name)
            row.text(4, r.device.description)
            row.number(14, UInt64(r.length))
            if let leds = r.leds { row.text(15, "leds " + leds.summary) } else if r.isPhantomState { row.text(15, "phantom") }
            row.text(16, r.hex)
        case .unknown(let r):
            row.number(14, UInt64(r.payload.count))
            row.text(15, "type \(r.type)")
        }
        row.finish(into: &bytes)
    }
}

/// One RFC 4180 CSV line being written, column by column in increasing order; skipped columns
/// stay empty. The one CSV writer of the package: record exports and press tables use it.
package struct CSVRow {
    /// The number of columns every line has.
    package let columns: Int
    private var bytes: [UInt8]
    /// Commas written so far: the index of the column being written.
    private var column = 0

    /// A row of `columns` columns written after what `buffer` holds, taking the buffer over
    /// without a copy.
    package init(takingOver buffer: inout [UInt8], columns: Int = TraceRecord.csvColumns) {
        self.columns = columns
        bytes = []
        swap(&bytes, &buffer)
    }

    private mutating func move(to index: Int) {
        while column < index {
            bytes.append(UInt8(ascii: ","))
            column += 1
        }
    }

    package mutating func text(_ index: Int, _ value: String) {
        move(to: index)
        var value = value
        value.withUTF8 { utf8 in
            guard utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    package mutating func number(_ index: Int, _ value: UInt64) {
        move(to: index)
        bytes.appendDecimal(value)
    }

    /// Space-separated numbers in one column.
    package mutating func numbers<Values: Sequence>(_ index: Int, _ values: Values) where Values.Element == UInt64 {
        move(to: index)
        var first = true
        for value in values {
            if !first { bytes.append(UInt8(ascii: " ")) }
            first = false
            bytes.appendDecimal(value)
        }
    }

    /// Pads the remaining empty columns and hands the buffer back to `buffer` (without a copy).
    package mutating func finish(into buffer: inout [UInt8]) {
        move(to: columns - 1)
        swap(&bytes, &buffer)
        bytes = []
    }
}
