import Comparison

extension HardwareComparison {
    /// JUnit XML: one `keyboard hardware` test suite with a test case per figure; a regression of
    /// a deciding figure (chatter rate, polling jitter) is a failure (`type="regression"`),
    /// informational figures never fail, and warnings go to the suite's `system-err`.
    package func junitReport() -> String {
        let failures = rows.filter { $0.gated && $0.verdict == .regression }.count
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="keytrace compare" tests="\#(rows.count)" failures="\#(failures)">"# + "\n"
        xml += #"  <testsuite name="keyboard hardware" tests="\#(rows.count)" failures="\#(failures)">"# + "\n"
        for row in rows {
            let summary = "\(baseDevice) \(row.formatted(row.base)) → \(currentDevice) \(row.formatted(row.current))"
                + "\(row.gated ? "" : " (informational)"): \(row.verdict.rawValue); \(row.detail)"
            let open = #"    <testcase classname="keytrace.compare.hardware" name="\#(JUnitXML.escape(row.name))">"# + "\n"
            if row.gated && row.verdict == .regression {
                xml += open + #"      <failure type="regression" message="\#(JUnitXML.escape(summary))"/>"# + "\n"
            } else {
                xml += open + "      <system-out>\(JUnitXML.escape(summary))</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        if !warnings.isEmpty {
            xml += "    <system-err>" + JUnitXML.escape(warnings.joined(separator: "\n")) + "</system-err>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }
}

extension HardwareComparison.Row {
    /// `value` (this row's base or current) in the row's unit, as the reports show it.
    func formatted(_ value: Double) -> String {
        switch unit {
        case "share": String(cFormat: "%.3f %%", value * 100)
        case "ns": ReportFormatting.duration(value)
        default: String(cFormat: "%.0f", value)
        }
    }
}
