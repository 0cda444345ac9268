extension SceneDiffReport {
    /// The report as GitHub-flavoured markdown for a pull-request comment: a heading with the
    /// verdict, a table per non-empty section, and the ids to approve in a code block.
    public var markdown: String {
        var lines = ["### Keyboard shortcuts: \(verdict)", ""]
        lines.append("`\(Self.escape(diff.baseLabel))` → `\(Self.escape(diff.headLabel))`")
        for section in SceneDiff.Entry.Section.allCases {
            let items = entries.filter { $0.section == section }
            guard !items.isEmpty else { continue }
            lines.append("")
            lines.append("#### \(Self.title(of: section))")
            lines.append("")
            lines.append("| | change |")
            lines.append("|---|---|")
            for entry in items {
                let status = !entry.affectsBehaviour ? "info" : entry.approved ? "approved" : "**needs approval**"
                lines.append("| \(status) | \(Self.escape(entry.summary)) |")
            }
        }
        if diff.resolutionsFollowingShortcutChanges > 0 {
            lines.append("")
            lines.append("\(diff.resolutionsFollowingShortcutChanges) more resolution change\(diff.resolutionsFollowingShortcutChanges == 1 ? "" : "s") "
                + "follow directly from the shortcuts added, removed or moved.")
        }
        if !staleApprovals.isEmpty {
            lines.append("")
            lines.append("Approvals no change matches any more: \(staleApprovals.count) (remove them from the approval file).")
        }
        if fails {
            lines.append("")
            lines.append("To accept these changes, add these lines to the approval file:")
            lines.append("")
            lines.append("```")
            for entry in unapproved { lines.append(entry.id) }
            lines.append("```")
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `text` safe in a table cell: `|` escaped, newlines as spaces.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
