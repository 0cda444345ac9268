import KeyTraceCore
import KeyTraceSupport

/// Turns Input reports of any layout a ``HIDReportDescriptor`` describes into key transitions.
///
/// Each report lists the keys it holds down: variable 1-bit fields (modifier bytes, NKRO
/// bitmaps, consumer buttons) by their set bits, array fields (the six boot slots, consumer and
/// system-control selectors) by the usages their values name. Keys are those of
/// ``HIDUsagePage/isKey(_:)``. The list is compared with the previous report of the same ID:
///
/// ```
///  report ─► ID (first byte when the descriptor uses IDs) ─► fields of that input report
///         ─► keys held, in field order ─► diff with the same ID's previous keys
///  transitions: keys released (in the order they went down), modifiers released (usage order),
///               modifiers pressed (usage order), keys pressed (report order)
/// ```
/// An array value or set bit naming a Keyboard page error code (1 ErrorRollOver, 2 POSTFail, 3
/// ErrorUndefined) keeps that report's other keyboard keys as they were; modifiers still apply,
/// as with boot reports. A report shorter than its layout reads as zeros past its end (as Linux
/// pads it); one with an unknown ID changes nothing.
struct HIDReportDecoder {
    /// One key: its usage page and ID.
    struct Key: Hashable {
        var page: UInt16
        var usage: UInt16
        var isModifier: Bool { page == 7 && usage >= 0xE0 && usage <= 0xE7 }
    }

    struct Change: Hashable {
        var phase: KeyPhase
        var key: Key
    }

    enum Outcome: Hashable {
        /// The report was decoded; `errorCode` is set when an array held a keyboard error code.
        case decoded(reportID: UInt8, changes: [Change], errorCode: UInt8?)
        /// The report's ID names no input report of the descriptor.
        case unknownReportID(UInt8)
        /// The report has no bytes, or only the ID.
        case empty
    }

    let descriptor: HIDReportDescriptor
    /// Input fields carrying keys, by report ID.
    private let keyFields: [UInt8: [HIDReportDescriptor.Field]]
    private let inputIDs: Set<UInt8>
    /// Keys held, per report ID, in the order they went down.
    private var held: [UInt8: [Key]] = [:]
    /// Most keys one report may hold: bounds the work on hostile layouts.
    static let maximumKeysPerReport = 1024

    init(descriptor: HIDReportDescriptor) {
        self.descriptor = descriptor
        var fields: [UInt8: [HIDReportDescriptor.Field]] = [:]
        for field in descriptor.fields where field.carriesKeys && field.bitSize > 0 && field.count > 0 {
            fields[field.reportID, default: []].append(field)
        }
        keyFields = fields
        inputIDs = Set(descriptor.reports.filter { $0.kind == .input }.map(\.id))
    }

    /// The keys report `reportID` holds down now, in the order they went down.
    func held(reportID: UInt8) -> [Key] { held[reportID] ?? [] }

    /// Keys held when decoding ended, over every report ID.
    var heldCount: Int { held.values.reduce(0) { $0 + $1.count } }

    /// Decodes one Input report (report ID byte included when the descriptor uses IDs).
    mutating func decode(_ report: UnsafeRawBufferPointer) -> Outcome {
        var payload = report
        var id: UInt8 = 0
        if descriptor.usesReportIDs {
            guard let first = report.first else { return .empty }
            id = first
            payload = UnsafeRawBufferPointer(rebasing: report[1...])
            guard inputIDs.contains(id) else { return .unknownReportID(id) }
        } else if report.isEmpty {
            return .empty
        }
        var now: [Key] = []
        var seen = Set<Key>()
        var errorCode: UInt8?
        for field in keyFields[id] ?? [] {
            Self.keys(in: field, payload, into: &now, seen: &seen, errorCode: &errorCode)
        }
        let before = held[id] ?? []
        if errorCode != nil {
            // Rollover: keyboard keys stay as they were; modifiers and other pages apply.
            now.removeAll { $0.page == 7 && !$0.isModifier }
            now.append(contentsOf: before.filter { $0.page == 7 && !$0.isModifier })
        }
        let changes = Self.diff(from: before, to: now)
        var kept = before.filter { key in now.contains(key) }
        for change in changes where change.phase == .began { kept.append(change.key) }
        held[id] = kept
        return .decoded(reportID: id, changes: changes, errorCode: errorCode)
    }

