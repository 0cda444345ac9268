import Comparison

extension RunComparison {
    /// JUnit XML: a `latency` and a `counters` test suite, one test case per metric and per
    /// counter; regressions are failures (`type="regression"`), warnings go to the latency
    /// suite's `system-err`.
    package func junitReport() -> String {
        let latencyFailures = latency.filter { $0.verdict == .regression }.count
        let counterFailures = counters.filter { $0.verdict == .regression }.count
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites name="keytrace compare" tests="\#(latency.count + counters.count)" failures="\#(latencyFailures + counterFailures)">"# + "\n"

        xml += #"  <testsuite name="latency" tests="\#(latency.count)" failures="\#(latencyFailures)">"# + "\n"
        for entry in latency {
            let summary = "median \(ReportFormatting.duration(entry.baseMedian)) → \(ReportFormatting.duration(entry.currentMedian)) "
                + "(\(ReportFormatting.signedDuration(entry.delta)) \(ReportFormatting.percent(entry.delta, of: entry.baseMedian))), "
                + "ratio \(ReportFormatting.ratioWithInterval(entry)), p = \(ReportFormatting.pValue(entry.test?.pValue)), "
                + "threshold \(ReportFormatting.duration(entry.threshold)): \(entry.verdict.rawValue)"
            xml += testcase(suite: "latency", name: entry.metric.name, failed: entry.verdict == .regression, summary: summary)
        }
        if !warnings.isEmpty {
            xml += "    <system-err>" + JUnitXML.escape(warnings.joined(separator: "\n")) + "</system-err>\n"
        }
        xml += "  </testsuite>\n"

        xml += #"  <testsuite name="counters" tests="\#(counters.count)" failures="\#(counterFailures)">"# + "\n"
        for entry in counters {
            let summary = "per press \(ReportFormatting.counter(entry.basePerPress)) → \(ReportFormatting.counter(entry.currentPerPress))"
                + "\(entry.gated ? "" : " (informational)"): \(entry.verdict.rawValue)"
            xml += testcase(suite: "counters", name: entry.name, failed: entry.verdict == .regression, summary: summary)
        }
        xml += "  </testsuite>\n"
        xml += "</testsuites>\n"
        return xml
    }

    private func testcase(suite: String, name: String, failed: Bool, summary: String) -> String {
        let open = #"    <testcase classname="keytrace.compare.\#(suite)" name="\#(JUnitXML.escape(name))""#
        if failed {
            return open + ">\n"
                + #"      <failure type="regression" message="\#(JUnitXML.escape(summary))"/>"# + "\n"
                + "    </testcase>\n"
        }
        return open + ">\n      <system-out>\(JUnitXML.escape(summary))</system-out>\n    </testcase>\n"
    }
}
