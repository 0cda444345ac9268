import KeyTraceCore
import KeyTraceSupport

extension CaptureSummary {
    /// The summary as one JSON object, for scripts:
    ///
    /// ```json
    /// {"keyboards":[{"id":"1.7.130","vendorID":"1532","productID":"0203","name":"NKRO Keyboard",
    ///   "identifiedBy":"report descriptor","heuristic":false}],
    ///  "endpoints":[{"id":"1.7.130","interface":1,"role":"keyboard","identifiedBy":"report descriptor",
    ///   "heuristic":false,"reportIDs":[1],"keysByPage":{"Keyboard":11},"undecodedReports":0,"reportLengths":[]}],
    ///  "packets":120,"reports":5,"presses":22,"markers":0,"dropped":0,"keysHeldAtEnd":0,"obfuscatedPresses":0,
    ///  "skipped":{"submit":55},"notes":[]}
    /// ```
    /// `heuristic` is true when the keys come from a guess at the report layout (no descriptor).
    public var json: String {
        func hex(_ value: UInt16?) -> String? { value.map { HIDUsagePage.hex4($0).lowercased() } }
        var object = JSONObject()
        object.add("keyboards", objects: devices.map { device in
            var keyboard = JSONObject()
            keyboard.add("id", device.id.description)
            keyboard.add("vendorID", hex(device.vendorID))
            keyboard.add("productID", hex(device.productID))
            keyboard.add("name", device.name)
            keyboard.add("identifiedBy", device.identifiedBy.rawValue)
            keyboard.add("heuristic", device.identifiedBy.isHeuristic)
            return keyboard
        })
        object.add("endpoints", objects: endpoints.map { endpoint in
            var entry = JSONObject()
            entry.add("id", endpoint.id.description)
            entry.add("interface", endpoint.interface.map { Int($0) })
            entry.add("role", endpoint.role)
            entry.add("identifiedBy", endpoint.identifiedBy?.rawValue)
            entry.add("heuristic", endpoint.identifiedBy?.isHeuristic ?? false)
            entry.add("reportDescriptor", endpoint.hasReportDescriptor)
            entry.add("reportIDs", numbers: endpoint.reportIDs.map { UInt64($0) })
            var pages = JSONObject()
            for (page, count) in endpoint.keysByPage.sorted(by: { $0.key < $1.key }) {
                pages.add(HIDUsagePage(page).name, UInt64(clamping: count))
            }
            entry.add("keysByPage", object: pages)
            entry.add("undecodedReports", endpoint.undecodedReports)
            entry.add("reportLengths", numbers: endpoint.reportLengths.map { UInt64(clamping: $0) })
            return entry
        })
        object.add("packets", packetsRead)
        object.add("reports", reportsDecoded)
        object.add("presses", presses)
        object.add("markers", markers)
        object.add("dropped", dropped)
        object.add("keysHeldAtEnd", keysHeldAtEnd)
        object.add("obfuscatedPresses", obfuscatedPresses)
        var skips = JSONObject()
        for (reason, count) in skipped.sorted(by: { $0.key < $1.key }) { skips.add(reason.name, UInt64(clamping: count)) }
        object.add("skipped", object: skips)
        object.add("notes", strings: usbDevices.flatMap { device in device.notes.map { "\(device.id) \($0)" } })
        return object.text
    }
}
