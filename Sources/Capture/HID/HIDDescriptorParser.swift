/// The item walker behind ``HIDReportDescriptor/init(parsing:)`` (HID 1.11 §6.2.2.2–§6.2.2.8).
///
/// ```
///  short item   bTag(4) bType(2) bSize(2) | data: 0, 1, 2 or 4 bytes, little-endian
///  long item    0xFE | bDataSize | bLongItemTag | data[bDataSize]           (skipped)
///  bType        0 main, 1 global, 2 local, 3 reserved
/// ```
struct HIDDescriptorParser {
    private struct Globals {
        var usagePage: UInt32 = 0
        var logicalMinimum: Int64 = 0
        /// Logical Maximum's raw data and size: signed or not depends on the minimum.
        var logicalMaximumRaw: UInt32 = 0
        var logicalMaximumSize = 0
        var reportSize = 0
        var reportCount = 0
        var reportID: UInt8 = 0
    }

    private struct PendingUsage {
        var value: UInt32
        /// A 4-byte usage carries its own page; shorter ones take the page of the main item.
        var isExtended: Bool
    }

    private var globals = Globals()
    private var stack: [Globals] = []
    private var usages: [(min: PendingUsage, max: PendingUsage)] = []
    private var usageMinimum: PendingUsage?
    private var usageMaximum: PendingUsage?
    private var collectionDepth = 0
    private var descriptor = HIDReportDescriptor()
    private var reportBits: [HIDReportKey: Int] = [:]
    private var sawReportID = false

    private struct HIDReportKey: Hashable {
        var kind: HIDReportDescriptor.ReportKind
        var id: UInt8
    }

    mutating func parse(_ bytes: [UInt8]) throws(HIDDescriptorError) -> HIDReportDescriptor {
        guard !bytes.isEmpty else { throw HIDDescriptorError(.empty, offset: 0) }
        guard bytes.count <= HIDReportDescriptor.Limits.descriptorBytes else {
            throw HIDDescriptorError(.tooLong, offset: HIDReportDescriptor.Limits.descriptorBytes)
        }
        var offset = 0
        while offset < bytes.count {
            let prefix = bytes[offset]
            if prefix == 0xFE {
                // Long item: no long item tags are defined; step over its data.
                guard offset + 2 < bytes.count else { throw HIDDescriptorError(.truncatedItem, offset: offset) }
                let end = offset + 3 + Int(bytes[offset + 1])
                guard end <= bytes.count else { throw HIDDescriptorError(.truncatedItem, offset: offset) }
                offset = end
                continue
            }
            let size = [0, 1, 2, 4][Int(prefix & 3)]
            guard offset + 1 + size <= bytes.count else { throw HIDDescriptorError(.truncatedItem, offset: offset) }
            var data: UInt32 = 0
            for i in 0..<size { data |= UInt32(bytes[offset + 1 + i]) << (8 * UInt32(i)) }
            let tag = prefix >> 4
            switch (prefix >> 2) & 3 {
            case 0: try main(tag: tag, data: data, size: size, offset: offset)
            case 1: try global(tag: tag, data: data, size: size, offset: offset)
            case 2: try local(tag: tag, data: data, size: size, offset: offset)
            default: break  // reserved item type: ignored
            }
            offset += 1 + size
        }
        descriptor.usesReportIDs = sawReportID
        descriptor.reports = reportBits
            .map { HIDReportDescriptor.Report(kind: $0.key.kind, id: $0.key.id, bitLength: $0.value) }
            .sorted { ($0.kind.rawValue, $0.id) < ($1.kind.rawValue, $1.id) }
        return descriptor
    }

    // MARK: Items

    private static func signed(_ data: UInt32, size: Int) -> Int64 {
        switch size {
        case 1: return Int64(Int8(truncatingIfNeeded: data))
        case 2: return Int64(Int16(truncatingIfNeeded: data))
        case 4: return Int64(Int32(bitPattern: data))
        default: return 0
        }
    }

    private mutating func main(tag: UInt8, data: UInt32, size: Int, offset: Int) throws(HIDDescriptorError) {
        switch tag {
        case 0x8: try addField(.input, flags: data, offset: offset)
        case 0x9: try addField(.output, flags: data, offset: offset)
        case 0xB: try addField(.feature, flags: data, offset: offset)
        case 0xA:
            guard collectionDepth < HIDReportDescriptor.Limits.collectionDepth else {
                throw HIDDescriptorError(.collectionsTooDeep, offset: offset)
            }
            // Collection type 1 is Application; its usage names what the device is.
            if collectionDepth == 0, data & 0xFF == 1, let first = resolvedUsages().ranges.first {
                if descriptor.applications.count < 256 { descriptor.applications.append(first.lowerBound) }
            }
            collectionDepth += 1
        case 0xC:
            guard collectionDepth > 0 else { throw HIDDescriptorError(.unbalancedEndCollection, offset: offset) }
            collectionDepth -= 1
        default: break  // reserved main tags: ignored
        }
        clearLocals()
    }

