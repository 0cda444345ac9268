import KeyTraceCore
import Testing
import TraceFormat
import Export

/// CSV lines: RFC 4180 quoting exactly where a field needs it, one column per header name.
struct CSVLineTests {
    /// A minimal RFC 4180 reader for one line: fields, with quoted fields unescaped.
    private func fields(_ line: String) -> [String] {
        var result: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(line)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                result.append(field)
                field = ""
            } else {
                field.append(c)
            }
        }
        result.append(field)
        return result
    }

    @Test func fieldsWithCommasQuotesAndLineBreaksAreQuotedAndReadBack() {
        let text = "a, \"quoted\" note\nsecond line é🎹"
        let line = TraceRecord.marker(MarkerRecord(timestamp: 7, label: "note,1", text: text)).csvLine
        let columns = fields(line)
        #expect(columns.count == TraceRecord.csvHeader.split(separator: ",").count)
        #expect(columns[0] == "marker" && columns[1] == "7")
        #expect(columns[15] == "note,1")
        #expect(columns[16] == text)
        #expect(line.contains("\"a, \"\"quoted\"\" note"))
    }

    @Test func plainFieldsAreNotQuoted() {
        let line = TraceRecord.key(KeyRecord(KeyPress(.began, HIDUsage(0x04), timestamp: 42))).csvLine
        #expect(!line.contains("\""))
        #expect(line.hasPrefix("key,42,down,4,"))
    }
}
