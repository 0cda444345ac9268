import KeyTraceCore

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
        func string(_ s: String) -> String { JSONString.quote(s) }
        func hex(_ value: UInt16?) -> String { value.map { string(HIDUsagePage.hex4($0).lowercased()) } ?? "null" }
        let keyboards = devices.map { device in
            "{\"id\":\(string(device.id.description)),\"vendorID\":\(hex(device.vendorID)),"
                + "\"productID\":\(hex(device.productID)),\"name\":\(device.name.map(string) ?? "null"),"
                + "\"identifiedBy\":\(string(device.identifiedBy.rawValue)),\"heuristic\":\(device.identifiedBy.isHeuristic)}"
        }
        let endpointObjects = endpoints.map { endpoint in
            let pages = endpoint.keysByPage.sorted { $0.key < $1.key }
                .map { "\(string(HIDUsagePage($0.key).name)):\($0.value)" }.joined(separator: ",")
            return "{\"id\":\(string(endpoint.id.description)),\"interface\":\(endpoint.interface.map { "\($0)" } ?? "null"),"
                + "\"role\":\(string(endpoint.role)),\"identifiedBy\":\(endpoint.identifiedBy.map { string($0.rawValue) } ?? "null"),"
                + "\"heuristic\":\(endpoint.identifiedBy?.isHeuristic ?? false),"
                + "\"reportDescriptor\":\(endpoint.hasReportDescriptor),"
                + "\"reportIDs\":[\(endpoint.reportIDs.map(String.init).joined(separator: ","))],"
                + "\"keysByPage\":{\(pages)},\"undecodedReports\":\(endpoint.undecodedReports),"
                + "\"reportLengths\":[\(endpoint.reportLengths.map(String.init).joined(separator: ","))]}"
        }
        let skips = skipped.sorted { $0.key < $1.key }.map { "\(string($0.key.name)):\($0.value)" }.joined(separator: ",")
        let notes = usbDevices.flatMap { device in device.notes.map { string("\(device.id) \($0)") } }
        return "{\"keyboards\":[\(keyboards.joined(separator: ","))],\"endpoints\":[\(endpointObjects.joined(separator: ","))],"
            + "\"packets\":\(packetsRead),\"reports\":\(reportsDecoded),\"presses\":\(presses),\"markers\":\(markers),"
            + "\"dropped\":\(dropped),\"keysHeldAtEnd\":\(keysHeldAtEnd),\"obfuscatedPresses\":\(obfuscatedPresses),"
            + "\"skipped\":{\(skips)},"
            + "\"notes\":[\(notes.joined(separator: ","))]}"
    }
}