    private mutating func global(tag: UInt8, data: UInt32, size: Int, offset: Int) throws(HIDDescriptorError) {
        switch tag {
        case 0x0: globals.usagePage = data & 0xFFFF
        case 0x1: globals.logicalMinimum = Self.signed(data, size: size)
        case 0x2:
            globals.logicalMaximumRaw = data
            globals.logicalMaximumSize = size
        case 0x7:
            guard Int(data) <= HIDReportDescriptor.Limits.reportSize else {
                throw HIDDescriptorError(.reportSizeTooLarge, offset: offset)
            }
            globals.reportSize = Int(data)
        case 0x8:
            guard data != 0, data <= 0xFF else { throw HIDDescriptorError(.invalidReportID, offset: offset) }
            globals.reportID = UInt8(data)
            sawReportID = true
        case 0x9:
            guard Int(data) <= HIDReportDescriptor.Limits.reportCount else {
                throw HIDDescriptorError(.reportCountTooLarge, offset: offset)
            }
            globals.reportCount = Int(data)
        case 0xA:
            guard stack.count < HIDReportDescriptor.Limits.pushDepth else {
                throw HIDDescriptorError(.pushTooDeep, offset: offset)
            }
            stack.append(globals)
        case 0xB:
            guard let top = stack.popLast() else { throw HIDDescriptorError(.popWithoutPush, offset: offset) }
            globals = top
        default: break  // physical min/max, unit exponent, unit: not needed to decode keys
        }
    }

    private mutating func local(tag: UInt8, data: UInt32, size: Int, offset: Int) throws(HIDDescriptorError) {
        let usage = PendingUsage(value: data, isExtended: size == 4)
        switch tag {
        case 0x0:
            try addUsages(min: usage, max: usage, offset: offset)
        case 0x1:
            usageMinimum = usage
            try completeRange(offset: offset)
        case 0x2:
            usageMaximum = usage
            try completeRange(offset: offset)
        default: break  // designators, strings, delimiters
        }
    }

    private mutating func completeRange(offset: Int) throws(HIDDescriptorError) {
        guard let minimum = usageMinimum, let maximum = usageMaximum else { return }
        usageMinimum = nil
        usageMaximum = nil
        try addUsages(min: minimum, max: maximum, offset: offset)
    }

    private mutating func addUsages(min: PendingUsage, max: PendingUsage, offset: Int) throws(HIDDescriptorError) {
        guard usages.count < HIDReportDescriptor.Limits.usagesPerField else {
            throw HIDDescriptorError(.tooManyUsages, offset: offset)
        }
        usages.append((min, max))
    }

    private mutating func clearLocals() {
        usages.removeAll(keepingCapacity: true)
        usageMinimum = nil
        usageMaximum = nil
    }

    /// The local usages with the usage page in effect now applied to the short ones. A range
    /// whose ends lie on different pages or run backwards is dropped (HID 1.11 §6.2.2.8).
    private func resolvedUsages() -> HIDUsageList {
        var list = HIDUsageList()
        let page = globals.usagePage << 16
        for (min, max) in usages {
            let low = min.isExtended ? min.value : page | (min.value & 0xFFFF)
            let high = max.isExtended ? max.value : page | (max.value & 0xFFFF)
            guard low >> 16 == high >> 16, low <= high else { continue }
            list.append(low...high)
        }
        return list
    }

    private mutating func addField(_ kind: HIDReportDescriptor.ReportKind, flags: UInt32,
                                   offset: Int) throws(HIDDescriptorError) {
        guard descriptor.fields.count < HIDReportDescriptor.Limits.fields else {
            throw HIDDescriptorError(.tooManyFields, offset: offset)
        }
        let key = HIDReportKey(kind: kind, id: globals.reportID)
        let start = reportBits[key] ?? 0
        // Sizes are bounded (256 × 12 288), so the product cannot overflow; the sum is checked.
        let length = globals.reportSize * globals.reportCount
        let end = start + length
        guard end <= HIDReportDescriptor.Limits.reportBytes * 8 else {
            throw HIDDescriptorError(.reportTooLong, offset: offset)
        }
        reportBits[key] = end
        let minimum = globals.logicalMinimum
        let maximum = minimum < 0
            ? Self.signed(globals.logicalMaximumRaw, size: globals.logicalMaximumSize)
            : Int64(globals.logicalMaximumRaw)
        descriptor.fields.append(HIDReportDescriptor.Field(
            kind: kind, reportID: globals.reportID, bitOffset: start, bitSize: globals.reportSize,
            count: globals.reportCount, flags: flags, logicalMinimum: minimum, logicalMaximum: maximum,
            usages: resolvedUsages()))
    }
}
