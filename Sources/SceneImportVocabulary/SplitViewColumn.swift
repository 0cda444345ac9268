/// A column of a `UISplitViewController` set up with the column API
/// (`setViewController(_:for:)`, `setViewController:forColumn:`), as both of the importer's
/// source readers name it.
///
/// An iPad in full screen shows the primary, supplementary and secondary columns side by side;
/// a phone (compact width) shows the compact column when the split view has one, and otherwise
/// collapses the others into one stack.
public enum SplitViewColumn: String, Sendable, CaseIterable {
    case primary, supplementary, secondary, compact

    /// The column an argument names: `.primary`, `UISplitViewController.Column.secondary`, or
    /// Objective-C's `UISplitViewControllerColumnSupplementary`; `nil` for anything else (a
    /// variable).
    public init?(written text: String) {
        let trimmed = text.filter { !$0.isWhitespace }
        let objectiveCPrefix = "UISplitViewControllerColumn"
        if trimmed.hasPrefix(objectiveCPrefix) {
            self.init(rawValue: trimmed.dropFirst(objectiveCPrefix.count).lowercased())
        } else if let last = trimmed.split(separator: ".").last, trimmed.contains(".") {
            self.init(rawValue: String(last))
        } else {
            return nil
        }
    }

    /// Whether only a compact-width device (a phone) shows the column.
    public var isCompact: Bool { self == .compact }

    /// UIKit's order of the columns, leading first.
    public var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
