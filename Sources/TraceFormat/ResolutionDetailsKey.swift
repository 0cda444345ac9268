/// A resolution's fields other than its timestamp and press, as the trace encodes them: the
/// scalars and string references of one chunk. The payload of definition 0x04 and the tail of
/// the 1.0 resolution record (docs/TraceFormat.md §5.4) are these fields in this order.
import KeyTraceSupport

struct ResolutionDetailsKey: Hashable {
    var outcome: UInt8
    /// Bit 0: an up action; bit 1: a command is present.
    var flags: UInt8
    var modifiers: UInt64
    var input: UInt64
    var title: UInt64
    var action: UInt64
    var provider: UInt64
    var target: UInt64
    var blocking: UInt64

    /// The fields as the lanes of a cache key.
    var lanes: CacheLanes {
        CacheLanes(SIMD8(UInt64(outcome) | UInt64(flags) &<< 8, modifiers, input, title, action, provider, target, blocking))
    }

    /// Appends the fields: `outcome: u8`, `flags: u8`, with a command `modifiers` and `input`,
    /// then the five string references.
    func write(into w: inout ByteWriter) {
        w.writeUInt8(outcome)
        w.writeUInt8(flags)
        if flags & 2 != 0 {
            w.writeVarint(modifiers)
            w.writeVarint(input)
        }
        w.writeVarint(title)
        w.writeVarint(action)
        w.writeVarint(provider)
        w.writeVarint(target)
        w.writeVarint(blocking)
    }

    /// Reads the fields ``write(into:)`` appends; `nil` when they are cut off.
    init?(_ r: inout ByteReader) {
        guard let outcome = r.readUInt8(), let flags = r.readUInt8() else { return nil }
        self.outcome = outcome
        self.flags = flags
        modifiers = 0
        input = 0
        if flags & 2 != 0 {
            guard let m = r.readVarint(), let i = r.readVarint() else { return nil }
            modifiers = m
            input = i
        }
        guard let t = r.readVarint(), let a = r.readVarint(), let p = r.readVarint(), let g = r.readVarint(),
              let b = r.readVarint() else { return nil }
        title = t
        action = a
        provider = p
        target = g
        blocking = b
    }

    init(outcome: UInt8, flags: UInt8, modifiers: UInt64, input: UInt64, title: UInt64, action: UInt64,
         provider: UInt64, target: UInt64, blocking: UInt64) {
        self.outcome = outcome
        self.flags = flags
        self.modifiers = modifiers
        self.input = input
        self.title = title
        self.action = action
        self.provider = provider
        self.target = target
        self.blocking = blocking
    }
}
