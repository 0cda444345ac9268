/// What each key types: a keyboard layout as a value.
///
/// A layout maps a ``HIDUsage`` and the held modifiers to the character it types.
/// Four layers are modelled: base, ⇧, ⌥ and ⇧⌥. Control and Command never change the
/// character. Caps Lock shifts letters only. A key may leave its ⌥ layers empty; it then
/// types its base (or ⇧) character with ⌥ held, which is how letters and digits behave for
/// key-command matching on Apple platforms [OURS].
///
/// Layouts are part of a scene (responder-semantics R9): which events match a command is
/// decided by looking characters up here, never by a fixed table. ``usANSI`` is the default.
///
/// ```swift
/// let layout = KeyboardLayout.usANSI
/// layout.character(for: .slash, modifiers: .shift)   // "?"
/// layout.keystrokes(typing: "+")                     // [⇧ + Keyboard =, Keypad +]
/// ```
public struct KeyboardLayout: Sendable {
    /// What one key types on each layer. `nil` means the key types nothing on that layer.
    public struct KeyCaps: Hashable, Sendable {
        /// The character typed with no modifier (Control and Command do not change it).
        public var base: Unicode.Scalar?
        /// The character typed with ⇧ held, or with Caps Lock on for a letter key.
        public var shifted: Unicode.Scalar?
        /// The character typed with ⌥ held; `nil` makes ⌥ type ``base`` instead.
        public var option: Unicode.Scalar?
        /// The character typed with ⇧⌥ held; `nil` makes ⇧⌥ type ``shifted`` instead.
        public var shiftOption: Unicode.Scalar?

        /// Creates the caps of one key; ``shifted`` defaults to ``base``.
        public init(_ base: Unicode.Scalar?, shifted: Unicode.Scalar? = nil,
                    option: Unicode.Scalar? = nil, shiftOption: Unicode.Scalar? = nil) {
            self.base = base
            self.shifted = shifted ?? base
            self.option = option
            self.shiftOption = shiftOption
        }
    }

    /// One way of typing a character: a key and the modifiers (⇧ and/or ⌥) it needs.
    public struct Keystroke: Hashable, Sendable, CustomStringConvertible {
        /// The key to press, as a layout-independent HID usage.
        public var usage: HIDUsage
        /// The modifiers to hold with it: empty, ``ModifierFlags/shift``, ``ModifierFlags/alternate``
        /// or both.
        public var modifiers: ModifierFlags
        /// Creates a keystroke of `usage` with `modifiers` held.
        public init(usage: HIDUsage, modifiers: ModifierFlags) {
            self.usage = usage
            self.modifiers = modifiers
        }
        public var description: String { "\(modifiers)\(usage.name)" }
    }

    /// A stable identifier, e.g. `us-ansi`; scenes and traces refer to layouts by it.
    public var identifier: String { storage.identifier }
    /// A human-readable name.
    public var name: String { storage.name }

    /// The layout's names and tables, shared by every copy: a layout travels with each press
    /// it types, and one reference is all a copy retains.
    private let storage: Storage

    private final class Storage: Sendable {
        let identifier: String
        let name: String
        // Flat tables indexed by usage, 0 meaning "types nothing" (fast, allocation-free lookups).
        let base: [UInt32]
        let shifted: [UInt32]
        let option: [UInt32]
        let shiftOption: [UInt32]
        let strokes: [UInt32: [Keystroke]]
        // Case-folded layers and, per folded scalar, which layers type it from a main-block key.
        let folded: [[UInt32]]
        // Per non-ASCII folded scalar, which layers type it from a main-block key.
        let typeableLayers: [UInt32: UInt8]
        // Per layer, the keys typing each non-ASCII folded scalar in usage order: indexing a
        // command by key looks its character up instead of scanning every key.
        let usagesByFolded: [[UInt32: [HIDUsage]]]
        // The same two tables for ASCII scalars, as flat arrays (`layer * 128 + value`, and
        // `value`): command inputs are mostly ASCII, and indexing a collection looks each one up.
        let asciiUsages: [[HIDUsage]]
        let asciiTypeableLayers: [UInt8]

        init(identifier: String, name: String, base: [UInt32], shifted: [UInt32], option: [UInt32], shiftOption: [UInt32],
             strokes: [UInt32: [Keystroke]], folded: [[UInt32]], typeableLayers: [UInt32: UInt8],
             usagesByFolded: [[UInt32: [HIDUsage]]], asciiUsages: [[HIDUsage]], asciiTypeableLayers: [UInt8]) {
            self.identifier = identifier
            self.name = name
            self.base = base
            self.shifted = shifted
            self.option = option
            self.shiftOption = shiftOption
            self.strokes = strokes
            self.folded = folded
            self.typeableLayers = typeableLayers
            self.usagesByFolded = usagesByFolded
            self.asciiUsages = asciiUsages
            self.asciiTypeableLayers = asciiTypeableLayers
        }
    }

