import KeyTraceSupport

/// A table of text cells rendered as aligned terminal text or as a markdown table.
///
/// Columns whose header is in ``rightAligned`` are padded on the left, so numbers line up.
struct ReportTable {
    var headers: [String]
    var rows: [[String]] = []
    /// Column indexes aligned right (numbers).
    var rightAligned: Set<Int>

    init(_ headers: [String], rightAligned: Set<Int>? = nil) {
        self.headers = headers
        self.rightAligned = rightAligned ?? Set(1..<max(1, headers.count))
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    /// Aligned columns separated by two spaces; the header bold when `colour`.
    func text(colour: Bool, indent: String = "  ") -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { i, cell in
                ReportFormatting.pad(cell, i < widths.count ? widths[i] : 0, right: rightAligned.contains(i))
            }
            var text = indent + padded.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        let head = line(headers)
        var lines = [colour ? ANSI.bold(head) : head]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }

    /// A GitHub-flavoured markdown table.
    func markdown() -> String {
        func escape(_ s: String) -> String { s.replacing("|", with: "\\|") }
        var lines = ["| " + headers.map(escape).joined(separator: " | ") + " |"]
        lines.append("|" + headers.indices.map { rightAligned.contains($0) ? "---:|" : "---|" }.joined())
        lines += rows.map { "| " + $0.map(escape).joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n")
    }
}

/// ANSI styling for terminal reports (used only when the caller says colour is on).
enum ANSI {
    static func bold(_ s: String) -> String { "\u{1B}[1m\(s)\u{1B}[0m" }
    static func dim(_ s: String) -> String { "\u{1B}[2m\(s)\u{1B}[0m" }
    static func yellow(_ s: String) -> String { "\u{1B}[33m\(s)\u{1B}[0m" }
    static func red(_ s: String) -> String { "\u{1B}[31m\(s)\u{1B}[0m" }
}
