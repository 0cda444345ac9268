import KeyTraceCore

/// A key as a terminal reports it, before it becomes presses.
public struct TerminalKey: Hashable, Sendable, CustomStringConvertible {
    /// What happened to the key.
    public enum Kind: Hashable, Sendable {
        /// Kitty protocol: the key went down.
        case press
        /// Kitty protocol: the key auto-repeated.
        case `repeat`
        /// Kitty protocol: the key went up.
        case release
        /// Legacy input: the key was typed; terminals send nothing when it comes up.
        case tap
    }

    /// The HID Keyboard/Keypad usage of the key.
    public var usage: HIDUsage
    /// The modifiers the terminal reported with the key (⌃⌥⇧⌘; kitty's super is ⌘), plus the
    /// ⇧ or ⌥ the layout needs to type a character (`A` is ⇧a).
    public var modifiers: ModifierFlags
    /// Whether the key went down, repeated or went up (kitty protocol) or was typed (legacy).
    public var kind: Kind

    /// A key; without a `kind` it is a legacy ``Kind/tap``.
    public init(_ usage: HIDUsage, modifiers: ModifierFlags = [], kind: Kind = .tap) {
        self.usage = usage
        self.modifiers = modifiers
        self.kind = kind
    }

    public var description: String { "\(kind) \(modifiers)\(usage.name)" }
}

/// What a run of terminal input bytes means.
public enum TerminalInput: Hashable, Sendable {
    /// A key.
    case key(TerminalKey)
    /// The answer to the kitty keyboard protocol query `CSI ? u`: the flags in force.
    case keyboardProtocolFlags(Int)
    /// The answer to the primary device attributes request `CSI c`.
    case deviceAttributes
    /// A well-formed sequence that is not a key (focus, mouse, cursor reports, paste brackets).
    case unsupported([UInt8])
    /// A character the layout cannot type.
    case untypeable(Unicode.Scalar)
    /// Bytes that form no valid sequence (a cut-off or garbled escape sequence, bad UTF-8).
    case malformed([UInt8])
}

/// Turns terminal input bytes into keys: the pure half of ``TerminalCaptureSource``, with no
/// TTY, so it can be fed byte by byte in tests.
///
/// ```
///  bytes ─▶ feed() ─▶ [pending partial sequence] ─▶ TerminalInput…
///                       └─ flush() after a quiet 50 ms: a lone ESC is Escape, ESC [ is ⌥[
/// ```
///
/// Understood input (docs/Capture.md has the table):
/// - kitty keyboard protocol `CSI code[:alt] ; mods[:event] [; text] u`, and its
///   `CSI 1 ; mods:event A…D H F P Q S`, `CSI n ; mods:event ~` forms, with press, repeat and
///   release events; modifier keys themselves (57441–57452) when reported;
/// - legacy xterm/VT sequences: `CSI`/`SS3` arrows, Home, End, F1–F4, `CSI n ~` for Insert,
///   Delete, Page Up/Down, Home, End, F1–F12 with an optional `;mods` parameter, `CSI Z`
///   (⇧Tab), xterm's `CSI 27 ; mods ; code ~`; ESC before a key is ⌥; control codes are
///   ⌃letters (`0x01` ⌃A …), `0x7F` Backspace, `0x0D` Return, `0x09` Tab; UTF-8 text.
public struct TerminalDecoder {
    /// Whether key sequences without an event type are presses (kitty protocol enabled)
    /// rather than taps.
    public var reportsEventTypes = false
    /// The layout that turns typed characters into keys and modifiers.
    public let layout: KeyboardLayout
    private var pending: [UInt8] = []

    /// Sequences longer than this without a final byte are malformed.
    static let maximumSequenceLength = 64

    /// A decoder with nothing pending, for a terminal typing with `layout`.
    public init(layout: KeyboardLayout = .usANSI) {
        self.layout = layout
        pending.reserveCapacity(Self.maximumSequenceLength)
    }