    /// Builds a layout from the caps of each key. Keys not listed type nothing.
    public init(identifier: String, name: String, keys: [HIDUsage: KeyCaps]) {
        let count = Int(HIDUsage.lastDefined.rawValue) + 1
        var base = [UInt32](repeating: 0, count: count)
        var shifted = base, option = base, shiftOption = base
        var strokes: [UInt32: [Keystroke]] = [:]
        for (usage, caps) in keys.sorted(by: { $0.key < $1.key }) where Int(usage.rawValue) < count {
            let i = Int(usage.rawValue)
            base[i] = caps.base?.value ?? 0
            shifted[i] = caps.shifted?.value ?? 0
            option[i] = caps.option?.value ?? 0
            shiftOption[i] = caps.shiftOption?.value ?? 0
            let layers: [(UInt32, ModifierFlags)] = [
                (base[i], []), (shifted[i], .shift),
                (option[i], .alternate), (shiftOption[i], [.shift, .alternate]),
            ]
            // A layer that types what a smaller layer types adds no new way of typing it.
            for (index, (scalar, modifiers)) in layers.enumerated()
            where scalar != 0 && !layers[..<index].contains(where: { $0.0 == scalar }) {
                let stroke = Keystroke(usage: usage, modifiers: modifiers)
                if strokes[scalar]?.contains(stroke) != true { strokes[scalar, default: []].append(stroke) }
            }
        }
        for key in strokes.keys {
            // Fewest modifiers first, then lowest usage: the "smallest extra modifier set" of R7.
            strokes[key]?.sort { ($0.modifiers.rawValue.nonzeroBitCount, $0.modifiers.rawValue, $0.usage)
                < ($1.modifiers.rawValue.nonzeroBitCount, $1.modifiers.rawValue, $1.usage) }
        }
        var folded = [base, shifted, option, shiftOption]
        // ASCII scalars go to flat tables, the others to dictionaries (``Storage``).
        var typeable: [UInt32: UInt8] = [:]
        var asciiTypeable = [UInt8](repeating: 0, count: 128)
        for layer in 0..<4 {
            for i in 0..<count {
                let usage = HIDUsage(UInt16(i))
                // An empty ⌥ layer falls back to the key's non-⌥ character.
                var value = folded[layer][i]
                if value == 0 && layer >= 2 { value = folded[layer - 2][i] }
                value = KeyboardLayout.fold(value)
                folded[layer][i] = value
                guard value != 0 && !usage.isKeypad else { continue }
                if value < 128 { asciiTypeable[Int(value)] |= 1 << layer } else { typeable[value, default: 0] |= 1 << layer }
            }
        }
        var usagesByFolded = [[UInt32: [HIDUsage]]](repeating: [:], count: 4)
        var asciiUsages = [[HIDUsage]](repeating: [], count: 4 * 128)
        for layer in 0..<4 {
            for i in 0..<count {
                let value = folded[layer][i]
                let usage = HIDUsage(UInt16(i))
                if value < 128 {
                    asciiUsages[layer * 128 + Int(value)].append(usage)
                } else {
                    usagesByFolded[layer][value, default: []].append(usage)
                }
            }
        }
        storage = Storage(identifier: identifier, name: name, base: base, shifted: shifted, option: option,
                          shiftOption: shiftOption, strokes: strokes, folded: folded, typeableLayers: typeable,
                          usagesByFolded: usagesByFolded, asciiUsages: asciiUsages, asciiTypeableLayers: asciiTypeable)
    }

    /// The layer index (0 base, 1 ⇧, 2 ⌥, 3 ⇧⌥) that `modifiers` select.
    @inlinable
    public static func layer(of modifiers: ModifierFlags) -> Int {
        (modifiers.contains(.shift) ? 1 : 0) + (modifiers.contains(.alternate) ? 2 : 0)
    }

    /// Case-folds one scalar value (lowercases it when that gives a single scalar).
    public static func fold(_ value: UInt32) -> UInt32 {
        if value >= 0x41 && value <= 0x5A { return value + 0x20 }
        guard value >= 0x80, let scalar = Unicode.Scalar(value) else { return value }
        let lower = Character(scalar).lowercased().unicodeScalars
        return lower.count == 1 ? lower.first?.value ?? value : value
    }

