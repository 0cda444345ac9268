import KeyTraceCore

extension HIDReportDescriptor {
    /// The keyboard LEDs an Output report sets, read from the descriptor's Output fields on the
    /// LED page (0x08, usages 1–5: Num Lock, Caps Lock, Scroll Lock, Compose, Kana); `nil` when
    /// the report's ID has no such field. `report` includes the report ID byte when the
    /// descriptor declares IDs.
    public func leds(inOutputReport report: UnsafeRawBufferPointer) -> KeyboardLEDs? {
        var payload = report
        var id: UInt8 = 0
        if usesReportIDs {
            guard let first = report.first else { return nil }
            id = first
            payload = UnsafeRawBufferPointer(rebasing: report[1...])
        }
        var found = false
        var leds = KeyboardLEDs()
        for field in fields where field.kind == .output && field.reportID == id && field.isVariable && !field.isConstant {
            let last = field.usages.count - 1
            guard last >= 0 else { continue }
            for i in 0..<field.count {
                guard let usage = field.usages[Swift.min(i, last)], usage >> 16 == 0x08,
                      let led = KeyboardLEDs(ledUsage: UInt16(truncatingIfNeeded: usage)) else { continue }
                found = true
                let value = HIDReportDecoder.bits(payload, at: field.bitOffset + i * field.bitSize, size: field.bitSize,
                                                  signed: false)
                if let value, value != 0 { leds.insert(led) }
            }
        }
        return found ? leds : nil
    }

    /// Whether the descriptor declares any Output field on the LED page.
    public var hasLEDs: Bool {
        fields.contains { field in
            field.kind == .output && field.usages.contains { $0 >> 16 == 0x08 }
        }
    }
}

extension KeyboardLEDs {
    /// The LEDs of a boot keyboard's Output report: one byte, bit i = LED usage i + 1
    /// (HID 1.11 appendix B.1); `nil` unless the report is that one byte.
    init?(bootOutputReport report: UnsafeRawBufferPointer) {
        guard report.count == 1 else { return nil }
        self.init(rawValue: report[0])
    }
}
