/// A keyboard shortcut bound to an action: the value form of `UIKeyCommand`.
///
/// Every property of responder-semantics §A is here. Only ``input``, ``modifierFlags`` and
/// the key they imply make up a command's ``identity`` (R3); the rest is behaviour or display.
///
/// ```swift
/// let find = KeyCommand(title: "Search", action: "search:", shortcut: "cmd+f")
/// ```
public struct KeyCommand: Hashable, @unchecked Sendable {
    /// How a command behaves when its key auto-repeats (R4, R19).
    public enum RepeatBehavior: UInt8, Hashable, Sendable {
        /// The system decides; treated as ``repeatable``.
        case automatic = 0
        /// Fires again on every auto-repeat.
        case repeatable = 1
        /// Fires once per physical press.
        case nonRepeatable = 2

        /// Whether auto-repeats fire the command again.
        public var firesOnRepeat: Bool { self != .nonRepeatable }
    }

    /// Display state of a command (`UIMenuElement.State`); display-only.
    public enum State: UInt8, Hashable, Sendable {
        /// Unchecked, checked, or mixed (shown as a dash), as `UIMenuElement.State`'s raw values.
        case off = 0, on = 1, mixed = 2
    }

    /// `UIMenuElement.Attributes`.
    public struct Attributes: OptionSet, Hashable, Sendable {
        /// The attribute bits, as in `UIMenuElement.Attributes`: 1 disabled, 2 destructive, 4 hidden.
        public let rawValue: UInt8
        /// Creates a set from its bit pattern.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The command cannot be performed (validation may set this).
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// Shown as destructive; display-only.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// Not shown in menus or discovery, but still fires (R4).
        public static let hidden = Attributes(rawValue: 1 << 2)
    }

    /// An alternate: same input, extra modifiers, another action (`UICommandAlternate`).
    public struct Alternate: Hashable, Sendable {
        /// The title the expanded command takes instead of the base command's titles; empty keeps
        /// the base command's.
        public var title: String
        /// The action the expanded command sends instead of the base command's.
        public var action: Action
        /// The modifiers added to the base command's; only ⌃⌥⇧⌘ take effect.
        public var modifierFlags: ModifierFlags
        /// Creates an alternate; `modifierFlags` is reduced to ``ModifierFlags/matchingSubset``.
        public init(title: String = "", action: Action, modifierFlags: ModifierFlags) {
            self.title = title
            self.action = action
            self.modifierFlags = modifierFlags.matchingSubset
        }
    }

    /// What decides whether two commands are "the same command" (R3): modifiers and input,
    /// input compared case-sensitively.
    public struct Identity: Hashable, Sendable, CustomStringConvertible {
        /// The command's modifiers, only ⌃⌥⇧⌘ (``ModifierFlags/matchingSubset``).
        public var modifierFlags: ModifierFlags
        /// The command's input, compared case-sensitively: `"A"` and `"a"` are different identities.
        public var input: KeyInput
        public var description: String { KeyShortcut(input: input, modifiers: modifierFlags).description }
    }

    // Copy-on-write storage: a command is copied on every dispatch (into the resolution, the
    // action's sender, the press tracking), so a copy must cost one reference count, not a dozen.
    @usableFromInline
    final class Storage {
        var title: String
        var imageName: String?
        var discoverabilityTitle: String?
        var input: KeyInput
        var modifierFlags: ModifierFlags
        var action: Action?
        var upAction: Action?
        var propertyList: String?
        var attributes: Attributes
        var state: State
        var alternates: [Alternate]
        var wantsPriorityOverSystemBehavior: Bool
        var allowsAutomaticMirroring: Bool
        var repeatBehavior: RepeatBehavior

        init(title: String, imageName: String?, discoverabilityTitle: String?, input: KeyInput,
             modifierFlags: ModifierFlags, action: Action?, upAction: Action?, propertyList: String?,
             attributes: Attributes, state: State, alternates: [Alternate], wantsPriorityOverSystemBehavior: Bool,
             allowsAutomaticMirroring: Bool, repeatBehavior: RepeatBehavior) {
            self.title = title
            self.imageName = imageName
            self.discoverabilityTitle = discoverabilityTitle
            self.input = input
            self.modifierFlags = modifierFlags
            self.action = action
            self.upAction = upAction
            self.propertyList = propertyList
            self.attributes = attributes
            self.state = state
            self.alternates = alternates
            self.wantsPriorityOverSystemBehavior = wantsPriorityOverSystemBehavior
            self.allowsAutomaticMirroring = allowsAutomaticMirroring
            self.repeatBehavior = repeatBehavior
        }