    /// The case-folded scalar `usage` types with `modifiers` (Caps Lock ignored), 0 for none.
    /// Allocation-free; used for key-command matching (R6).
    @inlinable
    public func foldedScalarValue(for usage: HIDUsage, modifiers: ModifierFlags) -> UInt32 {
        foldedValue(layer: KeyboardLayout.layer(of: modifiers), usage: usage)
    }

    /// The keys whose ``foldedScalarValue(for:modifiers:)`` with `modifiers` is `value`, in usage
    /// order: every key that types `value` (case-folded) on that layer.
    public func usages(typingFolded value: UInt32, with modifiers: ModifierFlags) -> [HIDUsage] {
        let layer = KeyboardLayout.layer(of: modifiers)
        if value < 128 { return storage.asciiUsages[layer &* 128 &+ Int(value)] }
        return storage.usagesByFolded[layer][value] ?? []
    }

    @usableFromInline
    func foldedValue(layer: Int, usage: HIDUsage) -> UInt32 {
        let i = Int(usage.rawValue)
        guard i < storage.base.count else { return 0 }
        return storage.folded[layer][i]
    }

    /// Whether a key of the main block (not the keypad) types the folded scalar `value` on
    /// the layer `modifiers` select. Decides R7's "cannot be typed with C alone".
    public func typesDirectly(_ value: UInt32, with modifiers: ModifierFlags) -> Bool {
        let mask: UInt8
        if value < 128 {
            mask = storage.asciiTypeableLayers[Int(value)]
        } else {
            guard let found = storage.typeableLayers[value] else { return false }
            mask = found
        }
        return mask & (1 << UInt8(KeyboardLayout.layer(of: modifiers))) != 0
    }

    /// The character `usage` types with `modifiers` held, or `nil` when it types none.
    ///
    /// Only ⇧, ⌥ and Caps Lock (for letters) are consulted; an empty ⌥ layer falls back to
    /// the corresponding non-⌥ layer.
    @inlinable
    public func character(for usage: HIDUsage, modifiers: ModifierFlags) -> Unicode.Scalar? {
        let value = scalarValue(for: usage, modifiers: modifiers)
        return value == 0 ? nil : Unicode.Scalar(value)
    }

    /// The raw scalar value `usage` types with `modifiers`, 0 for none. Allocation-free.
    @usableFromInline
    func scalarValue(for usage: HIDUsage, modifiers: ModifierFlags) -> UInt32 {
        let i = Int(usage.rawValue)
        let tables = storage
        guard i < tables.base.count else { return 0 }
        var shift = modifiers.contains(.shift)
        if modifiers.contains(.alphaShift), HIDUsage.a.rawValue...HIDUsage.z.rawValue ~= usage.rawValue {
            shift.toggle()
        }
        if modifiers.contains(.alternate) {
            let optionValue = shift ? tables.shiftOption[i] : tables.option[i]
            if optionValue != 0 { return optionValue }
        }
        return shift ? tables.shifted[i] : tables.base[i]
    }

    /// Every way of typing `character`, fewest modifiers first. Empty when the layout
    /// cannot type it (such inputs never match, R9).
    public func keystrokes(typing character: Unicode.Scalar) -> [Keystroke] {
        storage.strokes[character.value] ?? []
    }

    /// Every way of typing `character` if it is a single scalar, else an empty array.
    public func keystrokes(typing character: Character) -> [Keystroke] {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return [] }
        return keystrokes(typing: scalar)
    }
}

extension KeyboardLayout: Hashable {
    /// Two layouts are equal when they have the same identifier and name and type the same
    /// characters on every layer (copies of one layout compare without reading the tables).
    public static func == (lhs: KeyboardLayout, rhs: KeyboardLayout) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let (a, b) = (lhs.storage, rhs.storage)
        return a.identifier == b.identifier && a.name == b.name && a.base == b.base && a.shifted == b.shifted
            && a.option == b.option && a.shiftOption == b.shiftOption
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(name)
    }
}

extension KeyboardLayout {
    /// Every layout this build knows, by identifier.
    public static let known: [String: KeyboardLayout] = [
        usANSI.identifier: usANSI, germanQWERTZ.identifier: germanQWERTZ, frenchAZERTY.identifier: frenchAZERTY,
    ]

    /// The layout with `identifier`, or `nil`. Only the layouts up to the one named are built
    /// (U.S., then German, then French): a scene on the default layout does not pay for the
    /// others' tables. Every layout of ``known`` is found here.
    public static func named(_ identifier: String) -> KeyboardLayout? {
        switch identifier {
        case usANSI.identifier: usANSI
        case germanQWERTZ.identifier: germanQWERTZ
        case frenchAZERTY.identifier: frenchAZERTY
        default: nil
        }
    }
}