    /// Reads field values and appends the keys they hold.
    private static func keys(in field: HIDReportDescriptor.Field, _ payload: UnsafeRawBufferPointer,
                             into keys: inout [Key], seen: inout Set<Key>, errorCode: inout UInt8?) {
        func add(_ extended: UInt32) {
            let key = Key(page: UInt16(truncatingIfNeeded: extended >> 16), usage: UInt16(truncatingIfNeeded: extended))
            guard HIDUsagePage(key.page).isKey(key.usage), keys.count < maximumKeysPerReport,
                  seen.insert(key).inserted else { return }
            keys.append(key)
        }
        func isErrorCode(_ usage: UInt32) -> Bool { usage >> 16 == 7 && (1...3).contains(usage & 0xFFFF) }
        let signed = field.logicalMinimum < 0
        if field.isVariable {
            guard field.isButtons else { return }
            let last = field.usages.count - 1
            for i in 0..<field.count {
                guard let value = bits(payload, at: field.bitOffset + i * field.bitSize, size: field.bitSize, signed: false),
                      value != 0, let usage = field.usages[Swift.min(i, last)] else { continue }
                if isErrorCode(usage) {
                    errorCode = errorCode ?? UInt8(usage & 0xFF)
                    continue
                }
                add(usage)
            }
            return
        }
        for i in 0..<field.count {
            guard let value = bits(payload, at: field.bitOffset + i * field.bitSize, size: field.bitSize, signed: signed),
                  value >= field.logicalMinimum, value <= field.logicalMaximum,
                  let usage = field.usages[Int(value - field.logicalMinimum)] else { continue }
            if isErrorCode(usage) {
                errorCode = errorCode ?? UInt8(usage & 0xFF)
                continue
            }
            add(usage)
        }
    }

    /// The value of `size` bits (at most 32) at bit `offset`, little-endian, zero past the end
    /// of `payload`; `nil` for wider fields.
    static func bits(_ payload: UnsafeRawBufferPointer, at offset: Int, size: Int, signed: Bool) -> Int64? {
        guard size > 0, size <= 32, offset >= 0 else { return nil }
        var value: UInt64 = 0
        var bit = 0
        while bit < size {
            let position = offset + bit
            let byteIndex = position >> 3
            guard byteIndex < payload.count else { break }
            let shift = position & 7
            let take = Swift.min(8 - shift, size - bit)
            let chunk = (UInt64(payload[byteIndex]) >> UInt64(shift)) & ((1 << UInt64(take)) - 1)
            value |= chunk << UInt64(bit)
            bit += take
        }
        if signed, size < 64, value & (1 << UInt64(size - 1)) != 0 {
            return Int64(bitPattern: value | ~((1 << UInt64(size)) - 1))
        }
        return Int64(value)
    }

    /// Transitions from `before` to `now`, in the order the type's documentation gives.
    static func diff(from before: [Key], to now: [Key]) -> [Change] {
        var changes: [Change] = []
        let nowSet = Set(now)
        let beforeSet = Set(before)
        for key in before where !key.isModifier && !nowSet.contains(key) { changes.append(Change(phase: .ended, key: key)) }
        let modifiersBefore = before.filter(\.isModifier).sorted { $0.usage < $1.usage }
        let modifiersNow = now.filter(\.isModifier).sorted { $0.usage < $1.usage }
        for key in modifiersBefore where !nowSet.contains(key) { changes.append(Change(phase: .ended, key: key)) }
        for key in modifiersNow where !beforeSet.contains(key) { changes.append(Change(phase: .began, key: key)) }
        for key in now where !key.isModifier && !beforeSet.contains(key) { changes.append(Change(phase: .began, key: key)) }
        return changes
    }
}
