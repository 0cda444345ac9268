import KeyTraceCore

/// What the responder chain did with one press: the outcome, the command that matched and
/// the responders involved.
///
/// The scalar fields are stored inline; the command, title, action and paths live in one
/// copy-on-write box, so passing a record along (decoding, replaying, comparing, keeping it in
/// a history) costs one reference count instead of one per string.
public struct ResolutionRecord: Hashable, @unchecked Sendable {
    /// When dispatch finished, in nanoseconds.
    public var timestamp: UInt64
    /// The 0-based ordinal of the key record this resolves among the trace's key records.
    public var pressSequence: UInt64
    /// The outcome.
    public var outcome: DispatchOutcome
    /// Whether ``action`` was the command's up-action (fired on key-up).
    public var isUpAction: Bool
    @usableFromInline var details: Details

    /// The fields that hold references, shared between copies until one of them changes.
    ///
    /// A box is written only while uniquely referenced (copy on write), so no two accesses
    /// ever overlap: its fields skip Swift's dynamic exclusivity checks.
    @usableFromInline
    final class Details {
        @exclusivity(unchecked) @usableFromInline var command: KeyShortcut?
        @exclusivity(unchecked) @usableFromInline var title: String?
        @exclusivity(unchecked) @usableFromInline var action: Action?
        @exclusivity(unchecked) @usableFromInline var providerPath: String?
        @exclusivity(unchecked) @usableFromInline var targetPath: String?
        @exclusivity(unchecked) @usableFromInline var blockingAction: Action?

        @inlinable
        init(command: KeyShortcut?, title: String?, action: Action?, providerPath: String?, targetPath: String?,
             blockingAction: Action?) {
            self.command = command
            self.title = title
            self.action = action
            self.providerPath = providerPath
            self.targetPath = targetPath
            self.blockingAction = blockingAction
        }

        func copy() -> Details {
            Details(command: command, title: title, action: action, providerPath: providerPath,
                    targetPath: targetPath, blockingAction: blockingAction)
        }

        @inlinable
        func hasSameFields(as other: Details) -> Bool {
            self === other || (command == other.command && title == other.title && action == other.action
                && providerPath == other.providerPath && targetPath == other.targetPath
                && blockingAction == other.blockingAction)
        }
    }

    private mutating func uniqueDetails() -> Details {
        if !isKnownUniquelyReferenced(&details) { details = details.copy() }
        return details
    }

    /// The matched command's identity (modifiers and input), if a command matched.
    public var command: KeyShortcut? {
        get { details.command }
        set { uniqueDetails().command = newValue }
    }
    /// The matched command's title.
    public var title: String? {
        get { details.title }
        set { uniqueDetails().title = newValue }
    }
    /// The action performed (or that would have been).
    public var action: Action? {
        get { details.action }
        set { uniqueDetails().action = newValue }
    }
    /// The responder path that provided the command, e.g. `Window/Split/Editor`.
    public var providerPath: String? {
        get { details.providerPath }
        set { uniqueDetails().providerPath = newValue }
    }
    /// The responder path that performed the action.
    public var targetPath: String? {
        get { details.targetPath }
        set { uniqueDetails().targetPath = newValue }
    }
    /// For ``DispatchOutcome/shadowed`` and ``DispatchOutcome/disabled``: the action of the
    /// command that blocked this one.
    public var blockingAction: Action? {
        get { details.blockingAction }
        set { uniqueDetails().blockingAction = newValue }
    }

    /// Creates a resolution record.
    @inlinable
    public init(timestamp: UInt64, pressSequence: UInt64, outcome: DispatchOutcome, command: KeyShortcut? = nil,
                title: String? = nil, action: Action? = nil, isUpAction: Bool = false,
                providerPath: String? = nil, targetPath: String? = nil, blockingAction: Action? = nil) {
        self.timestamp = timestamp
        self.pressSequence = pressSequence
        self.outcome = outcome
        self.isUpAction = isUpAction
        details = Details(command: command, title: title, action: action, providerPath: providerPath,
                          targetPath: targetPath, blockingAction: blockingAction)
    }

    /// A record whose reference fields are `details`, shared with other records (see
    /// ``ResolutionDetailsCache``).
    @inlinable
    init(timestamp: UInt64, pressSequence: UInt64, outcome: DispatchOutcome, isUpAction: Bool, details: Details) {
        self.timestamp = timestamp
        self.pressSequence = pressSequence
        self.outcome = outcome
        self.isUpAction = isUpAction
        self.details = details
    }

    /// Whether `other` has the same shortcut, title, action, provider and target paths and
    /// blocking action (its timestamp, sequence, outcome and up-action flag are not compared).
    @inlinable
    public func hasSameDetails(as other: ResolutionRecord) -> Bool {
        details.hasSameFields(as: other.details)
    }

    /// Whether every field is equal (records sharing a box compare their scalars only).
    public static func == (lhs: ResolutionRecord, rhs: ResolutionRecord) -> Bool {
        lhs.timestamp == rhs.timestamp && lhs.pressSequence == rhs.pressSequence && lhs.outcome == rhs.outcome
            && lhs.isUpAction == rhs.isUpAction && lhs.hasSameDetails(as: rhs)
    }

    /// Hashes every field, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(timestamp)
        hasher.combine(pressSequence)
        hasher.combine(outcome)
        hasher.combine(isUpAction)
        hasher.combine(details.command)
        hasher.combine(details.title)
        hasher.combine(details.action)
        hasher.combine(details.providerPath)
        hasher.combine(details.targetPath)
        hasher.combine(details.blockingAction)
    }
}
