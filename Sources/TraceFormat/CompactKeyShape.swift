import KeyTraceCore

/// The key shape definition of format 2.0 (type 0x03, docs/TraceFormat.md §5.3): the fields of
/// definition 0x02 laid out for size, and a flag that defines the press's release with it.
///
/// ```
///  flags: u8        bits 0–1 phase, 2 auto-repeat, 3 uncertainty, 4 usage page, 5 with release,
///                   6 synthesised repeat (made at record time; a reader that predates it sees a repeat)
///  usage: varint
///  modifier flags:  varint, the UIKit raw value rotated right by 16 bits (shift is 2)
///  modifier sides:  u8
///  device:          varint kind | reserved << 8, then varints a, b, c (DeviceID fields)
///  characters, characters ignoring modifiers: string references
///  [uncertainty: varint]  [usage page: varint]
/// ```
enum CompactKeyShape {
    /// The fields of a definition, with its strings as references.
    struct Fields {
        var shape: KeyShape.Fields
        /// Whether the definition also defines the release partner, as the next shape number.
        var paired: Bool
    }

    /// Appends `shape`'s definition payload.
    static func write(_ shape: KeyShape, characters: UInt64, charactersIgnoringModifiers ignoring: UInt64,
                      paired: Bool, into w: inout ByteWriter) {
        let hasPage = shape.usagePage != HIDUsagePage.keyboard.rawValue
        var flags = shape.phase.rawValue & 3
        if shape.isRepeat { flags |= 4 }
        if shape.uncertainty != nil { flags |= 8 }
        if hasPage { flags |= 16 }
        if paired { flags |= 32 }
        if shape.isSynthesizedRepeat { flags |= 64 }
        w.writeUInt8(flags)
        w.writeVarint(UInt64(shape.usage))
        w.writeVarint(UInt64(shape.modifierFlags.rotated(right: 16)))
        w.writeUInt8(shape.sides)
        w.writeVarint(shape.device &>> 56 | (shape.device &>> 48 & 0xFF) &<< 8)
        w.writeVarint(shape.device &>> 32 & 0xFFFF)
        w.writeVarint(shape.device &>> 16 & 0xFFFF)
        w.writeVarint(shape.device & 0xFFFF)
        w.writeVarint(characters)
        w.writeVarint(ignoring)
        if let u = shape.uncertainty { w.writeVarint(u) }
        if hasPage { w.writeVarint(UInt64(shape.usagePage)) }
    }

    /// Reads a definition payload; `nil` when it is cut off or a field is out of range.
    static func read(_ r: inout ByteReader) -> Fields? {
        guard let flags = r.readUInt8(), let usage = r.readVarint(), let rotated = r.readVarint(),
              rotated <= UInt64(UInt32.max), let sides = r.readUInt8(), let high = r.readVarint(), high <= 0xFFFF,
              let a = r.readVarint(), a <= 0xFFFF, let b = r.readVarint(), b <= 0xFFFF,
              let c = r.readVarint(), c <= 0xFFFF, let characters = r.readVarint(), let ignoring = r.readVarint()
        else { return nil }
        var uncertainty: UInt64?
        if flags & 8 != 0 {
            guard let u = r.readVarint() else { return nil }
            uncertainty = u
        }
        var page = UInt64(HIDUsagePage.keyboard.rawValue)
        if flags & 16 != 0 {
            guard let p = r.readVarint() else { return nil }
            page = p
        }
        let device = (high & 0xFF) &<< 56 | (high &>> 8) &<< 48 | a &<< 32 | b &<< 16 | c
        let fields = KeyShape.Fields(
            phase: flags & 3, isRepeat: flags & 4 != 0, isSynthesizedRepeat: flags & 64 != 0, usage: usage,
            modifierFlags: UInt64(UInt32(truncatingIfNeeded: rotated).rotated(left: 16)), sides: sides,
            device: device, characters: characters, charactersIgnoringModifiers: ignoring,
            uncertainty: uncertainty, usagePage: page)
        return Fields(shape: fields, paired: flags & 32 != 0)
    }

    /// The release partner of the press `shape`: the same key, ended, not a repeat.
    static func release(of shape: KeyShape) -> KeyShape {
        var release = shape
        release.phase = .ended
        release.isRepeat = false
        release.isSynthesizedRepeat = false
        return release
    }
}

extension UInt32 {
    /// The bits rotated right by `count` (0–31).
    @inline(__always) func rotated(right count: UInt32) -> UInt32 { self &>> count | self &<< (32 &- count) }
    /// The bits rotated left by `count` (0–31).
    @inline(__always) func rotated(left count: UInt32) -> UInt32 { self &<< count | self &>> (32 &- count) }
}
