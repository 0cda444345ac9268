import KeyTraceCore

extension TraceSummary {
    /// The lines `keytrace inspect` prints.
    public func reportLines(path: String, header: TraceFileHeader) -> [String] {
        let m = header.metadata
        var lines = [
            "trace:      \(path) (\(fileSize) bytes, format \(header.major).\(header.minor), written by keytrace \(m.toolVersion))",
            "source:     \(m.sourceKind ?? "unknown")" + (m.pcapLinkType.map { ", pcap link type \($0)" } ?? "")
                + ", clock \(m.clockDomain ?? "unspecified"), timestamps in \(m.timestampUnitNanoseconds) ns",
        ]
        if let scene = m.sceneName { lines.append("scene:      \(scene)" + (m.sceneContentHash.map { " (content hash \($0))" } ?? "")) }
        if let anchor = m.wallClockAnchor {
            lines.append("wall clock: trace time \(anchor.traceTime) = \(anchor.unixTimeNanoseconds) ns since the Unix epoch")
        }
        if let first = firstTimestamp {
            lines.append("time:       \(first) … \(lastTimestamp ?? first) ns, duration \(TraceSummary.seconds(duration)) s")
        }
        lines.append("records:    \(recordCount)" + (recordCount > 0
            ? String(format2: Double(fileSize) / Double(recordCount), suffix: " bytes per record") : ""))
        for kind in counts.keys.sorted() {
            lines.append("  " + kind.name.padding(12) + String(counts[kind] ?? 0))
        }
        var deviceIDs = Set(devices.keys)
        for d in m.devices { deviceIDs.insert(d.id) }
        if !deviceIDs.isEmpty {
            lines.append("devices:")
            for id in deviceIDs.sorted() {
                var line = "  " + id.description.padding(12) + "\(devices[id] ?? 0) key records"
                if let info = m.devices.first(where: { $0.id == id }) {
                    if let v = info.vendorID, let p = info.productID { line += ", USB \(hex4(v)):\(hex4(p))" }
                    if let b = info.bInterval { line += ", bInterval \(b)" }
                    if let n = info.name { line += ", \"\(n)\"" }
                }
                lines.append(line)
            }
        }
        if !m.custom.isEmpty {
            lines.append("metadata:")
            for key in m.custom.keys.sorted() { lines.append("  \(key) = \(m.custom[key] ?? "")") }
        }
        lines.append("chunks:     \(verification.chunkCount), footer index \(verification.hasFooter ? "present" : "missing")")
        lines.append("integrity:  " + (verification.isIntact ? "intact" : "DAMAGED (\(verification.issues.count) issues; run keytrace verify)"))
        return lines
    }

    static func seconds(_ ns: UInt64) -> String {
        let fraction = String(ns % 1_000_000_000)
        return "\(ns / 1_000_000_000)." + String(repeating: "0", count: 9 - fraction.count) + fraction
    }

    private func hex4(_ v: UInt16) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: 4 - h.count) + h
    }
}

extension VerificationReport {
    /// The lines `keytrace verify` prints.
    public var reportLines: [String] {
        var lines: [String] = []
        for issue in issues { lines.append("damaged: " + issue.description) }
        let expected = expectedRecords.map { " of \($0)" } ?? ""
        lines.append("\(isIntact ? "intact" : "DAMAGED"): \(chunkCount) chunk\(chunkCount == 1 ? "" : "s"), "
            + "\(readableRecords)\(expected) record\(readableRecords == 1 && expected.isEmpty ? "" : "s") readable"
            + (hasFooter ? "" : ", no footer index"))
        return lines
    }
}

extension String {
    init(format2 value: Double, suffix: String) {
        let hundredths = Int((value * 100).rounded())
        let frac = hundredths % 100
        self = ", \(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)" + suffix
    }

    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
