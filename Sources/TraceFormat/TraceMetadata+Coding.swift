import KeyTraceCore

/// Metadata field tags (see docs/TraceFormat.md §3.1, "Metadata").
enum MetadataTag: UInt64 {
    case toolVersion = 1
    case sourceKind = 2
    case pcapLinkType = 3
    case device = 4
    case sceneName = 5
    case sceneContentHash = 6
    case clockDomain = 7
    case timestampUnit = 8
    case wallClockAnchor = 9
    case custom = 15
    case padding = 16
}

extension TraceMetadata {
    /// Encodes the fields as `tag varint, length varint, value` triples in tag order.
    func encoded() -> [UInt8] {
        var out = ByteWriter(capacity: 128)
        func field(_ tag: MetadataTag, _ body: (inout ByteWriter) -> Void) {
            var value = ByteWriter()
            body(&value)
            out.writeVarint(tag.rawValue)
            out.writeVarint(UInt64(value.count))
            out.writeBytes(value)
        }
        func text(_ tag: MetadataTag, _ string: String?) {
            guard let string else { return }
            field(tag) { $0.writeBytes(Array(string.utf8)) }
        }
        text(.toolVersion, toolVersion)
        text(.sourceKind, sourceKind)
        if let pcapLinkType { field(.pcapLinkType) { $0.writeVarint(UInt64(pcapLinkType)) } }
        for device in devices {
            field(.device) { w in
                w.writeUInt64(device.id.rawValue)
                var present: UInt8 = 0
                if device.vendorID != nil { present |= 1 }
                if device.productID != nil { present |= 2 }
                if device.bInterval != nil { present |= 4 }
                if device.pollingIntervalNanoseconds != nil { present |= 8 }
                if device.name != nil { present |= 16 }
                w.writeUInt8(present)
                if let v = device.vendorID { w.writeUInt16(v) }
                if let v = device.productID { w.writeUInt16(v) }
                if let v = device.bInterval { w.writeUInt8(v) }
                if let v = device.pollingIntervalNanoseconds { w.writeVarint(v) }
                if let v = device.name { w.writeString(v) }
            }
        }
        text(.sceneName, sceneName)
        text(.sceneContentHash, sceneContentHash)
        text(.clockDomain, clockDomain)
        field(.timestampUnit) { $0.writeVarint(timestampUnitNanoseconds) }
        if let anchor = wallClockAnchor {
            field(.wallClockAnchor) { w in
                w.writeUInt64(anchor.traceTime)
                w.writeUInt64(UInt64(bitPattern: anchor.unixTimeNanoseconds))
            }
        }
        for key in custom.keys.sorted() {
            field(.custom) { w in
                w.writeString(key)
                w.writeString(custom[key] ?? "")
            }
        }
        return out.bytes
    }

    /// Encodes the fields followed by padding fields (tag 16) so the block is exactly `length`
    /// bytes; `nil` when the fields alone are longer, or one byte short of it (no padding
    /// field is one byte long).
    func encoded(paddedTo length: Int) -> [UInt8]? {
        var out = ByteWriter(capacity: length)
        out.writeBytes(encoded())
        var fill = length - out.count
        guard fill >= 0, fill != 1 else { return nil }
        while fill > 0 {
            // A field is its tag (1 byte), a length varint of `width` bytes and `size` zero bytes.
            // Take the width whose size fills exactly what is left; when none does (130: a size
            // of 128 needs 2 length bytes, 127 needs 1), write an empty field (2 bytes) first.
            let size = (1...3).lazy.map { width in fill - 1 - width }.first { size in
                size >= 0 && 1 + Varint.size(UInt64(size)) + size == fill
            }
            out.writeVarint(MetadataTag.padding.rawValue)
            out.writeVarint(UInt64(size ?? 0))
            out.writeBytes(repeatElement(UInt8(0), count: size ?? 0))
            fill = size == nil ? fill - 2 : 0
        }
        return out.bytes
    }

    /// Decodes tagged fields; unknown tags are skipped. Returns `nil` when the block is malformed.
    static func decode(_ buffer: UnsafeRawBufferPointer) -> TraceMetadata? {
        var reader = ByteReader(buffer)
        var metadata = TraceMetadata(toolVersion: "")
        while !reader.isAtEnd {
            guard let tag = reader.readVarint(), let length = reader.readVarint(), length <= UInt64(reader.remaining),
                  let value = reader.readSlice(Int(length)) else { return nil }
            var field = ByteReader(value)
            let text = String(decoding: value, as: UTF8.self)
            switch MetadataTag(rawValue: tag) {
            case .toolVersion: metadata.toolVersion = text
            case .sourceKind: metadata.sourceKind = text
            case .pcapLinkType:
                guard let v = field.readVarint() else { return nil }
                metadata.pcapLinkType = UInt32(truncatingIfNeeded: v)
            case .device:
                guard let raw = field.readUInt64(), let present = field.readUInt8() else { return nil }
                var device = DeviceInfo(id: DeviceID(rawValue: raw))
                if present & 1 != 0 { guard let v = field.readUInt16() else { return nil }; device.vendorID = v }
                if present & 2 != 0 { guard let v = field.readUInt16() else { return nil }; device.productID = v }
                if present & 4 != 0 { guard let v = field.readUInt8() else { return nil }; device.bInterval = v }
                if present & 8 != 0 { guard let v = field.readVarint() else { return nil }; device.pollingIntervalNanoseconds = v }
                if present & 16 != 0 { guard let v = field.readString() else { return nil }; device.name = v }
                metadata.devices.append(device)
            case .sceneName: metadata.sceneName = text
            case .sceneContentHash: metadata.sceneContentHash = text
            case .clockDomain: metadata.clockDomain = text
            case .timestampUnit:
                guard let v = field.readVarint() else { return nil }
                metadata.timestampUnitNanoseconds = v
            case .wallClockAnchor:
                guard let t = field.readUInt64(), let u = field.readUInt64() else { return nil }
                metadata.wallClockAnchor = WallClockAnchor(traceTime: t, unixTimeNanoseconds: Int64(bitPattern: u))
            case .custom:
                guard let key = field.readString(), let value = field.readString() else { return nil }
                metadata.custom[key] = value
            case .padding, nil:
                continue
            }
        }
        return metadata
    }
}