        func copy() -> Storage {
            Storage(title: title, imageName: imageName, discoverabilityTitle: discoverabilityTitle, input: input,
                    modifierFlags: modifierFlags, action: action, upAction: upAction, propertyList: propertyList,
                    attributes: attributes, state: state, alternates: alternates,
                    wantsPriorityOverSystemBehavior: wantsPriorityOverSystemBehavior,
                    allowsAutomaticMirroring: allowsAutomaticMirroring, repeatBehavior: repeatBehavior)
        }
    }

    @usableFromInline var storage: Storage

    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The menu title.
    public var title: String {
        get { storage.title }
        set { uniqueStorage().title = newValue }
    }
    /// The name of an image shown beside the title; display-only.
    public var imageName: String? {
        get { storage.imageName }
        set { uniqueStorage().imageName = newValue }
    }
    /// The title shown by discovery (the ⌘-hold overlay); falls back to ``title``.
    public var discoverabilityTitle: String? {
        get { storage.discoverabilityTitle }
        set { uniqueStorage().discoverabilityTitle = newValue }
    }
    /// The key the command listens for.
    public var input: KeyInput {
        get { storage.input }
        set { uniqueStorage().input = newValue }
    }
    /// Whether no key triggers the command: a menu item with an empty input (a `UICommand`),
    /// which shares no identity and no key equivalent with any other (R12).
    public var isKeyless: Bool {
        if case .character(let text) = storage.input { return text.isEmpty }
        return false
    }
    /// The modifiers the command requires (only ⌃⌥⇧⌘ are kept).
    public var modifierFlags: ModifierFlags {
        get { storage.modifierFlags }
        set { uniqueStorage().modifierFlags = newValue.matchingSubset }
    }
    /// The action sent on key-down.
    public var action: Action? {
        get { storage.action }
        set { uniqueStorage().action = newValue }
    }
    /// The action sent on key-up, if any (R20).
    public var upAction: Action? {
        get { storage.upAction }
        set { uniqueStorage().upAction = newValue }
    }
    /// An arbitrary value carried to the action (`propertyList`), kept as text.
    public var propertyList: String? {
        get { storage.propertyList }
        set { uniqueStorage().propertyList = newValue }
    }
    /// Attributes (disabled, destructive, hidden).
    public var attributes: Attributes {
        get { storage.attributes }
        set { uniqueStorage().attributes = newValue }
    }
    /// Display state.
    public var state: State {
        get { storage.state }
        set { uniqueStorage().state = newValue }
    }
    /// Alternates, expanded into extra commands right after this one (R4).
    public var alternates: [Alternate] {
        get { storage.alternates }
        set { uniqueStorage().alternates = newValue }
    }
    /// Runs before text input handles the key (R16).
    public var wantsPriorityOverSystemBehavior: Bool {
        get { storage.wantsPriorityOverSystemBehavior }
        set { uniqueStorage().wantsPriorityOverSystemBehavior = newValue }
    }
    /// Swaps mirrored inputs in right-to-left scenes (R4). Defaults to `true`.
    public var allowsAutomaticMirroring: Bool {
        get { storage.allowsAutomaticMirroring }
        set { uniqueStorage().allowsAutomaticMirroring = newValue }
    }
    /// Auto-repeat behaviour.
    public var repeatBehavior: RepeatBehavior {
        get { storage.repeatBehavior }
        set { uniqueStorage().repeatBehavior = newValue }
    }

