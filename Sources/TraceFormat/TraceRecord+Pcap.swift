import KeyTraceCore

extension TraceRecord {
    /// The pcap link type of exported packets: `LINKTYPE_USER0`.
    public static let pcapLinkType: Int32 = 147

    /// The record as one pcap packet payload, decoded by `Scripts/wireshark/keytrace.lua`.
    ///
    /// All integers little-endian; strings are a u16 byte length then UTF-8.
    ///
    /// ```
    ///  0  u8   packet format version (1)
    ///  1  u8   kind: 1 key, 2 resolution, 3 timing, 4 counters, 5 cache, 6 chain,
    ///                7 dropped, 8 marker, 9 report, 255 unknown
    ///  2  u16  payload length including this 12-byte prefix
    ///  4  u64  t_ns
    /// 12  …    kind fields (docs/TraceFormat.md §13, "pcap export")
    /// ```
    public var pcapPayload: [UInt8] {
        var w = ByteWriter(capacity: 64)
        w.writeUInt8(1)
        w.writeUInt8(pcapKindCode)
        w.writeUInt16(0)
        w.writeUInt64(timestamp)
        func str(_ s: String?) {
            let utf8 = Array((s ?? "").utf8.prefix(0xFFFF))
            w.writeUInt16(UInt16(utf8.count))
            w.writeBytes(utf8)
        }
        switch self {
        case .key(let r):
            let p = r.press
            w.writeUInt8(p.phase.rawValue)
            w.writeUInt8(p.isRepeat ? 1 : 0)
            w.writeUInt16(p.usage.rawValue)
            w.writeUInt32(p.modifierFlags.rawValue)
            w.writeUInt8(p.modifierSides.rawValue)
            w.writeUInt64(p.device.rawValue)
            w.writeUInt64(r.timestampUncertainty ?? UInt64.max)
            str(p.characters.string)
            str(p.charactersIgnoringModifiers.string)
            if !p.isKeyboardKey { w.writeUInt16(p.usagePage.rawValue) }
        case .resolution(let r):
            w.writeUInt64(r.pressSequence)
            w.writeUInt8(r.outcome.rawValue)
            w.writeUInt8((r.isUpAction ? 1 : 0) | (r.command != nil ? 2 : 0))
            w.writeUInt32(r.command?.modifiers.rawValue ?? 0)
            str(r.command?.input.uiKitValue)
            str(r.title)
            str(r.action?.name)
            str(r.providerPath)
            str(r.targetPath)
            str(r.blockingAction?.name)
        case .stageTimings(let r):
            w.writeUInt64(r.pressSequence)
            let count = min(r.durations.count, 255)
            w.writeUInt8(UInt8(count))
            for d in r.durations.prefix(count) { w.writeUInt64(d) }
            w.writeUInt64(r.total)
        case .keyCommandsCounters(let r):
            w.writeUInt64(r.pressSequence)
            w.writeUInt64(r.calls)
            w.writeUInt64(r.policyCalls)
            w.writeUInt64(r.enumerations)
        case .cache(let r):
            switch r.event {
            case .hit: w.writeUInt8(0); w.writeUInt8(0)
            case .miss: w.writeUInt8(1); w.writeUInt8(0)
            case .invalidation(let reason): w.writeUInt8(2); w.writeUInt8(reason.rawValue)
            }
        case .chainChange(let r):
            w.writeUInt8(r.kind.rawValue)
            str(r.from)
            str(r.to)
        case .dropped(let r):
            w.writeUInt64(r.device.rawValue)
            w.writeUInt64(r.count)
        case .marker(let r):
            str(r.label)
            str(r.text)
        case .hidReport(let r):
            w.writeUInt64(r.device.rawValue)
            w.writeUInt8(r.direction.rawValue)
            w.writeUInt8(r.interface ?? 0xFF)
            w.writeUInt8(r.endpoint ?? 0xFF)
            w.writeUInt8(r.reportID)
            w.writeUInt8((r.keysHeld ? 1 : 0) | (r.isPhantomState ? 2 : 0) | (r.leds != nil ? 4 : 0))
            w.writeUInt8(r.leds?.rawValue ?? 0)
            w.writeUInt16(UInt16(clamping: r.length))
            w.writeUInt8(UInt8(r.bytes.count))
            r.bytes.withUnsafeBytes { w.writeBytes($0) }
        case .unknown(let r):
            w.writeUInt8(r.type)
            w.writeBytes(r.payload.prefix(60_000))
        }
        let length = UInt16(truncatingIfNeeded: w.count)
        w.setUInt8(UInt8(truncatingIfNeeded: length), at: 2)
        w.setUInt8(UInt8(truncatingIfNeeded: length >> 8), at: 3)
        return w.bytes
    }

    private var pcapKindCode: UInt8 {
        switch self {
        case .key: return 1
        case .resolution: return 2
        case .stageTimings: return 3
        case .keyCommandsCounters: return 4
        case .cache: return 5
        case .chainChange: return 6
        case .dropped: return 7
        case .marker: return 8
        case .hidReport: return 9
        case .unknown: return 255
        }
    }
}
