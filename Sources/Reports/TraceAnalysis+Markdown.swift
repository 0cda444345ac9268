import Analysis

extension TraceAnalysis {
    /// A report that fits a pull-request comment: headings, short tables (`rows` per breakdown),
    /// the long tables folded into `<details>`.
    package func markdownReport(rows: Int = 10) -> String {
        var out = ["## keytrace analyze"]
        let folded: Set<String> = ["By command (shortcut + action) — end-to-end", "By providing responder — end-to-end"]
        for section in sections(rows: rows) {
            let fold = folded.contains(section.title)
            out.append("")
            if fold {
                out.append("<details><summary><b>\(section.title)</b></summary>")
                out.append("")
            } else {
                out.append("### \(section.title)")
                out.append("")
            }
            for table in section.tables {
                out.append(table.markdown())
                out.append("")
            }
            for note in section.notes { out.append(section.isWarning ? "- ⚠️ \(note)" : "- \(note)") }
            if fold { out.append(""); out.append("</details>") }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