    /// Creates a command. Every parameter but the input has UIKit's default.
    public init(title: String = "", imageName: String? = nil, discoverabilityTitle: String? = nil,
                input: KeyInput, modifierFlags: ModifierFlags = [], action: Action?, upAction: Action? = nil,
                propertyList: String? = nil, attributes: Attributes = [], state: State = .off,
                alternates: [Alternate] = [], wantsPriorityOverSystemBehavior: Bool = false,
                allowsAutomaticMirroring: Bool = true, repeatBehavior: RepeatBehavior = .automatic) {
        storage = Storage(title: title, imageName: imageName, discoverabilityTitle: discoverabilityTitle, input: input,
                          modifierFlags: modifierFlags.matchingSubset, action: action, upAction: upAction,
                          propertyList: propertyList, attributes: attributes, state: state, alternates: alternates,
                          wantsPriorityOverSystemBehavior: wantsPriorityOverSystemBehavior,
                          allowsAutomaticMirroring: allowsAutomaticMirroring, repeatBehavior: repeatBehavior)
    }

    /// Creates a command from a shortcut in either notation (`"⇧⌘A"`, `"shift+cmd+a"`).
    public init(title: String = "", discoverabilityTitle: String? = nil, action: Action?, shortcut: String,
                upAction: Action? = nil, attributes: Attributes = [],
                wantsPriorityOverSystemBehavior: Bool = false,
                repeatBehavior: RepeatBehavior = .automatic) throws {
        let parsed = try KeyShortcut(shortcut)
        self.init(title: title, discoverabilityTitle: discoverabilityTitle, input: parsed.input,
                  modifierFlags: parsed.modifiers, action: action, upAction: upAction,
                  attributes: attributes, wantsPriorityOverSystemBehavior: wantsPriorityOverSystemBehavior,
                  repeatBehavior: repeatBehavior)
    }

    /// The ``Action/fingerprint`` of ``action`` (0 without one), read without copying the action:
    /// a cheap key for tables of commands.
    public var actionFingerprint: UInt64 { storage.action?.fingerprint ?? 0 }

    /// An identifier that copies of this command share until one of them is changed: a cheap
    /// key for caches (equal commands built separately have different identifiers). It stays
    /// unique only while a copy of the command is kept alive.
    @inlinable
    public var instanceIdentifier: ObjectIdentifier { ObjectIdentifier(storage) }

    /// The command's identity (R3).
    public var identity: Identity { Identity(modifierFlags: modifierFlags, input: input) }

    /// The command's shortcut.
    public var shortcut: KeyShortcut { KeyShortcut(input: input, modifiers: modifierFlags) }

    /// The title discovery shows: ``discoverabilityTitle``, else ``title``, else `nil` (R4).
    public var displayTitle: String? {
        if let d = discoverabilityTitle, !d.isEmpty { return d }
        return title.isEmpty ? nil : title
    }

    /// Whether ``attributes`` contains `.disabled`.
    public var isDisabled: Bool { attributes.contains(.disabled) }

    /// This command followed by one command per alternate (base ∪ alternate modifiers,
    /// the alternate's action), in that order (R4).
    public var expandedWithAlternates: [KeyCommand] {
        guard !alternates.isEmpty else { return [self] }
        return [self] + alternates.map { alternate in
            var command = self
            command.alternates = []
            command.action = alternate.action
            command.upAction = nil
            command.modifierFlags = modifierFlags.union(alternate.modifierFlags)
            if !alternate.title.isEmpty { command.title = alternate.title; command.discoverabilityTitle = nil }
            return command
        }
    }
}

extension KeyCommand: CustomStringConvertible {
    /// `⇧⌘A → selectAll: "Select All"`.
    public var description: String {
        var text = shortcut.description + " → " + (action?.name ?? "(no action)")
        if let title = displayTitle { text += " \"\(title)\"" }
        return text
    }
}

extension KeyCommand {
    public static func == (lhs: KeyCommand, rhs: KeyCommand) -> Bool {
        let l = lhs.storage, r = rhs.storage
        if l === r { return true }
        return l.input == r.input && l.modifierFlags == r.modifierFlags && l.action == r.action
            && l.upAction == r.upAction && l.title == r.title && l.imageName == r.imageName
            && l.discoverabilityTitle == r.discoverabilityTitle && l.propertyList == r.propertyList
            && l.attributes == r.attributes && l.state == r.state && l.alternates == r.alternates
            && l.wantsPriorityOverSystemBehavior == r.wantsPriorityOverSystemBehavior
            && l.allowsAutomaticMirroring == r.allowsAutomaticMirroring && l.repeatBehavior == r.repeatBehavior
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.input)
        hasher.combine(storage.modifierFlags)
        hasher.combine(storage.action)
        hasher.combine(storage.title)
    }
}
