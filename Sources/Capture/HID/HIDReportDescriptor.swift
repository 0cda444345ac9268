import KeyTraceCore

/// A HID report descriptor (HID 1.11 §6.2.2) parsed into the fields of every report.
///
/// A descriptor is a list of items; main items (Input, Output, Feature) each add one field to
/// the report named by the Report ID in effect, laid out after the fields before it:
///
/// ```
///  descriptor ─► items ─► global state (page, logical min/max, size, count, report ID; push/pop)
///                       ─► local state (usages, usage min/max; cleared by each main item)
///                       ─► main item ─► Field { report ID, bit offset, size × count, usages }
///
///  Input report with report IDs:   | ID | field 0 bits … | field 1 bits … | …
///  without:                        | field 0 bits … | field 1 bits … | …   (bit 0 = LSB of byte 0)
/// ```
///
/// Parsing is bounded: every count, size and nesting depth has a limit (``Limits``), arithmetic
/// is checked, and any byte sequence either parses or throws ``HIDDescriptorError``.
public struct HIDReportDescriptor: Hashable, Sendable {
    /// Which reports a main item's field belongs to.
    public enum ReportKind: UInt8, Hashable, Sendable, CustomStringConvertible {
        /// Device to host, on the interrupt IN endpoint.
        case input
        /// Host to device: SET_REPORT or the interrupt OUT endpoint (keyboard LEDs).
        case output
        /// Either way, through GET_REPORT/SET_REPORT.
        case feature

        /// `input`, `output` or `feature`.
        public var description: String {
            switch self {
            case .input: return "input"
            case .output: return "output"
            case .feature: return "feature"
            }
        }
    }

    /// One main item: `count` values of `bitSize` bits each.
    public struct Field: Hashable, Sendable {
        /// The reports the field belongs to.
        public var kind: ReportKind
        /// The Report ID in effect, 0 when the descriptor declares none.
        public var reportID: UInt8
        /// Where the first value starts, in bits after the report ID byte (if any).
        public var bitOffset: Int
        /// Report Size: bits per value.
        public var bitSize: Int
        /// Report Count: how many values.
        public var count: Int
        /// The main item's data bits: 0 Constant, 1 Variable, 2 Relative, …
        public var flags: UInt32
        /// Logical Minimum.
        public var logicalMinimum: Int64
        /// Logical Maximum (read unsigned when the minimum is not negative, as Linux does).
        public var logicalMaximum: Int64
        /// The usages the values map to (extended: page in the high 16 bits).
        public var usages: HIDUsageList

        /// A constant field carries no data (padding).
        public var isConstant: Bool { flags & 1 != 0 }
        /// A variable field has one value per usage; an array field lists the usages in effect.
        public var isVariable: Bool { flags & 2 != 0 }
        /// A relative field reports changes (mouse motion) rather than states.
        public var isRelative: Bool { flags & 4 != 0 }
        /// A variable field of logical range 0…1: one on/off value per usage (modifier bits,
        /// NKRO bitmaps, consumer and system-control buttons, reported absolute or as one-shot
        /// relative bits). Knobs and axes (volume, X, pan) have wider ranges and are not keys.
        public var isButtons: Bool { isVariable && logicalMinimum == 0 && logicalMaximum == 1 }
        /// Whether the field can report keys (``HIDUsagePage/isKey(_:)``): an array, or buttons.
        public var carriesKeys: Bool {
            kind == .input && !isConstant && (!isVariable || isButtons) && usages.contains { usage in
                HIDUsagePage(UInt16(truncatingIfNeeded: usage >> 16)).isKey(UInt16(truncatingIfNeeded: usage))
            }
        }
        /// Bits the field spans.
        public var bitLength: Int { bitSize * count }
    }

    /// One report: its kind, its ID (0 without report IDs) and its length.
    public struct Report: Hashable, Sendable {
        /// Input, output or feature.
        public var kind: ReportKind
        /// The Report ID, 0 when the descriptor declares none.
        public var id: UInt8
        /// The report's data bits, report ID byte excluded.
        public var bitLength: Int
        /// The report's length in bytes on the wire, report ID byte included.
        public var byteLength: Int { (bitLength + 7) / 8 + (id != 0 ? 1 : 0) }
    }

    /// The bounds every descriptor is parsed within.
    public enum Limits {
        /// Longest descriptor accepted (wDescriptorLength is 16 bits).
        public static let descriptorBytes = 65_535
        /// Most main items (fields).
        public static let fields = 4096
        /// Most usages and usage ranges one main item may collect.
        public static let usagesPerField = 4096
        /// Deepest Push nesting.
        public static let pushDepth = 16
        /// Deepest collection nesting.
        public static let collectionDepth = 64
        /// Largest Report Size, in bits (Linux allows 256).
        public static let reportSize = 256
        /// Largest Report Count (Linux's HID_MAX_USAGES).
        public static let reportCount = 12_288
        /// Longest report, in bytes (Linux's HID_MAX_BUFFER_SIZE).
        public static let reportBytes = 16_384
    }

    /// Every field in descriptor order.
    public internal(set) var fields: [Field] = []
    /// Every report the descriptor defines, ordered by kind then ID.
    public internal(set) var reports: [Report] = []
    /// Whether reports start with a report ID byte.
    public internal(set) var usesReportIDs = false
    /// The usages of the top-level application collections, e.g. `0x0001_0006` (Keyboard).
    public internal(set) var applications: [UInt32] = []

    /// Parses `bytes`; throws when they are not a well-formed descriptor.
    public init(parsing bytes: some Collection<UInt8>) throws(HIDDescriptorError) {
        var parser = HIDDescriptorParser()
        self = try parser.parse(Array(bytes.prefix(Limits.descriptorBytes + 1)))
    }

    init() {}

    /// The input report with ID `id`, when the descriptor defines one.
    public func inputReport(id: UInt8) -> Report? {
        reports.first { $0.kind == .input && $0.id == id }
    }

    /// Whether any input field carries keys (``HIDUsagePage/isKey(_:)``).
    public var hasKeys: Bool { fields.contains(where: \.carriesKeys) }
}

/// The usages of one field: single usages and ranges in the order the descriptor gave them,
/// stored as ranges so `Usage Minimum 0, Usage Maximum 0xFFFF` costs one entry.
public struct HIDUsageList: Hashable, Sendable {
    /// Extended usages (page << 16 | ID), each range inclusive.
    public private(set) var ranges: [ClosedRange<UInt32>] = []
    /// How many usages the ranges hold.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    mutating func append(_ range: ClosedRange<UInt32>) {
        ranges.append(range)
        count += Int(range.upperBound - range.lowerBound) + 1
    }

    /// Usage number `index` (0-based), or `nil` past the end.
    public subscript(index: Int) -> UInt32? {
        guard index >= 0 else { return nil }
        var rest = index
        for range in ranges {
            let size = Int(range.upperBound - range.lowerBound) + 1
            if rest < size { return range.lowerBound + UInt32(rest) }
            rest -= size
        }
        return nil
    }

    /// Whether any usage satisfies `predicate` (ranges longer than 4096 are sampled at their ends
    /// and every 4096th usage, which is enough for the page tests it serves).
    func contains(where predicate: (UInt32) -> Bool) -> Bool {
        for range in ranges {
            if range.upperBound - range.lowerBound < 4096 {
                if range.contains(where: predicate) { return true }
            } else if stride(from: range.lowerBound, through: range.upperBound, by: 4096).contains(where: predicate)
                || predicate(range.upperBound) {
                return true
            }
        }
        return false
    }
}