    /// Whether bytes are held waiting for the rest of a sequence (call ``flush()`` after a pause).
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes`, keeping an unfinished sequence for the next call.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [TerminalInput] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return drain(atEnd: false)
    }

    /// Decodes what is held as if no more bytes will come soon: a lone ESC is Escape, ESC
    /// before an unfinished sequence's introducer is ⌥ with that key, a cut-off sequence is malformed.
    public mutating func flush() -> [TerminalInput] {
        drain(atEnd: true)
    }

    private mutating func drain(atEnd: Bool) -> [TerminalInput] {
        var inputs: [TerminalInput] = []
        var start = 0
        while start < pending.count {
            guard let (input, length) = decode(pending[start...], atEnd: atEnd) else { break }
            inputs.append(input)
            start += length
        }
        pending.removeFirst(start)
        return inputs
    }

    // MARK: One input

    /// The input at the start of `bytes` and how many bytes it took, or `nil` when more are needed.
    private func decode(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> (TerminalInput, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escape(bytes, atEnd: atEnd)
        case 0x00...0x1F, 0x7F: return (.key(control(first)), 1)
        case 0x20...0x7E: return (character(Unicode.Scalar(first)), 1)
        default: return utf8(bytes, atEnd: atEnd)
        }
    }

    private func control(_ byte: UInt8) -> TerminalKey {
        switch byte {
        case 0x00: return TerminalKey(.space, modifiers: .control)
        case 0x09: return TerminalKey(.tab)
        case 0x0D: return TerminalKey(.returnOrEnter)
        case 0x7F: return TerminalKey(.deleteOrBackspace)
        case 0x1C: return TerminalKey(.backslash, modifiers: .control)
        case 0x1D: return TerminalKey(.closeBracket, modifiers: .control)
        case 0x1E: return TerminalKey(HIDUsage(0x23), modifiers: .control)  // ⌃^ is ⌃6
        case 0x1F: return TerminalKey(.hyphen, modifiers: .control)         // ⌃_ is ⌃-
        default: return TerminalKey(HIDUsage(UInt16(HIDUsage.a.rawValue) + UInt16(byte) - 1), modifiers: .control)
        }
    }

    private func character(_ scalar: Unicode.Scalar, modifiers: ModifierFlags = [],
                           kind: TerminalKey.Kind = .tap) -> TerminalInput {
        guard let stroke = layout.keystrokes(typing: scalar).first(where: { !$0.usage.isKeypad }) else {
            return .untypeable(scalar)
        }
        return .key(TerminalKey(stroke.usage, modifiers: modifiers.union(stroke.modifiers), kind: kind))
    }

    private func utf8(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> (TerminalInput, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.malformed([first]), 1)
        }
        var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let index = bytes.startIndex + offset
            guard index < bytes.endIndex else { return atEnd ? (.malformed(Array(bytes)), bytes.count) : nil }
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else { return (.malformed(Array(bytes[bytes.startIndex..<index])), offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), value >= [0, 0, 0x80, 0x800, 0x10000][length] else {
            return (.malformed(Array(bytes.prefix(length))), length)
        }
        return (character(scalar), length)
    }

    // MARK: Escape sequences

    private func escape(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> (TerminalInput, Int)? {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return atEnd ? (.key(TerminalKey(.escape)), 1) : nil }
        let introducer = bytes[start + 1]
        if introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") {
            // `ESC [` or `ESC O` with nothing after it for a while: ⌥[ or ⌥⇧O.
            if bytes.count == 2 {
                guard atEnd else { return nil }
                return (withAlternate(character(Unicode.Scalar(introducer))), 2)
            }
            return introducer == UInt8(ascii: "[") ? csi(bytes, atEnd: atEnd) : ss3(bytes)
        }
        // ESC before any other key is ⌥ with it.
        guard let (input, length) = decode(bytes.dropFirst(), atEnd: atEnd) else { return nil }
        if case .key = input { return (withAlternate(input), length + 1) }
        return (input, length + 1)
    }

    private func withAlternate(_ input: TerminalInput) -> TerminalInput {
        guard case .key(var key) = input else { return input }
        key.modifiers.insert(.alternate)
        return .key(key)
    }

    private func ss3(_ bytes: ArraySlice<UInt8>) -> (TerminalInput, Int) {
        let final = bytes[bytes.startIndex + 2]
        if let usage = Self.letterKeys[final] { return (.key(TerminalKey(usage)), 3) }
        return final >= 0x40 && final <= 0x7E ? (.unsupported(Array(bytes.prefix(3))), 3)
            : (.malformed(Array(bytes.prefix(2))), 2)
    }

    /// `ESC [`, parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, a final byte 0x40–0x7E.
    private func csi(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> (TerminalInput, Int)? {
        let start = bytes.startIndex
        var index = start + 2
        var parameterEnd: Int?
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x40 && byte <= 0x7E {
                let parameters = Array(bytes[(start + 2)..<(parameterEnd ?? index)])
                let sequence = Array(bytes[start...index])
                return (csi(parameters: parameters, final: byte, sequence: sequence), index - start + 1)
            }
            if byte >= 0x20 && byte <= 0x2F {
                if parameterEnd == nil { parameterEnd = index }
            } else if !(byte >= 0x30 && byte <= 0x3F) || parameterEnd != nil {
                // A byte that cannot continue the sequence: what came before is garbage.
                return (.malformed(Array(bytes[start..<index])), index - start)
            }
            index += 1
            if index - start > Self.maximumSequenceLength {
                return (.malformed(Array(bytes[start..<index])), index - start)
            }
        }
        return atEnd ? (.malformed(Array(bytes)), bytes.count) : nil
    }

    /// Final bytes of `CSI 1 ; mods X` and `SS3 X` keys.
    static let letterKeys: [UInt8: HIDUsage] = [
        UInt8(ascii: "A"): .upArrow, UInt8(ascii: "B"): .downArrow, UInt8(ascii: "C"): .rightArrow,
        UInt8(ascii: "D"): .leftArrow, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
        UInt8(ascii: "P"): HIDUsage(0x3A), UInt8(ascii: "Q"): HIDUsage(0x3B), UInt8(ascii: "R"): HIDUsage(0x3C),
        UInt8(ascii: "S"): HIDUsage(0x3D),
    ]

    /// `CSI n ~` keys.
    static let tildeKeys: [Int: HIDUsage] = [
        1: .home, 2: .insert, 3: .deleteForward, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: HIDUsage(0x3A), 12: HIDUsage(0x3B), 13: HIDUsage(0x3C), 14: HIDUsage(0x3D), 15: HIDUsage(0x3E),
        17: HIDUsage(0x3F), 18: HIDUsage(0x40), 19: HIDUsage(0x41), 20: HIDUsage(0x42), 21: HIDUsage(0x43),
        23: HIDUsage(0x44), 24: HIDUsage(0x45),
    ]

    private func csi(parameters: [UInt8], final: UInt8, sequence: [UInt8]) -> TerminalInput {
        let marker = parameters.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let text = String(decoding: marker == nil ? parameters[...] : parameters.dropFirst(), as: UTF8.self)
        // Fields split on `;`, sub-fields on `:`; empty means absent.
        let fields = text.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        }
        func number(_ field: Int, _ sub: Int = 0) -> Int? {
            guard field < fields.count, sub < fields[field].count else { return nil }
            return fields[field][sub]
        }
        // Every field must be numbers (or empty) for a key.
        let wellFormed = fields.allSatisfy { $0.allSatisfy { $0 != nil } || $0 == [nil] }
        switch (marker, final) {
        case (UInt8(ascii: "?"), UInt8(ascii: "u")):
            return .keyboardProtocolFlags(number(0) ?? 0)
        case (UInt8(ascii: "?"), UInt8(ascii: "c")):
            return .deviceAttributes
        case (nil, _) where wellFormed:
            break
        default:
            return .unsupported(sequence)
        }
        let modifiers = Self.modifiers(number(1) ?? 1)
        guard let kind = kind(number(1, 1)) else { return .malformed(sequence) }
        switch final {
        case UInt8(ascii: "u"):
            guard let code = number(0) else { return .malformed(sequence) }
            return key(code: code, modifiers: modifiers, kind: kind, sequence: sequence)
        case UInt8(ascii: "~"):
            guard let code = number(0) else { return .malformed(sequence) }
            if code == 27, let character = number(2) {
                // xterm modifyOtherKeys: CSI 27 ; mods ; code ~
                return key(code: character, modifiers: modifiers, kind: kind, sequence: sequence)
            }
            guard let usage = Self.tildeKeys[code] else { return .unsupported(sequence) }
            return .key(TerminalKey(usage, modifiers: modifiers, kind: kind))
        case UInt8(ascii: "Z"):
            return .key(TerminalKey(.tab, modifiers: modifiers.union(.shift), kind: kind))
        default:
            // `CSI row ; col R` is a cursor position report, not F3, when it has a row other than 1.
            if let usage = Self.letterKeys[final], number(0) ?? 1 == 1 {
                return .key(TerminalKey(usage, modifiers: modifiers, kind: kind))
            }
            return .unsupported(sequence)
        }
    }

    /// Kitty and xterm modifiers are 1 + a bit set: shift 1, alt 2, ctrl 4, super 8 (⌘);
    /// hyper, meta, Caps Lock and Num Lock are ignored.
    static func modifiers(_ value: Int) -> ModifierFlags {
        let bits = max(value - 1, 0)
        var flags: ModifierFlags = []
        if bits & 1 != 0 { flags.insert(.shift) }
        if bits & 2 != 0 { flags.insert(.alternate) }
        if bits & 4 != 0 { flags.insert(.control) }
        if bits & 8 != 0 { flags.insert(.command) }
        return flags
    }

    private func kind(_ event: Int?) -> TerminalKey.Kind? {
        switch event {
        case nil: return reportsEventTypes ? .press : .tap
        case 1: return .press
        case 2: return .repeat
        case 3: return .release
        default: return nil
        }
    }

    /// A kitty key code: a Unicode code point (the key's unshifted character) or a functional
    /// key in the private use area.
    private func key(code: Int, modifiers: ModifierFlags, kind: TerminalKey.Kind, sequence: [UInt8]) -> TerminalInput {
        switch code {
        case 9: return .key(TerminalKey(.tab, modifiers: modifiers, kind: kind))
        case 13: return .key(TerminalKey(.returnOrEnter, modifiers: modifiers, kind: kind))
        case 27: return .key(TerminalKey(.escape, modifiers: modifiers, kind: kind))
        case 127: return .key(TerminalKey(.deleteOrBackspace, modifiers: modifiers, kind: kind))
        case 57364...57398:
            guard let usage = HIDUsage.function(code - 57364 + 1) else { return .unsupported(sequence) }
            return .key(TerminalKey(usage, modifiers: modifiers, kind: kind))
        case 57344...63743:
            guard let usage = Self.kittyFunctionalKeys[code] else { return .unsupported(sequence) }
            return .key(TerminalKey(usage, modifiers: modifiers, kind: kind))
        default:
            guard let scalar = Unicode.Scalar(UInt32(clamping: max(code, 0))), code > 0x20 || code == 0x20 else {
                return .malformed(sequence)
            }
            // The code is the key's unshifted character; ⇧ comes from the modifiers.
            var input = character(scalar, modifiers: modifiers, kind: kind)
            if case .key(var key) = input, !modifiers.contains(.shift), scalar.properties.isUppercase {
                key.modifiers.insert(.shift)
                input = .key(key)
            }
            return input
        }
    }

    /// Kitty's private-use key codes that have a HID usage (F1–F35 are handled apart).
    static let kittyFunctionalKeys: [Int: HIDUsage] = [
        57358: .capsLock, 57359: HIDUsage(0x47), 57360: HIDUsage(0x53), 57361: HIDUsage(0x46), 57362: HIDUsage(0x48),
        57363: HIDUsage(0x65),
        57399: HIDUsage(0x62), 57400: HIDUsage(0x59), 57401: HIDUsage(0x5A), 57402: HIDUsage(0x5B), 57403: HIDUsage(0x5C),
        57404: HIDUsage(0x5D), 57405: HIDUsage(0x5E), 57406: HIDUsage(0x5F), 57407: HIDUsage(0x60), 57408: HIDUsage(0x61),
        57409: HIDUsage(0x63), 57410: HIDUsage(0x54), 57411: HIDUsage(0x55), 57412: HIDUsage(0x56), 57413: .keypadPlus,
        57414: .keypadEnter, 57415: HIDUsage(0x67),
        57417: .leftArrow, 57418: .rightArrow, 57419: .upArrow, 57420: .downArrow, 57421: .pageUp, 57422: .pageDown,
        57423: .home, 57424: .end, 57425: .insert, 57426: .deleteForward,
        57441: .leftShift, 57442: .leftControl, 57443: .leftAlt, 57444: .leftGUI,
        57447: .rightShift, 57448: .rightControl, 57449: .rightAlt, 57450: .rightGUI,
    ]
}
