extension SceneDiffReport {
    /// The report for a terminal: a verdict line, then each non-empty section with one line per
    /// entry, marked `!` (needs approval), `✓` (approved) or `·` (display only, or a resolved
    /// conflict). Each line ends with a newline.
    public var text: String {
        var lines = ["scene diff \(diff.baseLabel) → \(diff.headLabel): \(verdict)"]
        for section in SceneDiff.Entry.Section.allCases {
            let items = entries.filter { $0.section == section }
            guard !items.isEmpty else { continue }
            lines.append("")
            lines.append(Self.title(of: section) + ":")
            for entry in items { lines.append("  \(Self.mark(entry)) \(entry.summary)") }
        }
        if diff.resolutionsFollowingShortcutChanges > 0 {
            lines.append("")
            lines.append("\(diff.resolutionsFollowingShortcutChanges) more resolution change\(diff.resolutionsFollowingShortcutChanges == 1 ? "" : "s") "
                + "follow directly from the shortcuts added, removed or moved (a key that now runs the new command, or no longer runs the old one).")
        }
        if !diff.firstRespondersOnlyInHead.isEmpty {
            lines.append("")
            lines.append("First responders only in \(diff.headLabel) (not compared): " + diff.firstRespondersOnlyInHead.joined(separator: ", "))
        }
        if !diff.firstRespondersOnlyInBase.isEmpty {
            lines.append("")
            lines.append("First responders only in \(diff.baseLabel) (not compared): " + diff.firstRespondersOnlyInBase.joined(separator: ", "))
        }
        if !staleApprovals.isEmpty {
            lines.append("")
            lines.append("Approvals no change matches any more (remove them): \(staleApprovals.count)")
            for id in staleApprovals { lines.append("  \(id)") }
        }
        if fails {
            lines.append("")
            lines.append("To accept these changes, add their ids to the approval file (or run again with --approved FILE --write-approved):")
            for entry in unapproved { lines.append("  \(entry.id)") }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
