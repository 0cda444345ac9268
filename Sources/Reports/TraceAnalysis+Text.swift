import Analysis

extension TraceAnalysis {
    /// The terminal report: aligned tables, bold headings and yellow warnings when `colour`.
    package func textReport(colour: Bool, rows: Int = 15) -> String {
        var out: [String] = []
        for section in sections(rows: rows) {
            if !out.isEmpty { out.append("") }
            out.append(colour ? ANSI.bold(section.title) : section.title)
            for table in section.tables { out.append(table.text(colour: colour)) }
            for note in section.notes {
                let line = "  " + note
                out.append(colour ? (section.isWarning ? ANSI.yellow(line) : ANSI.dim(line)) : line)
            }
        }
        return out.joined(separator: "\n") + "\n"
    }
}
