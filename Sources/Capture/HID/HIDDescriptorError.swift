/// Why bytes are not a HID report descriptor this decoder accepts. Its ``description`` names
/// the problem and the byte offset of the item at fault.
public struct HIDDescriptorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem. New kinds may be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case empty, tooLong = "too-long", truncatedItem = "truncated-item"
            case reportSizeTooLarge = "report-size-too-large", reportCountTooLarge = "report-count-too-large"
            case invalidReportID = "invalid-report-id", pushTooDeep = "push-too-deep"
            case popWithoutPush = "pop-without-push", collectionsTooDeep = "collections-too-deep"
            case unbalancedEndCollection = "unbalanced-end-collection", tooManyUsages = "too-many-usages"
            case tooManyFields = "too-many-fields", reportTooLong = "report-too-long"
        }
        let base: Base
        init(_ base: Base) { self.base = base }

        /// No bytes.
        public static let empty = Code(.empty)
        /// More than 65 535 bytes.
        public static let tooLong = Code(.tooLong)
        /// An item's data runs past the end.
        public static let truncatedItem = Code(.truncatedItem)
        /// Report Size above 256 bits.
        public static let reportSizeTooLarge = Code(.reportSizeTooLarge)
        /// Report Count above 12 288.
        public static let reportCountTooLarge = Code(.reportCountTooLarge)
        /// Report ID 0 or above 255.
        public static let invalidReportID = Code(.invalidReportID)
        /// Push nested more than 16 deep.
        public static let pushTooDeep = Code(.pushTooDeep)
        /// Pop with nothing pushed.
        public static let popWithoutPush = Code(.popWithoutPush)
        /// Collections nested more than 64 deep.
        public static let collectionsTooDeep = Code(.collectionsTooDeep)
        /// End Collection without an open collection.
        public static let unbalancedEndCollection = Code(.unbalancedEndCollection)
        /// More than 4096 usages before one main item.
        public static let tooManyUsages = Code(.tooManyUsages)
        /// More than 4096 main items.
        public static let tooManyFields = Code(.tooManyFields)
        /// A report longer than 16 384 bytes.
        public static let reportTooLong = Code(.reportTooLong)

        /// The stable hyphenated name, e.g. `pop-without-push`.
        public var description: String { base.rawValue }
    }

    /// The kind of problem.
    public let code: Code
    /// The byte offset of the item at fault.
    public let offset: Int

    init(_ base: Code.Base, offset: Int) {
        code = Code(base)
        self.offset = offset
    }

    public var description: String {
        let what: String
        switch code.base {
        case .empty: what = "the report descriptor is empty"
        case .tooLong: what = "the report descriptor is longer than 65535 bytes"
        case .truncatedItem: what = "an item's data runs past the end of the descriptor"
        case .reportSizeTooLarge: what = "Report Size is larger than 256 bits"
        case .reportCountTooLarge: what = "Report Count is larger than 12288"
        case .invalidReportID: what = "Report ID must be 1–255"
        case .pushTooDeep: what = "Push is nested more than 16 deep"
        case .popWithoutPush: what = "Pop without a Push"
        case .collectionsTooDeep: what = "collections are nested more than 64 deep"
        case .unbalancedEndCollection: what = "End Collection without a Collection"
        case .tooManyUsages: what = "more than 4096 usages before one main item"
        case .tooManyFields: what = "more than 4096 main items"
        case .reportTooLong: what = "a report is longer than 16384 bytes"
        }
        return "\(what) (item at byte \(offset), \(code)); the device's reports are decoded by the boot-report heuristics instead"
    }
}
